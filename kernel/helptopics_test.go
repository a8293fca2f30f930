package kernel

import (
	"context"
	"strings"
	"testing"

	"gamelab/kernel/docs"
	"gamelab/kernel/games"
	"gamelab/kernel/lang"
)

// TestHelpWrapsToWidth: help, help(name) and the topics fill the width the
// front end gives (80 when it gives none), never past it, and no
// description is cut.
func TestHelpWrapsToWidth(t *testing.T) {
	for _, width := range []int{0, 60, 80, 160} {
		s := newTestSession()
		limit := width
		if limit == 0 {
			limit = 80
		}
		longest := 0
		for _, cell := range []string{"help", "help(solve)", "help(rules)", "help(syntax)", "help(board)", "help(map)"} {
			out := s.ExecuteWith(context.Background(), cell, ExecOptions{Width: width})
			if out.Err != nil {
				t.Fatalf("%s: %v", cell, out.Err)
			}
			for _, line := range strings.Split(out.Stdout, "\n") {
				n := len([]rune(line))
				longest = max(longest, n)
				if n > limit && !strings.Contains(line, "https://") {
					t.Errorf("width %d, %s: a line of %d: %q", width, cell, n, line)
				}
				if strings.HasSuffix(line, "…") {
					t.Errorf("width %d, %s: a cut line: %q", width, cell, line)
				}
			}
		}
		if longest < limit-10 {
			t.Errorf("width %d: the longest line has %d columns; help does not use the width", width, longest)
		}
		// Every builtin's first sentence is in help whole, however it wraps.
		flat := strings.Join(strings.Fields(s.ExecuteWith(context.Background(), "help", ExecOptions{Width: width}).Stdout), " ")
		for _, n := range s.builtinNames() {
			b, _ := s.lookupDoc(n)
			if first := strings.Join(strings.Fields(docs.FirstSentence(b.Doc)), " "); !strings.Contains(flat, first) {
				t.Errorf("width %d: help lacks %s's %q", width, n, first)
			}
		}
	}
}

// TestHelpTeaches: the rules of every game, in help(rules) and in help of
// each game's constructor; the syntax topic; expr's functions.
func TestHelpTeaches(t *testing.T) {
	s := newTestSession()
	type check struct{ cell, want string }
	var checks []check
	for _, g := range games.All() {
		heading, _, _ := strings.Cut(g.Heading, " (")
		checks = append(checks, check{"help(rules)", g.Heading}, check{"help(" + g.Builtins[0].Name + ")", "rules of " + heading})
	}
	for _, tc := range append(checks, []check{
		{"help(syntax)", "#index"},
		{"help(syntax)", "({…})"},
		{"help(syntax)", "let"},
		{"help(syntax)", "// comment"},
		{"help(syntax)", "a..b"},
		{"help(map)", "example: map(1..4, # * 10)"},
		{"map?", "The list of the predicate's value for each item."},
		{"help", "help(rules)"},
	}...) {
		if out := run(t, s, tc.cell); out.Err != nil || !strings.Contains(out.Stdout, tc.want) {
			t.Errorf("%s lacks %q: %v\n%s", tc.cell, tc.want, out.Err, out.Stdout)
		}
	}
	if out := run(t, s, "help(rule)"); out.Err == nil || out.Err.Msg != "no help for rule (did you mean rules?)" {
		t.Errorf("help(rule): %v", out.Err)
	}
	if text, found := s.Inspect("map", 1); !found || !strings.Contains(text, "example: map(") {
		t.Errorf("Inspect(map) = %q, %v", text, found)
	}
}

// TestExprFunctionExamplesRun: each of expr's functions has a one-line
// summary and an example, and the example runs; so do help(syntax)'s.
func TestExprFunctionExamplesRun(t *testing.T) {
	s := newTestSession()
	for _, d := range lang.ExprFunctions.Builtins {
		if d.Doc == "" || strings.Contains(d.Doc, "\n") || d.Example == "" || d.Signature == "" {
			t.Errorf("%s: a summary line, a signature and an example, please", d.Name)
		}
		if o := run(t, s, d.Example); o.Err != nil {
			t.Errorf("%s: example %q: %v", d.Name, d.Example, o.Err)
		}
	}
	for _, example := range docs.SyntaxExamples() {
		if o := run(t, s, example); o.Err != nil {
			t.Errorf("syntax: example %q: %v", example, o.Err)
		}
	}
}
