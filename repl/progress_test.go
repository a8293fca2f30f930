package repl

import (
	"context"
	"io"
	"strings"
	"testing"

	"gamelab/kernel"
)

// TestProgressLine: on a terminal the progress line is drawn in place on
// the error stream and erased when the work ends or other output comes;
// elsewhere (a pipe, a log) the engine is given no progress at all.
func TestProgressLine(t *testing.T) {
	eng := &fakeEngine{exec: func(_ context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		if o.Progress == nil {
			io.WriteString(o.Stdout, "no progress\n")
			return &kernel.Output{Result: &kernel.Display{Text: "done"}}
		}
		o.Progress("10% done, about 9 s left; Ctrl-C stops it")
		o.Progress("50% done, about 5 s left; Ctrl-C stops it")
		io.WriteString(o.Stdout, "printed meanwhile\n")
		o.Progress("90% done, about 1 s left; Ctrl-C stops it")
		o.Progress("")
		return &kernel.Output{Result: &kernel.Display{Text: "done"}}
	}}
	tm := start(t, eng, WithColor(true), func(r *REPL) { r.clears = true })
	tm.send("x" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	raw := tm.screen.Raw()
	for _, want := range []string{"\r\033[K" + colError + "10% done", "\r\033[K" + colError + "50% done", "\r\033[Kprinted meanwhile\n"} {
		if !strings.Contains(raw, want) {
			t.Errorf("output lacks %q:\n%q", want, raw)
		}
	}
	if text := tm.screen.Text(); strings.Contains(text, "% done") || !strings.Contains(text, "[1]> x\nprinted meanwhile\ndone\n[2]>") {
		t.Errorf("the progress line stayed on the screen:\n%s", text)
	}

	eng.count = 0
	tm = start(t, eng) // not a terminal
	tm.send("x" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	if text := tm.screen.Text(); !strings.Contains(text, "no progress\ndone\n") {
		t.Errorf("a non-terminal got progress:\n%s", text)
	}
}
