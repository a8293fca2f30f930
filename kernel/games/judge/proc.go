//go:build !js

package judge

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Running a program: the limits of one run, what the run gave, and why a
// program cannot run, in the judge's words (never the system call's).
// proc_linux.go runs it as a session of its own under a subreaper.

// Limits are one run's limits: CPU time, the wall-time guard against a
// program that waits or sleeps, and peak resident memory (0: none).
type Limits struct {
	CPU, Wall time.Duration
	Memory    int64
}

// stopAt is the CPU time at which a run is stopped: half as much again
// as the limit (at least 100 ms more), so that a run a little over the
// limit still ends and is reported with its time and whether it was
// right.
func (l Limits) stopAt() time.Duration { return max(l.CPU*3/2, l.CPU+100*time.Millisecond) }

// maxOutput is the most of a program's standard output (and, apart, of
// its standard error) the judge reads: an answer is a few lines, and a
// program that writes more is stopped at once.
const maxOutput = 1 << 20

// Outcome is how one run went.
type Outcome struct {
	Stdout, Stderr []byte
	Cut            bool   // an output passed maxOutput: the program was stopped there
	Stopped        string // the judge stopped it: "cpu", "wall", "memory", "output"; "" it ended
	Exit           string // how it ended, when not with status 0: "exited with status 3"
	CPU, Wall      time.Duration
	// Memory is the peak resident memory in bytes; when MemoryAtMost, only
	// a bound: a program whose peak stays under the judge's own resident
	// memory cannot be told from it (its rusage counts the memory of the
	// process that forked it), and MemorySeen is the most the judge saw it
	// hold while it ran.
	Memory, MemorySeen int64
	MemoryAtMost       bool
}

// memoryText writes a run's peak memory: "12.3 MB", or "≤ 21 MB" when
// only the bound is known.
func (o Outcome) memoryText() string {
	if o.MemoryAtMost {
		return "≤ " + mb(o.Memory)
	}
	return mb(o.Memory)
}

// StartError is a program the system would not start: the judge cannot
// judge it at all.
type StartError struct{ Why string }

func (e *StartError) Error() string { return e.Why }

// CheckProgram says why argv[0] cannot be run, before any instance: no
// such program, a directory, not executable, a loop of symbolic links.
func CheckProgram(argv []string) error {
	name := argv[0]
	_, err := exec.LookPath(name)
	if err == nil {
		return nil
	}
	if !strings.Contains(name, string(filepath.Separator)) {
		if _, statErr := os.Stat(name); statErr == nil {
			return fmt.Errorf("cannot run %s: there is no program %s on the PATH (for the file here, write ./%s)", name, name, name)
		}
		return fmt.Errorf("cannot run %s: there is no program %s on the PATH", name, name)
	}
	return fmt.Errorf("cannot run %s: %s", name, pathWords(name, err))
}

// pathWords is why the file name cannot be run.
func pathWords(name string, err error) string {
	info, statErr := os.Stat(name)
	switch {
	case errors.Is(statErr, syscall.ELOOP):
		return "its path is a loop of symbolic links"
	case errors.Is(statErr, fs.ErrNotExist):
		if _, lerr := os.Lstat(name); lerr == nil {
			return "it is a symbolic link to a file that does not exist"
		}
		return "no such program"
	case statErr == nil && info.IsDir():
		return "it is a directory, not a program"
	case errors.Is(err, fs.ErrPermission) || errors.Is(statErr, fs.ErrPermission):
		return "it is not executable (chmod +x makes it so)"
	}
	return "the system cannot open it"
}

// startWords is why the system would not start name, from the error of
// exec.
func startWords(name string, err error) string {
	var errno syscall.Errno
	switch {
	case errors.Is(err, syscall.ENOEXEC):
		return "it is not a program this system can run: a script needs a first line like #!/bin/sh"
	case errors.Is(err, syscall.ELOOP):
		return "its path is a loop of symbolic links"
	case errors.Is(err, syscall.EISDIR):
		return "it is a directory, not a program"
	case errors.Is(err, syscall.EACCES), errors.Is(err, fs.ErrPermission):
		return "it is not executable, or its interpreter is not"
	case errors.Is(err, fs.ErrNotExist):
		return "it, or the interpreter its first line names, does not exist"
	case errors.Is(err, syscall.E2BIG):
		return "its arguments are too long"
	case errors.Is(err, syscall.EAGAIN), errors.Is(err, syscall.ENOMEM):
		return "the system has no room for another process now (too many processes, or too little memory)"
	case errors.As(err, &errno):
		return fmt.Sprintf("the system refused to start it (error %d)", int(errno))
	}
	return "the system refused to start it"
}

// exitWords says how a process that did not exit with status 0 ended.
func exitWords(ps *os.ProcessState) string {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	if ok && ws.Signaled() {
		return signalWords(ws.Signal())
	}
	if ps.ExitCode() != 0 {
		return fmt.Sprintf("exited with status %d", ps.ExitCode())
	}
	return ""
}

// signalWords names a signal that killed a program and what it usually
// means.
func signalWords(s syscall.Signal) string {
	what := map[syscall.Signal]string{
		syscall.SIGSEGV: "SIGSEGV: it used memory it does not own (a bad index or pointer, or its stack ran out)",
		syscall.SIGBUS:  "SIGBUS: it used memory it does not own",
		syscall.SIGFPE:  "SIGFPE: an arithmetic error, such as a division by zero",
		syscall.SIGABRT: "SIGABRT: it aborted itself (a failed assertion, or an exception nothing caught)",
		syscall.SIGILL:  "SIGILL: an illegal instruction",
		syscall.SIGKILL: "SIGKILL",
		syscall.SIGPIPE: "SIGPIPE: it wrote to a pipe nobody reads",
		syscall.SIGTERM: "SIGTERM",
	}[s]
	if what == "" {
		what = moreSignals[s]
	}
	if what == "" {
		what = fmt.Sprintf("number %d", int(s))
	}
	return "was killed by signal " + what
}

// seconds writes a duration as a judge reports times: "0.004 s", "2.31 s".
func seconds(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s < 10:
		return fmt.Sprintf("%.3f s", s)
	case s < 100:
		return fmt.Sprintf("%.2f s", s)
	}
	return fmt.Sprintf("%.0f s", s)
}
