package coins

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// benchSolve solves one row of n coins drawn from [lo, hi], shifted left by
// shift bits (to leave 128 bits).
func benchSolve(b *testing.B, n int, lo, hi int64, shift uint, trace bool) {
	a := randRow(rand.New(rand.NewPCG(uint64(n), 7)), n, lo, hi)
	for _, c := range a {
		c.Lsh(c, shift)
	}
	b.ReportAllocs()
	for b.Loop() {
		r, err := Solve(context.Background(), a)
		if err != nil {
			b.Fatal(err)
		}
		if trace {
			if _, err := r.Trace(context.Background()); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkSolve3000(b *testing.B) { benchSolve(b, 3000, 1, 1e9, 0, false) }
func BenchmarkSolve3000Wide(b *testing.B) {
	benchSolve(b, 3000, math.MinInt64, math.MaxInt64, 0, false)
}
func BenchmarkSolve3000Big(b *testing.B) {
	benchSolve(b, 3000, math.MinInt64, math.MaxInt64, 70, false)
}
func BenchmarkSolve30000(b *testing.B) { benchSolve(b, 30000, -1e9, 1e9, 0, false) }
func BenchmarkSolve30000Wide(b *testing.B) {
	benchSolve(b, 30000, math.MinInt64, math.MaxInt64, 0, false)
}
func BenchmarkTrace30000(b *testing.B) { benchSolve(b, 30000, -1e9, 1e9, 0, true) }
