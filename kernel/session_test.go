package kernel

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
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
