package defined_test

import (
	"context"
	"fmt"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games/defined"
)

// The speed of games defined in the language, on the games the issue
// measures against a plain Python functools.lru_cache minimax
// (testdata/python): the subtraction game n = 100,000 (take 1..7),
// tic-tac-toe from the empty board (scripts/games/tictactoe.gl) and coins
// in a row n = 300. Each reports the positions solved a second, the
// milliseconds a solve takes and the bytes the instance keeps a position
// (all of it, and past the keys' own text); BenchmarkVersusPython runs the
// Python beside each and reports how many times faster the language is.

// A benchmark's game: its definition (run once), the instance it solves
// (a new one each time: its table is its own) and the value it must have.
type benchGame struct {
	name, def, instance, value string
	python                     []string // the Python script and its arguments
}

var benchGames = []benchGame{
	{"subtraction", `sub = game({name: "sub", moves: {1..min(#.state, 7)}, play: {#.state - #.move}, value: {-1}})`,
		`sub(100000)`, "-1", []string{"subtraction.py", "100000"}},
	{"tictactoe", `load("tictactoe.gl")`, `ttt(split(".........", ""))`, "0", []string{"tictactoe.py"}},
	{"coins", `cs = map(1..300, {# * 37 % 101 + 1}); ` +
		`row2 = game({name: "row2", moves: {#.state[1] <= #.state[2] ? ["L", "R"] : []}, ` +
		`play: {#.move == "L" ? [#.state[1] + 1, #.state[2]] : [#.state[1], #.state[2] - 1]}, ` +
		`earn: {cs[#.move == "L" ? #.state[1] : #.state[2]]}})`,
		`row2([1, 300])`, "197", []string{"coins.py", "300"}},
}

// benchSession is a session with g defined.
func benchSession(b *testing.B, g benchGame) *kernel.Session {
	b.Helper()
	// value(p) is p's value, the search alone: solve would also play out
	// its line, which the subtraction game's 100,000 moves pass.
	value := &builtin.Builtin{Name: "value", Fn: func(env *builtin.Env, args ...any) (any, error) {
		ev, err := args[0].(*defined.Position).Evaluate(env)
		if err != nil {
			return nil, err
		}
		return ev.Value, nil
	}}
	// parts(p, name, n) calls p's part name n times.
	parts := &builtin.Builtin{Name: "parts", Fn: func(env *builtin.Env, args ...any) (any, error) {
		return nil, defined.CallPart(args[0].(*defined.Position), args[1].(string), args[2].(int))
	}}
	s := kernel.NewSession(kernel.WithBuiltins(value, parts), kernel.WithDir("../../../scripts/games"))
	if out := s.Execute(context.Background(), g.def); out.Err != nil {
		b.Fatal(out.Err.Msg)
	}
	return s
}

// solveOnce solves a new instance of g, as a user does (bench = …;
// value(bench)), checks its value and returns the instance.
func solveOnce(b *testing.B, s *kernel.Session, g benchGame) *defined.Position {
	b.Helper()
	out := s.Execute(context.Background(), "bench = "+g.instance+"\nvalue(bench)")
	if out.Err != nil {
		b.Fatal(out.Err.Msg)
	}
	if got := strings.TrimSpace(out.Result.Text); got != g.value {
		b.Fatalf("%s: value %s, want %s", g.name, got, g.value)
	}
	p, err := s.Value(context.Background(), "bench")
	if err != nil {
		b.Fatal(err.Msg)
	}
	return p.(*defined.Position)
}

// benchSolve solves g b.N times and reports the positions a second, the
// milliseconds a solve and the bytes a position; it returns the
// milliseconds a solve.
func benchSolve(b *testing.B, g benchGame) float64 {
	s := benchSession(b, g)
	// What one solve keeps: the heap it leaves, with the instance alive.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p := solveOnce(b, s, g)
	runtime.GC()
	runtime.ReadMemStats(&after)
	positions, keyBytes := defined.Solved(p)
	runtime.KeepAlive(p)
	kept := float64(after.HeapAlloc) - float64(before.HeapAlloc)
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		solveOnce(b, s, g)
	}
	ms := float64(time.Since(start).Milliseconds()) / float64(b.N)
	b.ReportMetric(ms, "ms/solve")
	b.ReportMetric(float64(positions)*1000/ms, "positions/s")
	b.ReportMetric(kept/float64(positions), "B/position")
	b.ReportMetric((kept-float64(keyBytes))/float64(positions), "B/position-past-keys")
	return ms
}

func BenchmarkSubtraction100000(b *testing.B) { benchSolve(b, benchGames[0]) }
func BenchmarkTicTacToe(b *testing.B)         { benchSolve(b, benchGames[1]) }
func BenchmarkCoins300(b *testing.B)          { benchSolve(b, benchGames[2]) }

// BenchmarkVersusPython runs each game's Python beside the language's
// definition and reports Python's milliseconds and the ratio (how many
// times faster the language is; the goal is 10). It is skipped without
// /usr/bin/python3.
func BenchmarkVersusPython(b *testing.B) {
	python, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		b.Skip("no /usr/bin/python3")
	}
	for _, g := range benchGames {
		b.Run(g.name, func(b *testing.B) {
			out, err := exec.Command(python, append([]string{"testdata/python/" + g.python[0]}, g.python[1:]...)...).Output()
			if err != nil {
				b.Fatalf("%s: %v", g.python[0], err)
			}
			// The script prints its value, its positions and its milliseconds.
			f := strings.Fields(string(out))
			if len(f) != 3 || f[0] != g.value {
				b.Fatalf("%s printed %q, want the value %s, the positions and the milliseconds", g.python[0], out, g.value)
			}
			pyMS, err := strconv.ParseFloat(f[2], 64)
			if err != nil {
				b.Fatal(err)
			}
			ms := benchSolve(b, g)
			b.ReportMetric(pyMS, "python-ms/solve")
			b.ReportMetric(pyMS/ms, "times-faster")
		})
	}
}

// BenchmarkPart is one call of each part of the benchmarks' games (and a
// key; moves asks over first, as the search does, in tic-tac-toe), what
// a position's search makes some five of, in a cell as a search's.
func BenchmarkPart(b *testing.B) {
	for _, g := range benchGames {
		b.Run(g.name, func(b *testing.B) { benchParts(b, g) })
	}
}

func benchParts(b *testing.B, g benchGame) {
	s := benchSession(b, g)
	for _, part := range []string{"moves", "play", "earn", "key"} {
		if part == "earn" && !strings.Contains(g.def, "earn:") {
			continue
		}
		b.Run(part, func(b *testing.B) {
			code := fmt.Sprintf("parts(%s, %q, %d)", g.instance, part, b.N)
			if out := s.Execute(context.Background(), code); out.Err != nil {
				b.Fatal(out.Err.Msg)
			}
		})
	}
}

// The games solved whole (repeat): a draw game of 2 × 200,000 positions
// (a counter doubled or doubled and one, modulo 200,000; worth its
// residue mod 3, less 1, when it reaches a multiple of 7), and the water
// jugs of 30,000 and 70,001 litres measuring 35,000 (200,002 positions).
var repeatGames = []benchGame{
	{"draw", `loopy = game({name: "loopy", repeat: "draw", moves: {#.state % 7 == 0 ? [] : [1, 2]}, ` +
		`play: {(#.state * 2 + #.move) % 200000}, value: {#.state % 3 - 1}})`, `loopy(1)`, "", nil},
	{"puzzle", `load("jugs.gl")`, `jugs([0, 0], {small: 30000, big: 70001, goal: 35000})`, "", nil},
}

// BenchmarkRepeat solves each whole and reports the positions a second.
func BenchmarkRepeat(b *testing.B) {
	for _, g := range repeatGames {
		b.Run(g.name, func(b *testing.B) {
			s := benchSession(b, g)
			var positions int
			start := time.Now()
			for b.Loop() {
				out := s.Execute(context.Background(), "bench = "+g.instance+"\nvalue(bench)")
				if out.Err != nil {
					b.Fatal(out.Err.Msg)
				}
				p, err := s.Value(context.Background(), "bench")
				if err != nil {
					b.Fatal(err.Msg)
				}
				positions, _ = defined.Solved(p.(*defined.Position))
			}
			ms := float64(time.Since(start).Milliseconds()) / float64(b.N)
			b.ReportMetric(ms, "ms/solve")
			b.ReportMetric(float64(positions), "positions")
			b.ReportMetric(float64(positions)*1000/ms, "positions/s")
		})
	}
}
