package polygon

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"
)

// Estimates: memory that lets the solve run, a line costing more than its
// ring, a tiny ring estimated without a probe (rough), and a probe that a
// cancelled ctx stops.
func TestEstimates(t *testing.T) {
	for _, p := range []*Polygon{genPolygon(300, "*", -1, 1), Random(200, 1), genVariant(120, "+-*", -10, 10)} {
		e, err := EstimateSolve(context.Background(), p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if e.Time <= 0 || e.Bytes <= 0 || e.KeptBytes <= 0 || e.KeptBytes > e.Bytes {
			t.Fatalf("%.40s…: estimate %+v", p, e)
		}
		r, err := SolveWith(context.Background(), p, Options{MaxTableBytes: 2 * e.Bytes, KeepTable: true})
		if err != nil {
			t.Fatalf("%.40s…: with twice the estimated %d bytes: %v", p, e.Bytes, err)
		}
		if got := r.Table.Bytes(); got > 2*e.KeptBytes {
			t.Errorf("%.40s…: the kept table holds %d bytes, estimated %d", p, got, e.KeptBytes)
		}
		line, err := EstimateLine(context.Background(), p, append([]int{r.First}, r.Merges...), Options{})
		if err != nil || line.Time <= e.Time {
			t.Errorf("%.40s…: a line estimated at %v, its ring at %v (%v)", p, line.Time, e.Time, err)
		}
	}
	e, err := EstimateChain(context.Background(), Random(10, 1).Open(1), Options{})
	if err != nil || !e.Rough || e.Time > time.Millisecond {
		t.Errorf("a chain of 10: %+v, %v", e, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := EstimateSolve(ctx, Random(3000, 1), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a probe on a cancelled context: %v", err)
	}
	if _, err := EstimateSolve(context.Background(), &Polygon{}, Options{}); err == nil {
		t.Error("an empty ring estimated")
	}
}

// bigRandom is a ring of n values in -10^30..10^30 with ops from ops.
func bigRandom(n int, ops string) *Polygon {
	bound := new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil)
	p, err := RandomRange(n, 1, new(big.Int).Neg(bound), bound, ops)
	if err != nil {
		panic(err)
	}
	return p
}

// BenchmarkEstimate measures estimates against real solves (int64 and
// exact, several sizes): each reports real/est, the solve's time over the
// estimate's (1 is exact; the aim is 0.5..2), real/model the same for the
// model alone (ModelSolve, what the kernel's warning says), and est-ms,
// what the estimate itself took. Run with -benchtime 1x.
func BenchmarkEstimate(b *testing.B) {
	for _, tc := range []struct {
		name string
		p    *Polygon
	}{
		{"int64-600", genPolygon(600, "*", -1, 1)},
		{"int64-1000", genPolygon(1000, "*", -1, 1)},
		{"randpolygon-300", Random(300, 1)},
		{"randpolygon-500", Random(500, 1)},
		{"randpolygon-800", Random(800, 1)},
		{"randpolygon-1100", Random(1100, 1)},
		{"randpolygon-1500", Random(1500, 1)},
		{"values-1e30-150", bigRandom(150, "+*")},
		{"values-1e30-300", bigRandom(300, "+-*")},
		{"minus-500", genVariant(500, "+-*", -10, 10)},
		{"mixed-2..2-400", genPolygon(400, "mixed", -2, 2)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var est, real, took time.Duration
			model, err := ModelSolve(tc.p, Options{})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				start := time.Now()
				e, err := EstimateSolve(context.Background(), tc.p, Options{})
				if err != nil {
					b.Fatal(err)
				}
				took = time.Since(start)
				start = time.Now()
				if _, err := Solve(context.Background(), tc.p); err != nil {
					b.Fatal(err)
				}
				est, real = e.Time, time.Since(start)
			}
			b.ReportMetric(real.Seconds()/est.Seconds(), "real/est")
			b.ReportMetric(real.Seconds()/model.Time.Seconds(), "real/model")
			b.ReportMetric(float64(took.Microseconds())/1e3, "est-ms")
			b.ReportMetric(0, "ns/op")
		})
	}
}
