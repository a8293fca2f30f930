package lifeline_test

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/tools"
)

// after, analyze and solve of positions on small boards, against the brute
// force of brute_test.go (the default rules; laws_test.go has every variant
// against the exhaustive solver).

func TestAnalyzeLifelineAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 4))
	brute := newBoardBrute(nil)
	for range 150 {
		n := 1 + r.IntN(6)
		b := lifeline.NewBoard(solverBoard(0, n, func(int) uint8 {
			if r.IntN(10) < 6 {
				return uint8(1 + r.IntN(3))
			}
			return 0
		}))
		var line []any
		cur := cellsOf(b)
		for k := r.IntN(5); k > 0; k-- {
			var empty [][2]int
			for rr, row := range cur {
				for pp, c := range row {
					if c == 0 {
						empty = append(empty, [2]int{rr, pp})
					}
				}
			}
			if len(empty) == 0 {
				break
			}
			v := empty[r.IntN(len(empty))]
			pl := 1 + r.IntN(3)
			line = append(line, []any{v[0] + 1, v[1] + 1, pl})
			_, cur, _ = brute.place(cur, pl, v[0], v[1])
		}
		a := gamestest.Must(t, "analyze", b, line).(*tools.Analysis)
		gamestest.CheckRecord(t, a, false)
		cur = cellsOf(b)
		totals := map[string]int{}
		for i, m := range a.Moves {
			mv := line[i].([]any)
			rr, pp, pl := mv[0].(int), mv[1].(int), mv[2].(int)
			value, best := gamestest.BruteBest(brute.moves(cur, pl), false)
			pts, next, _ := brute.place(cur, pl, rr-1, pp-1)
			if m["value"] != int(value.Int64()) || m["after"] != pts || !reflect.DeepEqual(m["best"], best) || m["player"] != pl {
				t.Fatalf("board\n%s\nline %v, turn %d: got %v; brute force value %d, after %d, best %v", b, line, i+1, m, value, pts, best)
			}
			totals[strconv.Itoa(pl)] += pts
			cur = next
		}
		for p, v := range totals {
			if a.Totals[p] != v {
				t.Fatalf("totals %v, want %v", a.Totals, totals)
			}
		}
		if end := a.End.(*lifeline.Board); !reflect.DeepEqual(end.Rows, cur) {
			t.Fatalf("end board\n%s\nwant\n%s", end, rowsText(cur))
		}
		if got := gamestest.Must(t, "after", b, line).(*lifeline.Board); !reflect.DeepEqual(got.Rows, cur) {
			t.Fatalf("after: board\n%s\nwant\n%s", got, rowsText(cur))
		}
	}
}

// A line of play from a board that play cannot reach warns as solve does,
// once, and the groups that were already dead stay (issue 18): they count
// for no move, as the judge has it.
func TestAfterUnreachableBoardWarns(t *testing.T) {
	dead := gamestest.Must(t, "board", 4, "1  1 1  2 2 2  0 0 0 0")
	const warning = "this board cannot arise in play: 3 stones 1 at (1,1) (2,1) (2,2) touches no empty vertex; like the judge, no move counts them"
	for _, fn := range []string{"after", "analyze"} {
		env, _ := gamestest.Recording()
		var warned []string
		env.Warn = func(msg string) { warned = append(warned, msg) }
		v, err := gamestest.Tool(fn).Fn(env, dead, []any{[]any{4, 1, 3}, []any{4, 4, 2}})
		if err != nil {
			t.Fatal(err)
		}
		if len(warned) != 1 || warned[0] != warning {
			t.Errorf("%s warned %q", fn, warned)
		}
		end, ok := v.(*lifeline.Board)
		if a, isAnalysis := v.(*tools.Analysis); isAnalysis {
			end, ok = a.End.(*lifeline.Board), true
			if a.Totals["3"] != 0 || a.Totals["2"] != 0 {
				t.Errorf("the dead 1s counted: %v", a.Totals)
			}
		}
		if !ok || !reflect.DeepEqual(end.Rows[:2], [][]int{{1}, {1, 1}}) {
			t.Errorf("%s: the dead group went:\n%v", fn, v)
		}
	}
	env, _ := gamestest.Recording()
	env.Warn = func(msg string) { t.Errorf("a reachable board warned %q", msg) }
	if _, err := gamestest.Tool("after").Fn(env, gamestest.Must(t, "board", 4, "1  1 0  2 2 2  0 0 0 0"), []any{4, 1, 3}); err != nil {
		t.Fatal(err)
	}
}
