// Package splitmix is splitmix64 (Steele, Lea, Flood 2014): a tiny random
// generator with a fixed definition, so a seed names the same instance on
// every machine and every Go release (math/rand's streams are not promised
// to stay put). randpolygon, randcoins and randboard draw from it, and the
// solvers' tests and benchmarks rebuild randpolygon's instances with it.
package splitmix

// Rand is one stream of splitmix64.
type Rand struct{ s uint64 }

// New is the stream seeded with seed.
func New(seed uint64) *Rand { return &Rand{seed} }

// Next is the stream's next 64-bit word.
func (r *Rand) Next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Intn returns a uniform integer in [0, n), n > 0, without modulo bias: the
// draws below 2^64 mod n are rejected, so every residue is equally likely.
func (r *Rand) Intn(n int) int {
	bound := uint64(n)
	limit := -bound % bound // 2^64 mod n: draws below it are rejected
	for {
		if x := r.Next(); x >= limit {
			return int(x % bound)
		}
	}
}

// Between returns a uniform integer in [lo, hi].
func (r *Rand) Between(lo, hi int) int { return lo + r.Intn(hi-lo+1) }
