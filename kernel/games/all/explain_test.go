package all_test

import (
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

func TestExplainCoins(t *testing.T) {
	c := gamestest.Must(t, "coins", "10 80 90 30")
	e := gamestest.Must(t, "explain", c).(*kit.Explanation)
	text := e.Text()
	if lines := strings.Count(text, "\n"); lines != 1+15+1 {
		t.Errorf("%d lines, want a caption, 15 nodes and a note:\n%s", lines, text)
	}
	for _, s := range []string{"A to move, coins 1..4: best margin 10", "├─ A L (10) → A's margin -10, loses 20; B to move, coins 2..4: best margin 20",
		"└─ ★ A R (30) → A's margin 10, optimal"} {
		if !strings.Contains(text, s) {
			t.Errorf("lacks %q:\n%s", s, text)
		}
	}
	// The ★ marks agree with analyze's best moves.
	for _, line := range []string{"L", "R"} {
		a := gamestest.Must(t, "analyze", c, line).(*tools.Analysis)
		star := strings.Contains(text, "\n├─ ★ A "+line+" (") || strings.Contains(text, "\n└─ ★ A "+line+" (")
		if opt := len(a.Moves[0]["best"].([]any)) > 0 && a.Moves[0]["loss"] == 0; opt != star {
			t.Errorf("move %s: ★ %v, optimal %v", line, star, opt)
		}
	}
	if n := strings.Count(gamestest.Must(t, "explain", c, 1).(*kit.Explanation).Text(), "\n"); n != 1+3+1 {
		t.Errorf("depth 1: %d lines", n)
	}
	if _, err := gamestest.Try(t, "explain", c, 7); err == nil || !strings.Contains(err.Error(), "argument 2 (depth) must be 1..6, got 7") {
		t.Errorf("depth 7: %v", err)
	}
	// Issue 18: explain takes any game value or position (the game tree),
	// so its first parameter is x.
	if _, err := gamestest.Try(t, "explain", 3); err == nil || !strings.Contains(err.Error(), "argument 1 (x) must be a polygon, polygon result") {
		t.Errorf("explain(3): %v", err)
	}
	if err := gamestest.WellFormed(e.SVG()); err != nil {
		t.Error(err)
	}
}
