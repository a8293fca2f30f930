package kernel

import (
	"context"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/builtin"
)

// TestExperimentsInTheLanguage: strategies are names and values, a {…}
// passed to strategy and shrink is a predicate that reads the session's
// variables and the lets around it (as they were when it was written),
// and the errors are in the user's words.
func TestExperimentsInTheLanguage(t *testing.T) {
	s := newTestSession()
	for _, tc := range []struct{ cell, want string }{
		{"greedy", "greedy"},
		{"type(optimal)", `"strategy"`},
		{`c = coins([10, 80, 90, 30]); match(c, greedy, optimal).totals`, `{"A": 110, "B": 100}`},
		{`k = 50; s = strategy({#.values[1] > k ? "L" : "R"}); k = 0; match(c, s, optimal).moves[1].move`, `"R"`},
		{`let m = 5; match(c, strategy({#.values[1] > m ? "L" : "R"}), optimal).moves[1].move`, `"L"`},
		{`map([1, 100], let k = #; match(c, strategy({#.values[1] > k ? "L" : "R"}), optimal).moves[1].move)`, `["L", "R"]`},
		{`(c | shrink({solve(#).diff >= 10})).n`, "1"},
		{`t = tournament(map(1..5, randcoins(6, #)), {A: greedy, B: optimal}); [len(t.rows), t.summary.B.lost]`, "[5, 0]"},
		{`count(1..20, {match(randcoins(6, #), greedy, optimal).loss.A > 0})`, "9"},
		{`type({values: -10**30..10**30}.values)`, `"range"`},
	} {
		out := run(t, s, tc.cell)
		if out.Err != nil || resultText(out) != tc.want {
			t.Errorf("%s = %s, %v; want %s", tc.cell, resultText(out), out.Err, tc.want)
		}
	}
	for _, tc := range []struct{ cell, want string }{
		{`strategy({a: 1})`, "must be a predicate {…} that returns a move"},
		{`strategy({# +})`, "unexpected"},
		{`match(c, strategy({nope}), optimal)`, "unknown name nope"},
		{`match(c, strategy({1 / 0}), optimal)`, "failed at A to move, coins 1..4: division by zero"},
		{`match(c, strategy({[1, 2]}), optimal)`, `returned [1, 2] at A to move, coins 1..4, which is no move`},
		{`tournament(c, greedy)`, "must be an array"},
		{`shrink(c, {nope2 > 1})`, "unknown name nope2"},
	} {
		out := run(t, s, tc.cell)
		if out.Err == nil || !strings.Contains(out.Err.Msg, tc.want) {
			t.Errorf("%s: %v, want %q", tc.cell, out.Err, tc.want)
		}
		if out.Err != nil && (strings.Contains(out.Err.Msg, "*games.") || strings.Contains(out.Err.Msg, "%!")) {
			t.Errorf("%s: %q names Go", tc.cell, out.Err.Msg)
		}
	}
}

// TestSearchesShowProgress: count, filter and find over seeds report
// their progress as map does.
func TestSearchesShowProgress(t *testing.T) {
	c := &clock{time.Unix(0, 0)}
	var s *Session
	setClock := &builtin.Builtin{Name: "tclock", Signature: "tclock()", Doc: "Puts the meter on the test's clock.", Example: "tclock()",
		Fn: func(*builtin.Env, ...any) (any, error) { s.cell.progress.Now = c.now; return nil, nil }}
	tick := &builtin.Builtin{Name: "ttick", Signature: "ttick()", Doc: "A second passes.", Example: "ttick()",
		Fn: func(*builtin.Env, ...any) (any, error) {
			c.t = c.t.Add(time.Second)
			return true, nil
		}}
	s = newTestSession(WithBuiltins(tick, setClock))
	for _, cell := range []string{"tclock(); count(1..4, {ttick()})", "tclock(); filter(1..4, {ttick()}) | len()", "tclock(); find(1..4, {ttick() && # == 4})"} {
		var lines []string
		out := s.ExecuteWith(context.Background(), cell, ExecOptions{Progress: func(l string) { lines = append(lines, l) }})
		if out.Err != nil || resultText(out) != "4" || len(lines) < 2 || !strings.Contains(lines[0], "% done") || lines[len(lines)-1] != "" {
			t.Errorf("%s = %s, %v; progress %q", cell, resultText(out), out.Err, lines)
		}
	}
}

// TestExperimentsStop: a tournament, a shrink and a search stop as soon as
// the cell is interrupted (a strategy's rule interrupts it here), and a
// tournament larger than the memory budget is refused before it plays.
func TestExperimentsStop(t *testing.T) {
	for _, cell := range []string{
		`tournament(map(1..1000, randcoins(8, #)), {A: strategy({tcalls() > 20 ? "L" : "L"}), B: optimal})`,
		`shrink(randcoins(200, 1), {tcalls() > 0 && #.n >= 190})`,
		`count(1..100000, {tcalls() > 20})`,
	} {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		counter := &builtin.Builtin{Name: "tcalls", Signature: "tcalls()", Doc: "Counts its calls; interrupts the cell at the 20th.", Example: "tcalls()",
			Fn: func(*builtin.Env, ...any) (any, error) {
				if calls++; calls == 20 {
					cancel()
				}
				return calls, nil
			}}
		s := newTestSession(WithBuiltins(counter))
		out := s.Execute(ctx, cell)
		cancel()
		if out.Err == nil || out.Err.Kind != builtin.Interrupted || calls > 25 {
			t.Errorf("%s: %v after %d calls", cell, out.Err, calls)
		}
	}
	s := newTestSession(WithMemoryBudget(64 << 20))
	out := run(t, s, "xs = map(1..100000, randcoins(1, #)); tournament(xs, greedy)")
	if out.Err == nil || out.Err.Kind != builtin.MemoryError {
		t.Errorf("a tournament past the budget: %v", out.Err)
	}
}

// BenchmarkTournamentSession: tournament(xs, {A: greedy, B: optimal}) on
// 10,000 rows of 20 coins as a cell runs it, under the session's budget
// and progress line; the target is under 2 s.
func BenchmarkTournamentSession(b *testing.B) {
	s := NewSession()
	if out := s.Execute(context.Background(), "xs = map(1..10000, randcoins(20, #))"); out.Err != nil {
		b.Fatal(out.Err)
	}
	for b.Loop() {
		if out := s.Execute(context.Background(), "tournament(xs, {A: greedy, B: optimal}).summary"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}

// TestExperimentExamplesRun: the example of each experiment builtin's help
// runs (save_session's would write a file, so it is left out here; its
// own test writes one).
func TestExperimentExamplesRun(t *testing.T) {
	s := newTestSession()
	for _, name := range []string{"optimal", "greedy", "random", "skill", "strategy", "match", "tournament", "shrink"} {
		b, ok := s.lookupDoc(name)
		if !ok || b.Example == "" {
			t.Errorf("%s: no help with an example", name)
			continue
		}
		if out := run(t, s, b.Example); out.Err != nil {
			t.Errorf("%s: example %q: %v", name, b.Example, out.Err)
		}
	}
	if m, _, _ := s.Complete("gre", 3); len(m) != 1 || m[0] != "greedy" {
		t.Errorf("completing gre: %q", m)
	}
}
