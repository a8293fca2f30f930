package kernel

// Tests of statements that fail: the errors' wording and format, odd
// inputs and long lines, and the state a failure keeps.

import (
	"context"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/syntax"
)

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		setup     string
		cell      string
		kind      builtin.Kind
		line, col int
		msg       string // substring of Msg
	}{
		{"unknown name with suggestion", "", "solv(1)", "NameError", 1, 1, "unknown name solv (did you mean solve?)"},
		{"misspelt variable", "total = 3", "totl + 1", "NameError", 1, 1, "did you mean total?"},
		// {…} is a predicate only in a known function's call: a misspelt one
		// was "a map key must be a quoted string…" at the brace
		{"misspelt function taking a predicate", "", "x = 2; filtr(1..5, {# > x})", "NameError", 1, 8, "unknown name filtr (did you mean filter?)"},
		{"misspelt function, a syntax error after it", "", "let n = 2; shrnk(coins([1]), {len(#.values) > n})", "NameError", 1, 12, "unknown name shrnk (did you mean shrink?)"},
		{"a let's name called is not unknown", "", "let f = 1; f(1+)", "SyntaxError", 1, 16, `unexpected ")"`},
		{"position on the second line", "", "x = 1\ny = x + zzz", "NameError", 2, 9, "unknown name zzz"},
		{"column in runes", "", `"héllo" + nope`, "NameError", 1, 11, "unknown name nope"},
		// Under a patched operator expr's checker let #0 through and its
		// compiler panicked, with a Go stack in the message (fuzz).
		{"unknown pointer under a comparison", "", `map(1..3, 1 > #0 % 2)`, "NameError", 1, 15, "unknown name #0: in a predicate, # is the item"},
		{"unknown pointer", "", `map(1..3, #x)`, "NameError", 1, 11, "unknown name #x"},
		{"position inside a continued statement", "", "[1,\n  2 +* 3]", "SyntaxError", 2, 6, ""},
		{"syntax error", "", "1 +", "SyntaxError", 1, 3, ""},
		{"stray bracket", "", "1)", "SyntaxError", 1, 2, ""},
		{"builtin error", "", "1 + tfail()", "GameError", 1, 5, "tfail: it failed"},
		{"panic in a builtin", "", "tpanic()", "InternalError", 1, 1, "internal error in tpanic: boom"},
		{"memory budget", "", "len(1..2000000000)", "MemoryError", 1, 6, "memory budget exceeded"},
		{"type error", "", `1 + "a"`, "TypeError", 1, 3, "invalid operation"},
		{"a field assigned", "p = polygon(\"+ 1 * 2\")", "p.values = [1]", "SyntaxError", 1, 10, "a field cannot be assigned: x[i] = v changes item i, with(x, {…}) the rules"},
		{"a field's item assigned", "p = polygon(\"+ 1 * 2\")", "p.values[1] = 5", "SyntaxError", 1, 13, "a field cannot be assigned: x[i] = v changes item i"},
		{"a string times a number, as Python writes a repeat", "", `"ab" * 3`, "TypeError", 1, 6, `invalid operation: string * int: repeat("ab", 3) repeats a string`},
		{"assign to builtin", "", "solve = 1", "NameError", 1, 1, "cannot assign to solve: it is a builtin"},
		{"assign to history", "", "_ = 1", "NameError", 1, 1, "history"},
		{"indexed assignment of unknown", "", "q[1] = 2", "NameError", 1, 1, "unknown name q"},
		{"index out of range", "xs = [1]", "xs[3] = 2", "TypeError", 1, 3, "out of range"},
		{"del unknown", "x = 1", "del x, y", "NameError", 1, 8, "unknown name y"},
		{"help unknown", "", "help slove", "NameError", 1, 6, "no help for slove (did you mean solve?)"},
		{"power too large", "", "2 ** 100000000000", "RuntimeError", 1, 3, "more than 1048576 bits"},
		{"modulo by zero", "", "(2**70) % 0", "RuntimeError", 1, 9, "modulo by zero"},
		{"nothing after =", "", "x =", "SyntaxError", 1, 3, "nothing to assign"},
		{"error in the index", "xs = [1]", "xs[nope] = 1", "NameError", 1, 4, "unknown name nope"},
		// An error that names an argument points at that argument.
		{"game argument", "b = randboard(4, 1)", "solve(b, 12)", "GameError", 1, 10, "solve: argument 2 (player) must be 1..9, got 12"},
		{"argument of a call inside", "b = randboard(4, 1)", "x = [1, solve(b, 1 + 11)]", "GameError", 1, 18, "argument 2 (player)"},
		{"the failing one of two calls", "b = randboard(4, 1)", "[solve(b, 1).best, solve(b,\n  0)]", "GameError", 2, 3, "got 0"},
		{"piped argument", "b = randboard(4, 1)", "b | solve(-abs(1))", "GameError", 1, 11, "argument 2 (player)"},
		{"piped value is argument 1", "", "5 | setv(1, 2)", "GameError", 1, 1, "setv: argument 1"},
		{"nested call's argument", "", "solve(randpolygon(0, 1))", "GameError", 1, 19, "randpolygon: argument 1 (n)"},
		{"bad text in a variable", `s = "+ 1 * x"`, "polygon(s)", "GameError", 1, 9, `token 4 "x"`},
		{"bad text in the literal", "", `polygon("+ 1 * x")`, "GameError", 1, 16, `token 4 "x"`},
		{"kernel builtin argument", "", `max(1, "a")`, "RuntimeError", 1, 8, `max: argument 2 must be a number, got "a"`},
		{"item of an array argument", "", `x = min([1, 2, nil])`, "RuntimeError", 1, 9, "min: argument 1 (array) has an item that is not a number: nil (item 3"},
		{"expr builtin name", "", `abs("x")`, "RuntimeError", 1, 5, "abs: argument 1 (x) must be a number"},
		{"exact sum", "", `1 + sum([1, "z"])`, "RuntimeError", 1, 9, "sum: argument 1 (array) has an item"},
		{"assert", "", "assert(1 == 1, 2)\nassert(3)", "RuntimeError", 2, 8, "assert: argument 1 (condition)"},
		{"wrong count stays at the call", "b = randboard(4, 1)", "x = solve(b)", "GameError", 1, 5, "solve: takes 2 arguments (b, player), got 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestSession()
			if tc.setup != "" {
				if o := run(t, s, tc.setup); o.Err != nil {
					t.Fatal(o.Err)
				}
			}
			e := run(t, s, tc.cell).Err
			if e == nil {
				t.Fatal("no error")
			}
			if e.Kind != tc.kind || e.Line != tc.line || e.Column != tc.col || !strings.Contains(e.Msg, tc.msg) {
				t.Errorf("got %s at %d:%d %q, want %s at %d:%d containing %q", e.Kind, e.Line, e.Column, e.Msg, tc.kind, tc.line, tc.col, tc.msg)
			}
			if strings.Contains(e.Msg, "\n") {
				t.Errorf("message is not one line: %q", e.Msg)
			}
			if src := strings.Split(strings.ReplaceAll(tc.cell, "\r\n", "\n"), "\n")[e.Line-1]; e.Source != src {
				t.Errorf("source %q, want %q", e.Source, src)
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	e := run(t, newTestSession(), "x = 1\ny = solv(x)").Err
	want := "2:5: unknown name solv (did you mean solve?)\ny = solv(x)\n    ^"
	if e == nil || e.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", e, want)
	}
}

func TestFailedStatementKeepsState(t *testing.T) {
	s := newTestSession()
	run(t, s, "x = 1\nxs = [1, 2]")
	out := run(t, s, "y = 5\nx = tfail()\nz = 6")
	if out.Err == nil || out.Err.Line != 2 {
		t.Fatalf("want an error on line 2, got %v", out.Err)
	}
	check := run(t, s, "[x, y, xs]")
	if got := resultText(check); got != "[1, 5, [1, 2]]" {
		t.Errorf("state after the failure: %s", got)
	}
	if z := run(t, s, "z"); z.Err == nil {
		t.Errorf("z was bound after the failing statement")
	}
	if o := run(t, s, "xs[5] = 1"); o.Err == nil {
		t.Fatal("no error")
	}
	if got := resultText(run(t, s, "xs")); got != "[1, 2]" {
		t.Errorf("a failed indexed assignment changed xs: %s", got)
	}
}

// TestOddInputs: what a user may type that the engine must answer sensibly
// (piped mode prints the same): each cell's result or error.
func TestOddInputs(t *testing.T) {
	digits := strings.Repeat("7", 100000)
	for _, tc := range []struct {
		name  string
		setup []string
		cell  string
		want  string // the result's text, or "Kind: message" of the error
	}{
		{"empty cell", nil, "", "<none>"},
		{"only comments", nil, "# one\n// two\n   # three", "<none>"},
		{"unicode names", []string{"é = 3", "π = 3.14"}, "[é + 1, π]", "[4, 3.14]"},
		{"item 0 of a game value", []string{`p = polygon("* -5 + -2 * -8 * -5 + 8")`}, "p[0] = 1", "GameError: p[i] = v: the index must be 1..5, got 0 (or -5..-1 from the end)"},
		{"item -1 of a game value", []string{`p = polygon("* -5 + -2 * -8 * -5 + 8")`}, "p[-1]", "8"},
		{"item -1 of an array", nil, "[1, 2, 3][-1]", "3"},
		{"del a builtin", nil, "del solve", "NameError: cannot delete solve: it is a builtin, not a variable"},
		{"del expr's function", []string{"x = 1"}, "del x, len", "NameError: cannot delete len: it is one of expr's functions, not a variable"},
		{"assign to a builtin", nil, "solve = 3", "NameError: cannot assign to solve: it is a builtin"},
		{"assign to a keyword", nil, "true = 3", "NameError: cannot assign to true: it is a keyword"},
		{"a cell not run yet", []string{"1"}, "_99", "NameError: unknown name _99: _N is the result of cell N, and the session is at cell 2"},
		{"cell 0", nil, "_0", "NameError: unknown name _0: cells count from 1"},
		{"string escapes", nil, `"a\tb\n\x41\u00e9\U0001F600"`, `"a\tb\nAé😀"`},
		{"a bad escape", nil, `"\q"`, "SyntaxError: invalid char escape"},
		{"a raw string", nil, "`a\\n`", "`a\\n`"},
		{"a 100000-digit literal", []string{"x = " + digits}, "[x % 1000, len(string(x))]", "[777, 100000]"},
		{"a power too large", nil, "2**10000000", "RuntimeError: 2 ** 10000000: the result would have more than 1048576 bits"},
		{"1000 brackets", nil, strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000), "1"},
		{"a million brackets", nil, strings.Repeat("(", 1000000) + "1" + strings.Repeat(")", 1000000), "SyntaxError: brackets and signs nested more than 1000 deep"},
		{"a million signs", nil, strings.Repeat("-", 1000000) + "1", "SyntaxError: brackets and signs nested more than 1000 deep"},
		{"a million nots", nil, strings.Repeat("not ", 1000000) + "true", "SyntaxError: brackets and signs nested more than 1000 deep"},
		{"signs and brackets", nil, strings.Repeat("-(", 501) + "1" + strings.Repeat(")", 501), "SyntaxError: brackets and signs nested more than 1000 deep"},
		{"many signs in a row of terms", nil, "1" + strings.Repeat(" + -1", 2000), "-1999"},
		{"a deep assignment", nil, "x = " + strings.Repeat("[", 100000), "SyntaxError: brackets and signs nested more than 1000 deep"},
		// expr's own functions on exact integers.
		{"in", nil, "[2**70 in [2**70], 3 in [1, 2], \"a\" in {a: 1}, 2**70 not in [1]]", "[true, false, true, true]"},
		{"string", nil, "[string(2**70), string(12), string([1, 2])]", `["1180591620717411303424", "12", "[1, 2]"]`},
		{"toJSON", nil, "toJSON([2**70])", "\"[\\n  1180591620717411303424\\n]\""},
		{"int", nil, `[int(2**64), int("99999999999999999999"), int(-3.9), int("12")]`, "[18446744073709551616, 99999999999999999999, -3, 12]"},
		{"int of a word", nil, `int("x")`, `RuntimeError: int: "x" is not an integer`},
		{"float", nil, `[float(2**64), float("1.5"), float(3)]`, "[1.8446744073709552e+19, 1.5, 3]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestSession()
			for _, c := range tc.setup {
				if out := s.Execute(context.Background(), c); out.Err != nil {
					t.Fatalf("%s: %v", c, out.Err)
				}
			}
			out := s.Execute(context.Background(), tc.cell)
			got := resultText(out)
			if out.Err != nil {
				got = string(out.Err.Kind) + ": " + out.Err.Msg
			}
			if got != tc.want {
				t.Errorf("got %.200q, want %.200q", got, tc.want)
			}
			if out.Err != nil && len(out.Err.Error()) > 1000 {
				t.Errorf("the error prints %d bytes", len(out.Err.Error()))
			}
		})
	}
}

// TestLongLineErrors: an error in a long line shows the part around its
// column, the caret under it, and the true column.
func TestLongLineErrors(t *testing.T) {
	s := newTestSession()
	line := "x = [" + strings.Repeat("1, ", 1000) + "zzzz" + strings.Repeat(", 1", 1000) + "]"
	out := s.Execute(context.Background(), line)
	if out.Err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(out.Err.Error(), "\n")
	if len(lines) != 3 || lines[0] != "1:3006: unknown name zzzz" {
		t.Fatalf("error %q", lines[0])
	}
	src, caret := []rune(lines[1]), len([]rune(lines[2]))-1
	if len(src) != syntax.MaxSourceShown+2 || src[0] != '…' || src[len(src)-1] != '…' || string(src[caret:caret+4]) != "zzzz" {
		t.Errorf("source %q, caret at %d", lines[1], caret)
	}
	short := &Error{Msg: "m", Line: 1, Column: 3, Source: "\tab"}
	if short.Error() != "1:3: m\n\tab\n\t ^" {
		t.Errorf("short line %q", short.Error())
	}
}
