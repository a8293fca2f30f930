package coinsbench

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gamelab/solvers/coins"
)

const seedSource = "../../../shared/bench/coins_seed.cpp"

// Binaries are built once per test process, into a directory removed at
// the end of TestMain.
var (
	tmpDir            string
	seedOnce, labOnce sync.Once
	seedBin, labBin   string
	seedErr, labErr   error
	seedSkip, labSkip string
)

func TestMain(m *testing.M) {
	var err error
	if tmpDir, err = os.MkdirTemp("", "coinsbench"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(tmpDir)
	os.Exit(code)
}

// seedProgram builds coins_seed.cpp with g++ -O2, or skips.
func seedProgram(tb testing.TB) string {
	tb.Helper()
	seedOnce.Do(func() {
		if _, err := exec.LookPath("g++"); err != nil {
			seedSkip = "no g++: " + err.Error()
			return
		}
		seedBin = filepath.Join(tmpDir, "coins_seed")
		out, err := exec.Command("g++", "-O2", "-o", seedBin, seedSource).CombinedOutput()
		if err != nil {
			seedErr = fmt.Errorf("g++ -O2 %s: %v\n%s", seedSource, err, out)
		}
	})
	if seedSkip != "" {
		tb.Skip(seedSkip)
	}
	if seedErr != nil {
		tb.Fatal(seedErr)
	}
	return seedBin
}

// gamelabProgram builds the gamelab binary, or skips.
func gamelabProgram(tb testing.TB) string {
	tb.Helper()
	labOnce.Do(func() {
		if labBin = os.Getenv("GAMELAB_BIN"); labBin != "" {
			return // a binary built elsewhere, e.g. from a clean checkout
		}
		if _, err := exec.LookPath("go"); err != nil {
			labSkip = "no go tool: " + err.Error()
			return
		}
		labBin = filepath.Join(tmpDir, "gamelab")
		out, err := exec.Command("go", "build", "-o", labBin, "gamelab/cmd/gamelab").CombinedOutput()
		if err != nil {
			labErr = fmt.Errorf("go build gamelab/cmd/gamelab: %v\n%s", err, out)
		}
	})
	if labSkip != "" {
		tb.Skip(labSkip)
	}
	if labErr != nil {
		tb.Fatal(labErr)
	}
	return labBin
}

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

// runProcess runs bin on input and returns its output, wall time and peak
// resident set size in bytes.
func runProcess(tb testing.TB, bin string, input string, args ...string) (string, time.Duration, int64) {
	tb.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if err != nil {
		tb.Fatalf("%s: %v\n%s", bin, err, errb.String())
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss * 1024 // Linux reports KiB
	return out.String(), took, rss
}

// The seed's own program and the solver agree on scores and moves, ties
// included: small values (many ties), negative coins, rows up to 200 coins.
func TestAgreesWithSeedProgram(t *testing.T) {
	bin := seedProgram(t)
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
	got, _, _ := runProcess(t, bin, input.String())
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
	seed, lab := seedProgram(b), gamelabProgram(b)
	input := rows(3000, 1, 3000, 1, 100000)
	wantOut, _, _ := runProcess(b, seed, input)
	if got, _, _ := runProcess(b, lab, input, "coins"); got != wantOut {
		b.Fatalf("gamelab %.40q…, seed %.40q…", got, wantOut)
	}
	var tLab, tSeed time.Duration
	var rssLab, rssSeed int64
	for b.Loop() {
		_, t, rss := runProcess(b, lab, input, "coins")
		tLab, rssLab = tLab+t, max(rssLab, rss)
		_, t, rss = runProcess(b, seed, input)
		tSeed, rssSeed = tSeed+t, max(rssSeed, rss)
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
	lab := gamelabProgram(b)
	var worst time.Duration
	var rssMax int64
	for b.Loop() {
		out, t, rss := runProcess(b, lab, input, "coins")
		if len(out) < 30000 {
			b.Fatalf("short output %q", out)
		}
		worst, rssMax = max(worst, t), max(rssMax, rss)
	}
	b.ReportMetric(float64(rssMax>>20), "peak-MB")
	b.ReportMetric(float64(worst.Milliseconds()), "worst-ms")
	if worst >= 3*time.Second || rssMax >= 400<<20 {
		b.Errorf("n = 30000 with moves: worst %v, peak %d MB; want under 3 s and 400 MB", worst, rssMax>>20)
	}
}
