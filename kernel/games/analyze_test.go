package games

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)

// The brute forces below know nothing of the DPs: they try every line of
// play. They check after, analyze and solve of positions on small games.

// bruteChain is the best final score of a chain by trying every merge order.
func bruteChain(vals []*big.Int, ops []byte, memo map[string]*big.Int) *big.Int {
	if len(vals) == 1 {
		return vals[0]
	}
	key := fmt.Sprint(vals, string(ops))
	if v, ok := memo[key]; ok {
		return v
	}
	var best *big.Int
	for k := range ops {
		v := bruteChain(bruteMerge(vals, ops, k))
		if best == nil || v.Cmp(best) > 0 {
			best = v
		}
	}
	memo[key] = best
	return best
}

// bruteMerge merges edge k of a chain.
func bruteMerge(vals []*big.Int, ops []byte, k int) ([]*big.Int, []byte, map[string]*big.Int) {
	v := new(big.Int)
	if ops[k] == '+' {
		v.Add(vals[k], vals[k+1])
	} else {
		v.Mul(vals[k], vals[k+1])
	}
	return slices.Concat(vals[:k], []*big.Int{v}, vals[k+2:]), slices.Concat(ops[:k], ops[k+1:]), bruteMemo
}

var bruteMemo = map[string]*big.Int{}

// brutePoly is the best final score of a polygon position (ring or chain)
// and of each legal move, by edge number.
func brutePoly(s polyPos) (*big.Int, map[int]*big.Int) {
	after := map[int]*big.Int{}
	var best *big.Int
	for _, e := range s.legal() {
		next, why := s.play(e)
		if why != "" {
			panic(why)
		}
		v := bruteChain(next.vals, next.ops(), bruteMemo)
		after[e] = v
		if best == nil || v.Cmp(best) > 0 {
			best = v
		}
	}
	return best, after
}

func randPoly(r *rand.Rand, n int) *Polygon {
	p := &polygon.Polygon{Ops: make([]byte, n), Values: make([]*big.Int, n)}
	for i := range n {
		p.Ops[i] = "+*"[r.IntN(2)]
		p.Values[i] = big.NewInt(int64(r.IntN(9) - 4)) // zeros and negatives: the ties that matter
	}
	return NewPolygon(p)
}

// checkRecord checks the invariants of every analysis: loss = value − after,
// never negative, zero exactly when the move is among best.
func checkRecord(t *testing.T, a *Analysis) {
	t.Helper()
	for i, m := range a.Moves {
		value, after, loss := mustBig(t, m["value"]), mustBig(t, m["after"]), mustBig(t, m["loss"])
		if new(big.Int).Sub(value, after).Cmp(loss) != 0 || loss.Sign() < 0 {
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
	env, _ := testEnv()
	for trial := range 150 {
		p := randPoly(r, 1+r.IntN(7))
		// A random line: sometimes the whole game, sometimes part of it.
		s := ringPos(p)
		var line []any
		for k := r.IntN(p.N + 1); k > 0 && !s.over(); k-- {
			legal := s.legal()
			e := legal[r.IntN(len(legal))]
			line = append(line, e)
			s, _ = s.play(e)
		}
		a, err := analyzeLine(env, "analyze", p, line)
		if err != nil {
			t.Fatalf("%s %v: %v", p, line, err)
		}
		checkRecord(t, a)
		s = ringPos(p)
		for i, m := range a.Moves {
			value, after := brutePoly(s)
			var best []any
			for _, e := range s.legal() {
				if after[e].Cmp(value) == 0 {
					best = append(best, e)
				}
			}
			e := line[i].(int)
			if mustBig(t, m["value"]).Cmp(value) != 0 || mustBig(t, m["after"]).Cmp(after[e]) != 0 || !reflect.DeepEqual(m["best"], best) {
				t.Fatalf("trial %d, %s, line %v, turn %d: got %v; brute force value %s, after %s, best %v", trial, p, line, i+1, m, value, after[e], best)
			}
			s, _ = s.play(e)
		}
		// solve of the position reached agrees too, and its plan reaches its best.
		if c, ok := s.value().(*PolygonChain); ok {
			res := must(t, "solve", c).(*ChainResult)
			best, after := brutePoly(s)
			if s.over() {
				best = s.vals[0]
			}
			if mustBig(t, res.Best).Cmp(best) != 0 {
				t.Fatalf("%s after %v: solve best %v, brute force %s", p, line, res.Best, best)
			}
			var opt []int
			for e, v := range after {
				if v.Cmp(best) == 0 {
					opt = append(opt, e)
				}
			}
			slices.Sort(opt)
			if !slices.Equal(res.Optimal, NonNil(opt)) {
				t.Fatalf("%s after %v: optimal %v, brute force %v", p, line, res.Optimal, opt)
			}
			plan := must(t, "analyze", c, toAny(res.Merges)).(*Analysis)
			if !isZero(plan.Loss) || len(res.Merges) > 0 && mustBig(t, plan.Score).Cmp(best) != 0 {
				t.Fatalf("%s after %v: the plan %v loses %v, scores %v", p, line, res.Merges, plan.Loss, plan.Score)
			}
		}
	}
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func isZero(x any) bool {
	switch v := x.(type) {
	case map[string]any:
		for _, l := range v {
			if !isZero(l) {
				return false
			}
		}
		return true
	}
	return x == 0
}

// The chain DP agrees with the ring solver: a chain is a ring whose first
// deleted edge is known, so its best is the ring's score for that edge.
func TestChainAgainstRingSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 2))
	for range 60 {
		n := 2 + r.IntN(30)
		p := randPoly(r, n)
		if r.IntN(3) == 0 { // big values: beyond 64 bits
			for i := range p.p.Values {
				p.p.Values[i].Lsh(p.p.Values[i], 70)
			}
		}
		res, err := polygon.Solve(context.Background(), p.p)
		if err != nil {
			t.Fatal(err)
		}
		for e := 1; e <= n; e++ {
			s, _ := ringPos(p).play(e)
			dp, err := solveChain(context.Background(), s.vals, s.ops())
			if err != nil {
				t.Fatal(err)
			}
			if dp.best().Cmp(res.Scores[e-1]) != 0 || dp.worst().Cmp(res.Worst[e-1]) != 0 {
				t.Fatalf("%s, edge %d: chain %s..%s, ring solver %s..%s", p, e, dp.worst(), dp.best(), res.Worst[e-1], res.Scores[e-1])
			}
		}
		// The optimal line the solver names has no loss.
		a := must(t, "analyze", p, toAny(append([]int{res.First}, res.Merges...))).(*Analysis)
		if !isZero(a.Loss) || mustBig(t, a.Score).Cmp(res.Best) != 0 {
			t.Fatalf("%s: the solver's plan loses %v, scores %v", p, a.Loss, a.Score)
		}
	}
}

// bruteCoins is the mover's best margin over coins, by trying every line.
func bruteCoins(row []*big.Int) *big.Int {
	if len(row) == 0 {
		return new(big.Int)
	}
	l := new(big.Int).Sub(row[0], bruteCoins(row[1:]))
	rt := new(big.Int).Sub(row[len(row)-1], bruteCoins(row[:len(row)-1]))
	if l.Cmp(rt) >= 0 {
		return l
	}
	return rt
}

func TestAnalyzeCoinsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 3))
	env, _ := testEnv()
	for range 200 {
		n := 1 + r.IntN(9)
		row := make([]*big.Int, n)
		for i := range row {
			row[i] = big.NewInt(int64(r.IntN(21) - 5))
		}
		c := NewCoins(row)
		start := coinsStart(c)
		for k := r.IntN(3); k > 0 && start.lo < start.hi; k-- { // sometimes from a position
			start, _ = start.play([]string{"L", "R"}[r.IntN(2)])
		}
		var line []string
		for k := start.lo; k < start.hi && r.IntN(8) > 0; k++ {
			line = append(line, []string{"L", "R"}[r.IntN(2)])
		}
		a, err := analyzeLine(env, "analyze", start.value(), strings.Join(line, ""))
		if err != nil {
			t.Fatal(err)
		}
		checkRecord(t, a)
		s := start
		for i, m := range a.Moves {
			left := s.left()
			value := bruteCoins(left)
			takeL := new(big.Int).Sub(left[0], bruteCoins(left[1:]))
			takeR := new(big.Int).Sub(left[len(left)-1], bruteCoins(left[:len(left)-1]))
			after := takeL
			if line[i] == "R" {
				after = takeR
			}
			var best []any
			if takeL.Cmp(value) == 0 {
				best = append(best, "L")
			}
			if takeR.Cmp(value) == 0 {
				best = append(best, "R")
			}
			if mustBig(t, m["value"]).Cmp(value) != 0 || mustBig(t, m["after"]).Cmp(after) != 0 || !reflect.DeepEqual(m["best"], best) ||
				m["player"] != playerName(s.mover()) || m["turn"] != len(s.moves)+1 {
				t.Fatalf("%v from %q, line %v, turn %d: got %v; brute force value %s, after %s, best %v", row, start.moves, line, i+1, m, value, after, best)
			}
			s, _ = s.play(line[i])
		}
		if mustBig(t, a.Totals["A"]).Cmp(s.total[0]) != 0 || mustBig(t, a.Totals["B"]).Cmp(s.total[1]) != 0 {
			t.Fatalf("totals %v, want %s %s", a.Totals, s.total[0], s.total[1])
		}
		// solve plays on optimally from the position: the rest has no loss.
		if start.lo < start.hi {
			res := must(t, "solve", start.value()).(*CoinsResult)
			rest := res.Moves[len(start.moves):]
			opt := must(t, "analyze", start.value(), rest).(*Analysis)
			if !isZero(opt.Loss) || !reflect.DeepEqual(opt.Totals["A"], res.Best) || !reflect.DeepEqual(opt.Totals["B"], res.Second) {
				t.Fatalf("%v from %q: solve's line %s loses %v, totals %v vs %v %v", row, start.moves, rest, opt.Loss, opt.Totals, res.Best, res.Second)
			}
		}
	}
}

// brutePlace places a stone by the rules, with a flood fill of its own:
// every group without an empty neighbour after the move goes, except those
// that had none before it (docs/rules.md), and the mover scores the
// removed stones of others minus their own.
func brutePlace(b *lifeline.Board, player, r, p int) (int, *lifeline.Board) {
	deadBefore := bruteDead(b)
	after := b.Clone()
	after.Cells[after.Index(r, p)] = uint8(player)
	dead := bruteDead(after)
	pts := 0
	out := after.Clone()
	for i, d := range dead {
		if d && !deadBefore[i] {
			if after.Cells[i] == uint8(player) {
				pts--
			} else {
				pts++
			}
			out.Cells[i] = 0
		}
	}
	return pts, out
}

// bruteDead marks the stones of groups that touch no empty vertex.
func bruteDead(b *lifeline.Board) []bool {
	dead := make([]bool, len(b.Cells))
	seen := make([]bool, len(b.Cells))
	near := func(r, p int) [][2]int {
		var out [][2]int
		for _, d := range [][2]int{{0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {1, 0}, {1, 1}} {
			if b.Contains(r+d[0], p+d[1]) {
				out = append(out, [2]int{r + d[0], p + d[1]})
			}
		}
		return out
	}
	for r := 1; r <= b.N; r++ {
		for p := 1; p <= r; p++ {
			i := b.Index(r, p)
			if b.Cells[i] == 0 || seen[i] {
				continue
			}
			group, free := [][2]int{{r, p}}, false
			seen[i] = true
			for k := 0; k < len(group); k++ {
				for _, v := range near(group[k][0], group[k][1]) {
					j := b.Index(v[0], v[1])
					switch {
					case b.Cells[j] == 0:
						free = true
					case b.Cells[j] == b.Cells[i] && !seen[j]:
						seen[j] = true
						group = append(group, v)
					}
				}
			}
			for _, v := range group {
				dead[b.Index(v[0], v[1])] = !free
			}
		}
	}
	return dead
}

func TestAnalyzeLifelineAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 4))
	env, _ := testEnv()
	for range 150 {
		n := 1 + r.IntN(6)
		b := lifeline.NewBoard(n)
		for i := range b.Cells {
			if r.IntN(10) < 6 {
				b.Cells[i] = uint8(1 + r.IntN(3))
			}
		}
		var line []any
		var players []int
		cur := b.Clone()
		for k := r.IntN(5); k > 0; k-- {
			var empty [][2]int
			for i, c := range cur.Cells {
				if c == 0 {
					rr, pp := lifeline.Coord(i)
					empty = append(empty, [2]int{rr, pp})
				}
			}
			if len(empty) == 0 {
				break
			}
			v := empty[r.IntN(len(empty))]
			pl := 1 + r.IntN(3)
			line = append(line, []any{v[0], v[1], pl})
			players = append(players, pl)
			_, cur = brutePlace(cur, pl, v[0], v[1])
		}
		a, err := analyzeLine(env, "analyze", NewBoard(b), line)
		if err != nil {
			t.Fatalf("%v: %v", line, err)
		}
		checkRecord(t, a)
		cur = b.Clone()
		totals := map[string]int{}
		for i, m := range a.Moves {
			mv := line[i].([]any)
			rr, pp, pl := mv[0].(int), mv[1].(int), mv[2].(int)
			best, value := []any{}, 0
			for j, c := range cur.Cells {
				if c != 0 {
					continue
				}
				vr, vp := lifeline.Coord(j)
				pts, _ := brutePlace(cur, pl, vr, vp)
				switch {
				case len(best) == 0 || pts > value:
					best, value = []any{[]int{vr, vp}}, pts
				case pts == value:
					best = append(best, []int{vr, vp})
				}
			}
			pts, next := brutePlace(cur, pl, rr, pp)
			if m["value"] != value || m["after"] != pts || !reflect.DeepEqual(m["best"], best) || m["player"] != pl {
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
		if end := a.End.(*Board); !slices.Equal(end.b.Cells, cur.Cells) {
			t.Fatalf("end board\n%s\nwant\n%s", end.b, cur)
		}
		if got := must(t, "after", NewBoard(b), line).(*Board); !slices.Equal(got.b.Cells, cur.Cells) {
			t.Fatalf("after: board\n%s\nwant\n%s", got.b, cur)
		}
		_ = players
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
		{c, "LRLRL", `move 5 ("L"): no coins left`},
		{c, "LX", `move 2 ("X"): "X" is not a move`},
		{c, []any{"L", 1}, `has move 2 that is int, not "L" or "R"`},
		{b, []any{[]any{3, 2, 4}, []any{3, 2, 1}}, "move 2 (stone 1 at (3,2)): (3,2) is occupied by stone 4"},
		{b, []any{[]any{1, 1, 4}}, "(1,1) is occupied by stone 2"},
		{b, []any{[]any{5, 1, 4}}, "(5,1) is not on the board"},
		{b, []any{[]any{3, 2, 0}}, "players are 1..9, got 0"},
		{b, []any{[]any{3, 2}}, "has move 1 that is not [row, position, player]: [3, 2]"},
		{1, "L", "after: argument 1 (x) must be a polygon, chain, coins, coins position or board, got int"},
	} {
		for _, fn := range []string{"after", "analyze"} {
			_, err := call(t, fn, tc.x, tc.moves)
			if err == nil || !strings.Contains(err.Error(), tc.want[strings.Index(tc.want, ":")+1:]) {
				t.Errorf("%s(%v, %v): %v, want %q", fn, TypeName(tc.x), tc.moves, err, tc.want)
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
			t.Errorf("analyze(%s) with a cancelled context: %v", TypeName(tc[0]), err)
		}
	}
}

// A long analysis stops soon after the cell is interrupted.
func TestAnalyzeInterruptedMidway(t *testing.T) {
	env, _ := testEnv()
	ctx, cancel := context.WithCancel(context.Background())
	env.Ctx = ctx
	p := must(t, "randpolygon", 150, 1)
	line := []any{}
	for e := 1; e <= 150; e++ {
		line = append(line, e)
	}
	done := make(chan error, 1)
	go func() {
		_, err := lookup(t, "analyze").Fn(env, p, line)
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	t0 := time.Now()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("interrupted analyze: %v", err)
		}
		if d := time.Since(t0); d > 500*time.Millisecond {
			t.Errorf("stopped %v after the interrupt", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("analyze did not stop")
	}
}

// A position is edited like the game it comes from: a changed copy that
// keeps the moves made, the original as it was.
func TestEditPositions(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	ch := must(t, "after", p, []any{3}).(*PolygonChain)
	got, err := ch.SetIndex([]any{1}, 8)
	if err != nil {
		t.Fatal(err)
	}
	edited := got.(*PolygonChain)
	if edited.Values[0] != 8 || ch.Values[0] != -8 || !slices.Equal(edited.Moves, []int{3}) {
		t.Errorf("edited %v (moves %v), original %v", edited.Values, edited.Moves, ch.Values)
	}
	if best := must(t, "solve", edited).(*ChainResult).Best; best != 224 {
		t.Errorf("solve of the edited chain: %v", best)
	}
	if v := must(t, "at", ch, 2); v != -5 {
		t.Errorf("at(ch, 2) = %v", v)
	}
	if v, _ := ch.GetIndex([]any{5}); v != -2 {
		t.Errorf("ch[5] = %v", v)
	}
	cp := must(t, "after", must(t, "coins", "10 80 90 30"), "L").(*CoinsPosition)
	e := must(t, "setv", cp, 1, 5).(*CoinsPosition)
	if e.Values[0] != 5 || e.Moves != "L" || e.A != 10 || cp.Values[0] != 80 {
		t.Errorf("setv(cp, 1, 5): %v %q %v; original %v", e.Values, e.Moves, e.A, cp.Values)
	}
	if _, err := call(t, "setv", cp, 9, 1); err == nil || !strings.Contains(err.Error(), "argument 2 (i) must be 1..3, got 9") {
		t.Errorf("setv out of range: %v", err)
	}
}
