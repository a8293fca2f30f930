package budget

// The heap as the web page's engine reads it: runtime.ReadMemStats, which
// stops the world, costs little with the page's one thread, and leaves
// runtime/metrics (its table of every metric's description) out of the
// engine.

import (
	"math"
	"runtime"
)

// HeapBytes reads the heap: the bytes of live objects and of garbage not
// yet swept, what a new allocation adds to.
func HeapBytes() int64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(min(m.HeapAlloc, math.MaxInt64))
}

// allocatedBytes is the bytes allocated since the process started.
func allocatedBytes() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}
