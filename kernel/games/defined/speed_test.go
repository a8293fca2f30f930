package defined_test

import (
	"context"
	"testing"

	"gamelab/kernel"
)

// TestFastPartsAgree: the same game written so that its parts take the
// fast paths (they read only fields of #, which the search then reuses;
// keys that pack) and so that they cannot (a part that keeps # in its
// state, a let of #, a text key) solves to the same values and optimal
// moves, on subtraction games of many sizes and rules.
func TestFastPartsAgree(t *testing.T) {
	s := kernel.NewSession()
	for _, def := range []string{
		`fast = game({name: "fast", rules: {take: 3}, moves: {1..min(#.state, #.rules.take)}, play: {#.state - #.move}, value: {-1}})`,
		// play keeps # in its state ({n, by}), which value reads (the
		// last move, at least 1: -1); moves reads # through a let; the
		// key is a string.
		`slow = game({name: "slow", rules: {take: 3}, start: {{n: #.state, by: nil}}, moves: {let v = #; 1..min(v.state.n, v.rules.take)}, ` +
			`play: {{n: #.state.n - #.move, by: #}}, value: {let v = #; v.state.by == nil || v.state.by.move > 0 ? -1 : 5}, key: {string(#.state.n)}})`,
	} {
		if out := s.Execute(context.Background(), def); out.Err != nil {
			t.Fatal(out.Err.Msg)
		}
	}
	out := s.Execute(context.Background(), `filter(0..60, {let n = #; any(1..5, {let r = {take: #}; `+
		`let a = solve(fast(n, r)); let b = solve(slow(n, r)); a.value != b.value || a.optimal != b.optimal})})`)
	if out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	if out.Result.Text != "[]" {
		t.Errorf("the two differ at piles %s", out.Result.Text)
	}
}
