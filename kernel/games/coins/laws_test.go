package coins_test

import (
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// laws are coins in a row's for gamestest's property tests: every
// combination of its rules, rows of 1 to 10 coins in -5..15 (often far
// past 64 bits), played literally by coinsBrute.
var laws = &gamestest.Laws{
	Game:    coins.Game,
	Choices: map[string][]any{"take": {1, 2, 3, "2M"}, "ends": {"both", "left"}, "score": {"taken", "rest"}},
	Instance: func(t *testing.T, r *rand.Rand, rules map[string]any) games.Position {
		wide := r.IntN(3) == 0
		values := make([]any, 1+r.IntN(10))
		for i := range values {
			values[i] = gamestest.RandValue(r, -5, 15, wide)
		}
		return gamestest.Must(t, "coins", values, rules).(games.Position)
	},
	Brute:      func(rules map[string]any) gamestest.Brute { return newCoinsBrute(rules) },
	Sides:      func(a, b *tools.Strategy) any { return map[string]any{"A": a, "B": b} },
	Plan:       checkCoinsPlan,
	TraceLeast: 20,
}

// TestProperties: gamestest's property tests under every variant (the
// solver, analyze, solve's plans, the strategies, tournaments, shrink,
// trace of a result) against the exhaustive search and the brute force.
func TestProperties(t *testing.T) { gamestest.Properties(t, laws) }

func checkCoinsPlan(t *testing.T, where string, x games.Position, ex *games.Eval) {
	t.Helper()
	res := gamestest.Must(t, "solve", x).(*coins.Result)
	played := ""
	if p, ok := x.(*coins.Coins); ok {
		played = p.Moves
	}
	if res.Played != played {
		t.Fatalf("%s: played %q, the position's moves %q", where, res.Played, played)
	}
	if err := gamestest.SameOptimal(x, gamestest.Parsed(t, x, gamestest.ToAny(res.Optimal)), ex.Best); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	end := gamestest.Must(t, "after", x, res.Moves).(*coins.Coins)
	a := gamestest.Must(t, "analyze", x, res.Moves).(*tools.Analysis)
	if end.N != 0 || !reflect.DeepEqual(end.A, res.Best) || !reflect.DeepEqual(end.B, res.Second) || !gamestest.IsZero(a.Loss) ||
		!reflect.DeepEqual(a.Totals["A"], res.Best) || !reflect.DeepEqual(a.Totals["B"], res.Second) {
		t.Fatalf("%s: the line %q ends with A %v, B %v (%d coins left), loses %v; solve says A %v, B %v",
			where, res.Moves, end.A, end.B, end.N, a.Loss, res.Best, res.Second)
	}
	// The totals so far and the mover's margin from here make the result.
	start := gamestest.Must(t, "after", x, "").(*coins.Coins)
	margin := new(big.Int).Sub(gamestest.MustBig(t, res.Best), gamestest.MustBig(t, res.Second))
	margin.Sub(margin, new(big.Int).Sub(gamestest.MustBig(t, start.A), gamestest.MustBig(t, start.B)))
	if start.Turn == "B" {
		margin.Neg(margin)
	}
	if margin.Cmp(ex.Value) != 0 || !reflect.DeepEqual(res.Diff, kit.Number(new(big.Int).Sub(gamestest.MustBig(t, res.Best), gamestest.MustBig(t, res.Second)))) {
		t.Fatalf("%s: A %v, B %v, diff %v: the mover's margin %s, exhaustive %s", where, res.Best, res.Second, res.Diff, margin, ex.Value)
	}
	// trace plays the same line to the same totals.
	tr := gamestest.Must(t, "trace", x).(*coins.Trace)
	last := tr.Turns[len(tr.Turns)-1]
	if len(tr.Turns) != len(a.Moves) || !reflect.DeepEqual(last["a"], res.Best) || !reflect.DeepEqual(last["b"], res.Second) {
		t.Fatalf("%s: trace ends with %v after %d turns; solve %v %v after %d", where, last, len(tr.Turns), res.Best, res.Second, len(a.Moves))
	}
}
