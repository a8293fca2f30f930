package lifeline_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
	sollifeline "gamelab/solvers/lifeline"
)

// lifelineSamples are small boards with a player
// to move and the points of their best vertex.
var lifelineSamples = []struct {
	n, player int
	cells     string
	best      int
}{
	{4, 4, "2  2 3  1 0 4  1 1 4 0", 6},
	{4, 5, "2  2 3  3 0 4  1 1 4 0", 5},
	{4, 1, "2  2 3  3 0 4  1 1 4 0", 1},
	{4, 1, "1  1 1  1 1 1  1 1 1 0", -10},
	{4, 2, "1  1 1  1 1 1  1 1 1 0", 8},
	{4, 1, "0  2 2  5 0 7  0 5 7 0", -1},
	{4, 2, "0  0 3  1 0 4  0 1 0 4", 0},
	{4, 3, "0  3 3  3 2 3  0 3 0 3", 1},
	{4, 2, "0  3 3  3 2 3  0 3 0 3", -1},
	{6, 1, "1  1 2  1 1 0  6 7 6 8  0 7 6 8 2  6 6 7 2 2 0", 5},
	{5, 9, "0  0 0  0 0 0  0 0 0 0  0 0 0 0 0", 0},
	{5, 3, "3  3 2  4 3 2  4 4 0 3  3 3 3 0 3", 5},
}

func TestSolveLifelineSamples(t *testing.T) {
	for _, tc := range lifelineSamples {
		b := gamestest.Must(t, "board", tc.n, tc.cells)
		r := gamestest.Must(t, "solve", b, tc.player).(*lifeline.Result)
		if r.Best != tc.best {
			t.Errorf("board %q player %d: best %d, want %d", tc.cells, tc.player, r.Best, tc.best)
		}
	}
	r := gamestest.Must(t, "solve", gamestest.Must(t, "board", 4, lifelineSamples[0].cells), 4).(*lifeline.Result)
	if got := gamestest.Must(t, "json", r); got != `{"n":4,"player":4,"best":6,"moves":[[3,2]]}` {
		t.Errorf("json = %s", got)
	}
	wantPoints := [][]any{{nil}, {nil, nil}, {nil, 6, nil}, {nil, nil, nil, 0}}
	if !reflect.DeepEqual(r.Points, wantPoints) {
		t.Errorf("points = %v", r.Points)
	}
	if !reflect.DeepEqual(r.Removed, [][]int{{1, 1}, {2, 1}, {2, 2}, {3, 1}, {4, 1}, {4, 2}}) {
		t.Errorf("removed = %v", r.Removed)
	}
	if r.After.String() != "0\n0 0\n0 4 4\n0 0 4 0" {
		t.Errorf("after = %q", r.After.String())
	}
}

func TestLifelineErrors(t *testing.T) {
	full := gamestest.Must(t, "board", 2, "1 2 3")
	_, err := gamestest.Try(t, "solve", full, 1)
	if !errors.Is(err, sollifeline.ErrNoMove) || !strings.HasPrefix(err.Error(), "solve: ") {
		t.Errorf("full board: %v", err)
	}
	// The 1s at the top touch no empty vertex: the board cannot arise in play.
	dead := gamestest.Must(t, "board", 4, "1  1 1  2 2 2  0 0 0 0")
	const warning = "this board cannot arise in play: 3 stones 1 at (1,1) (2,1) (2,2) touches no empty vertex; like the judge, no move counts them"
	const note = "unreachable board: 1 group touches no empty vertex and counts for no move (listed in r.unreachable)"
	for _, fn := range []string{"solve", "trace", "heat"} {
		env, _ := gamestest.Recording()
		var warned []string
		env.Warn = func(msg string) { warned = append(warned, msg) }
		v, err := gamestest.Tool(fn).Fn(env, dead, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(warned) != 1 || warned[0] != warning {
			t.Errorf("%s warned %q", fn, warned)
		}
		if text := v.(builtin.Value).Text(); !strings.Contains(text, note) || strings.Contains(text, "warning") {
			t.Errorf("%s's text keeps a note, not the warning:\n%s", fn, text)
		}
		if v, err := gamestest.Tool(fn).Fn(env, gamestest.Must(t, "board", 4, "1  1 0  2 2 2  0 0 0 0"), 2); err != nil || len(warned) != 1 || strings.Contains(v.(builtin.Value).Text(), "unreachable") {
			t.Errorf("%s of a reachable board warned %q: %v", fn, warned, err)
		}
	}
	r := gamestest.Must(t, "solve", dead, 2).(*lifeline.Result) // an Env without Warn: no warning, no crash
	if len(r.Unreachable) != 1 || r.Unreachable[0]["stone"] != 1 {
		t.Errorf("unreachable = %v", r.Unreachable)
	}
}
