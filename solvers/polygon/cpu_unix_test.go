//go:build unix

package polygon

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, all threads: benchmarks
// report it beside wall time, which other work on a shared machine
// stretches.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
