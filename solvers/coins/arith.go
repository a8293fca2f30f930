package coins

import (
	"math/big"
)

// arith is the arithmetic the rule variants' DPs are written over once:
// int64 when a bound on every value they meet fits (see fitsInt64), and
// math/big otherwise. A is a zero-size type whose methods do the work, so
// each DP is one generic function instantiated twice.
type arith[T any] interface {
	~struct{}
	of(v *big.Int) T
	ofInt64(v int64) T
	toBig(v T) *big.Int // a fresh copy
	sub(a, b T) T       // a − b as a new value
	less(a, b T) bool
	least(xs []T) T         // the least of xs, at least one
	minInto(dst, src []T)   // dst[i] = min(dst[i], src[i])
	minScalar(dst []T, v T) // dst[i] = min(dst[i], v)
	zero() T
}

type int64Arith struct{}

func (int64Arith) of(v *big.Int) int64    { return v.Int64() }
func (int64Arith) ofInt64(v int64) int64  { return v }
func (int64Arith) toBig(v int64) *big.Int { return big.NewInt(v) }
func (int64Arith) sub(a, b int64) int64   { return a - b }
func (int64Arith) less(a, b int64) bool   { return a < b }
func (int64Arith) zero() int64            { return 0 }

func (int64Arith) minInto(dst, src []int64) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] = min(dst[i], src[i])
	}
}

func (int64Arith) minScalar(dst []int64, v int64) {
	for i := range dst {
		dst[i] = min(dst[i], v)
	}
}

func (int64Arith) least(xs []int64) int64 {
	v := xs[0]
	for _, x := range xs[1:] {
		v = min(v, x)
	}
	return v
}

type bigArith struct{}

func (bigArith) of(v *big.Int) *big.Int     { return v }
func (bigArith) ofInt64(v int64) *big.Int   { return big.NewInt(v) }
func (bigArith) toBig(v *big.Int) *big.Int  { return new(big.Int).Set(v) }
func (bigArith) sub(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }
func (bigArith) less(a, b *big.Int) bool    { return a.Cmp(b) < 0 }
func (bigArith) zero() *big.Int             { return new(big.Int) }

func (bigArith) minInto(dst, src []*big.Int) {
	src = src[:len(dst)]
	for i := range dst {
		if src[i].Cmp(dst[i]) < 0 {
			dst[i] = src[i]
		}
	}
}

func (bigArith) minScalar(dst []*big.Int, v *big.Int) {
	for i := range dst {
		if v.Cmp(dst[i]) < 0 {
			dst[i] = v
		}
	}
}

func (bigArith) least(xs []*big.Int) *big.Int {
	v := xs[0]
	for _, x := range xs[1:] {
		if x.Cmp(v) < 0 {
			v = x
		}
	}
	return v
}

// xBound bounds |x| (see position.go) over every position of a row whose
// coins have absolute sum abs: the mover's total under score "taken" is at
// most abs; under score "rest" each of at most n moves scores at most abs,
// so the margin is at most n·abs and x = margin − S at most (n+1)·abs.
func xBound(abs *big.Int, n int, r Rules) *big.Int {
	if r.Score == ScoreRest {
		return new(big.Int).Mul(abs, big.NewInt(int64(n)+1))
	}
	return new(big.Int).Set(abs)
}

// fitsInt64 says every value a variant DP on coins computes, shifted left
// by shift bits, stays below 2^62 in absolute value: x, the sums S and
// their differences are each bounded by xBound + 2·abs. One look at the
// row decides, so the loops need no per-cell overflow checks.
func fitsInt64(coins []*big.Int, r Rules, shift uint) bool {
	abs := absSum(coins)
	b := xBound(abs, len(coins), r)
	b.Add(b, abs.Lsh(abs, 1))
	b.Add(b, big.NewInt(1))
	return b.BitLen()+int(shift) <= 62
}

// absSum is Σ|a|: in uint64 while it stays below 2^62 (a look at a million
// coins in a millisecond), in math/big past that.
func absSum(coins []*big.Int) *big.Int {
	var small uint64
	for i, c := range coins {
		if !c.IsInt64() || small+checkedAbs(c.Int64()) >= 1<<62 {
			abs := new(big.Int).SetUint64(small)
			for _, c := range coins[i:] {
				abs.Add(abs, new(big.Int).Abs(c))
			}
			return abs
		}
		small += checkedAbs(c.Int64())
	}
	return new(big.Int).SetUint64(small)
}

// sums is the prefix sums of a row, P[0..n] with P[i] the sum of the
// coins before i: in int64 when Σ|a| < 2^62 (no partial sum can wrap),
// else in math/big. Every sum of a run of coins is one subtraction.
type sums struct {
	small []int64
	big   []*big.Int
}

func newSums(coins []*big.Int) sums {
	small := make([]int64, len(coins)+1)
	var abs uint64
	for i, c := range coins {
		if !c.IsInt64() || abs+checkedAbs(c.Int64()) >= 1<<62 {
			return bigSums(coins)
		}
		abs += checkedAbs(c.Int64())
		small[i+1] = small[i] + c.Int64()
	}
	return sums{small: small}
}

func checkedAbs(v int64) uint64 {
	if v < 0 {
		return uint64(-v) // 2^63 for MinInt64, which the caller's test refuses
	}
	return uint64(v)
}

func bigSums(coins []*big.Int) sums {
	p := make([]*big.Int, len(coins)+1)
	p[0] = new(big.Int)
	for i, c := range coins {
		p[i+1] = new(big.Int).Add(p[i], c)
	}
	return sums{big: p}
}

// between is the sum of coins lo..hi−1.
func (s sums) between(lo, hi int) *big.Int {
	if s.small != nil {
		return big.NewInt(s.small[hi] - s.small[lo])
	}
	return new(big.Int).Sub(s.big[hi], s.big[lo])
}

// signedPrefix is σ·P in arithmetic A: the σ·S of coins lo..hi−1
// (position.go) is q[hi] − q[lo].
func signedPrefix[T any, A arith[T]](s sums, r Rules) []T {
	var a A
	sigma := r.sigma()
	if s.small != nil {
		q := make([]T, len(s.small))
		for i, v := range s.small {
			q[i] = a.ofInt64(sigma * v)
		}
		return q
	}
	q := make([]T, len(s.big))
	for i, v := range s.big {
		if sigma < 0 {
			v = new(big.Int).Neg(v)
		}
		q[i] = a.of(v)
	}
	return q
}
