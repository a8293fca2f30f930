//go:build unix

package repl

import "syscall"

// stopProcess stops the process group as Ctrl-Z in a cooked terminal would
// (the terminal is raw, so the key is no signal) and returns once the shell
// continues it (fg).
func stopProcess() { syscall.Kill(0, syscall.SIGTSTP) }
