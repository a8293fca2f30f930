package coins

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
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

// benchGame solves one row of n coins in [lo, hi] under rules, reporting
// the bytes Solve allocates (B/op) beside SolveBytes's estimate.
func benchGame(b *testing.B, rules string, n int, lo, hi int64) {
	r, err := ParseRules(rules)
	if err != nil {
		b.Fatal(err)
	}
	g := Game{Coins: randRow(rand.New(rand.NewPCG(uint64(n), 8)), n, lo, hi), Rules: r}
	b.ReportAllocs()
	b.ReportMetric(float64(g.SolveBytes())/(1<<20), "estimate-MB")
	for b.Loop() {
		if _, err := g.Solve(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// The variants' targets (SPEC §6.2, issue 18): each under the time named.
func BenchmarkTake3n30000(b *testing.B)   { benchGame(b, "take=3", 30000, -1e9, 1e9) }         // < 3 s, 400 MB
func BenchmarkRest30000(b *testing.B)     { benchGame(b, "score=rest", 30000, -1e9, 1e9) }     // < 3 s, 400 MB
func BenchmarkLeftTake3n1e6(b *testing.B) { benchGame(b, "take=3,ends=left", 1e6, -1e9, 1e9) } // < 2 s
func BenchmarkTwoMLeft2000(b *testing.B)  { benchGame(b, "take=2M,ends=left", 2000, 1, 1e4) }  // < 5 s
func BenchmarkTwoMBoth400(b *testing.B)   { benchGame(b, "take=2M", 400, -1e9, 1e9) }
func BenchmarkTake3n3000Big(b *testing.B) { benchGame(b, "take=3", 3000, math.MinInt64, math.MaxInt64) }
func BenchmarkTake3n10000(b *testing.B)   { benchGame(b, "take=3", 10000, -1e9, 1e9) }
func BenchmarkRest10000(b *testing.B)     { benchGame(b, "score=rest", 10000, -1e9, 1e9) }

// ParseRow refuses a ten-million-digit number at once (issue 20: it took
// seconds) and reads the longest number allowed in milliseconds.
func BenchmarkParseRowTooLong(b *testing.B) {
	line := strings.Repeat("9", 1e7)
	for b.Loop() {
		if _, err := ParseRow(line); err == nil {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkParseRowLongest(b *testing.B) {
	line := "1 " + strings.Repeat("7", 315652) + " -3"
	for b.Loop() {
		if _, err := ParseRow(line); err != nil {
			b.Fatal(err)
		}
	}
}

// benchTable builds the DP table of one row (dp(x), issue 21), reporting
// its allocations beside TableSize's estimate.
func benchTable(b *testing.B, rules string, n int) {
	r, err := ParseRules(rules)
	if err != nil {
		b.Fatal(err)
	}
	g := Game{Coins: Random(n, 1), Rules: r}
	b.ReportAllocs()
	b.ReportMetric(float64(g.TableSize())/(1<<20), "estimate-MB")
	for b.Loop() {
		if _, err := g.Table(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTable3000(b *testing.B)         { benchTable(b, "", 3000) }
func BenchmarkTableTake3n3000(b *testing.B)   { benchTable(b, "take=3", 3000) }
func BenchmarkTableTwoMLeft2000(b *testing.B) { benchTable(b, "take=2M,ends=left", 2000) }
func BenchmarkTableTwoMBoth200(b *testing.B)  { benchTable(b, "take=2M", 200) }

// BenchmarkLineCancel100000 is how long a Line of 100000 coins and as many
// moves takes to stop when cancelled as its DP starts (issue 20: analyze of
// such a line took up to 5.6 s to stop): the setup before the DP and one
// chunk, milliseconds.
func BenchmarkLineCancel100000(b *testing.B) {
	for _, rules := range []string{"", "take=3", "take=3,ends=left"} {
		b.Run(rules, func(b *testing.B) {
			r, _ := ParseRules(rules)
			a := Random(100000, 1)
			line := make([]Move, len(a))
			for i := range line {
				line[i] = Move{'L', 1}
			}
			g := Game{Coins: a, Rules: r}
			for b.Loop() {
				ctx, cancel := context.WithCancel(context.Background())
				tune := defaultTuning
				tune.chunkHook = cancel
				if _, err := g.Line(withTuning(ctx, tune), line, nil); err == nil {
					b.Fatal("not cancelled")
				}
			}
		})
	}
}
