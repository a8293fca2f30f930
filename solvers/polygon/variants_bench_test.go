package polygon

import (
	"context"
	"sync/atomic"
	"testing"

	"gamelab/internal/splitmix"
)

// genVariant is genPolygon with each operator drawn from ops (splitmix64
// from seed 1, the operator by Intn, the value
// lo + (x>>1) mod (hi-lo+1) as genPolygon takes it).
func genVariant(n int, ops string, lo, hi int64) *Polygon {
	p := genPolygon(n, ops[:1], lo, hi)
	g := splitmix.New(1)
	for i := range p.Ops {
		p.Ops[i] = ops[g.Intn(len(ops))]
	}
	return p
}

// '-' rings beside '+*' rings of the same size. Int64: values 0..1 with
// operators from "+**" and from "+-**" (both stay in int64 at n = 500:
// "+*" and "+-*" themselves leave it); exact: -10..10 from "+*" and "+-*"
// (int64 for a few dozen levels, then exact).
func BenchmarkSolveOps500Int64PlusTimes(b *testing.B) { benchCPU(b, genVariant(500, "+**", 0, 1)) }
func BenchmarkSolveOps500Int64PlusMinusTimes(b *testing.B) {
	benchCPU(b, genVariant(500, "+-**", 0, 1))
}
func BenchmarkSolveOps500ExactPlusTimes(b *testing.B) { benchCPU(b, genVariant(500, "+*", -10, 10)) }
func BenchmarkSolveOps500ExactPlusMinusTimes(b *testing.B) {
	benchCPU(b, genVariant(500, "+-*", -10, 10))
}

// benchCPU is benchSolve reporting the CPU time of a solve too
// (cpu-ms/op), which other work on the machine does not stretch as it
// does wall time.
func benchCPU(b *testing.B, p *Polygon) {
	timeCPU(b, func() error { _, err := Solve(context.Background(), p); return err })
}

// timeCPU runs f as a benchmark, reporting its CPU time per run.
func timeCPU(b *testing.B, f func() error) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
}

// A chain of 1000 values beside the ring of 1000 vertices it comes from.
func benchChain(b *testing.B, p *Polygon) {
	c := p.Open(1)
	timeCPU(b, func() error { _, err := SolveChain(context.Background(), c, Options{}); return err })
}

// Int64: all '*' of -1..1 (every value stays in -1..1); exact:
// randpolygon(1000, 1).
func BenchmarkRing1000Int64(b *testing.B)  { benchCPU(b, genPolygon(1000, "*", -1, 1)) }
func BenchmarkChain1000Int64(b *testing.B) { benchChain(b, genPolygon(1000, "*", -1, 1)) }
func BenchmarkRing1000Exact(b *testing.B)  { benchCPU(b, Random(1000, 1)) }
func BenchmarkChain1000Exact(b *testing.B) { benchChain(b, Random(1000, 1)) }

// The full optimal line of randpolygon(200, 1): 200 positions, each with
// its value and every optimal next move.
func BenchmarkLine200(b *testing.B) {
	p := Random(200, 1)
	r, err := Solve(context.Background(), p)
	if err != nil {
		b.Fatal(err)
	}
	moves := append([]int{r.First}, r.Merges...)
	timeCPU(b, func() error { _, err := SolveLine(context.Background(), p, moves, Options{}); return err })
}

// The table of a 1000-gon, every cell read (min and max), beside its plain
// solve (BenchmarkRing1000Exact).
func BenchmarkTable1000Exact(b *testing.B) {
	p := Random(1000, 1)
	timeCPU(b, func() error {
		r, err := SolveWith(context.Background(), p, Options{KeepTable: true})
		if err != nil {
			return err
		}
		d := r.Table
		for i := range p.N() {
			for ln := 1; ln <= p.N(); ln++ {
				_ = d.t.value(i, ln, false).bigInt()
				_ = d.t.value(i, ln, true).bigInt()
			}
		}
		return nil
	})
}

// The int64 benchmark rings stay in int64 and the exact ones leave it, as
// their comments say.
func TestBenchRingsEngines(t *testing.T) {
	for _, tc := range []struct {
		p     *Polygon
		exact bool
	}{
		{genVariant(500, "+**", 0, 1), false}, {genVariant(500, "+-**", 0, 1), false},
		{genVariant(500, "+*", -10, 10), true}, {genVariant(500, "+-*", -10, 10), true},
	} {
		// The int64 engine alone: it returns the first level that
		// overflows, or n+1.
		n := tc.p.N()
		tb := newTables(n, false, func(x int) byte { return tc.p.Ops[x%n] }, Options{Workers: 2, MaxTableBytes: DefaultMaxTableBytes}, defaultConfig(), new(atomic.Bool))
		var err error
		if tb.fast, err = tb.newFastTables(tc.p.Values); err != nil {
			t.Fatal(err)
		}
		ln, err := tb.runFast()
		if err != nil {
			t.Fatal(err)
		}
		if (ln <= n) != tc.exact {
			t.Errorf("%.40s…: leaves int64 at level %d, want exact %v", tc.p, ln, tc.exact)
		}
	}
}

// The line of kernel/games' BenchmarkAnalyzePolygon50 (randpolygon(50, 1):
// delete edge 1, then merge from the left), every position solved here,
// for comparison with the kernel's own chain DP.
func BenchmarkLine50FromTheLeft(b *testing.B) {
	p := Random(50, 1)
	moves := []int{1}
	for e := 2; e <= 50; e++ {
		moves = append(moves, e)
	}
	timeCPU(b, func() error { _, err := SolveLine(context.Background(), p, moves, Options{}); return err })
}
