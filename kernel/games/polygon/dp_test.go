package polygon_test

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/polygon"
)

// Issue 21's property tests: dp(x) is read through the builtins a user
// calls (dp, at, position) under both goals, on random small instances,
// and every cell is checked against the brute force on the sub-chain the
// cell names: its minimum and maximum are the extremes over every merge
// order. The plan is a merge tree whose extremes combine into the best.

func TestDPAgainstBruteForce(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 2026))
	gamestest.EachInstance(t, laws, r, 25, func(v gamestest.Variant, where string, x games.Position) {
		checkPolygonDP(t, where, v, x)
		if n := x.(*polygon.Polygon).N; n > 2 {
			// a chain after the first move has a table of its own
			e := 1 + r.IntN(n)
			checkPolygonDP(t, where+fmt.Sprintf("after edge %d", e), v, gamestest.Must(t, "after", x, e).(games.Position))
		}
	})
}

// subChain is the chain of length j starting at vertex i of a ring (the
// indices wrap) or of a chain.
func subChain(x games.Position, i, j int) ([]*big.Int, []byte) {
	var vals []*big.Int
	var ops []byte
	switch p := x.(type) {
	case *polygon.Polygon:
		if len(p.Moves) > 0 { // a chain
			vals, ops = gamestest.Bigs(p.Values)[i-1:i-1+j], []byte(p.Ops)[i-1:i-2+j]
			break
		}
		all := gamestest.Bigs(p.Values)
		for k := range j {
			vals = append(vals, all[(i-1+k)%p.N])
			if k > 0 {
				ops = append(ops, p.Ops[(i-1+k)%p.N]) // edge i+k joins v(i+k−1) and v(i+k)
			}
		}
	}
	return vals, ops
}

func checkPolygonDP(t *testing.T, where string, v gamestest.Variant, x games.Position) {
	t.Helper()
	d := gamestest.Must(t, "dp", x).(*polygon.DP)
	minB, maxB := newPolyBrute(map[string]any{"goal": "min"}), newPolyBrute(map[string]any{"goal": "max"})
	env, _ := gamestest.Recording()
	cells := map[[2]int]*polygon.Cell{}
	for i := 1; i <= d.N; i++ {
		lengths := d.N
		if !d.Ring {
			lengths = d.N - i + 1
		}
		for j := 1; j <= lengths; j++ {
			c := gamestest.Must(t, "at", d, i, j).(*polygon.Cell)
			vals, ops := subChain(x, i, j)
			lo, hi := minB.chain(vals, ops), maxB.chain(vals, ops)
			if gamestest.BigOf(c.Min).Cmp(lo) != 0 || gamestest.BigOf(c.Max).Cmp(hi) != 0 {
				t.Fatalf("%s: at(d, %d, %d) = min %v max %v; every merge order of %v %q: %s..%s", where, i, j, c.Min, c.Max, vals, ops, lo, hi)
			}
			// position(d, i, j) is that sub-chain as a game of its own
			if j > 1 {
				sub := gamestest.Must(t, "position", d, i, j).(games.Position)
				ev, err := games.Evaluate(env, sub)
				want := hi
				if v.Rules["goal"] == "min" {
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
						whole = gamestest.Must(t, "after", x, []any{i}).(games.Position)
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
			return gamestest.BigOf(cells[key].Min)
		}
		return gamestest.BigOf(cells[key].Max)
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
	if plan[root] != v.Rules["goal"] || extreme(root).Cmp(gamestest.BigOf(d.Best)) != 0 {
		t.Fatalf("%s: plan root %v at %s is %v, the best %v under goal %v", where, root, plan[root], extreme(root), d.Best, v.Rules["goal"])
	}
	if !tree(root[0], root[1]) || visited != len(plan) {
		t.Fatalf("%s: the plan %v is no merge tree making %v (%d of %d cells reached)", where, d.Plan, d.Best, visited, len(plan))
	}
}
