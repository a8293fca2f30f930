package polygonbench

import (
	"bytes"
	"regexp"
	"testing"
	"time"

	"gamelab/internal/benchproc"
)

func TestMain(m *testing.M) { benchproc.Main(m) }

// The baselines of ../shared/bench: seed 000's Java program as published, its
// DP in plain C, and a cache-friendly C DP (one core, -O3 -march=native).
var (
	java  = benchproc.Java(benchproc.SharedBench+"/PloygonAgent.java", "PloygonAgent")
	plain = benchproc.C("polygon_plain", "gcc", benchproc.SharedBench+"/polygon_plain.c", "-O2")
	fast  = benchproc.C("polygon_fast", "gcc", benchproc.SharedBench+"/polygon_fast.c", "-O3", "-march=native")
)

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
		t.Run(p.Argv(t)[0], func(t *testing.T) {
			if got := scores(benchproc.Run(t, in, p.Argv(t)).Out); got != want {
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

// tryArgv is p.Argv for a baseline that may be missing: a missing toolchain
// drops that baseline from the comparison instead of skipping it all.
func tryArgv(b *testing.B, p *benchproc.Program) (argv []string, ok bool) {
	argv, err := p.Build()
	if err != nil {
		b.Logf("%s left out: %v", p.Name(), err)
		return nil, false
	}
	return argv, true
}
