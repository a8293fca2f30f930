//go:build unix

package repl

import (
	"os"
	"os/signal"
	"syscall"
)

// stopProcess stops the process group as Ctrl-Z in a cooked terminal would
// (the terminal is raw, so the key is no signal) and returns once the shell
// continues it (fg). It waits for SIGCONT because kill returns before the
// stop takes hold: the caller's next step, making the terminal raw again,
// must come after the shell has taken the terminal back and returned it,
// or the REPL would resume on a cooked terminal.
func stopProcess() {
	if signal.Ignored(syscall.SIGTSTP) {
		return // started without job control (nohup and the like): nobody could continue us
	}
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	defer signal.Stop(cont)
	syscall.Kill(0, syscall.SIGTSTP)
	<-cont
}
