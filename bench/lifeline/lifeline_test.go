package lifelinebench

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamelab/internal/baseline"
	"gamelab/internal/benchproc"
	"gamelab/solvers/lifeline"
)

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		if err := solveInChild(name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	benchproc.Main(m)
}

// judge is the contest judge's C++ program, cut out of the problem's web
// page (kept outside the repository): it runs from "#include <iostream>" to
// the end of the page.
var judge = benchproc.NewProgram("judge", "g++", func(out string) ([]string, error) {
	page, err := os.ReadFile(judgePage())
	if err != nil {
		return nil, err
	}
	at := bytes.Index(page, []byte("#include <iostream>"))
	if at < 0 {
		return nil, fmt.Errorf("%s: no C++ program found", judgePage())
	}
	src := out + ".cpp"
	if err := os.WriteFile(src, page[at:], 0o644); err != nil {
		return nil, err
	}
	return []string{"-O2", "-o", out, src}, nil
})

// judgePattern matches the problem's web page among the original texts.
var judgePattern = baseline.Join("seeds", "004_*.txt")

// judgePage is the one page judgePattern matches, or "" if not exactly one.
func judgePage() string {
	pages, _ := filepath.Glob(judgePattern)
	if len(pages) != 1 {
		return ""
	}
	return pages[0]
}

// judgeArgv is judge.Argv, skipping tb (see baseline.Missing) when the page
// is not there to cut the program from.
func judgeArgv(tb testing.TB) []string {
	tb.Helper()
	if judgePage() == "" {
		baseline.Missing(tb, "the Life Line judge's program: want one page "+judgePattern)
	}
	return judge.Argv(tb)
}

// dataset appends b in the judge's input format for player c.
func dataset(dst []byte, b *lifeline.Board, c int) []byte {
	dst = fmt.Appendf(dst, "%d %d\n", b.N, c)
	return append(append(dst, b.String()...), '\n')
}

// The judge's program and the solver agree on the best points of thousands
// of judge-sized boards (N 3..10) of every texture, dead groups included.
func TestAgreesWithJudge(t *testing.T) {
	bin := judgeArgv(t)
	rng := rand.New(rand.NewPCG(4, 1414))
	var input, want []byte
	dead := 0
	for count := 0; count < 5000; {
		b := lifeline.NewBoard(3 + rng.IntN(8))
		empty := []float64{0.03, 0.1, 0.25, 0.5}[rng.IntN(4)]
		colours := []int{1, 2, 3, 9}[rng.IntN(4)]
		for i := range b.Cells {
			if rng.Float64() >= empty {
				b.Cells[i] = uint8(1 + rng.IntN(colours))
			}
		}
		player := 1 + rng.IntN(9)
		res, err := lifeline.Solve(context.Background(), b, player)
		if err == lifeline.ErrNoMove {
			continue // the judge prints INT_MIN here
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Unreachable) > 0 {
			dead++
		}
		input = dataset(input, b, player)
		want = append(strconv.AppendInt(want, int64(res.Best), 10), '\n')
		count++
	}
	input = append(input, "0 0\n"...)
	got := benchproc.Run(t, input, bin).Out
	if !bytes.Equal(got, want) {
		g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("dataset %d: judge %s, solver %s", i+1, g[i], w[i])
			}
		}
		t.Fatalf("judge answered %d datasets, solver %d", len(g)-1, len(w)-1)
	}
	if dead < 500 {
		t.Errorf("only %d of 5000 boards have dead groups", dead)
	}
}

// bigBoards are the 1500-row inputs: the texture, the player and the format.
var bigBoards = []struct {
	name   string
	board  func() *lifeline.Board
	player int
	args   []string
}{
	// RandomBoard: a quarter empty, stones 1..4.
	{"random", func() *lifeline.Board { return lifeline.RandomBoard(1500, 1) }, 1, nil},
	// Every vertex is a best move: 1.1 million moves written as JSON.
	{"empty-json", func() *lifeline.Board { return lifeline.NewBoard(1500) }, 1, []string{"--format", "json"}},
	// One group of 1.1 million stones whose only liberty is the apex.
	{"one-group", func() *lifeline.Board {
		b := lifeline.NewBoard(1500)
		for i := 1; i < len(b.Cells); i++ {
			b.Cells[i] = 1
		}
		return b
	}, 2, nil},
	// A proper 3-colouring, stone 1+(r+p) mod 3: every stone is its own
	// group and all but two are dead, so 1.1 million unreachable groups.
	{"all-dead", func() *lifeline.Board {
		b := lifeline.NewBoard(1500)
		for r := 1; r <= b.N; r++ {
			for p := 1; p <= r; p++ {
				b.Cells[b.Index(r, p)] = uint8(1 + (r+p)%3)
			}
		}
		b.Cells[0] = 0
		return b
	}, 1, nil},
}

// BenchmarkWholeProcess runs the gamelab binary on one 1500-row board per
// iteration and reports the wall time and peak RSS of the whole process,
// failing above 2 s or 300 MB. GAMELAB_BIN names a prebuilt binary to
// measure instead of building the working tree.
func BenchmarkWholeProcess(b *testing.B) {
	bin := benchproc.Gamelab.Argv(b)
	for _, bb := range bigBoards {
		input := append(dataset(nil, bb.board(), bb.player), "0 0\n"...)
		b.Run(bb.name, func(b *testing.B) {
			var worst time.Duration
			var peak int64
			for b.Loop() {
				r := benchproc.Run(b, input, bin, append([]string{"lifeline"}, bb.args...)...)
				worst, peak = max(worst, r.Wall), max(peak, r.Peak)
			}
			b.ReportMetric(worst.Seconds(), "worst-s")
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			b.ReportMetric(float64(len(input))/(1<<20), "input-MB")
			if worst > 2*time.Second || peak > 300<<20 {
				b.Errorf("%s: %v and %d MB, over the 2 s / 300 MB budget", bb.name, worst, peak>>20)
			}
		})
	}
}

// BenchmarkSolve is the solver alone on the same boards.
func BenchmarkSolve(b *testing.B) {
	for _, bb := range bigBoards {
		board := bb.board()
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := lifeline.Solve(context.Background(), board, bb.player); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(board.Cells)), "ns/vertex")
		})
	}
}
