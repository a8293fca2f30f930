package checked

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Every operation agrees with math/big: the result when it fits in int64,
// false exactly when it does not. Edge values plus random ones of every size.
func TestAgainstBig(t *testing.T) {
	edges := []int64{0, 1, -1, 2, -2, 3037000499, 3037000500, -3037000499, -3037000500,
		math.MaxInt32, math.MinInt32, 1 << 62, -1 << 62, math.MaxInt64, math.MinInt64,
		math.MaxInt64 - 1, math.MinInt64 + 1}
	rng := rand.New(rand.NewPCG(1, 2))
	vals := append([]int64{}, edges...)
	for range 300 {
		vals = append(vals, rng.Int64()>>rng.IntN(64), -(rng.Int64() >> rng.IntN(64)))
	}
	ops := []struct {
		name string
		f    func(a, b int64) (int64, bool)
		ref  func(z, x, y *big.Int) *big.Int
	}{
		{"Add", Add, (*big.Int).Add},
		{"Sub", Sub, (*big.Int).Sub},
		{"Mul", Mul, (*big.Int).Mul},
	}
	for _, op := range ops {
		wraps := 0
		for _, a := range vals {
			for _, b := range vals {
				want := op.ref(new(big.Int), big.NewInt(a), big.NewInt(b))
				got, ok := op.f(a, b)
				if ok != want.IsInt64() {
					t.Fatalf("%s(%d, %d): ok = %v, but the true result is %s", op.name, a, b, ok, want)
				}
				if !ok {
					wraps++
					continue
				}
				if got != want.Int64() {
					t.Fatalf("%s(%d, %d) = %d, want %s", op.name, a, b, got, want)
				}
			}
		}
		if wraps == 0 {
			t.Errorf("%s: no overflowing case was tried", op.name)
		}
	}
}
