//go:build js && wasm

package kernel

import "runtime"

// WebAssembly has one thread, and Go's runtime there switches goroutines
// only when the running one blocks or yields. While a cell computes, the
// memory watchdog (budget.go) would never run, nor would the callbacks of
// context.AfterFunc, nor any JavaScript event. So in js/wasm the session's
// polls (the budget's checks, which the kernel's loops and expr's ticks call
// every so often) yield now and then, and call the front end's
// own check: the web page's stop flag, which it reads from shared memory.

// yieldEvery is how many polls pass between two yields. A poll comes
// every 1024 of expr's ticks, which in the page on a loaded machine took up
// to several milliseconds; a yield every four keeps Stop and the watchdog
// within tens of milliseconds, for one trip through the scheduler and one
// read of the stop flag each.
const yieldEvery = 4

// WithPoll makes the session's polls yield to the Go runtime every
// yieldEvery polls, then call poll (which may cancel the running cell: the
// poll that called it stops the cell at once). Only in js/wasm builds.
func WithPoll(poll func()) Option {
	return func(s *Session) {
		n := 0
		s.onCheck = func() {
			if n++; n%yieldEvery == 0 {
				runtime.Gosched()
				if poll != nil {
					poll()
				}
			}
		}
	}
}
