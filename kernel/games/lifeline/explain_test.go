package lifeline_test

import (
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
)

// TestExplainBoard: explain(solve(b, player)) is the tree of the player's
// stones, the best vertex starred; a board with nobody to move is an
// error that says how to name the player, not "the game is over".
func TestExplainBoard(t *testing.T) {
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	got := gamestest.Must(t, "explain", gamestest.Must(t, "solve", b, 4)).(*kit.Explanation).Text()
	for _, want := range []string{"\nplayer 4 to move: best points 6", "★ stone 4 at (3,2) (6) → player 4's points 6, optimal", "└─ stone 4 at (4,4) (0) → player 4's points 0, loses 6"} {
		if !strings.Contains(got, want) {
			t.Errorf("explain(solve(b, 4)) has no %q:\n%s", want, got)
		}
	}
	for _, args := range [][]any{{b}, {b, 4}} {
		if _, err := gamestest.Try(t, "explain", args...); err == nil || !strings.Contains(err.Error(), "has no player to move: explain(solve(x, player))") {
			t.Errorf("explain%v: %v", args, err)
		}
	}
}
