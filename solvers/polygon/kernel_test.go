package polygon

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The vector kernels (where the machine has them) must fold exactly what the
// Go loops fold, on every length, including the remainders.
func TestVectorKernelsMatchLoops(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512 on this machine: the Go loops do all the work")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 2000; trial++ {
		m := rng.IntN(70)
		A, B, C, D := make([]int64, m), make([]int64, m), make([]int64, m), make([]int64, m)
		for k := range A {
			A[k], C[k] = rng.Int64N(2_000_000)-1_000_000, rng.Int64N(2_000_000)-1_000_000
			B[k], D[k] = A[k]+rng.Int64N(1000), C[k]+rng.Int64N(1000)
		}
		lo0, hi0 := int64(math.MaxInt64), int64(math.MinInt64)
		if rng.IntN(2) == 0 {
			lo0, hi0 = rng.Int64N(100), -rng.Int64N(100)
		}
		for op, run := range map[byte]func(A, B, C, D []int64, lo, hi int64) (int64, int64){'*': mulRun, '+': addRun, '-': subRun} {
			wantLo, wantHi := run(A, B, C, D, lo0, hi0)
			done, lo, hi := vecRun(op, A, B, C, D, lo0, hi0)
			lo, hi = run(A[done:], B[done:], C[done:], D[done:], lo, hi)
			if done != m/8*8 || lo != wantLo || hi != wantHi {
				t.Fatalf("op %c m=%d: vector %d %d (did %d), loops %d %d", op, m, lo, hi, done, wantLo, wantHi)
			}
		}
	}
}

// Rings with long runs of one operator ('-' among them) take the vector
// kernels inside Solve; the scores must match the plain big-number DP.
func TestLongRunsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 6; trial++ {
		p := &Polygon{}
		for len(p.Values) < 90 {
			op := "+*-"[rng.IntN(3)]
			for r := 1 + rng.IntN(25); r > 0 && len(p.Values) < 90; r-- {
				p.Ops = append(p.Ops, op)
				p.Values = append(p.Values, big.NewInt(rng.Int64N(3)-1))
			}
		}
		r := mustSolve(t, p)
		scores, worst := refDP(p)
		if !bigsEqual(r.Scores, scores) || !bigsEqual(r.Worst, worst) {
			t.Fatalf("%s: scores differ from the reference DP", p)
		}
	}
}
