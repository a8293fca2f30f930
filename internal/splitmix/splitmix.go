// Package splitmix is splitmix64 (Steele, Lea, Flood 2014): a tiny random
// generator with a fixed definition, so a seed names the same instance on
// every machine and every Go release (math/rand's streams are not promised
// to stay put). randpolygon, randcoins and randboard draw from it, and the
// solvers' tests and benchmarks rebuild randpolygon's instances with it.
package splitmix

import (
	"encoding/binary"
	"math"
	"math/big"
)

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

// BigBetween returns a uniform integer in [lo, hi] of any size (lo ≤ hi):
// words are drawn to cover the range's bits and a draw past it is
// rejected, so every value is equally likely. A range that fits int64
// draws as Between does, so small ranges give the same streams.
func (r *Rand) BigBetween(lo, hi *big.Int) *big.Int {
	span := new(big.Int).Sub(hi, lo)
	if span.IsInt64() && span.Int64() < math.MaxInt64 && lo.IsInt64() {
		return big.NewInt(lo.Int64() + int64(r.Intn(int(span.Int64()+1))))
	}
	span.Add(span, big.NewInt(1)) // the count of values
	bits := span.BitLen()
	words := (bits + 63) / 64
	top := uint(bits - 64*(words-1)) // bits used in the highest word
	buf := make([]byte, 8*words)     // big-endian, so the value is the same on every architecture
	x := new(big.Int)
	for {
		for w := range words {
			v := r.Next()
			if w == words-1 && top < 64 {
				v &= 1<<top - 1
			}
			binary.BigEndian.PutUint64(buf[8*(words-1-w):], v) // word w is the w-th lowest
		}
		x.SetBytes(buf)
		if x.Cmp(span) < 0 {
			return x.Add(x, lo)
		}
	}
}
