package lifeline_test

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/tools"
)

// laws are Life Line's for gamestest's property tests: every combination
// of its rules, triangles of side 1 to 5 and squares of 1 to 4 with 20 to
// 60% of their vertices empty, played literally by boardBrute.
var laws = &gamestest.Laws{
	Game:    lifeline.Game,
	Choices: map[string][]any{"grid": {"triangle", "square"}, "capture": {"together", "others-first"}, "suicide": {true, false}},
	Instance: func(t *testing.T, r *rand.Rand, rules map[string]any) games.Position {
		return gamestest.WithMover(t, r, randBoard(t, r, rules))
	},
	Bare:  randBoard,
	Brute: func(rules map[string]any) gamestest.Brute { return newBoardBrute(rules) },
	Sides: func(a, b *tools.Strategy) any { return map[string]any{"1": a, "2": b, "3": a} },
	Plan:  checkBoardPlan,
}

// randBoard is a random small board under rules with no player to move,
// as a user makes one.
func randBoard(t *testing.T, r *rand.Rand, rules map[string]any) games.Position {
	n := 1 + r.IntN(5)
	cells := n * (n + 1) / 2
	if rules["grid"] == "square" {
		n = 1 + r.IntN(4)
		cells = n * n
	}
	empty := []int{2, 4, 6}[r.IntN(3)] // in 10
	flat := make([]any, cells)
	for i := range flat {
		flat[i] = 0
		if r.IntN(10) >= empty {
			flat[i] = 1 + r.IntN(3)
		}
	}
	return gamestest.Must(t, "board", n, flat, rules).(games.Position)
}

// TestProperties: gamestest's property tests under every variant (the
// solver, analyze, solve's plans, the strategies, tournaments, shrink,
// trace of a result) against the exhaustive search and the brute force.
func TestProperties(t *testing.T) { gamestest.Properties(t, laws) }

func checkBoardPlan(t *testing.T, where string, x games.Position, ex *games.Eval) {
	t.Helper()
	player, _ := strconv.Atoi(x.Mover())
	res := gamestest.Must(t, "solve", x, player).(*lifeline.Result)
	if !reflect.DeepEqual(res.Best, int(ex.Value.Int64())) || !reflect.DeepEqual(gamestest.ToAny(res.Moves), gamestest.MoveValues(ex.Best)) {
		t.Fatalf("%s: solve's best %d at %v, exhaustive %s at %v", where, res.Best, res.Moves, ex.Value, gamestest.Strs(ex.Best))
	}
	move := []any{res.Moves[0][0], res.Moves[0][1], player}
	a := gamestest.Must(t, "analyze", x, []any{move}).(*tools.Analysis)
	end := gamestest.Must(t, "after", x, []any{move}).(*lifeline.Board)
	if !gamestest.IsZero(a.Loss) || a.Moves[0]["after"] != res.Best || !reflect.DeepEqual(end.Rows, res.After.Rows) {
		t.Fatalf("%s: %v loses %v, scores %v, leaves\n%s\nsolve's best %d, after\n%s", where, move, a.Loss, a.Moves[0]["after"], end, res.Best, res.After)
	}
}
