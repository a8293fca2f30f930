package polygon_test

import (
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
)

// laws are the polygon game's for gamestest's property tests: both goals,
// rings of 1 to 7 values in -4..4 (often far past 64 bits) joined by
// operators of a random alphabet, played literally by polyBrute.
var laws = &gamestest.Laws{
	Game:    polygon.Game,
	Choices: map[string][]any{"goal": {"max", "min"}},
	Instance: func(t *testing.T, r *rand.Rand, rules map[string]any) games.Position {
		wide := r.IntN(3) == 0
		n := 1 + r.IntN(7)
		alphabet := []string{"+-*", "+-*", "+*", "-", "-*"}[r.IntN(5)]
		values, ops := make([]any, n), make([]byte, n)
		for i := range n {
			values[i], ops[i] = gamestest.RandValue(r, -4, 4, wide), alphabet[r.IntN(len(alphabet))]
		}
		return gamestest.Must(t, "polygon", values, string(ops), rules).(games.Position)
	},
	Brute:        func(rules map[string]any) gamestest.Brute { return newPolyBrute(rules) },
	Sides:        func(a, _ *tools.Strategy) any { return a },
	Gain:         mergeGain,
	Plan:         checkPolygonPlan,
	SolverTrials: 120,
	TraceTrials:  12,
	TraceLeast:   20,
}

// TestProperties: gamestest's property tests under every variant (the
// solver, analyze, solve's plans, the strategies, tournaments, shrink,
// trace of a result) against the exhaustive search and the brute force.
func TestProperties(t *testing.T) { gamestest.Properties(t, laws) }

func checkPolygonPlan(t *testing.T, where string, x games.Position, ex *games.Eval) {
	t.Helper()
	var best any
	var optimal, plan, played []int
	switch p := x.(*polygon.Polygon); {
	case len(p.Moves) == 0:
		res := gamestest.Must(t, "solve", p).(*polygon.Result)
		if res.First != res.Optimal[0] || !reflect.DeepEqual(res.Scores[res.First-1], res.Best) {
			t.Fatalf("%s: first edge %d, optimal %v, scores %v, best %v", where, res.First, res.Optimal, res.Scores, res.Best)
		}
		best, optimal, plan = res.Best, res.Optimal, append([]int{res.First}, res.Merges...)
	default:
		res := gamestest.Must(t, "solve", p).(*polygon.ChainResult)
		best, optimal, plan, played = res.Best, res.Optimal, res.Merges, res.Played
		if !slices.Equal(played, p.Moves) {
			t.Fatalf("%s: played %v, the chain's moves %v", where, played, p.Moves)
		}
	}
	if !reflect.DeepEqual(best, kit.Number(ex.Value)) || !reflect.DeepEqual(gamestest.ToAny(optimal), gamestest.MoveValues(ex.Best)) {
		t.Fatalf("%s: solve's best %v at %v, exhaustive %s at %v", where, best, optimal, ex.Value, gamestest.Strs(ex.Best))
	}
	end := gamestest.Must(t, "after", x, gamestest.ToAny(plan)).(*polygon.Polygon)
	a := gamestest.Must(t, "analyze", x, gamestest.ToAny(plan)).(*tools.Analysis)
	if end.N != 1 || !reflect.DeepEqual(end.Values[0], best) || !gamestest.IsZero(a.Loss) || !reflect.DeepEqual(a.Score, best) {
		t.Fatalf("%s: the plan %v ends at %v, loses %v, scores %v; best %v", where, plan, end.Values, a.Loss, a.Score, best)
	}
}

// mergeGain is what merging edge m makes on a chain (0 on the ring:
// deleting an edge makes nothing), worked out from the chain's values and
// operators, for greedy.
func mergeGain(x games.Position, m games.Move) *big.Int {
	if x.History().Len() == 0 {
		return new(big.Int)
	}
	p := x.(*polygon.Polygon)
	k := slices.Index(p.Edges, m.Value().(int))
	vals := gamestest.Bigs(p.Values)
	return applyOp(p.Ops[k], vals[k], vals[k+1])
}
