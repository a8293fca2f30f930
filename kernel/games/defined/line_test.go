package defined_test

import (
	"context"
	"testing"

	"gamelab/kernel"
)

// A defined game whose optimal line is longer than 10,000 moves solves
// with its whole line (solve, trace and match stopped at 10,000 moves
// with "the game goes on past 10000 moves", after the value was known):
// the subtraction game from 100,000, taking 1..7, whose losing mover takes
// 1 and whose winner then takes 7 (25,000 moves).
func TestLongLinesSolve(t *testing.T) {
	s := kernel.NewSession()
	for _, c := range []struct{ code, want string }{
		{`sub = game({name: "sub", moves: {1..min(#.state, 7)}, play: {#.state - #.move}, value: {-1}})`, ""},
		{`r = solve(sub(100000)); [r.value, len(r.line)]`, "[-1, 25000]"},
		{`len(trace(sub(100000)).steps)`, "25000"},
		{`len(match(sub(100000), optimal, optimal).moves)`, "25000"},
	} {
		out := s.Execute(context.Background(), c.code)
		if out.Err != nil {
			t.Fatalf("%s: %s", c.code, out.Err.Msg)
		}
		if got := resultOf(out); got != c.want {
			t.Errorf("%s = %s, want %s", c.code, got, c.want)
		}
	}
}

func resultOf(out *kernel.Output) string {
	if out.Result == nil {
		return ""
	}
	return out.Result.Text
}

// TestTableRowsName their positions: dp of a game of two players shows
// each solved position once, and the two positions of an ended state
// (either player to move, each with its value) as two rows that say whose
// value each is; a game of one player keeps "over". A game whose parts
// never ask who moves has each state once, whoever is to move there.
func TestTableRowsName(t *testing.T) {
	s := kernel.NewSession()
	for _, c := range []struct{ code, want string }{
		{`sub = game({name: "sub", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {#.mover == "A" ? -1 : -2}})`, ""},
		{`d = dp(sub(4)); len(d.rows) == len(uniq(map(d.rows, {#.position})))`, "true"},
		{`filter(map(dp(sub(4)).rows, {#.position}), {# startsWith "0"})`, `["0, over (value for A)", "0, over (value for B)"]`},
		{`same = game({name: "same", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}})`, ""},
		{`map(dp(same(4)).rows, {#.key})`, `["0", "1", "2", "3", "4"]`},
		{`map(dp(same(1)).rows, {#.mover})`, `[nil, "A"]`}, // nobody moves once it is over
		{`solo = game({name: "solo", players: ["me"], moves: {#.state > 0 ? [1] : []}, play: {#.state - 1}})`, ""},
		{`dp(solo(2)).rows[1].position`, `"0, over"`},
	} {
		out := s.Execute(context.Background(), c.code)
		if out.Err != nil {
			t.Fatalf("%s: %s", c.code, out.Err.Msg)
		}
		if got := resultOf(out); got != c.want {
			t.Errorf("%s = %s, want %s", c.code, got, c.want)
		}
	}
}

// TestTournamentOfOnePlayerScoredByMoves: a tournament of a game of one
// player whose moves earn gives each instance's total as its outcome (it
// gave 0, the total of no player), as match does.
func TestTournamentOfOnePlayerScoredByMoves(t *testing.T) {
	s := kernel.NewSession()
	out := s.Execute(context.Background(), `solo = game({name: "solo", players: ["me"], moves: {#.state < 5 ? [1, 2] : []}, `+
		`play: {#.state + #.move}, earn: {#.move * #.move - #.state}})
[map(tournament([solo(0), solo(1)], greedy).rows, {#.outcome}), match(solo(1), greedy).totals]`)
	if out.Err != nil || out.Result.Text != `[[{"me": 6}, {"me": 4}], {"me": 4}]` {
		t.Errorf("%v %v", out.Result, out.Err)
	}
}
