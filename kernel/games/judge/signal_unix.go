//go:build unix

package judge

import "syscall"

// moreSignals are the words of the signals only Unix has.
var moreSignals = map[syscall.Signal]string{
	syscall.SIGXCPU: "SIGXCPU: it passed its CPU time limit",
	syscall.SIGXFSZ: "SIGXFSZ: it wrote a file larger than it may",
}
