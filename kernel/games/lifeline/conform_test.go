package lifeline_test

import (
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
)

// TestConformance: Life Line passes the game contract's suite under every
// combination of its rules, on random boards of 2 to 4 rows with stones 1
// and 2 taking turns.
func TestConformance(t *testing.T) {
	gamestest.Conform(t, gamestest.Spec{
		Game:    lifeline.Game,
		Choices: map[string][]any{"grid": {"triangle", "square"}, "capture": {"together", "others-first"}, "suicide": {true, false}},
		Random: func(seed uint64, r games.Rules) (games.Position, error) {
			b, err := gamestest.Instance(lifeline.Game, "randboard", int(seed%3)+2, int(seed), r.Changed())
			if err != nil {
				return nil, err
			}
			return b.(games.FreeTurns).ForPlayers([]string{"1", "2"})
		},
	})
}
