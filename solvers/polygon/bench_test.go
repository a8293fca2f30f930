package polygon

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"gamelab/internal/splitmix"
)

// genPolygon is the deterministic instance generator of the benchmarks, the
// same as bench/polygon/gen (splitmix64 from seed 1): for vertex i one 64-bit
// word x; the operator is ops, or for "mixed" '*' when x's top bit is set;
// the value is lo + (x>>1) mod (hi-lo+1).
func genPolygon(n int, ops string, lo, hi int64) *Polygon {
	p := &Polygon{}
	g := splitmix.New(1)
	for i := 0; i < n; i++ {
		x := g.Next()
		op := ops[0]
		if ops == "mixed" {
			op = '+'
			if x>>63 == 1 {
				op = '*'
			}
		}
		p.Ops = append(p.Ops, op)
		p.Values = append(p.Values, big.NewInt(lo+int64((x>>1)%uint64(hi-lo+1))))
	}
	return p
}

func benchSolve(b *testing.B, p *Polygon) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Solve(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}

// int64 range: all '*' with values in {-1, 0, 1} never leaves int64.
func BenchmarkSolveMul200(b *testing.B) { benchSolve(b, genPolygon(200, "*", -1, 1)) }
func BenchmarkSolveMul500(b *testing.B) { benchSolve(b, genPolygon(500, "*", -1, 1)) }

// Mixed operators with values in [-2, 2]: about 50-digit answers at n = 400.
func BenchmarkSolveBig400(b *testing.B) { benchSolve(b, genPolygon(400, "mixed", -2, 2)) }

func BenchmarkSolveMul500OneCore(b *testing.B) {
	p := genPolygon(500, "*", -1, 1)
	for b.Loop() {
		if _, err := SolveWith(context.Background(), p, Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// kernelRandPolygon is the kernel's randpolygon(n, seed), Random; with ops
// "*" every operator is '*' and the values are the same.
func kernelRandPolygon(n int, seed int64, ops string) *Polygon {
	p := Random(n, uint64(seed))
	if ops == "*" {
		for i := range p.Ops {
			p.Ops[i] = '*'
		}
	}
	return p
}

// benchCancelLatency measures what Ctrl-C feels like: each iteration starts a
// solve, cancels it after a random delay in [0, upTo) and times how long Solve
// takes to return after the cancel. It reports the mean and the worst latency
// in ms (run with e.g. -benchtime=20x; solves that finish before their cancel
// are counted in "finished" and left out).
func benchCancelLatency(b *testing.B, p *Polygon, upTo time.Duration) {
	rng := rand.New(rand.NewPCG(3, 4))
	var worst, sum time.Duration
	samples, finished := 0, 0
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		type outcome struct {
			err error
			at  time.Time
		}
		done := make(chan outcome, 1)
		go func() {
			_, err := Solve(ctx, p)
			done <- outcome{err, time.Now()}
		}()
		time.Sleep(time.Duration(rng.Int64N(int64(upTo))))
		start := time.Now()
		cancel()
		o := <-done
		if o.err == nil {
			finished++
			continue
		}
		if !errors.Is(o.err, context.Canceled) {
			b.Fatalf("Solve returned %v, want context.Canceled", o.err)
		}
		lat := max(o.at.Sub(start), 0)
		samples++
		sum += lat
		worst = max(worst, lat)
	}
	if samples > 0 {
		b.ReportMetric(float64(sum.Microseconds())/float64(samples)/1e3, "mean-ms")
	}
	b.ReportMetric(float64(worst.Microseconds())/1e3, "max-ms")
	b.ReportMetric(float64(finished), "finished")
	b.ReportMetric(0, "ns/op")
}

// The REPL's stress cases: randpolygon(2500, 1) leaves int64 after a few
// dozen levels and spends minutes in the exact engine; all-'*' [-10, 10] at
// n = 3000 soon runs every split exactly on thousand-digit numbers; all-'*'
// {-1, 0, 1} at n = 3000 stays in int64 (432 MiB of tables).
func BenchmarkCancelLatencyMixed2500(b *testing.B) {
	benchCancelLatency(b, kernelRandPolygon(2500, 1, "mixed"), 4*time.Second)
}

func BenchmarkCancelLatencyMulBig3000(b *testing.B) {
	benchCancelLatency(b, kernelRandPolygon(3000, 1, "*"), 4*time.Second)
}

func BenchmarkCancelLatencyMul3000(b *testing.B) {
	benchCancelLatency(b, genPolygon(3000, "*", -1, 1), 3*time.Second)
}
