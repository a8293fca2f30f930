package kernel

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
)

// A strategy that plays a strategy that plays… one that fails says why in
// one short line: each match words the failure of the strategy it plays
// inside its own, and 300 of them made a line of 30 KB (1,000: 100 KB, and
// 50 MB of messages on the way).
func TestNestedFailuresAreShort(t *testing.T) {
	s := newTestSession()
	out := run(t, s, `c = coins([5]); s = reduce(map(1..300, strategy({1 / 0})), let t = #acc; strategy({match(#, t, optimal).moves[1].move})); match(c, s, optimal)`)
	if out.Err == nil || len([]rune(out.Err.Msg)) > 1000 || !strings.HasPrefix(out.Err.Msg, "match: strategy({match(") || !strings.Contains(out.Err.Msg, "division by zero") {
		t.Errorf("%d runes: %.2000v", len([]rune(out.Err.Msg)), out.Err)
	}
}

// Strategies nested past 1,000 (1,001 strategies around optimal) stop with one error that says so.
func TestNestedStrategiesStopAt1000(t *testing.T) {
	s := newTestSession()
	out := run(t, s, `c = coins([5]); s = reduce(map(1..1002, optimal), let t = #acc; strategy({match(#, t, optimal).moves[1].move})); match(c, s, optimal).loss`)
	if out.Err == nil || out.Err.Kind != builtin.RuntimeError || strings.Count(out.Err.Msg, "more than 1000 deep") != 1 {
		t.Errorf("%v", out.Err)
	}
	if out := run(t, s, `s = reduce(map(1..999, optimal), let t = #acc; strategy({match(#, t, optimal).moves[1].move})); match(c, s, optimal).loss`); out.Err != nil || resultText(out) != `{"A": 0, "B": 0}` {
		t.Errorf("999 deep: %v %s", out.Err, resultText(out))
	}
}

// hugeStatements are issue 29's statements of hundreds of kilobytes: each
// compiles in time linear in its size (BenchmarkHugeStatements).
func hugeStatements() []struct{ name, code string } {
	var lets, line, values, lines strings.Builder
	lets.WriteString("let a0 = 1; ")
	for i := 1; i < 20000; i++ {
		fmt.Fprintf(&lets, "let a%d = a%d + 1; ", i, i-1)
		fmt.Fprintf(&line, "a%d = %d; ", i, i)
	}
	lets.WriteString("a19999")
	line.WriteString("a1")
	values.WriteString("len(coins([")
	lines.WriteString("len([\n")
	for i := range 100000 {
		fmt.Fprintf(&values, "%d, ", i%97)
		if i < 40000 {
			fmt.Fprintf(&lines, "  %d,\n", i)
		}
	}
	values.WriteString("1]).values)")
	lines.WriteString("  0])")
	return []struct{ name, code string }{
		{"10000-predicates", "len([" + strings.Repeat(`strategy({#.values[1] > 5 ? "L" : "R"}), `, 10000) + "optimal])"},
		{"20000-lets", lets.String()},
		{"20000-statements-a-line", line.String()},
		{"100000-values", values.String()},
		{"40000-lines", lines.String()},
	}
}

// BenchmarkHugeStatements times issue 29's huge statements, each run as a
// cell (the issue measured 38.5 s for the 10,000 predicates and over
// 300 s for the lines of statements):
//
//	go test -run '^$' -bench HugeStatements ./kernel
func BenchmarkHugeStatements(b *testing.B) {
	for _, tc := range hugeStatements() {
		b.Run(tc.name, func(b *testing.B) {
			s := newTestSession()
			b.SetBytes(int64(len(tc.code)))
			for b.Loop() {
				if out := s.Execute(context.Background(), tc.code); out.Err != nil {
					b.Fatal(out.Err)
				}
			}
		})
	}
}

// reduce with a game's value as its initial value keeps that value (expr
// dereferenced it into a copy: "must be a strategy …, got strategy"), and
// so does each #acc the body reads, also as a loop's initial value inside, and the
// result of reducing no items.
func TestReduceKeepsItsInitialValue(t *testing.T) {
	s := newTestSession()
	for _, c := range []struct{ code, want string }{
		{`c = coins([3, 1, 2]); s = reduce([greedy, optimal], {#acc}, optimal); match(c, s, greedy).totals`, `{"A": 4, "B": 2}`},
		{`reduce([], {#acc}, optimal) == optimal`, `true`},
		{`reduce([1, 2], {[#acc, reduce([5], {#acc}, greedy)][1]}, optimal) == optimal`, `true`},
		{`type(reduce(1..3, {let t = #acc; reduce([t], {#acc}, t)}, optimal))`, `"strategy"`},
		{`reduce(1..4, {#acc + #}, 10)`, `20`},
		{`reduce(1..4, {#acc * #})`, `24`},
		{`p = polygon("+ 1 * 2"); solve(reduce([1], {#acc}, p)).best`, `3`},
	} {
		if out := run(t, s, c.code); out.Err != nil || resultText(out) != c.want {
			t.Errorf("%s: %v %s, want %s", c.code, out.Err, resultText(out), c.want)
		}
	}
}
