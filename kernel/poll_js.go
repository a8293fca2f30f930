//go:build js && wasm

package kernel

import "runtime"

// WebAssembly has one thread, and Go's runtime there switches goroutines
// only when the running one blocks or yields. While a cell computes, the
// memory watchdog (budget.go) would never run, nor would the callbacks of
// context.AfterFunc, nor any JavaScript event. So in js/wasm the session's
// polls (cellRun.check, which the kernel's loops and expr's ticks call well
// under a millisecond apart) yield now and then, and call the front end's
// own check: the web page's stop flag, which it reads from shared memory.

// yieldEvery is how many polls pass between two yields: a yield costs a
// trip through the scheduler, a poll comes every few microseconds, and the
// watchdog reads the heap every few milliseconds.
const yieldEvery = 64

// WithPoll makes the session's polls yield to the Go runtime every
// yieldEvery polls, then call poll (which may cancel the running cell: the
// poll that called it stops the cell at once). Only in js/wasm builds.
func WithPoll(poll func()) Option {
	return func(s *Session) {
		n := 0
		s.checkHook = func() {
			if n++; n%yieldEvery == 0 {
				runtime.Gosched()
				if poll != nil {
					poll()
				}
			}
		}
	}
}
