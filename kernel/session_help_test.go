package kernel

// Tests of help: ?name queries, the list of builtins, their examples.

import (
	"context"
	"strings"
	"testing"

	"gamelab/kernel/docs"
)

func helpTextOf(name string) string {
	for _, k := range NewSession().library.Builtins {
		if k.Name == name {
			return docs.Text(k, docs.DefaultWidth)
		}
	}
	return "?"
}

// TestHelpQuery: `name?` and `?name` ask for help as in IPython: to the
// pager when the front end has one, printed otherwise; help(name) always
// prints.
func TestHelpQuery(t *testing.T) {
	s := newTestSession()
	solveHelp, _ := s.describe("solve", docs.DefaultWidth)
	for _, tc := range []struct {
		code        string
		pager       bool
		page, print string
	}{
		{"solve?", true, solveHelp + "\n", ""},
		{"?solve", true, solveHelp + "\n", ""},
		{"solve??", true, solveHelp + "\n", ""},
		{"?? solve", true, solveHelp + "\n", ""},
		{"solve?", false, "", solveHelp + "\n"},
		{"help(solve)", true, "", solveHelp + "\n"},
		{"?", true, s.helpAll(docs.DefaultWidth) + "\n", ""},
		{"solve?\n?max", true, solveHelp + "\n\n" + helpTextOf("max") + "\n", ""},
	} {
		out := s.ExecuteWith(context.Background(), tc.code, ExecOptions{Pager: tc.pager})
		if out.Err != nil || out.Page != tc.page || out.Stdout != tc.print || out.Result != nil {
			t.Errorf("%q (pager %v): err %v, page %q, printed %q", tc.code, tc.pager, out.Err, out.Page, out.Stdout)
		}
	}
	for _, tc := range []struct {
		code string
		col  int
	}{{"slove?", 1}, {"?slove", 2}, {"help(slove)", 6}, {"help slove", 6}} {
		e := run(t, s, tc.code).Err
		if e == nil || e.Kind != "NameError" || e.Column != tc.col || e.Msg != "no help for slove (did you mean solve?)" {
			t.Errorf("%q: %v, want a NameError at column %d", tc.code, e, tc.col)
		}
	}
	if c, _ := IsComplete("solve?"); c != Complete {
		t.Errorf("IsComplete(solve?) = %v", c)
	}
}

func TestHelpListsEveryBuiltin(t *testing.T) {
	s := newTestSession()
	text := run(t, s, "help").Stdout
	for _, n := range s.builtinNames() {
		b, _ := s.lookupDoc(n)
		if !strings.Contains(text, b.Signature) {
			t.Errorf("help lacks %s", b.Signature)
		}
		if b.Doc == "" || b.Example == "" {
			t.Errorf("%s lacks a doc or an example", n)
		}
	}
}

// TestBuiltinExamplesRun runs every builtin's example: the documentation
// must not lie.
func TestBuiltinExamplesRun(t *testing.T) {
	t.Chdir(t.TempDir()) // save_session's example writes a file: never into the source tree
	s := newTestSession()
	run(t, s, "p = polygon(\"* -5 + -2 * -8 * -5 + 8\")\nx = 1")
	for _, n := range s.builtinNames() {
		b, _ := s.lookupDoc(n)
		if strings.HasPrefix(n, "t") && len(n) > 4 && (n == "tfail" || n == "tpanic" || n == "tslow") {
			continue
		}
		if n == "save" || n == "load" {
			continue // writes a file; reads one of the repository's (TestLoad)
		}
		if n == "play" { // a person answers: q at once
			quit := func(context.Context, string) (string, error) { return "q", nil }
			if o := s.ExecuteWith(context.Background(), b.Example, ExecOptions{Input: quit}); o.Err != nil {
				t.Errorf("%s: example %q: %v", n, b.Example, o.Err)
			}
			continue
		}
		if o := run(t, s, b.Example); o.Err != nil {
			t.Errorf("%s: example %q: %v", n, b.Example, o.Err)
		}
	}
}

// TestHelpVariantsOfDefinedGames: help(variants) lists, after the built-in
// games', the rules of each game defined in the session, once however
// many variables hold it; a session without one has the built-in games'
// alone.
func TestHelpVariantsOfDefinedGames(t *testing.T) {
	s := newTestSession()
	alone := run(t, s, "help(variants)").Stdout
	if strings.Contains(alone, "defined in this session") {
		t.Errorf("help(variants) of a session without games of its own:\n%s", alone)
	}
	run(t, s, `g = game({name: "g", rules: {n: 3, mode: ["a", "b"]}, moves: {[]}, play: {1}}); h = g`)
	run(t, s, `plain = game({name: "plain", moves: {[]}, play: {1}})`)
	want := "\n\nThe games defined in this session:\n\ng (g):\n" +
		"  mode: \"a\" or \"b\" (default \"a\")\n      a rule of the game's definition, \"a\" by default.\n" +
		"  n: an integer (default 3)\n      a rule of the game's definition, 3 by default.\n"
	if got := run(t, s, "help(variants)").Stdout; got != strings.TrimSuffix(alone, "\n")+want {
		t.Errorf("help(variants) with a game of rules defined:\n%s", got)
	}
}
