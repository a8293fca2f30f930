package coins

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

func benchSolve(b *testing.B, n int, lo, hi int64, trace bool) {
	a := randRow(rand.New(rand.NewPCG(uint64(n), 7)), n, lo, hi)
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

func BenchmarkSolve3000(b *testing.B)    { benchSolve(b, 3000, 1, 1e9, false) }
func BenchmarkSolve3000Big(b *testing.B) { benchSolve(b, 3000, math.MinInt64+1, math.MaxInt64, false) }
func BenchmarkSolve30000(b *testing.B)   { benchSolve(b, 30000, -1e9, 1e9, false) }
func BenchmarkTrace30000(b *testing.B)   { benchSolve(b, 30000, -1e9, 1e9, true) }
