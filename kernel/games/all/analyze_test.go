package all_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
)

// after, analyze and the edits across the games: their errors, interrupts
// and edits of positions part-way (each game's package checks analyze
// against its brute force).

func TestAfterErrors(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	c := gamestest.Must(t, "coins", "10 80 90 30")
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	for _, tc := range []struct {
		x     any
		moves any
		want  string
	}{
		{p, []any{6}, "after: argument 2 (moves) has an illegal move 1 (edge 6): edge 6 does not exist (the polygon has edges 1..5)"},
		{p, []any{3, 3}, "move 2 (edge 3): edge 3 was deleted by move 1"},
		{p, []any{3, 2, 2}, "move 3 (edge 2): edge 2 was merged by move 2"},
		{p, []any{3, 2, 1, 5, 4, 1}, "move 6 (edge 1): the game is over: one vertex is left"},
		{p, []any{"x"}, "has move 1 that must be an integer, got string"},
		// Issue 18: the coins moves' errors say why in the rules' words.
		{c, "LRLRL", `move 5 ("L"): no coins are left`},
		{c, "LX", `has move 2 ("X") that is not a move`},
		{c, []any{"L", 1}, `has move 2 that is int, not a move like "L" or "R2"`},
		{b, []any{[]any{3, 2, 4}, []any{3, 2, 1}}, "move 2 (stone 1 at (3,2)): (3,2) is occupied by stone 4"},
		{b, []any{[]any{1, 1, 4}}, "(1,1) is occupied by stone 2"},
		{b, []any{[]any{5, 1, 4}}, "(5,1) is not on the board"},
		{b, []any{[]any{3, 2, 0}}, "players are 1..9, got 0"},
		{b, []any{[]any{3, 2}}, "has move 1 that is not [row, position, player]: [3, 2]"},
		{1, "L", "after: argument 1 (x) must be " + gamestest.KindsOf[games.Position]() + ", got int"},
	} {
		for _, fn := range []string{"after", "analyze"} {
			_, err := gamestest.Try(t, fn, tc.x, tc.moves)
			if err == nil || !strings.Contains(err.Error(), tc.want[strings.Index(tc.want, ":")+1:]) {
				t.Errorf("%s(%v, %v): %v, want %q", fn, kit.TypeName(tc.x), tc.moves, err, tc.want)
			}
		}
	}
}

func TestAnalyzeCancelled(t *testing.T) {
	env, _ := gamestest.Recording()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env.Ctx = ctx
	p := gamestest.Must(t, "randpolygon", 12, 1)
	for _, tc := range [][]any{{p, []any{1, 2}}, {gamestest.Must(t, "randcoins", 30, 1), "LR"}, {gamestest.Must(t, "randboard", 6, 1), []any{[]any{6, 1, 1}}}} {
		if _, err := gamestest.Tool("analyze").Fn(env, tc...); !errors.Is(err, context.Canceled) {
			t.Errorf("analyze(%s) with a cancelled context: %v", kit.TypeName(tc[0]), err)
		}
	}
}

// A position is edited like the game it comes from: a changed copy that
// keeps the moves made, the original as it was.
func TestEditPositions(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	ch := gamestest.Must(t, "after", p, []any{3}).(*polygon.Polygon)
	got, err := ch.SetIndex([]any{1}, 8)
	if err != nil {
		t.Fatal(err)
	}
	edited := got.(*polygon.Polygon)
	if edited.Values[0] != 8 || ch.Values[0] != -8 || !slices.Equal(edited.Moves, []int{3}) {
		t.Errorf("edited %v (moves %v), original %v", edited.Values, edited.Moves, ch.Values)
	}
	if best := gamestest.Must(t, "solve", edited).(*polygon.ChainResult).Best; best != 224 {
		t.Errorf("solve of the edited chain: %v", best)
	}
	if v := gamestest.Must(t, "at", ch, 2); v != -5 {
		t.Errorf("at(ch, 2) = %v", v)
	}
	if v, _ := ch.GetIndex([]any{5}); v != -2 {
		t.Errorf("ch[5] = %v", v)
	}
	cp := gamestest.Must(t, "after", gamestest.Must(t, "coins", "10 80 90 30"), "L").(*coins.Coins)
	e := gamestest.Must(t, "setv", cp, 1, 5).(*coins.Coins)
	if e.Values[0] != 5 || e.Moves != "L" || e.A != 10 || cp.Values[0] != 80 {
		t.Errorf("setv(cp, 1, 5): %v %q %v; original %v", e.Values, e.Moves, e.A, cp.Values)
	}
	if _, err := gamestest.Try(t, "setv", cp, 9, 1); err == nil || !strings.Contains(err.Error(), "argument 2 (i) must be 1..3, got 9") {
		t.Errorf("setv out of range: %v", err)
	}
}
