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
func HeapBytes() int64 { return readHeap().objects }

// checkReadsHeap: the page's cell does not read the heap at its checks
// (ReadMemStats at every check would slow its loops); its one thread runs
// the watchdog whenever the cell yields, at its checks.
const checkReadsHeap = false

// heapReader reads the heap's objects (see heap_other.go).
type heapReader struct{}

func (heapReader) objects() int64 { return HeapBytes() }

// readHeap reads the heap and what the runtime holds beside it; what the
// last collection found live, MemStats does not say.
func readHeap() heap {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	objects := int64(min(m.HeapAlloc, math.MaxInt64))
	// The heap's pages that hold objects, less the objects; Sys less the
	// heap's pages.
	unused := int64(m.HeapInuse) - objects
	runtime := int64(m.Sys) - int64(m.HeapSys)
	return heap{objects: objects, unused: max(unused, 0), runtime: max(runtime, 0)}
}

// allocatedBytes is the bytes allocated since the process started.
func allocatedBytes() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}
