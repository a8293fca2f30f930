//go:build !js

package budget

import (
	"math"
	"runtime/metrics"
)

// heapSample is the metric the meter reads: the bytes of live objects and
// of garbage not yet swept, what a new allocation adds to.
var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// HeapBytes reads the heap. metrics.Read does not stop the world.
func HeapBytes() int64 {
	sample := []metrics.Sample{heapSample[0]}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(sample[0].Value.Uint64(), math.MaxInt64))
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
