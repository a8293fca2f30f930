//go:build !js

package budget

import (
	"math"
	"runtime/metrics"
)

// heapNames are the metrics readHeap reads, in the order of its samples.
var heapNames = []string{
	"/memory/classes/heap/objects:bytes",  // live objects and garbage not yet swept
	"/memory/classes/total:bytes",         // all the runtime maps
	"/memory/classes/heap/released:bytes", // of it, given back to the system
	"/memory/classes/heap/free:bytes",     // free pages, the first a new allocation takes
	"/memory/classes/heap/unused:bytes",   // room in the pages of objects
}

// HeapBytes reads the heap: the bytes of live objects and of garbage not
// yet swept, what a new allocation adds to. metrics.Read does not stop
// the world.
func HeapBytes() int64 { return readHeap().objects }

// checkReadsHeap: a cell reads the heap at its checks (Account.heapOver).
const checkReadsHeap = true

// heapReader reads the heap's objects into a sample of its own, so that a
// reading allocates nothing (a sample on the stack escapes into
// metrics.Read): about 250 ns, where readHeap's five samples and
// InUse's /proc read take microseconds.
type heapReader struct{ sample [1]metrics.Sample }

// objects is HeapBytes, read into r's sample.
func (r *heapReader) objects() int64 {
	r.sample[0].Name = heapNames[0]
	metrics.Read(r.sample[:])
	if r.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(r.sample[0].Value.Uint64(), math.MaxInt64))
}

// readHeap reads the heap and what the runtime holds beside it.
func readHeap() heap {
	samples := make([]metrics.Sample, len(heapNames))
	for i, name := range heapNames {
		samples[i].Name = name
	}
	metrics.Read(samples)
	v := make([]int64, len(samples))
	for i, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = int64(min(s.Value.Uint64(), math.MaxInt64))
		}
	}
	objects, total, released, free, unused := v[0], v[1], v[2], v[3], v[4]
	return heap{objects: objects, unused: unused, runtime: max(total-released-free-objects-unused, 0)}
}

// allocatedBytes is the bytes allocated since the process started.
func allocatedBytes() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}
