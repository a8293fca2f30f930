package defined_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"gamelab/kernel"
)

// TestPositionsWithoutTheMover: a game whose parts never read who moves
// names a position by its state alone (either player to move is the same
// position), and solves to what the same game names by state and mover:
// 300 random games of two players (moves a random set of takes, each
// earning by the state and the take, a random end value, goal max or
// min), each defined twice, once with a part that reads #.mover and does
// nothing with it, compared at every pile 0..24 (value and every optimal
// move), and the table holds half the positions.
func TestPositionsWithoutTheMover(t *testing.T) {
	s := kernel.NewSession()
	r := rand.New(rand.NewPCG(27, 4))
	for trial := range 300 {
		takes := fmt.Sprint(1 + r.IntN(2)) // 1 or 2, and some of 3..5
		for k := 3; k <= 5; k++ {
			if r.IntN(2) == 0 {
				takes += fmt.Sprint(", ", k)
			}
		}
		earn := fmt.Sprintf("(#.state * %d + #.move * %d) %% %d - %d", r.IntN(5), r.IntN(5), 1+r.IntN(7), r.IntN(4))
		goal := []string{"max", "min"}[r.IntN(2)]
		def := func(name, value string) string {
			return fmt.Sprintf(`%s = game({name: %q, goal: %q, moves: {let n = #.state; filter([%s], {# <= n})}, `+
				`play: {#.state - #.move}, earn: {%s}, value: {%s}})`, name, name, goal, takes, earn, value)
		}
		end := fmt.Sprint(r.IntN(5) - 2)
		code := def("free", end) + "\n" + def("both", fmt.Sprintf("#.mover == \"A\" ? %s : %s", end, end)) + "\n" +
			`filter(0..24, {let a = solve(free(#)); let b = solve(both(#)); a.value != b.value || a.optimal != b.optimal})`
		out := s.Execute(context.Background(), code)
		if out.Err != nil {
			t.Fatalf("game %d: %s\n%s", trial, out.Err.Msg, code)
		}
		if out.Result.Text != "[]" {
			t.Fatalf("game %d: the piles %s solve otherwise without the mover\n%s", trial, out.Result.Text, code)
		}
	}
	// Taking 1..3 from 12, A to move: 12 with A to move, 11 with B, and
	// each pile 0..10 with either.
	out := s.Execute(context.Background(), `free = game({name: "free", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}})
both = game({name: "both", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {#.mover == "A" ? -1 : -1}})
[len(dp(free(12)).rows), len(dp(both(12)).rows)]`)
	if out.Err != nil || out.Result.Text != "[13, 24]" {
		t.Errorf("the positions of a pile of 12 without and with the mover: %v %v, want [13, 24]", out.Result, out.Err)
	}
}
