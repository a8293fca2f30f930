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
	toBig(v T) *big.Int // a fresh copy
	sub(a, b T) T       // a − b as a new value
	less(a, b T) bool
	least(xs []T) T // the least of xs, at least one
	zero() T
}

type int64Arith struct{}

func (int64Arith) of(v *big.Int) int64    { return v.Int64() }
func (int64Arith) toBig(v int64) *big.Int { return big.NewInt(v) }
func (int64Arith) sub(a, b int64) int64   { return a - b }
func (int64Arith) less(a, b int64) bool   { return a < b }
func (int64Arith) zero() int64            { return 0 }

func (int64Arith) least(xs []int64) int64 {
	v := xs[0]
	for _, x := range xs[1:] {
		v = min(v, x)
	}
	return v
}

type bigArith struct{}

func (bigArith) of(v *big.Int) *big.Int     { return v }
func (bigArith) toBig(v *big.Int) *big.Int  { return new(big.Int).Set(v) }
func (bigArith) sub(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }
func (bigArith) less(a, b *big.Int) bool    { return a.Cmp(b) < 0 }
func (bigArith) zero() *big.Int             { return new(big.Int) }

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
	abs := new(big.Int)
	for _, c := range coins {
		if c.Sign() < 0 {
			abs.Sub(abs, c)
		} else {
			abs.Add(abs, c)
		}
	}
	b := xBound(abs, len(coins), r)
	b.Add(b, abs.Lsh(abs, 1))
	b.Add(b, big.NewInt(1))
	return b.BitLen()+int(shift) <= 62
}

// prefix is σ times the prefix sums of coins, as Q[0..n]: the σ·S of coins
// lo..hi−1 is Q[hi] − Q[lo].
func prefix(coins []*big.Int, r Rules) []*big.Int {
	q := make([]*big.Int, len(coins)+1)
	q[0] = new(big.Int)
	for i, c := range coins {
		q[i+1] = new(big.Int).Add(q[i], c)
	}
	if r.sigma() < 0 {
		for _, v := range q {
			v.Neg(v)
		}
	}
	return q
}

// convert is xs in arithmetic A.
func convert[T any, A arith[T]](xs []*big.Int) []T {
	var a A
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = a.of(x)
	}
	return out
}
