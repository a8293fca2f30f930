package all_test

import (
	"errors"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/tools"
)

// Issue 22's experiments across the games: their errors name the position,
// the move and the game's players (gamestest.Properties checks the
// strategies, tournaments and shrink of each game under every variant).

// TestStrategyErrors: a rule's illegal move, a move of no kind and a
// failing rule are errors that name the position and the move; sides are
// checked against the game's players.
func TestStrategyErrors(t *testing.T) {
	c := gamestest.Must(t, "coins", []any{10, 80, 90, 30})
	rule := func(f gamestest.Predicate) *tools.Strategy { return gamestest.Must(t, "strategy", f).(*tools.Strategy) }
	opt := gamestest.Strategy(t, "optimal")
	for _, tc := range []struct {
		args []any
		want string
	}{
		{[]any{c, rule(func(any) (any, error) { return "L2", nil }), opt}, `chose "L2" at A to move, coins 1..4, which is illegal: L2 takes 2 coins`},
		{[]any{c, rule(func(x any) (any, error) {
			if gamestest.FieldOf(x.(games.Position), "n") == 2 {
				return "X", nil
			}
			return "L", nil
		}), opt}, `returned "X" at A to move, coins 2..3 after LR, which is no move`},
		{[]any{c, rule(func(any) (any, error) { return nil, errors.New("boom") }), opt}, "failed at A to move, coins 1..4: boom"},
		{[]any{c, map[string]any{"A": opt}}, "gives no strategy for B"},
		{[]any{c, map[string]any{"A": opt, "B": opt, "C": opt}}, "names C, who does not play coins in a row"},
		{[]any{c, opt, 3}, "argument 3 (sB) must be a strategy"},
		{[]any{gamestest.Must(t, "board", 2, []any{0, 1, 0}), opt}, "nobody is to move on this board"},
		{[]any{gamestest.Must(t, "polygon", []any{1, 2}, "+*"), opt, opt}, "has no two players in turn"},
	} {
		if _, err := gamestest.Try(t, "match", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("match%v: %v, want %q", tc.args[1:], err, tc.want)
		}
	}
	if _, err := gamestest.Try(t, "tournament", []any{}, opt); err == nil || !strings.Contains(err.Error(), "is empty") {
		t.Errorf("tournament([]): %v", err)
	}
	if _, err := gamestest.Try(t, "tournament", []any{c, gamestest.Must(t, "randpolygon", 3, 1)}, opt); err == nil || !strings.Contains(err.Error(), "mixes games") {
		t.Errorf("tournament of two games: %v", err)
	}
	if _, err := gamestest.Try(t, "skill", 1.5, 1); err == nil || !strings.Contains(err.Error(), "probability from 0 to 1") {
		t.Errorf("skill(1.5, 1): %v", err)
	}
}
