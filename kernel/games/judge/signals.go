//go:build !js

package judge

import (
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// Signals is a context that Ctrl-C (SIGINT), SIGTERM or SIGHUP cancels:
// the judge then kills its programs, with all they started, and reports
// what it found so far. status turns the judge's 130 into the status a
// shell expects of the signal that came (129 for SIGHUP, 143 for
// SIGTERM); stop ends the handling.
func Signals() (ctx context.Context, stop func(), status func(code int) int) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	var got atomic.Int32
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			if n, ok := s.(syscall.Signal); ok {
				got.Store(int32(n))
			}
			cancel()
		case <-done:
		}
	}()
	stop = func() { signal.Stop(ch); close(done); cancel() }
	status = func(code int) int {
		if n := got.Load(); code == 130 && n != 0 {
			return 128 + int(n)
		}
		return code
	}
	return ctx, stop, status
}
