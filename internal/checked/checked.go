// Package checked is int64 arithmetic that reports overflow instead of
// wrapping. gamelab's fast paths (the kernel's integers, the polygon DP) run
// on int64 and fall back to math/big exactly when one of these says false, so
// no number it prints has silently wrapped.
package checked

import (
	"math"
	"math/bits"
)

// Add returns a+b and whether it fits in int64.
func Add(a, b int64) (int64, bool) {
	s := a + b
	// Overflow iff a and b have the same sign and s has the other one.
	return s, (a^s)&(b^s) >= 0
}

// Sub returns a-b and whether it fits in int64.
func Sub(a, b int64) (int64, bool) {
	d := a - b
	// Overflow iff a and b have different signs and d's sign is b's.
	return d, (a^b)&(a^d) >= 0
}

// Mul returns a*b and whether it fits in int64.
func Mul(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(Abs(a), Abs(b))
	if hi != 0 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		if lo > 1<<63 {
			return 0, false
		}
		return -int64(lo), true // lo == 1<<63 gives MinInt64, as it should
	}
	if lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

// Abs is |a| as a uint64, exact for every int64: MinInt64 wraps to 1<<63,
// which is its magnitude.
func Abs(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}
