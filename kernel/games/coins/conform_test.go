package coins_test

import (
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
)

// TestConformance: coins in a row passes the game contract's suite under
// every combination of its rules, its DP against the exhaustive search at
// every position of random play-outs of up to 7 coins.
func TestConformance(t *testing.T) {
	gamestest.Conform(t, gamestest.Spec{
		Game:    coins.Game,
		Choices: map[string][]any{"take": {1, 2, 3, "2M"}, "ends": {"both", "left"}, "score": {"taken", "rest"}},
		Random: func(seed uint64, r games.Rules) (games.Position, error) {
			opts := r.Changed()
			opts["values"] = []any{-9, 9}
			return gamestest.Instance(coins.Game, "randcoins", int(seed%7)+1, int(seed), opts)
		},
	})
}
