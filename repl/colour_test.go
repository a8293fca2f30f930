package repl

// Tests of colour: the result and error colours, and clear().

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"gamelab/kernel"
)

func TestColour(t *testing.T) {
	eng := &fakeEngine{exec: func(context.Context, string, kernel.ExecOptions) *kernel.Output {
		return &kernel.Output{Err: &kernel.Error{Msg: "boom"}}
	}}
	tm := start(t, eng, WithColor(true))
	tm.send("x" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	raw := tm.screen.Raw()
	for _, want := range []string{colPrompt + "[1]>" + colReset + " ", colError + "boom" + colReset} {
		if !strings.Contains(raw, want) {
			t.Errorf("output lacks %q:\n%q", want, raw)
		}
	}

	eng.count = 0
	tm = start(t, eng) // WithColor(false)
	tm.send("x" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	if strings.Contains(tm.screen.Raw(), "\033[3") {
		t.Errorf("colour without colour:\n%q", tm.screen.Raw())
	}
}

// TestErrorStreamAndClear: eprint's stream comes in the error colour, line
// by line; clear() clears a terminal's screen and is ignored elsewhere.
func TestErrorStreamAndClear(t *testing.T) {
	eng := &fakeEngine{exec: func(_ context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		io.WriteString(o.Stdout, "before\n")
		io.WriteString(o.Stderr, "careful\nnote")
		o.Clear(false)
		io.WriteString(o.Stdout, "after\n")
		return &kernel.Output{}
	}}
	terminal := func(r *REPL) { r.clears = true }
	tm := start(t, eng, WithColor(true), terminal)
	tm.send("x" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	raw := tm.screen.Raw()
	for _, want := range []string{colError + "careful" + colReset + "\n" + colError + "note" + colReset, "\033[H\033[2Jafter\n"} {
		if !strings.Contains(raw, want) {
			t.Errorf("output lacks %q:\n%q", want, raw)
		}
	}
	if text := tm.screen.Text(); strings.Contains(text, "before") || !strings.HasPrefix(text, "after\n[2]>") {
		t.Errorf("the screen was not cleared:\n%s", text)
	}

	eng.count = 0
	tm = start(t, eng) // not a terminal, no colour
	tm.send("x" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	if text := tm.screen.Text(); !strings.Contains(text, "before\ncareful\nnoteafter\n[2]>") || strings.Contains(tm.screen.Raw(), "\033[2J") {
		t.Errorf("clear() on a non-terminal:\n%s", text)
	}
}

func TestColorFor(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm")
	if ColorFor(&strings.Builder{}) {
		t.Error("colour for a non-terminal")
	}
	// A pseudo-terminal would say yes here; the end-to-end test in
	// cmd/gamelab runs on one. NO_COLOR wins even over a terminal.
	t.Setenv("NO_COLOR", "1")
	if ColorFor(os.Stdout) {
		t.Error("colour despite NO_COLOR")
	}
}
