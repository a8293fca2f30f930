package kernel

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/builtin"
	"gamelab/kernel/docs"
	"gamelab/kernel/printer"
	"gamelab/kernel/syntax"
)

// testBuiltins are builtins for the engine's own tests: an error, a panic,
// one that runs until interrupted, one that shows and prints.
var testBuiltins = []*builtin.Builtin{
	{Name: "tfail", Signature: "tfail()", Doc: "Fails.", Example: "tfail()",
		Fn: func(*builtin.Env, ...any) (any, error) { return nil, errors.New("tfail: it failed") }},
	{Name: "tpanic", Signature: "tpanic()", Doc: "Panics.", Example: "tpanic()",
		Fn: func(*builtin.Env, ...any) (any, error) { panic("boom") }},
	{Name: "tslow", Signature: "tslow()", Doc: "Waits until interrupted.", Example: "tslow()",
		Fn: func(env *builtin.Env, _ ...any) (any, error) {
			<-env.Ctx.Done()
			return nil, env.Ctx.Err()
		}},
	{Name: "twarn", Signature: "twarn()", Doc: "Warns.", Example: "twarn()",
		Fn: func(env *builtin.Env, _ ...any) (any, error) { env.Warn("careful"); return nil, nil }},
	{Name: "tshow", Signature: "tshow(x)", Doc: "Shows x, prints a line.", Example: "tshow(1)",
		Returns: []any{map[string]any{"alpha": 1, "beta": 2}},
		Fn: func(env *builtin.Env, args ...any) (any, error) {
			env.Print("printed\n")
			env.Show(printer.Shown(args[0], ""), "<svg/>")
			return map[string]any{"alpha": 1, "beta": 2}, nil
		}},
}

func newTestSession(opts ...Option) *Session {
	return NewSession(append([]Option{WithBuiltins(testBuiltins...)}, opts...)...)
}

// run executes cells in one session and returns the last cell's output.
func run(t *testing.T, s *Session, cells ...string) *Output {
	t.Helper()
	var out *Output
	for _, c := range cells {
		out = s.Execute(context.Background(), c)
	}
	return out
}

func resultText(o *Output) string {
	if o.Result == nil {
		return "<none>"
	}
	return o.Result.Text
}

func TestStatements(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cells  []string
		want   string // the last cell's result text
		stdout string // the last cell's printed text
	}{
		{"expression", []string{"1 + 1"}, "2", ""},
		{"assignment shows nothing", []string{"x = 3"}, "<none>", ""},
		{"assignment then use", []string{"x = 3", "x * 2"}, "6", ""},
		{"several statements", []string{"a = 2\nb = a + 1\na * b"}, "6", ""},
		{"continuation in brackets", []string{"xs = [1,\n  2,\n  3]\nlen(xs)"}, "3", ""},
		{"continuation in a call", []string{"max(1,\n5)"}, "5", ""},
		{"raw string continues", []string{"len(`a\nb`)"}, "3", ""},
		{"hash comment", []string{"1 + 2 # three"}, "3", ""},
		{"comment-only lines", []string{"# nothing\n\n  # more"}, "<none>", ""},
		{"hash predicate inside brackets", []string{"map(1..3, # * 2) # doubled"}, "[2, 4, 6]", ""},
		{"hash in a string", []string{`"a # b"`}, `"a # b"`, ""},
		{"slash comment inside brackets", []string{"[1, // one\n 2]"}, "[1, 2]", ""},
		{"let", []string{"let y = 3; y * y"}, "9", ""},
		{"pipe", []string{"[3, 1, 2] | sort()"}, "[1, 2, 3]", ""},
		{"del", []string{"x = 1\ny = 2", "del x, y", "vars"}, "<none>", "no variables\n"},
		{"last result", []string{"20", "_ + 1"}, "21", ""},
		{"cell result", []string{"7", "8", "_1 * _2"}, "56", ""},
		{"cell without result is nil", []string{"x = 1", "_1 == nil"}, "true", ""},
		{"vars lists types", []string{"x = 2 ** 70\ns = \"hi\"", "vars"}, "<none>", "s: string = \"hi\"\nx: int = 1180591620717411303424\n"},
		{"print", []string{`print("a", 1, [2, "b"])`}, "<none>", "a 1 [2, \"b\"]\n"},
		{"earlier bare values are displayed", []string{"1\n2"}, "2", ""},
		{"array item assignment", []string{"xs = [1, 2, 3]", "xs[-1] = 9", "xs"}, "[1, 2, 9]", ""},
		{"nested item assignment", []string{"m = {a: [1, 2]}", `m["a"][1] = 5`, "m"}, `{"a": [5, 2]}`, ""},
		{"assignment copies", []string{"xs = [1, 2]", "ys = xs", "xs[1] = 7", "ys"}, "[1, 2]", ""},
		{"comparison is not assignment", []string{"x = 1", "x == 1"}, "true", ""},
		{"big literal", []string{"123456789012345678901234567890 * 10"}, "1234567890123456789012345678900", ""},
		{"int64 overflow goes big", []string{"9223372036854775807 + 1"}, "9223372036854775808", ""},
		{"negation of min int", []string{"-(-9223372036854775807 - 1)"}, "9223372036854775808", ""},
		{"exact power", []string{"2 ** 100"}, "1267650600228229401496703205376", ""},
		{"float power stays float", []string{"2 ** 0.5 > 1.41"}, "true", ""},
		{"exact sum", []string{"sum([9223372036854775807, 9223372036854775807])"}, "18446744073709551614", ""},
		{"sum with predicate", []string{"sum(1..4, # * #)"}, "30", ""},
		{"big back to int", []string{"x = 2 ** 64", "(x - x + 2) * 3"}, "6", ""},
		{"mixed comparison", []string{"2 ** 64 > 5 and 3 < 2 ** 64 and 2**64 == 2**64"}, "true", ""},
		{"type", []string{"[type(1), type(2 ** 80), type(1.5), type(\"s\"), type([]), type({}), type(nil)]"},
			`["int", "int", "float", "string", "array", "map", "nil"]`, ""},
		{"help statement", []string{"help tfail"}, "<none>", "tfail()\n    Fails.\nexample: tfail()\n"},
		{"help call form", []string{`help("print")`}, "<none>", helpTextOf("print") + "\n"},
		{"builtin shows and prints", []string{"tshow(5).alpha"}, "1", "printed\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestSession()
			out := run(t, s, tc.cells...)
			if out.Err != nil {
				t.Fatalf("error: %v", out.Err)
			}
			if got := resultText(out); got != tc.want {
				t.Errorf("result %q, want %q", got, tc.want)
			}
			if out.Stdout != tc.stdout {
				t.Errorf("stdout %q, want %q", out.Stdout, tc.stdout)
			}
		})
	}
}

func helpTextOf(name string) string {
	for _, k := range NewSession().library.Builtins {
		if k.Name == name {
			return docs.Text(k, docs.DefaultWidth)
		}
	}
	return "?"
}

// TestStreams: print to stdout; eprint and warnings to the error stream,
// streamed as written and collected in Output; clear() reaches the front end
// in order with them.
func TestStreams(t *testing.T) {
	s := newTestSession()
	var events []string
	record := func(prefix string) io.Writer {
		return writerTo(func(p string) { events = append(events, prefix+p) })
	}
	out := s.ExecuteWith(context.Background(), "print(\"a\")\neprint(\"b\", 2 ** 70)\nclear()\ntwarn()\nclear(true)\nprint(\"c\")", ExecOptions{
		Stdout: record("out "),
		Stderr: record("err "),
		Clear:  func(wait bool) { events = append(events, fmt.Sprintf("clear %v", wait)) },
	})
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	want := "out a\n|err b 1180591620717411303424\n|clear false|err warning: careful\n|clear true|out c\n"
	if got := strings.Join(events, "|"); got != want {
		t.Errorf("events %q, want %q", got, want)
	}
	if out.Stdout != "a\nc\n" || out.Stderr != "b 1180591620717411303424\nwarning: careful\n" {
		t.Errorf("Stdout %q, Stderr %q", out.Stdout, out.Stderr)
	}
	// Without the front end's writers and Clear, all of it is still in Output.
	out = s.Execute(context.Background(), "eprint(1)\nclear()")
	if out.Err != nil || out.Stderr != "1\n" {
		t.Errorf("unstreamed: %v, Stderr %q", out.Err, out.Stderr)
	}
}

// TestWarningsOncePerCell: a warning repeated in a cell (a sweep solving
// one board for each player) is given once; the next cell gives it again.
func TestWarningsOncePerCell(t *testing.T) {
	s := newTestSession()
	for _, code := range []string{"twarn()\nmap(1..3, twarn())", "twarn()"} {
		if out := s.Execute(context.Background(), code); out.Err != nil || out.Stderr != "warning: careful\n" {
			t.Errorf("%q: %v, Stderr %q", code, out.Err, out.Stderr)
		}
	}
	const board = `b = board(4, "1  1 1  2 2 2  0 0 0 0")`
	out := s.Execute(context.Background(), board+"\nmap(1..9, solve(b, #).best)")
	if out.Err != nil || strings.Count(out.Stderr, "warning: this board cannot arise in play: 3 stones 1 at (1,1) (2,1) (2,2)") != 1 {
		t.Errorf("sweep: %v, Stderr %q", out.Err, out.Stderr)
	}
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

// writerTo is an io.Writer that hands each write to f.
type writerTo func(p string)

func (f writerTo) Write(p []byte) (int, error) { f(string(p)); return len(p), nil }

func TestDisplaysInOrder(t *testing.T) {
	s := newTestSession()
	var order []string
	var stream strings.Builder
	out := s.ExecuteWith(context.Background(), "tshow(1)\n2\ntshow(3)", ExecOptions{
		Stdout:  &stream,
		Display: func(d Display) { order = append(order, d.Text) },
		SVG:     true,
	})
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	if got := strings.Join(order, ","); got != `1,{"alpha": 1, "beta": 2},2,3` {
		t.Errorf("displays in order %q", got)
	}
	if len(out.Displays) != 4 || out.Displays[0].SVG != "<svg/>" {
		t.Errorf("Displays %+v", out.Displays)
	}
	if stream.String() != "printed\nprinted\n" || out.Stdout != stream.String() {
		t.Errorf("streamed %q, Stdout %q", stream.String(), out.Stdout)
	}
}

// drawn is a value with a picture that counts how often it is drawn.
type drawn struct{ draws *int }

func (d drawn) Text() string { return "drawn" }
func (d drawn) SVG() string  { *d.draws++; return "<svg>drawn</svg>" }

// TestPicturesOnlyWhenAsked: a front end that shows no SVG (the REPL,
// scripts, piped input) never has a picture drawn, for a result, a value
// shown before the last or show(); one that asks (Jupyter) gets them all.
func TestPicturesOnlyWhenAsked(t *testing.T) {
	draws := 0
	s := newTestSession(WithBuiltins(&builtin.Builtin{Name: "tdrawn", Signature: "tdrawn()", Doc: "A drawn value.", Example: "tdrawn()",
		Fn: func(*builtin.Env, ...any) (any, error) { return drawn{&draws}, nil }}))
	const cell = "tdrawn()\nshow(tdrawn())\ntdrawn()"
	out := s.ExecuteWith(context.Background(), cell, ExecOptions{})
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	if draws != 0 || out.Result.SVG != "" || len(out.Displays) != 2 || out.Displays[0].SVG != "" || out.Displays[1].SVG != "" {
		t.Errorf("without SVG: %d drawings, result %+v, displays %+v", draws, out.Result, out.Displays)
	}
	if out.Result.Text != "drawn" || out.Displays[1].Text != "drawn" {
		t.Errorf("without SVG the text is still shown: %+v %+v", out.Result, out.Displays)
	}
	out = s.ExecuteWith(context.Background(), cell, ExecOptions{SVG: true})
	if draws != 3 || out.Result.SVG != "<svg>drawn</svg>" || out.Displays[0].SVG != out.Result.SVG || out.Displays[1].SVG != out.Result.SVG {
		t.Errorf("with SVG: %d drawings, result %+v, displays %+v", draws, out.Result, out.Displays)
	}
	if out := s.Execute(context.Background(), "tdrawn()"); out.Result.SVG == "" {
		t.Errorf("Execute draws pictures, as it always did: %+v", out.Result)
	}
}

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

func TestInterrupt(t *testing.T) {
	s := newTestSession()
	run(t, s, "x = 1")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan *Output)
	go func() { done <- s.Execute(ctx, "y = 2\nx = tslow()") }()
	cancel()
	select {
	case out := <-done:
		if out.Err == nil || out.Err.Kind != "Interrupted" {
			t.Fatalf("want Interrupted, got %v", out.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("tslow was not interrupted")
	}
	if got := resultText(run(t, s, "x")); got != "1" {
		t.Errorf("x = %s after the interrupt", got)
	}

	// A loop that does no arithmetic and allocates nothing (so the memory
	// budget never stops it) stops too: loop bodies look at the context.
	// tstop cancels the cell just before the loop starts; unpatched, the
	// loop would run 10¹² times.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	stopper := &builtin.Builtin{Name: "tstop", Signature: "tstop()", Doc: "Interrupts the cell.", Example: "tstop()",
		Fn: func(*builtin.Env, ...any) (any, error) { cancel(); return true, nil }}
	s = newTestSession(WithBuiltins(stopper))
	run(t, s, "xs = 1..999999")
	go func() { done <- s.Execute(ctx, "tstop() && any(xs, any(xs, {false}))") }()
	select {
	case out := <-done:
		if out.Err == nil || out.Err.Kind != "Interrupted" {
			t.Fatalf("want Interrupted, got %v", out.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a loop without arithmetic was not interrupted")
	}

	// A loop of pure expr stops too: the operators look at the context.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	account, _, end := s.budget.Start(ctx)
	defer end()
	s.cell = &cellRun{Account: account}
	func() {
		defer func() {
			if r := recover(); !errors.Is(r.(error), context.Canceled) {
				t.Errorf("operators did not stop: %v", r)
			}
		}()
		for range 2048 {
			s.cell.Tick()
		}
	}()
	s.cell = nil
}

func TestHistoryOptions(t *testing.T) {
	s := newTestSession()
	o := s.ExecuteWith(context.Background(), "41", ExecOptions{NoHistory: true})
	if o.Count != 0 || resultText(o) != "41" {
		t.Errorf("NoHistory: count %d result %s", o.Count, resultText(o))
	}
	o = s.ExecuteWith(context.Background(), "x = 5\n6", ExecOptions{Silent: true})
	if o.Count != 0 || o.Result != nil {
		t.Errorf("Silent: count %d result %v", o.Count, o.Result)
	}
	o = run(t, s, "[x, _]")
	if o.Count != 1 || resultText(o) != "[5, 41]" {
		t.Errorf("after silent cells: count %d result %s", o.Count, resultText(o))
	}
	if code, ok := s.Input(1); !ok || code != "[x, _]" {
		t.Errorf("Input(1) = %q, %v", code, ok)
	}
}

func TestIsComplete(t *testing.T) {
	for _, tc := range []struct {
		code string
		want Completeness
	}{
		{"", Complete},
		{"1 + 1", Complete},
		{"x = [1,", Incomplete},
		{"x = [1,\n2]", Complete},
		{"f(g(1)", Incomplete},
		{"map(1..3, # * 2)", Complete},
		{"x = 1 # (open in a comment", Complete},
		{`"(" + ")"`, Complete},
		{"`raw\nstill", Incomplete},
		{"/* open", Incomplete},
		{"1)", Invalid},
		{"(]", Invalid},
		{"[1,\n2)]", Invalid},
		{"[1, // ]\n", Incomplete},
		{`"unterminated`, Complete}, // expr reports it; more lines cannot help
	} {
		if got, _ := IsComplete(tc.code); got != tc.want {
			t.Errorf("IsComplete(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
	if _, indent := IsComplete("f([1,"); indent != "    " {
		t.Errorf("indent %q", indent)
	}
}

func TestComplete(t *testing.T) {
	s := newTestSession()
	run(t, s, "total = 1\nm = {apple: 1, avocado: 2}")
	for _, tc := range []struct {
		code  string
		want  []string // must all be offered
		not   []string // must not be offered
		start int
	}{
		{"tsh", []string{"tshow"}, []string{"tslow"}, 0},
		{"x = tot", []string{"total"}, nil, 4},
		{"pri", []string{"print"}, nil, 0},
		{"map(1..3, tf", []string{"tfail"}, nil, 10},
		{"tshow(1).", []string{"alpha", "beta"}, nil, 9},
		{"tshow(1).al", []string{"alpha"}, []string{"beta"}, 9},
		{"m.a", []string{"apple", "avocado"}, nil, 2},
		{`"tsh`, nil, []string{"tshow"}, 4},
		{"1 # tsh", nil, []string{"tshow"}, 7},
		{"fil", []string{"filter"}, nil, 0},
		{"$a", nil, []string{"$add"}, 1},
	} {
		got, start, end := s.Complete(tc.code, len([]rune(tc.code)))
		set := map[string]bool{}
		for _, g := range got {
			set[g] = true
		}
		for _, w := range tc.want {
			if !set[w] {
				t.Errorf("Complete(%q) = %v, lacks %s", tc.code, got, w)
			}
		}
		for _, w := range tc.not {
			if set[w] {
				t.Errorf("Complete(%q) = %v, offers %s", tc.code, got, w)
			}
		}
		if len(tc.want) > 0 && (start != tc.start || end != len([]rune(tc.code))) {
			t.Errorf("Complete(%q) range [%d, %d), want [%d, %d)", tc.code, start, end, tc.start, len([]rune(tc.code)))
		}
	}
}

// TestCompleteByType: after a call of solve, trace or an editing builtin
// whose first argument's type is known (a variable, a constructor call,
// another such call), only that type's fields are offered; otherwise the
// fields of every type the builtin can return. Nothing is run: completing
// after the solve of a 10000-gon is instant.
func TestCompleteByType(t *testing.T) {
	s := newTestSession()
	run(t, s, `p = polygon("* -5 + -2 * -8 * -5 + 8")`, "c = coins([10, 80, 90, 30])", `b = board(4, "2  2 3  1 0 4  1 1 4 0")`, "xs = [1, 2]")
	polygonResult := "best expr first merges n optimal polygon rules scores worst"
	for _, tc := range []struct{ code, want string }{
		{"solve(p).", polygonResult},
		{"solve(randpolygon(10000, 1)).", polygonResult},
		{`solve(polygon("+ 1 * 2")).`, polygonResult},
		{"solve(setv(rotate(p, 2), 1, 0)).", polygonResult},
		{"trace(p).result.", polygonResult},
		{"solve(p).polygon.", "edges moves n ops polygon rules values"},
		{"trace(p).", "result steps"},
		{"solve(c).", "best coins diff moves n optimal played rules second"},
		{"trace(randcoins(5, 1)).", "result turns"},
		{"solve(b, 4).", "after best board illegal moves n player points removed unreachable"},
		{"trace(b, 4).", "result"},
		{"rotate(b, 1).", "moves n rows rules turns"},
		{"reverse(c).", "a b coins m moves n rules turn values"},
		{"after(p, [3]).", "edges moves n ops polygon rules values"},
		{"solve(after(p, [3])).", "best chain expr merges n optimal played worst"},
		{`trace(after(c, "L")).`, "result turns"},
		{`analyze(c, "LR").`, "end game loss moves score start totals"},
		{"solve(xs).b", "best board"}, // an array: no game, so every result type
		{"solve(nothing).se", "second"},
	} {
		got, _, _ := s.Complete(tc.code, len([]rune(tc.code)))
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Complete(%q) = %q, want %q", tc.code, strings.Join(got, " "), tc.want)
		}
	}
}

func TestInspect(t *testing.T) {
	s := newTestSession()
	run(t, s, "total = 2 ** 70")
	for _, tc := range []struct {
		code   string
		cursor int
		want   string // prefix of the text; "" for not found
	}{
		{"tfail()", 2, "tfail()\n    Fails."},
		{"tfail", 5, "tfail()"},
		{"tshow(1, ", 9, "tshow(x)"},
		{"tshow([1, 2], ", 14, "tshow(x)"},
		{"total + 1", 3, "total: int\n1180591620717411303424"},
		{"1 + 2", 3, ""},
		{"print", 5, helpTextOf("print")},
	} {
		text, found := s.Inspect(tc.code, tc.cursor)
		if found != (tc.want != "") || !strings.HasPrefix(text, tc.want) {
			t.Errorf("Inspect(%q, %d) = %q, %v; want prefix %q", tc.code, tc.cursor, text, found, tc.want)
		}
	}
	// Inspect and help print the same text.
	text, _ := s.Inspect("tshow", 1)
	if got := run(t, s, "help(tshow)").Stdout; got != text+"\n" {
		t.Errorf("help %q, inspect %q", got, text)
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
		if n == "save" {
			continue // writes a file
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

func BenchmarkTrivialCell(b *testing.B) {
	s := NewSession()
	ctx := context.Background()
	for b.Loop() {
		if out := s.Execute(ctx, "1+1"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}

// BenchmarkLoopBody is the cost of a loop pass that does nothing, the
// interrupt check included (ns per item: the reported ns/op / 100000).
func BenchmarkLoopBody(b *testing.B) {
	s := NewSession()
	ctx := context.Background()
	if out := s.Execute(ctx, "xs = 1..100000"); out.Err != nil {
		b.Fatal(out.Err)
	}
	for b.Loop() {
		if out := s.Execute(ctx, "count(xs, {true})"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}

// BenchmarkShowResult is what showing a value costs a front end without
// pictures (the REPL, scripts, piped input: text only) and one with them
// (Jupyter: text and SVG), for values at the SVG limits (a board of
// display.MaxSVGRows rows, a ring of MaxSVGVertices) and beyond them (a
// 2000-row board, drawn as a card).
func BenchmarkShowResult(b *testing.B) {
	s := NewSession()
	ctx := context.Background()
	if out := s.Execute(ctx, "b80 = randboard(80, 1)\nr80 = solve(b80, 3)\np500 = randpolygon(500, 1)\nr2000 = solve(randboard(2000, 1), 3)"); out.Err != nil {
		b.Fatal(out.Err)
	}
	for _, name := range []string{"b80", "r80", "p500", "r2000"} {
		for _, svg := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/svg=%v", name, svg), func(b *testing.B) {
				for b.Loop() {
					if out := s.ExecuteWith(ctx, name, ExecOptions{SVG: svg}); out.Err != nil {
						b.Fatal(out.Err)
					}
				}
			})
		}
	}
}

// TestHugeListsShownSummarised: a bare list of more than 1000 items shows
// its ends and a note (so does show and a value before the last); print,
// text, json and save give every item, and _ keeps the whole value.
func TestHugeListsShownSummarised(t *testing.T) {
	s := newTestSession()
	const note = "\n(6 of 5000 items shown; print(x), text(x), json(x) or save(x, \"x.txt\") give them all)"
	const named = "\n(6 of 5000 items shown; print(xs), text(xs), json(xs) or save(xs, \"xs.txt\") give them all)"
	out := run(t, s, "xs = 1..5000\nxs")
	if got := resultText(out); got != "[1, 2, 3, …, 4998, 4999, 5000]"+named {
		t.Errorf("result %q", got)
	}
	if got := resultText(run(t, s, "xs[1:5000]")); got != "[1, 2, 3, …, 4998, 4999, 5000]"+note {
		t.Errorf("a list in no variable: %q", got)
	}
	out = run(t, s, "show(xs)\nxs\n1")
	if len(out.Displays) != 2 || !strings.HasSuffix(out.Displays[0].Text, note) || !strings.HasSuffix(out.Displays[1].Text, named) {
		t.Errorf("displays %+v", out.Displays)
	}
	whole := printer.Text(makeRange(1, 5000))
	out = run(t, s, "print(xs)")
	if out.Stdout != whole+"\n" {
		t.Errorf("print cut the list: %.80q…", out.Stdout)
	}
	for code, want := range map[string]int{"text(xs)": len(whole), "json(xs)": len(whole) - 4999} { // json has no spaces
		if out := run(t, s, "len("+code+")"); resultText(out) != fmt.Sprint(want) {
			t.Errorf("%s: %s chars, want all %d", code, resultText(out), want)
		}
	}
	if out := run(t, s, "xs\nlen(_)"); resultText(out) != "5000" {
		t.Errorf("_ lost items: %s", resultText(out))
	}
}

func makeRange(from, to int) []any {
	xs := make([]any, 0, to-from+1)
	for i := from; i <= to; i++ {
		xs = append(xs, i)
	}
	return xs
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

// TestDeepCompletion: completing after a call nested a million deep offers
// nothing and does not crash (expr's parser would overflow the stack).
func TestDeepCompletion(t *testing.T) {
	s := newTestSession()
	code := strings.Repeat("solve(", 1000000) + "1" + strings.Repeat(")", 1000000) + "."
	if got, _, _ := s.Complete(code, len(code)); len(got) != 0 {
		t.Errorf("Complete = %v", got)
	}
	if got, _, _ := s.Complete("solve(solve(1)).be", 18); strings.Join(got, " ") != "best" {
		t.Errorf("Complete = %v", got)
	}
}

// TestInterruptBigSolve: Ctrl-C stops the solve of a 3000-gon (minutes of
// work), and the cell says so. How fast is for solvers/polygon's
// BenchmarkCancelLatency* to measure; the minute here only keeps a broken
// cancel from hanging the test.
func TestInterruptBigSolve(t *testing.T) {
	s := NewSession()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	done := make(chan *Output, 1)
	go func() { done <- s.Execute(ctx, "r = solve(randpolygon(3000, 1))") }()
	var out *Output
	select {
	case out = <-done:
	case <-time.After(time.Minute):
		t.Fatal("the solve did not stop after its context was cancelled")
	}
	if out.Err == nil || out.Err.Kind != "Interrupted" {
		t.Fatalf("not interrupted: %+v", out.Err)
	}
	if _, ok := s.vars["r"]; ok {
		t.Error("an interrupted assignment bound r")
	}
}

// BenchmarkCellManyVars is a trivial cell in a session of 10,000 variables:
// a statement's cost must not grow with the variables it does not use.
func BenchmarkCellManyVars(b *testing.B) {
	s := NewSession()
	for i := range 10000 {
		s.vars[fmt.Sprintf("v%d", i)] = i
	}
	b.ResetTimer()
	for b.Loop() {
		if out := s.Execute(context.Background(), "v1 + 1"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}

// Python's 7 // 2 runs as 7 and a comment, with a warning that names div,
// and div is the exact integer quotient.
func TestFloorDivisionIsACommentWithAWarning(t *testing.T) {
	s := newTestSession()
	out := run(t, s, "7 // 2")
	if out.Err != nil || resultText(out) != "7" || !strings.Contains(out.Stderr, "warning: // starts a comment, so // 2 divides nothing: div(7, 2) is the integer quotient") {
		t.Errorf("7 // 2: %v %q %q", out.Err, resultText(out), out.Stderr)
	}
	if out := run(t, s, "div(2**70, 3)"); out.Err != nil || resultText(out) != "393530540239137101141" {
		t.Errorf("div(2**70, 3): %v %q", out.Err, resultText(out))
	}
}

// Game values inside a list show their one-line form (polygon("+ 1 * 2")),
// not <polygon>, and a large one its size; results keep their type name.
func TestGameValuesInAList(t *testing.T) {
	s := newTestSession()
	for cell, want := range map[string]string{
		`[polygon("+ 1 * 2"), coins([1, 2], {take: 2}), board(3, "1  0 2  0 0 1")]`: `[polygon("+ 1 * 2"), coins("1 2") (take 1..2 from either end), board of size 3]`,
		`[polygon(join(map(1..40, "+ 1"), " ")), coins(1..300)]`:                    `[polygon of 40 vertices, coins of 300 coins]`,
		`[solve(coins([1, 2]))]`: `[<coins result>]`,
	} {
		if out := run(t, s, cell); out.Err != nil || resultText(out) != want {
			t.Errorf("%s: %v\n got %s\nwant %s", cell, out.Err, resultText(out), want)
		}
	}
}
