package polygonbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gamelab/internal/benchproc"
)

func TestMain(m *testing.M) { benchproc.Main(m) }

// The baselines of ../shared/bench: seed 000's Java program as published, its
// DP in plain C, a cache-friendly C DP (one core, -O3 -march=native), and the
// seed's DP on GMP integers, exact at any size (one core; -lgmp goes after
// the source, where the linker looks for it).
var (
	java = benchproc.Java(javaSource, "PloygonAgent")
	// The sources, so that a missing ../shared/bench says so (baseline).
	javaSource  = benchproc.SharedBench + "/PloygonAgent.java"
	plainSource = benchproc.SharedBench + "/polygon_plain.c"
	fastSource  = benchproc.SharedBench + "/polygon_fast.c"
	gmpSource   = benchproc.SharedBench + "/polygon_gmp.c"
	plain       = benchproc.C("polygon_plain", "gcc", plainSource, "-O2")
	fast        = benchproc.C("polygon_fast", "gcc", fastSource, "-O3", "-march=native")
	gmp         = benchproc.NewProgram("polygon_gmp", "gcc", func(out string) ([]string, error) {
		return []string{"-O2", "-o", out, gmpSource, "-lgmp"}, nil
	})
)

// baselines names, for each baseline program, its source and the tools it
// needs.
var baselines = map[*benchproc.Program]struct {
	src   string
	tools []string
}{
	java:  {javaSource, []string{"javac", "java"}},
	plain: {plainSource, []string{"gcc"}},
	fast:  {fastSource, []string{"gcc"}},
	gmp:   {gmpSource, []string{"gcc"}},
}

// missingBaseline skips tb with one line saying what is missing, or fails it
// when GAMELAB_REQUIRE_BASELINES=1 (as CI sets): there a comparison that
// quietly measures nothing is an error.
func missingBaseline(tb testing.TB, what string) {
	tb.Helper()
	if os.Getenv("GAMELAB_REQUIRE_BASELINES") == "1" {
		tb.Fatalf("%s (GAMELAB_REQUIRE_BASELINES=1: every baseline is required)", what)
	}
	tb.Skip(what)
}

// absent says what baseline p lacks on this machine (its source under
// ../shared/bench, a tool, GMP for polygon_gmp), or "" when nothing is.
func absent(p *benchproc.Program) string {
	b := baselines[p]
	if _, err := os.Stat(b.src); err != nil {
		return fmt.Sprintf("no %s: ../shared/bench is missing", filepath.Base(b.src))
	}
	for _, tool := range b.tools {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Sprintf("no %s on PATH, needed for %s", tool, p.Name())
		}
	}
	if p == gmp {
		return gmpAbsent()
	}
	return ""
}

// gmpAbsent compiles and links a two-line GMP program once: without
// gmp.h or libgmp (Debian: libgmp-dev) polygon_gmp cannot be built.
var gmpAbsent = sync.OnceValue(func() string {
	dir, err := os.MkdirTemp("", "gamelab-gmp-probe")
	if err != nil {
		return "cannot probe for GMP: " + err.Error()
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "probe.c")
	probe := "#include <gmp.h>\nint main(void){mpz_t x; mpz_init(x); mpz_clear(x); return 0;}\n"
	if err := os.WriteFile(src, []byte(probe), 0o644); err != nil {
		return "cannot probe for GMP: " + err.Error()
	}
	if out, err := exec.Command("gcc", "-o", filepath.Join(dir, "probe"), src, "-lgmp").CombinedOutput(); err != nil {
		line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
		return "no GMP for gcc (install libgmp-dev): " + line
	}
	return ""
})

// baseline builds p and returns how to run it; what is missing skips or
// fails tb (missingBaseline), a failed build fails it.
func baseline(tb testing.TB, p *benchproc.Program) []string {
	tb.Helper()
	if why := absent(p); why != "" {
		missingBaseline(tb, why)
	}
	argv, err := p.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return argv
}

// scoreLines keeps the lines every program prints alike: "i=K score" and
// "BestScore=…".
var scoreLines = regexp.MustCompile(`(?m)^(i=\d+ -?\d+|BestScore=-?\d+)$`)

func scores(out []byte) string {
	return string(bytes.Join(scoreLines.FindAll(out, -1), []byte{'\n'}))
}

func instance(tb testing.TB, n int, ops string, lo, hi int64) []byte {
	in, err := Instance(n, ops, lo, hi, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return in
}

// On a ring that stays in int64 every program prints the same scores.
func TestBaselinesAgree(t *testing.T) {
	in := instance(t, 120, "mixed", -1, 1)
	want := scores(benchproc.Run(t, in, benchproc.Gamelab.Argv(t), "polygon").Out)
	if want == "" {
		t.Fatal("gamelab printed no scores")
	}
	for _, p := range []*benchproc.Program{plain, fast, java} {
		t.Run(p.Name(), func(t *testing.T) {
			if got := scores(benchproc.Run(t, in, baseline(t, p)).Out); got != want {
				t.Errorf("scores differ from gamelab's:\n%.300s\nwant\n%.300s", got, want)
			}
		})
	}
}

// BenchmarkMul500 is issue 2's speed target, whole process: n = 500, all '*',
// values in {-1, 0, 1}; gamelab must be no slower than polygon_fast.c and at
// least 15x faster than seed 000's Java. Each iteration runs every program
// once, interleaved; the metrics are each program's best wall time and
// gamelab's speed-up over it.
func BenchmarkMul500(b *testing.B) {
	in := instance(b, 500, "*", -1, 1)
	progs := []struct {
		name string
		argv []string
	}{{"gamelab", append(benchproc.Gamelab.Argv(b), "polygon")}}
	for _, p := range []*benchproc.Program{fast, plain, java} {
		if argv, ok := tryArgv(b, p); ok {
			progs = append(progs, struct {
				name string
				argv []string
			}{p.Name(), argv})
		}
	}
	best := make([]time.Duration, len(progs))
	for b.Loop() {
		for i, p := range progs {
			r := benchproc.Run(b, in, p.argv)
			if best[i] == 0 || r.Wall < best[i] {
				best[i] = r.Wall
			}
		}
	}
	for i, p := range progs {
		b.ReportMetric(float64(best[i].Microseconds())/1000, p.name+"-ms")
		if i > 0 {
			b.ReportMetric(float64(best[i])/float64(best[0]), "speedup-vs-"+p.name)
		}
	}
}

// BenchmarkBig400 is issue 2's exactness target, whole process: n = 400,
// mixed operators, values in [-2, 2] (a 50-digit best score), under 2 s.
func BenchmarkBig400(b *testing.B) {
	in := instance(b, 400, "mixed", -2, 2)
	argv := benchproc.Gamelab.Argv(b)
	var worst time.Duration
	var peak int64
	for b.Loop() {
		r := benchproc.Run(b, in, argv, "polygon")
		worst, peak = max(worst, r.Wall), max(peak, r.Peak)
	}
	b.ReportMetric(worst.Seconds(), "worst-s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	if worst >= 2*time.Second {
		b.Errorf("n = 400 big instance took %v, want under 2 s", worst)
	}
}

// tryArgv is baseline for a comparison of several: a missing baseline is
// left out of it instead of skipping it all (unless baselines are
// required, see missingBaseline).
func tryArgv(b *testing.B, p *benchproc.Program) (argv []string, ok bool) {
	b.Helper()
	if why := absent(p); why != "" {
		if os.Getenv("GAMELAB_REQUIRE_BASELINES") == "1" {
			missingBaseline(b, why)
		}
		b.Logf("%s left out: %s", p.Name(), why)
		return nil, false
	}
	return baseline(b, p), true
}

func randInstance(tb testing.TB, n int) []byte {
	in, err := RandInstance(n, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return in
}

// RandInstance is the kernel's randpolygon, value for value.
func TestRandInstanceIsRandpolygon(t *testing.T) {
	lab := benchproc.Gamelab.Argv(t)
	out := benchproc.Run(t, []byte("p = randpolygon(300, 7)\nprint(p.ops, p.values)\n"), lab).Out
	ops, values, ok := strings.Cut(strings.TrimSpace(string(out)), " ")
	if !ok {
		t.Fatalf("gamelab printed %.200q", out)
	}
	in, err := RandInstance(300, 7)
	if err != nil {
		t.Fatal(err)
	}
	fields := strings.Fields(string(in))[1:]
	var wantOps, wantValues []string
	for k := 0; k < len(fields); k += 2 {
		wantOps, wantValues = append(wantOps, fields[k]), append(wantValues, fields[k+1])
	}
	if got, want := ops, strings.Join(wantOps, ""); got != want {
		t.Fatalf("operators %.60s…, randpolygon's %.60s…", want, got)
	}
	if got, want := values, "["+strings.Join(wantValues, ", ")+"]"; got != want {
		t.Fatalf("values %.60s…, randpolygon's %.60s…", want, got)
	}
}

// gamelabBest is the best score of gamelab's JSON answer, as digits.
func gamelabBest(tb testing.TB, out []byte) string {
	var r struct {
		Best json.Number `json:"best"`
	}
	d := json.NewDecoder(bytes.NewReader(out))
	d.UseNumber()
	if err := d.Decode(&r); err != nil || r.Best == "" {
		tb.Fatalf("gamelab's answer %.200q: %v", out, err)
	}
	return r.Best.String()
}

// polygon_gmp and gamelab agree on exact best scores of randpolygon(n, 1),
// which run past 64 bits from n = 30 on.
func TestGMPAgrees(t *testing.T) {
	bin, lab := baseline(t, gmp), benchproc.Gamelab.Argv(t)
	for _, n := range []int{1, 2, 7, 40, 120} {
		in := randInstance(t, n)
		want := strings.TrimSpace(string(benchproc.Run(t, in, bin).Out))
		if got := gamelabBest(t, benchproc.Run(t, in, lab, "polygon", "--format", "json").Out); got != want {
			t.Errorf("n = %d: gamelab's best %s, polygon_gmp's %s", n, got, want)
		}
	}
}

// BenchmarkExactVsGMP is issue 15's target, whole process, on
// randpolygon(n, 1) (values -10..10, best scores of 60 to 260 digits):
// `gamelab polygon --format json` on its default workers against
// polygon_gmp.c on one core, the same input, interleaved in one run. It
// reports each one's best wall time and peak RSS, and their ratios
// (gamelab/GMP: time-ratio must stay at most 0.3 at n = 350 and 0.25 at
// 600; gamelab's peak RSS at most 150 MB at 600). Run with e.g.
// -benchtime 1x: GMP takes about 18 s at n = 600.
func BenchmarkExactVsGMP(b *testing.B) {
	for _, tc := range []struct {
		n        int
		maxRatio float64 // 0: no target
		maxMB    float64
	}{{150, 0, 0}, {250, 0, 0}, {350, 0.3, 0}, {600, 0.25, 150}} {
		b.Run(fmt.Sprintf("n=%d", tc.n), func(b *testing.B) {
			bin, lab := baseline(b, gmp), benchproc.Gamelab.Argv(b)
			in := randInstance(b, tc.n)
			var lt, gt time.Duration
			var lm, gm int64
			for b.Loop() {
				l := benchproc.Run(b, in, lab, "polygon", "--format", "json")
				g := benchproc.Run(b, in, bin)
				if got, want := gamelabBest(b, l.Out), strings.TrimSpace(string(g.Out)); got != want {
					b.Fatalf("gamelab's best %s, polygon_gmp's %s", got, want)
				}
				if lt == 0 || l.Wall < lt {
					lt = l.Wall
				}
				if gt == 0 || g.Wall < gt {
					gt = g.Wall
				}
				lm, gm = max(lm, l.Peak), max(gm, g.Peak)
			}
			ratio := lt.Seconds() / gt.Seconds()
			b.ReportMetric(lt.Seconds(), "gamelab-s")
			b.ReportMetric(gt.Seconds(), "gmp-s")
			b.ReportMetric(ratio, "time-ratio")
			b.ReportMetric(float64(lm)/(1<<20), "gamelab-MB")
			b.ReportMetric(float64(gm)/(1<<20), "gmp-MB")
			b.ReportMetric(float64(lm)/float64(gm), "rss-ratio")
			b.ReportMetric(0, "ns/op")
			if tc.maxRatio > 0 && ratio > tc.maxRatio {
				b.Errorf("n = %d: gamelab/GMP wall time %.3f, want at most %.2f", tc.n, ratio, tc.maxRatio)
			}
			if mb := float64(lm) / (1 << 20); tc.maxMB > 0 && mb > tc.maxMB {
				b.Errorf("n = %d: gamelab's peak RSS %.0f MB, want at most %.0f", tc.n, mb, tc.maxMB)
			}
		})
	}
}

// BenchmarkExact1000 is issue 15's large case, gamelab alone (GMP would take
// minutes): randpolygon(1000, 1), under 25 s.
func BenchmarkExact1000(b *testing.B) {
	lab, in := benchproc.Gamelab.Argv(b), randInstance(b, 1000)
	var worst time.Duration
	var peak int64
	for b.Loop() {
		r := benchproc.Run(b, in, lab, "polygon", "--format", "json")
		worst, peak = max(worst, r.Wall), max(peak, r.Peak)
	}
	b.ReportMetric(worst.Seconds(), "worst-s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(0, "ns/op")
	if worst >= 25*time.Second {
		b.Errorf("randpolygon(1000, 1) took %v, want under 25 s", worst)
	}
}
