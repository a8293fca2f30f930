package coinsbench

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"gamelab/internal/baseline"
	"gamelab/internal/benchproc"
	"gamelab/solvers/coins"
)

// seedProgram is the C++ program coins in a row was first posed with, kept
// outside the repository; without it (or g++) the tests that need it skip.
var seedProgram = benchproc.C("coins_seed", "g++", baseline.Join("bench", "coins_seed.cpp"), "-O2")

func TestMain(m *testing.M) { benchproc.Main(m) }

// rows returns count rows of n coins in [lo, hi], one per line.
func rows(seed uint64, count, n int, lo, hi int64) string {
	rng := rand.New(rand.NewPCG(seed, 3))
	var b strings.Builder
	for range count {
		for i := range n {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, lo+rng.Int64N(hi-lo+1))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// The seed's own program and the solver agree on scores and moves, ties
// included: small values (many ties), negative coins, rows up to 200 coins.
func TestAgreesWithSeedProgram(t *testing.T) {
	bin := seedProgram.Argv(t)
	var input, want strings.Builder
	for k, rg := range [][2]int64{{0, 2}, {-3, 3}, {-1000, 1000}, {1, 100000}} {
		for n := 1; n <= 200; n += 1 + n/8 {
			row := rows(uint64(100*k+n), 1, n, rg[0], rg[1])
			a, err := coins.ParseRow(row)
			if err != nil {
				t.Fatal(err)
			}
			r, err := coins.Solve(context.Background(), a)
			if err != nil {
				t.Fatal(err)
			}
			input.WriteString(row)
			fmt.Fprintf(&want, "%s %s\n", r.Best, r.Moves)
		}
	}
	got := string(benchproc.Run(t, []byte(input.String()), bin).Out)
	if got != want.String() {
		g, w := strings.Split(got, "\n"), strings.Split(want.String(), "\n")
		in := strings.Split(input.String(), "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("row %d (%s): seed program %q, solver %q", i+1, in[i], g[i], w[i])
			}
		}
		t.Fatalf("seed program printed %d lines, solver %d", len(g), len(w))
	}
}

// BenchmarkVsSeed3000 runs both programs whole, alternately, on the same
// n = 3000 row and reports both times, their ratio and both peak RSS.
func BenchmarkVsSeed3000(b *testing.B) {
	seed, lab := seedProgram.Argv(b), benchproc.Gamelab.Argv(b)
	input := rows(3000, 1, 3000, 1, 100000)
	wantOut := benchproc.Run(b, []byte(input), seed).Out
	if got := benchproc.Run(b, []byte(input), lab, "coins").Out; !bytes.Equal(got, wantOut) {
		b.Fatalf("gamelab %.40q…, seed %.40q…", got, wantOut)
	}
	var tLab, tSeed time.Duration
	var rssLab, rssSeed int64
	for b.Loop() {
		r := benchproc.Run(b, []byte(input), lab, "coins")
		tLab, rssLab = tLab+r.Wall, max(rssLab, r.Peak)
		r = benchproc.Run(b, []byte(input), seed)
		tSeed, rssSeed = tSeed+r.Wall, max(rssSeed, r.Peak)
	}
	b.ReportMetric(float64(tLab.Milliseconds())/float64(b.N), "gamelab-ms/op")
	b.ReportMetric(float64(tSeed.Milliseconds())/float64(b.N), "seed-ms/op")
	b.ReportMetric(float64(tLab)/float64(tSeed), "gamelab/seed")
	b.ReportMetric(float64(rssLab>>20), "gamelab-peak-MB")
	b.ReportMetric(float64(rssSeed>>20), "seed-peak-MB")
}

// BenchmarkMoves30000 runs `gamelab coins` on one n = 30000 row with moves
// (ten times the seed's hard-coded limit; the seed's tables would take about
// 4 GB) and fails when it takes 3 s or more, or 400 MB or more at peak.
func BenchmarkMoves30000(b *testing.B) {
	benchMoves30000(b, rows(30000, 1, 30000, -1000000000, 1000000000))
}

// BenchmarkMoves30000Wide is the same with coins anywhere in int64, whose
// totals need the solver's 128-bit path.
func BenchmarkMoves30000Wide(b *testing.B) {
	benchMoves30000(b, rows(30001, 1, 30000, math.MinInt64/2+1, math.MaxInt64/2))
}

func benchMoves30000(b *testing.B, input string) {
	lab := benchproc.Gamelab.Argv(b)
	var worst time.Duration
	var rssMax int64
	for b.Loop() {
		r := benchproc.Run(b, []byte(input), lab, "coins")
		if len(r.Out) < 30000 {
			b.Fatalf("short output %q", r.Out)
		}
		worst, rssMax = max(worst, r.Wall), max(rssMax, r.Peak)
	}
	b.ReportMetric(float64(rssMax>>20), "peak-MB")
	b.ReportMetric(float64(worst.Milliseconds()), "worst-ms")
	if worst >= 3*time.Second || rssMax >= 400<<20 {
		b.Errorf("n = 30000 with moves: worst %v, peak %d MB; want under 3 s and 400 MB", worst, rssMax>>20)
	}
}
