package polygon_test

import (
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/polygon"
)

// TestConformance: the polygon game passes the game contract's suite
// under both goals, its DP against the exhaustive search at every
// position of random play-outs of rings of up to 6 vertices with +, * and
// - edges.
func TestConformance(t *testing.T) {
	gamestest.Conform(t, gamestest.Spec{
		Game:    polygon.Game,
		Choices: map[string][]any{"goal": {"max", "min"}},
		Trials:  40,
		Random: func(seed uint64, r games.Rules) (games.Position, error) {
			opts := r.Changed()
			opts["values"], opts["ops"] = []any{-5, 5}, "+*-"
			return gamestest.Instance(polygon.Game, "randpolygon", int(seed%6)+1, int(seed), opts)
		},
	})
}
