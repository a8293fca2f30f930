package kernel

import (
	"context"
	"testing"
)

// TestSolveCache: with WithSolveCache a solve of a value solved before
// answers from the cache (Output.Cached counts it), the same result; a
// value with other numbers or other rules is solved anew, and the least
// recently used result goes first.
func TestSolveCache(t *testing.T) {
	s := NewSession(WithSolveCache(2))
	run := func(code string) *Output {
		t.Helper()
		out := s.Execute(context.Background(), code)
		if out.Err != nil {
			t.Fatalf("%s: %v", code, out.Err)
		}
		return out
	}
	run(`c = coins([10, 80, 90, 30])`)
	if out := run(`solve(c).diff`); out.Cached != 0 || out.Result.Text != "10" {
		t.Errorf("the first solve: cached %d, %q", out.Cached, out.Result.Text)
	}
	if out := run(`[solve(coins([10, 80, 90, 30])).diff, solve(c) == solve(c)]`); out.Cached != 3 || out.Result.Text != "[10, true]" {
		t.Errorf("solved again: cached %d, %q", out.Cached, out.Result.Text)
	}
	if out := run(`solve(with(c, {take: 2})).diff`); out.Cached != 0 {
		t.Errorf("other rules answered from the cache: %q", out.Result.Text)
	}
	if out := run(`solve(setv(c, 1, 11)).diff`); out.Cached != 0 { // c's solve now goes
		t.Errorf("other numbers answered from the cache: %q", out.Result.Text)
	}
	if out := run(`solve(c).diff`); out.Cached != 0 {
		t.Errorf("the least recently used solve was kept")
	}
	// A game defined in the language is its predicates too, which the
	// cache does not see: never from the cache.
	run(`sub = game({name: "sub", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}})`)
	if out := run(`[solve(sub(8)).value, solve(sub(8)).value]`); out.Cached != 0 {
		t.Errorf("a defined game's solves came from the cache (%d)", out.Cached)
	}
	if out := NewSession().Execute(context.Background(), `c = coins([1, 2]); [solve(c), solve(c)]`); out.Cached != 0 {
		t.Errorf("a session without the cache cached")
	}
}
