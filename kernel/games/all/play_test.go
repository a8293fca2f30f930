package all_test

import (
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
)

func TestPlayPolygonAndLifeline(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	env, log := gamestest.Scripted("9", "3", "2", "u", "u", "1", "?")
	a := gamestest.PlayRecord(t, env, p)
	out := log.String()
	for _, s := range []string{"edge to delete first, 1..5", "edge 9 does not exist", "3: optimal", "edge to merge",
		"1: loses 320; optimal: 3 4", "optimal: 2 5 (best final score 168)"} {
		if !strings.Contains(out, s) {
			t.Errorf("polygon play lacks %q:\n%s", s, out)
		}
	}
	if len(a.Moves) != 1 || a.Moves[0]["move"] != 1 || a.Loss != 320 {
		t.Errorf("record %v, loss %v", a.Moves, a.Loss)
	}
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	env, log = gamestest.Scripted("1 1", "3 2", "4,4", "x")
	a = gamestest.PlayRecord(t, env, b, []any{4, 1})
	out = log.String()
	for _, s := range []string{"player 4: row and position", "(1,1) is occupied by stone 2", "(3,2): optimal", "player 1: row and position", "a move is a row and a position"} {
		if !strings.Contains(out, s) {
			t.Errorf("lifeline play lacks %q:\n%s", s, out)
		}
	}
	if len(a.Moves) != 2 || a.Totals["4"] != 6 {
		t.Errorf("record %v, totals %v", a.Moves, a.Totals)
	}
}
