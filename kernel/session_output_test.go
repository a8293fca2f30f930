package kernel

// Tests of a cell's output: streams, warnings, displays and pictures in
// order, huge lists summarised.

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

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
