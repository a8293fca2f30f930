package all_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
)

// Issue 21's property tests: dp(x) is read through the builtins a user
// calls (dp, at, position) under every combination of every game's rules,
// on random small instances, and every cell is checked against the brute
// force of brute_test.go on the sub-game the cell names: a polygon cell's
// minimum and maximum are the extremes over every merge order of its
// sub-chain, a coins cell's margin and optimal moves are the exhaustive
// search's on the coins it leaves, a Life Line vertex's points, legality
// and removed stones are the rules played literally. The plan is checked
// to be exactly the cells the optimal play uses: the polygon's plan is a
// merge tree whose extremes combine into the best, the coins plan is a
// line of optimal moves from the whole row to the last coin.

func TestDPAgainstBruteForce(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 2026))
	illegal := 0
	for _, v := range variants() {
		for trial := range 25 {
			x := v.instance(t, r)
			where := fmt.Sprintf("%s trial %d:\n%s", v, trial, x.Text())
			switch v.game {
			case "polygon":
				checkPolygonDP(t, where, v, x)
				if n := x.(*polygon.Polygon).N; n > 2 {
					// a chain after the first move has a table of its own
					e := 1 + r.IntN(n)
					checkPolygonDP(t, where+fmt.Sprintf("after edge %d", e), v, must(t, "after", x, e).(games.Position))
				}
			case "coins":
				checkCoinsDP(t, where, v, x)
			case "lifeline":
				if checkBoardDP(t, where, v, x) {
					illegal++
				}
			}
		}
	}
	if illegal < 5 {
		t.Errorf("only %d boards had an illegal vertex: the suicide rule went untried", illegal)
	}
}

// subChain is the chain of length j starting at vertex i of a ring (the
// indices wrap) or of a chain.
func subChain(x games.Position, i, j int) ([]*big.Int, []byte) {
	var vals []*big.Int
	var ops []byte
	switch p := x.(type) {
	case *polygon.Polygon:
		if len(p.Moves) > 0 { // a chain
			vals, ops = bigs(p.Values)[i-1:i-1+j], []byte(p.Ops)[i-1:i-2+j]
			break
		}
		all := bigs(p.Values)
		for k := range j {
			vals = append(vals, all[(i-1+k)%p.N])
			if k > 0 {
				ops = append(ops, p.Ops[(i-1+k)%p.N]) // edge i+k joins v(i+k−1) and v(i+k)
			}
		}
	}
	return vals, ops
}

func checkPolygonDP(t *testing.T, where string, v variant, x games.Position) {
	t.Helper()
	d := must(t, "dp", x).(*polygon.DP)
	minB, maxB := newPolyBrute(map[string]any{"goal": "min"}), newPolyBrute(map[string]any{"goal": "max"})
	env, _ := testEnv()
	cells := map[[2]int]*polygon.Cell{}
	for i := 1; i <= d.N; i++ {
		lengths := d.N
		if !d.Ring {
			lengths = d.N - i + 1
		}
		for j := 1; j <= lengths; j++ {
			c := must(t, "at", d, i, j).(*polygon.Cell)
			vals, ops := subChain(x, i, j)
			lo, hi := minB.chain(vals, ops), maxB.chain(vals, ops)
			if bigOf(c.Min).Cmp(lo) != 0 || bigOf(c.Max).Cmp(hi) != 0 {
				t.Fatalf("%s: at(d, %d, %d) = min %v max %v; every merge order of %v %q: %s..%s", where, i, j, c.Min, c.Max, vals, ops, lo, hi)
			}
			// position(d, i, j) is that sub-chain as a game of its own
			if j > 1 {
				sub := must(t, "position", d, i, j).(games.Position)
				ev, err := games.Evaluate(env, sub)
				want := hi
				if v.rules["goal"] == "min" {
					want = lo
				}
				if err != nil || ev.Value.Cmp(want) != 0 {
					t.Fatalf("%s: position(d, %d, %d) solves to %v (%v), the cell's %s", where, i, j, ev, err, want)
				}
				// A whole ring's cell is the ring after deleting edge i, a
				// whole chain's the chain: the edges keep their numbers.
				if j == d.N && (d.Ring || i == 1) {
					whole := x
					if d.Ring {
						whole = must(t, "after", x, []any{i}).(games.Position)
					}
					if sub.Text() != whole.Text() {
						t.Fatalf("%s: position(d, %d, %d) is\n%s\nnot\n%s", where, i, j, sub.Text(), whole.Text())
					}
				}
			}
			cells[[2]int{i, j}] = c
		}
	}
	// The plan: a merge tree over the whole chain, each part at the
	// extreme it names, each internal part its two sub-parts' extremes
	// combined by the operator between them, the root the best.
	plan := map[[2]int]string{}
	for _, pc := range d.Plan {
		key := [2]int{pc[0].(int), pc[1].(int)}
		if _, dup := plan[key]; dup {
			t.Fatalf("%s: plan names cell %v twice", where, key)
		}
		plan[key] = pc[2].(string)
		if cells[key].Plan != pc[2] {
			t.Fatalf("%s: cell %v says plan %q, the plan %q", where, key, cells[key].Plan, pc[2])
		}
	}
	if len(d.Plan) != 2*d.N-1 {
		t.Fatalf("%s: a plan of %d cells; a merge tree of %d vertices has %d", where, len(d.Plan), d.N, 2*d.N-1)
	}
	extreme := func(key [2]int) *big.Int {
		if plan[key] == "min" {
			return bigOf(cells[key].Min)
		}
		return bigOf(cells[key].Max)
	}
	visited := 0
	var tree func(i, j int) bool
	tree = func(i, j int) bool {
		if _, ok := plan[[2]int{i, j}]; !ok {
			return false
		}
		visited++
		if j == 1 {
			return true
		}
		for s := 1; s < j; s++ {
			i2 := (i-1+s)%d.N + 1
			if _, ok := plan[[2]int{i, s}]; !ok {
				continue
			}
			if _, ok := plan[[2]int{i2, j - s}]; !ok {
				continue // both parts of the tree's split are the plan's
			}
			_, ops := subChain(x, i, j)
			if applyOp(ops[s-1], extreme([2]int{i, s}), extreme([2]int{i2, j - s})).Cmp(extreme([2]int{i, j})) == 0 {
				return tree(i, s) && tree(i2, j-s)
			}
		}
		return false
	}
	var root [2]int
	for key := range plan {
		if key[1] == d.N {
			root = key
		}
	}
	if plan[root] != v.rules["goal"] || extreme(root).Cmp(bigOf(d.Best)) != 0 {
		t.Fatalf("%s: plan root %v at %s is %v, the best %v under goal %v", where, root, plan[root], extreme(root), d.Best, v.rules["goal"])
	}
	if !tree(root[0], root[1]) || visited != len(plan) {
		t.Fatalf("%s: the plan %v is no merge tree making %v (%d of %d cells reached)", where, d.Plan, d.Best, visited, len(plan))
	}
}

func checkCoinsDP(t *testing.T, where string, v variant, x games.Position) {
	t.Helper()
	d := must(t, "dp", x).(*coins.DP)
	b := newCoinsBrute(v.rules)
	row := bigs(x.(*coins.Coins).Values)
	twoM := v.rules["take"] == "2M"
	// the positions play can reach: coins from..to left, with M
	type pos struct{ from, to, m int }
	reach := map[pos]bool{}
	var walk func(from, to, m int)
	walk = func(from, to, m int) {
		if from > to || reach[pos{from, to, m}] {
			return
		}
		reach[pos{from, to, m}] = true
		names, rests, ms, _ := b.options(row[from-1:to], m)
		for k := range names {
			f := from
			if names[k][0] == 'L' {
				f = from + (to - from + 1 - len(rests[k]))
			}
			if twoM {
				walk(f, f+len(rests[k])-1, ms[k])
			} else {
				walk(f, f+len(rests[k])-1, 1)
			}
		}
	}
	walk(1, len(row), 1)
	atArgs := func(p pos) []any {
		if twoM {
			return []any{d, p.from, p.to, p.m}
		}
		return []any{d, p.from, p.to}
	}
	seen := 0
	for from := 1; from <= len(row); from++ {
		for to := from; to <= len(row); to++ {
			for m := 1; m <= len(row); m++ {
				if !twoM && m > 1 {
					break
				}
				p := pos{from, to, m}
				got, err := call(t, "at", atArgs(p)...)
				if !reach[p] {
					if err == nil && twoM {
						t.Fatalf("%s: at(d, %d, %d, %d) is a cell, but play never leaves coins %d..%d with M %d", where, from, to, m, from, to, m)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: at%v: %v", where, atArgs(p)[1:], err)
				}
				seen++
				c := got.(*coins.Cell)
				moves := b.after(row[from-1:to], m)
				margin, best := bruteBest(moves, false)
				if bigOf(c.Margin).Cmp(margin) != 0 {
					t.Fatalf("%s: at%v margin %v, exhaustively %v", where, atArgs(p)[1:], c.Margin, margin)
				}
				// the default game names the last coin both L and R
				gotBest := slices.DeleteFunc(slices.Clone(c.Best), func(s string) bool { return from == to && s == "R" && !slices.Contains(best, any("R")) })
				if fmt.Sprint(gotBest) != fmt.Sprint(best) {
					t.Fatalf("%s: at%v best %v, exhaustively %v", where, atArgs(p)[1:], c.Best, best)
				}
				sub := must(t, "position", atArgs(p)...).(games.Position)
				env, _ := testEnv()
				if ev, err := games.Evaluate(env, sub); err != nil || ev.Value.Cmp(margin) != 0 {
					t.Fatalf("%s: position%v solves to %v (%v), the cell's margin %v", where, atArgs(p)[1:], ev, err, margin)
				}
			}
		}
	}
	if !twoM && seen != len(reach) {
		t.Fatalf("%s: %d cells found, %d positions occur", where, seen, len(reach))
	}
	// The plan: the whole row first, then each cell one that an optimal
	// move of the cell before leaves (the solve's tie rule picks which),
	// the last one's optimal move taking every coin.
	var starts []pos
	for _, pc := range d.Plan {
		p := pos{pc[0], pc[1], 1}
		if twoM {
			p.m = pc[2]
		}
		starts = append(starts, p)
	}
	if len(starts) == 0 || starts[0] != (pos{1, len(row), 1}) {
		t.Fatalf("%s: the plan %v does not start with the whole row", where, d.Plan)
	}
	for k, p := range starts {
		c := must(t, "at", atArgs(p)...).(*coins.Cell)
		names, rests, ms, _ := b.options(row[p.from-1:p.to], p.m)
		found := false
		for i, name := range names {
			if !slices.Contains(c.Best, name) {
				continue
			}
			f := p.from
			if name[0] == 'L' {
				f += p.to - p.from + 1 - len(rests[i])
			}
			next := pos{f, f + len(rests[i]) - 1, ms[i]}
			if !twoM {
				next.m = 1
			}
			if k+1 < len(starts) && next == starts[k+1] || k+1 == len(starts) && len(rests[i]) == 0 {
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: the plan %v: no optimal move %v of cell %d leads to the next", where, d.Plan, c.Best, k)
		}
	}
}

func checkBoardDP(t *testing.T, where string, v variant, x games.Position) (anyIllegal bool) {
	t.Helper()
	player, _ := strconv.Atoi(x.Mover())
	board := x.(*lifeline.Board)
	if games.Over(x) {
		if _, err := call(t, "dp", x, player); err == nil {
			t.Fatalf("%s: dp of a full board", where)
		}
		return false
	}
	d := must(t, "dp", x, player).(*lifeline.DP)
	bb := newBoardBrute(v.rules)
	cells := cellsOf(board)
	bestPts := -1 << 30
	for _, m := range bb.moves(cells, player) {
		bestPts = max(bestPts, int(m.after.Int64()))
	}
	for r := range cells {
		for p := range cells[r] {
			if cells[r][p] != 0 {
				if _, err := call(t, "at", d, r+1, p+1); err == nil {
					t.Fatalf("%s: at(d, %d, %d) reads an occupied vertex", where, r+1, p+1)
				}
				continue
			}
			vx := must(t, "at", d, r+1, p+1).(*lifeline.Vertex)
			pts, after, illegal := bb.place(cells, player, r, p)
			var removed [][]int
			for rr := range cells {
				for pp := range cells[rr] {
					switch {
					case cells[rr][pp] != 0 && after[rr][pp] == 0:
						removed = append(removed, []int{rr + 1, pp + 1, cells[rr][pp]})
					case rr == r && pp == p && after[rr][pp] == 0:
						removed = append(removed, []int{rr + 1, pp + 1, player})
					}
				}
			}
			if removed == nil {
				removed = [][]int{}
			}
			anyIllegal = anyIllegal || illegal
			wantBest := !illegal && pts == bestPts
			if vx.Points != pts || vx.Legal == illegal || fmt.Sprint(vx.Removes) != fmt.Sprint(removed) || vx.Best != wantBest {
				t.Fatalf("%s: at(d, %d, %d) = %+v; by the rules %d points, illegal %v, removes %v, best %v",
					where, r+1, p+1, *vx, pts, illegal, removed, wantBest)
			}
		}
	}
	// the pictures mark the illegal vertices, and only when there are some
	text, svg := d.Text(), d.SVG()
	if strings.Contains(text, "× illegal") != anyIllegal || strings.Contains(svg, "empty: illegal") != anyIllegal {
		t.Fatalf("%s: illegal vertices %v, the text\n%s", where, anyIllegal, text)
	}
	return anyIllegal
}

// bigOf reads a number a game gives (int or *big.Int).
func bigOf(x any) *big.Int { return bigs([]any{x})[0] }

// dp of a position (after some moves) is the table of the coins left as a
// row of their own, from the position's M: its top margin is the exhaustive
// search's on those coins, and every cell of it is the whole row's cell of
// the same coins and M, renumbered.
func TestDPOfACoinsPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2026))
	tried := 0
	for _, v := range variants() {
		if v.game != "coins" {
			continue
		}
		b := newCoinsBrute(v.rules)
		twoM := v.rules["take"] == "2M"
		for trial := range 12 {
			x := v.instance(t, r)
			whole := must(t, "dp", x).(*coins.DP)
			var p games.Position = x
			for range 1 + r.IntN(3) {
				legal := p.Legal()
				if len(legal) == 0 {
					break
				}
				p = must(t, "after", p, []any{legal[r.IntN(len(legal))].Value()}).(games.Position)
			}
			pos, ok := p.(*coins.Coins)
			if !ok || pos.N == 0 {
				continue
			}
			tried++
			where := fmt.Sprintf("%s trial %d: %s after %q", v, trial, x.Text(), pos.Moves)
			d := must(t, "dp", pos).(*coins.DP)
			left := bigs(pos.Values)
			margin, _ := bruteBest(b.after(left, max(pos.M, 1)), false)
			if bigOf(d.Value).Cmp(margin) != 0 {
				t.Fatalf("%s: dp's value %v, exhaustively %v", where, d.Value, margin)
			}
			// the coins left are from+1..from+N of the whole row: the L
			// moves took the first from
			from := 0
			for _, m := range regexp.MustCompile(`[LR][0-9]*`).FindAllString(pos.Moves, -1) {
				if k, _ := strconv.Atoi(m[1:]); m[0] == 'L' {
					from += max(k, 1)
				}
			}
			for _, pc := range d.Plan {
				args := []any{d, pc[0], pc[1]}
				wholeArgs := []any{whole, pc[0] + from, pc[1] + from}
				if twoM {
					args, wholeArgs = append(args, pc[2]), append(wholeArgs, pc[2])
				}
				c := must(t, "at", args...).(*coins.Cell)
				wc := must(t, "at", wholeArgs...).(*coins.Cell) // play reached it: the whole table has it
				if bigOf(wc.Margin).Cmp(bigOf(c.Margin)) != 0 {
					t.Fatalf("%s: cell %v margin %v, the whole row's %v", where, pc, c.Margin, wc.Margin)
				}
			}
			if top := d.Plan[0]; top[0] != 1 || top[1] != pos.N || twoM && top[2] != pos.M {
				t.Fatalf("%s: the plan starts at %v, not the coins left", where, top)
			}
		}
	}
	if tried < 50 {
		t.Errorf("only %d positions tried", tried)
	}
	over := must(t, "after", must(t, "coins", []any{1, 2}), "LR")
	if err := mustErr(t, "dp", over); !strings.Contains(err.Error(), "has no coins left: the game is over") {
		t.Errorf("dp of a finished game: %v", err)
	}
}
