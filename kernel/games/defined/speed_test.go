package defined_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
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

// TestValuesPastInt64: coins worth about 2**62 each (whose margins pass
// int64 on the way) and about 2**70 (past it from the start) solve
// exactly: the margin and the optimal moves are the native coins
// solver's, on rows of every length to 12.
func TestValuesPastInt64(t *testing.T) {
	s := kernel.NewSession()
	def := `big = game({name: "big", start: {[1, len(#.state)]}, moves: {#.state[1] <= #.state[2] ? ["L", "R"] : []}, ` +
		`play: {#.move == "L" ? [#.state[1] + 1, #.state[2]] : [#.state[1], #.state[2] - 1]}, ` +
		`earn: {cs[#.move == "L" ? #.state[1] : #.state[2]]}})`
	for _, size := range []string{"2 ** 62", "2 ** 70"} {
		if out := s.Execute(context.Background(), "cs = map(1..12, {"+size+" * (# % 2 * 2 - 1) + # * 7919 % 13})\n"+def); out.Err != nil {
			t.Fatal(out.Err.Msg)
		}
		out := s.Execute(context.Background(), `filter(1..12, {let c = cs[1:#]; let mine = solve(big(c)); let native = solve(coins(c)); `+
			`mine.value != native.diff || # > 1 && mine.optimal != native.optimal})`)
		if out.Err != nil {
			t.Fatal(out.Err.Msg)
		}
		if out.Result.Text != "[]" {
			t.Errorf("coins of %s: the two differ on rows of lengths %s", size, out.Result.Text)
		}
		if out := s.Execute(context.Background(), `abs(solve(big(cs)).value) > 2 ** 63`); out.Err != nil || out.Result.Text != "true" {
			t.Errorf("coins of %s: the margin of the whole row is not past 2**63: %v", size, out.Result)
		}
	}
}

// TestLongSolvesStop: a defined game's long solve stops at the memory
// budget with a MemoryError that says how many positions it reached (the
// table's reservation finds it, or the budget's watchdog, which stops the
// cell: both are said so), and at an
// interrupt (Ctrl-C: the cell's context cancelled) within a second; the
// session goes on, and a smaller solve of the same game works after either.
func TestLongSolvesStop(t *testing.T) {
	positionsReached := regexp.MustCompile(`^wide: the positions reached pass the memory budget after [0-9]+ positions`)
	s := kernel.NewSession()
	def := `wide = game({name: "wide", start: {[#.state, 0]}, moves: {#.state[1] > 0 ? [1, 2] : []}, ` +
		`play: {[#.state[1] - 1, #.state[2] * 2 + #.move]}, value: {#.state[2] % 3 - 1}})`
	if out := s.Execute(context.Background(), "budget(\"100MB\")\n"+def); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	// 2**41 positions: past any budget.
	out := s.Execute(context.Background(), "solve(wide(40)).value")
	if out.Err == nil || out.Err.Kind != builtin.MemoryError || !positionsReached.MatchString(out.Err.Msg) {
		t.Fatalf("past the budget: %v, want a MemoryError", out.Err)
	}
	// A line as long as the budget allows, of states past 64 bits (whose
	// parts run on the machine, which meets the watchdog's stop as its
	// context's end): the frames of its search count too.
	out = s.Execute(context.Background(), `sub = game({name: "wide", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}}); solve(sub(10**30)).value`)
	if out.Err == nil || out.Err.Kind != builtin.MemoryError || !positionsReached.MatchString(out.Err.Msg) {
		t.Fatalf("a line past the budget: %v, want a MemoryError", out.Err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if out := s.Execute(context.Background(), `budget("1GB")`); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	start := time.Now()
	out = s.ExecuteWith(ctx, "solve(wide(40)).value", kernel.ExecOptions{})
	if out.Err == nil || out.Err.Kind != builtin.Interrupted || time.Since(start) > 5*time.Second {
		t.Fatalf("interrupted: %v after %v, want Interrupted within a second or so", out.Err, time.Since(start))
	}
	if out := s.Execute(context.Background(), "solve(wide(10)).value"); out.Err != nil {
		t.Fatalf("after both: %s", out.Err.Msg)
	}
}

// TestHugeMoveListsMeetTheBudget: a position holds its legal moves, so
// one of ten million moves (a range, one word until then) or of three
// million lists asks the budget before it is made: a MemoryError under
// 100 MB (it took a gigabyte past the budget), and the session goes on.
func TestHugeMoveListsMeetTheBudget(t *testing.T) {
	s := kernel.NewSession()
	if out := s.Execute(context.Background(), `budget("100MB")
g = game({name: "g", moves: {1..#.state}, play: {#.state - #.move}, value: {-1}})
q = game({name: "q", moves: {map(1..#.state, {[#]})}, play: {#.state - #.move[1]}, value: {-1}})`); out.Err != nil {
		t.Fatal(out.Err.Msg)
	}
	for _, code := range []string{"p = g(10**7)", "q(3 * 10**6)", "after(g(10), [1]); after(g(10**7 + 1), [1])"} {
		if out := s.Execute(context.Background(), code); out.Err == nil || out.Err.Kind != builtin.MemoryError {
			t.Errorf("%s: %v, want a MemoryError", code, out.Err)
		}
	}
	if out := s.Execute(context.Background(), "[len(g(10**5).legal), solve(g(1000)).value]"); out.Err != nil || out.Result.Text != "[100000, 1]" {
		t.Errorf("after them: %v %v", out.Result, out.Err)
	}
}

// TestDeepTablesMeetTheBudget: dp keeps each position with the line that
// reached it, which a deep game makes as long as the game: dp of a pile
// of 20,000 counters is a MemoryError under 100 MB (it held 19.6 GB for 16
// minutes, its small reservations waved through), and the session goes on.
func TestDeepTablesMeetTheBudget(t *testing.T) {
	s := kernel.NewSession()
	out := s.Execute(context.Background(), `budget("100MB")
sub = game({name: "sub", moves: {1..min(#.state, 3)}, play: {#.state - #.move}, value: {-1}})
d = dp(sub(20000))`)
	if out.Err == nil || out.Err.Kind != builtin.MemoryError {
		t.Fatalf("dp of 20,000 counters: %v, want a MemoryError", out.Err)
	}
	if out := s.Execute(context.Background(), "len(dp(sub(300)).rows)"); out.Err != nil || out.Result.Text != "301" {
		t.Errorf("after it: %v %v", out.Result, out.Err)
	}
}
