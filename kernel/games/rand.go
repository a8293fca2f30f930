package games

// rng is splitmix64 (Steele, Lea, Flood 2014): a tiny generator with a fixed
// definition, so randpolygon(8, 1) is the same instance on every machine and
// every Go release (math/rand's streams are not promised to stay put).
type rng struct{ s uint64 }

func newRNG(seed int64) *rng { return &rng{uint64(seed)} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// intn returns a uniform integer in [0, n), n > 0, without modulo bias: the
// draws below 2^64 mod n are rejected, so every residue is equally likely.
func (r *rng) intn(n int) int {
	bound := uint64(n)
	limit := -bound % bound // 2^64 mod n: draws below it are rejected
	for {
		x := r.next()
		if x >= limit {
			return int(x % bound)
		}
	}
}

// between returns a uniform integer in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }
