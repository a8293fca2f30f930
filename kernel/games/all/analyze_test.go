package all_test

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
	solpolygon "gamelab/solvers/polygon"
)

// after, analyze and solve of positions on small games, against the brute
// forces of brute_test.go (the default rules; variants_test.go has every
// variant against the exhaustive solver).

// randPoly is a ring of n values in -4..4 (zeros and negatives: the ties
// that matter) joined by operators from ops.
func randPoly(r *rand.Rand, n int, ops string) *polygon.Polygon {
	p := &solpolygon.Polygon{Ops: make([]byte, n), Values: make([]*big.Int, n)}
	for i := range n {
		p.Ops[i] = ops[r.IntN(len(ops))]
		p.Values[i] = big.NewInt(int64(r.IntN(9) - 4))
	}
	return polygon.NewPolygon(p)
}

// moveValues are moves as analyze's records write them: 3, "L2", [3, 2].
func moveValues(line []games.Move) []any { return mapMoves(line, games.Move.Value) }

func mapMoves[T any](line []games.Move, f func(games.Move) T) []T {
	out := make([]T, len(line))
	for i, m := range line {
		out[i] = f(m)
	}
	return out
}

// lineValues are moves as after and analyze take them: as the records
// write them, and a Life Line move with its player, [3, 2, 4].
func lineValues(line []games.Move) []any {
	out := moveValues(line)
	for i, m := range line {
		if mo, ok := m.(games.MoverOf); ok {
			player, _ := strconv.Atoi(mo.Player())
			out[i] = append(toAny(out[i].([]int)), player)
		}
	}
	return out
}

// checkRecord checks the invariants of every analysis: loss = value −
// after for a maximiser (after − value for a minimiser), never negative,
// zero exactly when the move is among best.
func checkRecord(t *testing.T, a *tools.Analysis, minimise bool) {
	t.Helper()
	for i, m := range a.Moves {
		value, after, loss := mustBig(t, m["value"]), mustBig(t, m["after"]), mustBig(t, m["loss"])
		want := new(big.Int).Sub(value, after)
		if minimise {
			want.Neg(want)
		}
		if want.Cmp(loss) != 0 || loss.Sign() < 0 {
			t.Errorf("turn %d: value %s, after %s, loss %s", i+1, value, after, loss)
		}
		inBest := slices.ContainsFunc(m["best"].([]any), func(b any) bool { return reflect.DeepEqual(b, m["move"]) })
		if inBest != (loss.Sign() == 0) {
			t.Errorf("turn %d: move %v, best %v, loss %s", i+1, m["move"], m["best"], loss)
		}
	}
}

func TestAnalyzePolygonAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 1))
	for trial := range 150 {
		p := randPoly(r, 1+r.IntN(7), "+*")
		// A random line: sometimes the whole game, sometimes part of it.
		line, positions := walk(t, r, p, r.IntN(p.N+1))
		end := positions[len(positions)-1]
		a := must(t, "analyze", p, moveValues(line)).(*tools.Analysis)
		checkRecord(t, a, false)
		brute := newPolyBrute(nil)
		var pos games.Position = p
		for i, m := range a.Moves {
			value, best := bruteBest(brute.at(pos), false)
			after := brute.value(must(t, "after", pos, []any{line[i].Value()}).(games.Position))
			if mustBig(t, m["value"]).Cmp(value) != 0 || mustBig(t, m["after"]).Cmp(after) != 0 || !reflect.DeepEqual(m["best"], best) {
				t.Fatalf("trial %d, %s, line %v, turn %d: got %v; brute force value %s, after %s, best %v", trial, p, line, i+1, m, value, after, best)
			}
			pos, _ = pos.Play(line[i])
		}
		// solve of the position reached agrees too, and its plan reaches its best.
		c, ok := end.(*polygon.Polygon)
		if !ok || len(c.Moves) == 0 {
			continue
		}
		res := must(t, "solve", c).(*polygon.ChainResult)
		best := brute.value(c)
		if mustBig(t, res.Best).Cmp(best) != 0 {
			t.Fatalf("%s after %v: solve best %v, brute force %s", p, line, res.Best, best)
		}
		var opt []int
		if c.N > 1 {
			_, at := bruteBest(brute.at(c), false)
			for _, e := range at {
				opt = append(opt, e.(int))
			}
		}
		if !slices.Equal(res.Optimal, kit.NonNil(opt)) || !slices.Equal(res.Played, c.Moves) {
			t.Fatalf("%s after %v: optimal %v (played %v), brute force %v", p, line, res.Optimal, res.Played, opt)
		}
		plan := must(t, "analyze", c, toAny(res.Merges)).(*tools.Analysis)
		if !isZero(plan.Loss) || len(res.Merges) > 0 && mustBig(t, plan.Score).Cmp(best) != 0 {
			t.Fatalf("%s after %v: the plan %v loses %v, scores %v", p, line, res.Merges, plan.Loss, plan.Score)
		}
	}
}

// A chain solves as the ring does with its first edge known: its best and
// worst are the ring's score and worst for that edge, past 64 bits too.
func TestChainAgainstRingSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 2))
	for range 60 {
		n := 2 + r.IntN(30)
		p := randPoly(r, n, "+*")
		if r.IntN(3) == 0 { // big values: beyond 64 bits
			vals := slices.Clone(p.Solver().Values)
			for i := range vals {
				vals[i] = new(big.Int).Lsh(vals[i], 70)
			}
			p = polygon.NewPolygon(&solpolygon.Polygon{Ops: p.Solver().Ops, Values: vals})
		}
		res := must(t, "solve", p).(*polygon.Result)
		for e := 1; e <= n; e++ {
			cr := must(t, "solve", must(t, "after", p, e)).(*polygon.ChainResult)
			if !reflect.DeepEqual(cr.Best, res.Scores[e-1]) || !reflect.DeepEqual(cr.Worst, res.Worst[e-1]) {
				t.Fatalf("%s, edge %d: chain %v..%v, ring solver %v..%v", p, e, cr.Worst, cr.Best, res.Worst[e-1], res.Scores[e-1])
			}
		}
		// The optimal line the solver names has no loss.
		a := must(t, "analyze", p, toAny(append([]int{res.First}, res.Merges...))).(*tools.Analysis)
		if !isZero(a.Loss) || !reflect.DeepEqual(a.Score, res.Best) {
			t.Fatalf("%s: the solver's plan loses %v, scores %v", p, a.Loss, a.Score)
		}
	}
}

func TestAnalyzeCoinsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 3))
	for range 200 {
		n := 1 + r.IntN(9)
		row := make([]*big.Int, n)
		for i := range row {
			row[i] = big.NewInt(int64(r.IntN(21) - 5))
		}
		c := coins.NewCoins(row)
		before, _ := walk(t, r, c, r.IntN(3)) // sometimes from a position
		start := must(t, "after", c, moveValues(before)).(*coins.Coins)
		var line []string
		for k := 0; k < start.N && r.IntN(8) > 0; k++ {
			line = append(line, []string{"L", "R"}[r.IntN(2)])
		}
		a := must(t, "analyze", start, strings.Join(line, "")).(*tools.Analysis)
		checkRecord(t, a, false)
		brute := newCoinsBrute(nil)
		s := start
		for i, m := range a.Moves {
			left, _ := coinsLeft(s)
			value := brute.margin(left, 1)
			after := new(big.Int).Sub(left[0], brute.margin(left[1:], 1)) // L
			if line[i] == "R" {
				after = new(big.Int).Sub(left[len(left)-1], brute.margin(left[:len(left)-1], 1))
			}
			// One coin left is one move, L (as after and solve write it),
			// however the line spells it.
			var best []any
			if v := new(big.Int).Sub(left[0], brute.margin(left[1:], 1)); v.Cmp(value) == 0 {
				best = append(best, "L")
			}
			if v := new(big.Int).Sub(left[len(left)-1], brute.margin(left[:len(left)-1], 1)); v.Cmp(value) == 0 && len(left) > 1 {
				best = append(best, "R")
			}
			move := line[i]
			if len(left) == 1 {
				move = "L"
			}
			if mustBig(t, m["value"]).Cmp(value) != 0 || mustBig(t, m["after"]).Cmp(after) != 0 || !reflect.DeepEqual(m["best"], best) || m["move"] != move ||
				m["player"] != s.Turn || m["turn"] != len(s.Moves)+1 {
				t.Fatalf("%v from %q, line %v, turn %d: got %v; brute force value %s, after %s, best %v", row, start.Moves, line, i+1, m, value, after, best)
			}
			s = must(t, "after", s, line[i]).(*coins.Coins)
		}
		// analyze from a position counts the totals from the start.
		if !reflect.DeepEqual(a.Totals["A"], s.A) || !reflect.DeepEqual(a.Totals["B"], s.B) {
			t.Fatalf("totals %v, want %v %v", a.Totals, s.A, s.B)
		}
		// solve plays on optimally from the position: the rest has no loss.
		// Issue 18: its moves are those from the position, the moves made
		// before it are in played (they were one string before).
		if start.N > 0 {
			res := must(t, "solve", start).(*coins.Result)
			if res.Played != start.Moves || len(res.Moves) != start.N {
				t.Fatalf("%v from %q: solve's moves %q, played %q", row, start.Moves, res.Moves, res.Played)
			}
			opt := must(t, "analyze", start, res.Moves).(*tools.Analysis)
			if !isZero(opt.Loss) || !reflect.DeepEqual(opt.Totals["A"], res.Best) || !reflect.DeepEqual(opt.Totals["B"], res.Second) {
				t.Fatalf("%v from %q: solve's line %s loses %v, totals %v vs %v %v", row, start.Moves, res.Moves, opt.Loss, opt.Totals, res.Best, res.Second)
			}
		}
	}
}

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
		a := must(t, "analyze", b, line).(*tools.Analysis)
		checkRecord(t, a, false)
		cur = cellsOf(b)
		totals := map[string]int{}
		for i, m := range a.Moves {
			mv := line[i].([]any)
			rr, pp, pl := mv[0].(int), mv[1].(int), mv[2].(int)
			value, best := bruteBest(brute.moves(cur, pl), false)
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
		if got := must(t, "after", b, line).(*lifeline.Board); !reflect.DeepEqual(got.Rows, cur) {
			t.Fatalf("after: board\n%s\nwant\n%s", got, rowsText(cur))
		}
	}
}

func TestAfterErrors(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	c := must(t, "coins", "10 80 90 30")
	b := must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	for _, tc := range []struct {
		x     any
		moves any
		want  string
	}{
		{p, []any{6}, "after: argument 2 (moves) has an illegal move 1 (edge 6): edge 6 does not exist (the polygon has edges 1..5)"},
		{p, []any{3, 3}, "move 2 (edge 3): edge 3 was deleted by move 1"},
		{p, []any{3, 2, 2}, "move 3 (edge 2): edge 2 was merged by move 2"},
		{p, []any{3, 2, 1, 5, 4, 1}, "move 6 (edge 1): the game is over: one vertex is left"},
		{p, []any{"x"}, "has move 1 that must be an integer, got string"},
		// Issue 18: the coins moves' errors say why in the rules' words.
		{c, "LRLRL", `move 5 ("L"): no coins are left`},
		{c, "LX", `has move 2 ("X") that is not a move`},
		{c, []any{"L", 1}, `has move 2 that is int, not a move like "L" or "R2"`},
		{b, []any{[]any{3, 2, 4}, []any{3, 2, 1}}, "move 2 (stone 1 at (3,2)): (3,2) is occupied by stone 4"},
		{b, []any{[]any{1, 1, 4}}, "(1,1) is occupied by stone 2"},
		{b, []any{[]any{5, 1, 4}}, "(5,1) is not on the board"},
		{b, []any{[]any{3, 2, 0}}, "players are 1..9, got 0"},
		{b, []any{[]any{3, 2}}, "has move 1 that is not [row, position, player]: [3, 2]"},
		{1, "L", "after: argument 1 (x) must be " + gameKinds() + ", got int"},
	} {
		for _, fn := range []string{"after", "analyze"} {
			_, err := call(t, fn, tc.x, tc.moves)
			if err == nil || !strings.Contains(err.Error(), tc.want[strings.Index(tc.want, ":")+1:]) {
				t.Errorf("%s(%v, %v): %v, want %q", fn, kit.TypeName(tc.x), tc.moves, err, tc.want)
			}
		}
	}
}

func TestAnalyzeCancelled(t *testing.T) {
	env, _ := testEnv()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env.Ctx = ctx
	p := must(t, "randpolygon", 12, 1)
	for _, tc := range [][]any{{p, []any{1, 2}}, {must(t, "randcoins", 30, 1), "LR"}, {must(t, "randboard", 6, 1), []any{[]any{6, 1, 1}}}} {
		if _, err := lookup(t, "analyze").Fn(env, tc...); !errors.Is(err, context.Canceled) {
			t.Errorf("analyze(%s) with a cancelled context: %v", kit.TypeName(tc[0]), err)
		}
	}
}

// A long analysis stops soon after the cell is interrupted: the interrupt
// comes with the line's first progress report, and at most a few more
// follow it. (The old test timed the stop; the progress reports measure
// the same without a clock.)
func TestAnalyzeInterruptedMidway(t *testing.T) {
	p := must(t, "randpolygon", 150, 1)
	line := []any{}
	for e := 1; e <= 150; e++ {
		line = append(line, e)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reports, after := 0, 0
	env := &builtin.Env{Ctx: ctx, Progress: func(done, total int64) {
		if reports++; ctx.Err() != nil {
			after++
		} else if done > 0 {
			cancel()
		}
	}}
	done := make(chan error, 1)
	go func() {
		_, err := lookup(t, "analyze").Fn(env, p, line)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("interrupted analyze: %v", err)
		}
		if after > 2 {
			t.Errorf("%d progress reports after the interrupt (of %d)", after, reports)
		}
	case <-time.After(time.Minute): // a hang, not a speed limit
		t.Fatal("analyze did not stop")
	}
}

// A position is edited like the game it comes from: a changed copy that
// keeps the moves made, the original as it was.
func TestEditPositions(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	ch := must(t, "after", p, []any{3}).(*polygon.Polygon)
	got, err := ch.SetIndex([]any{1}, 8)
	if err != nil {
		t.Fatal(err)
	}
	edited := got.(*polygon.Polygon)
	if edited.Values[0] != 8 || ch.Values[0] != -8 || !slices.Equal(edited.Moves, []int{3}) {
		t.Errorf("edited %v (moves %v), original %v", edited.Values, edited.Moves, ch.Values)
	}
	if best := must(t, "solve", edited).(*polygon.ChainResult).Best; best != 224 {
		t.Errorf("solve of the edited chain: %v", best)
	}
	if v := must(t, "at", ch, 2); v != -5 {
		t.Errorf("at(ch, 2) = %v", v)
	}
	if v, _ := ch.GetIndex([]any{5}); v != -2 {
		t.Errorf("ch[5] = %v", v)
	}
	cp := must(t, "after", must(t, "coins", "10 80 90 30"), "L").(*coins.Coins)
	e := must(t, "setv", cp, 1, 5).(*coins.Coins)
	if e.Values[0] != 5 || e.Moves != "L" || e.A != 10 || cp.Values[0] != 80 {
		t.Errorf("setv(cp, 1, 5): %v %q %v; original %v", e.Values, e.Moves, e.A, cp.Values)
	}
	if _, err := call(t, "setv", cp, 9, 1); err == nil || !strings.Contains(err.Error(), "argument 2 (i) must be 1..3, got 9") {
		t.Errorf("setv out of range: %v", err)
	}
}

// A line of play from a board that play cannot reach warns as solve does,
// once, and the groups that were already dead stay (issue 18): they count
// for no move, as the judge has it.
func TestAfterUnreachableBoardWarns(t *testing.T) {
	dead := must(t, "board", 4, "1  1 1  2 2 2  0 0 0 0")
	const warning = "this board cannot arise in play: 3 stones 1 at (1,1) (2,1) (2,2) touches no empty vertex; like the judge, no move counts them"
	for _, fn := range []string{"after", "analyze"} {
		env, _ := testEnv()
		var warned []string
		env.Warn = func(msg string) { warned = append(warned, msg) }
		v, err := lookup(t, fn).Fn(env, dead, []any{[]any{4, 1, 3}, []any{4, 4, 2}})
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
	env, _ := testEnv()
	env.Warn = func(msg string) { t.Errorf("a reachable board warned %q", msg) }
	if _, err := lookup(t, "after").Fn(env, must(t, "board", 4, "1  1 0  2 2 2  0 0 0 0"), []any{4, 1, 3}); err != nil {
		t.Fatal(err)
	}
}

// A polygon line that has not ended has no score, and says why in words
// true of every ring: for n = 1 one value is left before the edge is
// deleted.
func TestAnalyzeUnfinishedPolygonSaysWhy(t *testing.T) {
	for text, want := range map[string]string{
		"+ 1 * 2 + 3": "score: none yet (not over: an edge is deleted, then merges leave one value)",
		"* 5":         "score: 5", // one vertex: no move, the game is over
	} {
		p := must(t, "polygon", text)
		a := must(t, "analyze", p, []any{}).(*tools.Analysis)
		if got := a.Text(); !strings.Contains(got, want) {
			t.Errorf("analyze(polygon(%q), []):\n%s", text, got)
		}
	}
}
