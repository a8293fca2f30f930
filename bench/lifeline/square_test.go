package lifelinebench

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamelab/internal/benchproc"
	"gamelab/solvers/lifeline"
)

// squareN is the size of the square benchmarks: 10^6 vertices, solved in
// under 2 s and 300 MB.
const squareN = 1000

// squareBoards are the 1000×1000 textures, as bigBoards are the triangle's.
var squareBoards = []struct {
	name  string
	board func() *lifeline.Board
}{
	// A tenth empty, stones 1..3: many capturable groups.
	{"random", func() *lifeline.Board {
		b, err := lifeline.RandomBoardWith(squareN, 1, lifeline.RandomOptions{Grid: lifeline.Square, Lo: 1, Hi: 3, Empty: 0.1})
		if err != nil {
			panic(err)
		}
		return b
	}},
	// Every vertex is a best move.
	{"empty", func() *lifeline.Board { return lifeline.Square.NewBoard(squareN) }},
	// One group of a million stones whose only liberty is (1,1).
	{"one-group", func() *lifeline.Board {
		b := lifeline.Square.NewBoard(squareN)
		for i := 1; i < len(b.Cells); i++ {
			b.Cells[i] = 1
		}
		return b
	}},
	// A checkerboard of 1s and 2s around one empty corner: a million dead
	// single stones, the most memory a result takes.
	{"all-dead", func() *lifeline.Board {
		b := lifeline.Square.NewBoard(squareN)
		for i := range b.Cells {
			r, p := b.Coord(i)
			b.Cells[i] = uint8(1 + (r+p)%2)
		}
		b.Cells[0] = 0
		return b
	}},
}

// squareRules are the rule combinations the square benchmarks run under.
var squareRules = map[string]lifeline.Rules{
	"together":            {},
	"others-first-nosuic": {Capture: lifeline.OthersFirst, NoSuicide: true},
}

// BenchmarkSolveSquare is the solver alone on 1000×1000 boards, failing
// above 2 s a solve.
func BenchmarkSolveSquare(b *testing.B) {
	for _, sb := range squareBoards {
		board := sb.board()
		for rname, rules := range squareRules {
			b.Run(sb.name+"/"+rname, func(b *testing.B) {
				var worst time.Duration
				for b.Loop() {
					start := time.Now()
					if _, err := rules.Solve(context.Background(), board, 2); err != nil && err != lifeline.ErrNoLegalMove {
						b.Fatal(err)
					}
					worst = max(worst, time.Since(start))
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(board.Cells)), "ns/vertex")
				b.ReportMetric(worst.Seconds(), "worst-s")
				if worst > 2*time.Second {
					b.Errorf("%s: %v a solve, over 2 s", sb.name, worst)
				}
			})
		}
	}
}

// BenchmarkRemovedAtEveryVertex asks what every empty vertex of a square
// board removes (as dp(b, player) shows it): the index, then one list each.
func BenchmarkRemovedAtEveryVertex(b *testing.B) {
	for _, sb := range squareBoards {
		board := sb.board()
		res, err := lifeline.Solve(context.Background(), board, 2)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(sb.name, func(b *testing.B) {
			stones := 0
			for b.Loop() {
				res, _ = lifeline.Solve(context.Background(), board, 2) // a fresh index each time
				stones = 0
				for i, c := range board.Cells {
					if c != 0 {
						continue
					}
					r, p := board.Coord(i)
					list, err := res.RemovedAt(context.Background(), r, p)
					if err != nil {
						b.Fatal(err)
					}
					stones += len(list)
				}
			}
			b.ReportMetric(float64(stones), "stones")
		})
	}
}

// childEnv names the square texture a child process of this test binary
// solves (see TestMain): whole-process time and memory without the gamelab
// binary, whose batch command does not take rules yet.
const childEnv = "GAMELAB_LIFELINE_SQUARE_CHILD"

// solveInChild is the child's work: build the board, solve it under every
// rule combination benchmarked, list what the best move removes, and print
// the process's peak resident memory. (The parent cannot take it from the
// child's rusage: Linux carries the peak of the memory image exec replaced,
// which after Go's vfork is the parent's, into the child's maximum.)
func solveInChild(name string) error {
	if err := solveTexture(name); err != nil {
		return err
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Println(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")))
			return nil
		}
	}
	return fmt.Errorf("no VmHWM in /proc/self/status")
}

// solveTexture solves the texture called name under every rule combination.
func solveTexture(name string) error {
	for _, sb := range squareBoards {
		if sb.name != name {
			continue
		}
		board := sb.board()
		if need := lifeline.SolveBytes(lifeline.Square, squareN); need > 300<<20 {
			return fmt.Errorf("SolveBytes says %d bytes", need)
		}
		for _, rules := range squareRules {
			res, err := rules.Solve(context.Background(), board, 2)
			if err == lifeline.ErrNoLegalMove {
				continue
			}
			if err != nil {
				return err
			}
			if _, err := res.RemovedAt(context.Background(), res.Moves[0][0], res.Moves[0][1]); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("no square texture %q", name)
}

// BenchmarkSquareProcess runs this test binary as a child that builds one
// 1000×1000 board and solves it (both rule sets, with the index RemovedAt
// builds), and reports the wall time and peak RSS of the whole process,
// failing above 2 s per solve or 300 MB.
func BenchmarkSquareProcess(b *testing.B) {
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, sb := range squareBoards {
		b.Run(sb.name, func(b *testing.B) {
			var worst time.Duration
			var peak int64
			os.Setenv(childEnv, sb.name)
			defer os.Unsetenv(childEnv)
			for b.Loop() {
				r := benchproc.Run(b, nil, []string{self, "-test.run", "^$"})
				kb, err := strconv.ParseInt(strings.TrimSpace(string(r.Out)), 10, 64)
				if err != nil {
					b.Fatalf("the child's peak memory: %v", err)
				}
				worst, peak = max(worst, r.Wall), max(peak, kb<<10)
			}
			b.ReportMetric(worst.Seconds(), "worst-s")
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			if worst > time.Duration(len(squareRules))*2*time.Second || peak > 300<<20 {
				b.Errorf("%s: %v and %d MB, over the 2 s a solve / 300 MB budget", sb.name, worst, peak>>20)
			}
		})
	}
}
