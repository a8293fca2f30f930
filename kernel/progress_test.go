package kernel

import (
	"context"
	"strings"
	"testing"
	"time"

	meter "gamelab/internal/progress"
	"gamelab/kernel/builtin"
	"gamelab/kernel/lang"
)

// clock is a fake time that a test moves on.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// TestProgressMeter: nothing for work shorter than a second; then the
// share done and the time left, at most every refresh; the line goes when
// the work ends, or when the cell ends.
func TestProgressMeter(t *testing.T) {
	var lines []string
	c := &clock{time.Unix(0, 0)}
	p := lang.NewProgress(func(l string) { lines = append(lines, l) })
	p.Now = c.now
	p.Report(0, 100)
	c.t = c.t.Add(500 * time.Millisecond)
	p.Report(10, 100)
	if len(lines) != 0 {
		t.Fatalf("shown before a second: %q", lines)
	}
	c.t = c.t.Add(500 * time.Millisecond)
	p.Report(25, 100) // 1 s for a quarter: 3 s left
	c.t = c.t.Add(100 * time.Millisecond)
	p.Report(30, 100) // within refresh: not shown
	c.t = c.t.Add(time.Second)
	p.Report(50, 100)
	p.Report(100, 100)
	want := []string{"25% done, about 3 s left; Ctrl-C stops it", "50% done, about 2 s left; Ctrl-C stops it", ""}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", lines, want)
	}
	// New work starts the clock again; the cell's end takes its line away.
	lines = nil
	p.Report(0, 7)
	c.t = c.t.Add(2 * time.Second)
	p.Report(1, 7)
	p.End()
	if want := []string{"14% done, about 12 s left; Ctrl-C stops it", ""}; strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", lines, want)
	}
	if got := meter.About(100 * time.Minute); got != "2 h" {
		t.Errorf("aboutDuration: %s", got)
	}
}

// TestProgressThroughSession: a builtin's Env.Progress and a sweep, map
// over a list, reach ExecOptions.Progress; inside a sweep only the sweep
// reports; the result is the same with and without a meter.
func TestProgressThroughSession(t *testing.T) {
	c := &clock{time.Unix(0, 0)}
	var s *Session
	slow := &builtin.Builtin{Name: "tslowstep", Signature: "tslowstep(n)", Doc: "Works n seconds.", Example: "tslowstep(1)",
		Fn: func(env *builtin.Env, args ...any) (any, error) {
			s.cell.progress.Now = c.now
			n := int64(args[0].(int))
			for i := range n + 1 {
				env.Report(i, n)
				c.t = c.t.Add(time.Second)
			}
			return int(n), nil
		}}
	setClock := &builtin.Builtin{Name: "tclock", Signature: "tclock()", Doc: "Puts the meter on the test's clock.", Example: "tclock()",
		Fn: func(*builtin.Env, ...any) (any, error) { s.cell.progress.Now = c.now; return nil, nil }}
	s = newTestSession(WithBuiltins(slow, setClock))
	var lines []string
	opts := ExecOptions{Progress: func(l string) { lines = append(lines, l) }}
	out := s.ExecuteWith(context.Background(), "tslowstep(4)", opts)
	want := []string{"25% done, about 3 s left; Ctrl-C stops it", "50% done, about 2 s left; Ctrl-C stops it",
		"75% done, about 1 s left; Ctrl-C stops it", ""}
	if out.Err != nil || strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("builtin: %v, lines %q", out.Err, lines)
	}
	lines = nil
	out = s.ExecuteWith(context.Background(), "tclock(); map(1..4, tslowstep(2) * #)", opts)
	want = []string{"25% done, about 9 s left; Ctrl-C stops it", "50% done, about 6 s left; Ctrl-C stops it",
		"75% done, about 3 s left; Ctrl-C stops it", ""}
	if out.Err != nil || resultText(out) != "[2, 4, 6, 8]" || strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("sweep: %v %s, lines %q", out.Err, resultText(out), lines)
	}
	// A failing sweep ends the cell, and the line with it.
	lines = nil
	out = s.ExecuteWith(context.Background(), "tclock(); map(1..4, tslowstep(2) + (# == 3 ? tfail() : 1))", opts)
	if out.Err == nil || len(lines) == 0 || lines[len(lines)-1] != "" {
		t.Errorf("failed sweep: %v, lines %q", out.Err, lines)
	}
	// Nested sweeps and map's own forms still work; an error in the list
	// still points at it.
	for _, tc := range []struct{ cell, want string }{
		{"map(1..2, map(1..2, # * 10))", "[[10, 20], [10, 20]]"},
		{"map([3, 4], #index)", "[1, 2]"},
		{"sum(map(1..3, # * 2))", "12"},
		{"map(filter(1..6, # % 2 == 0), # + 1)", "[3, 5, 7]"},
		{"len(map(1..5, #))", "5"},
	} {
		if out := run(t, s, tc.cell); out.Err != nil || resultText(out) != tc.want {
			t.Errorf("%s = %s, %v", tc.cell, resultText(out), out.Err)
		}
	}
	if out := run(t, s, "map(1 .. tfail(), #)"); out.Err == nil || out.Err.Column != 10 {
		t.Errorf("error in the list: %v", out.Err)
	}
}

// TestStopControl: the progress line and a long solve's warning name the
// front end's stop control (ExecOptions.StopControl): Ctrl-C by default,
// Stop in the web page, ■ Interrupt in Jupyter.
func TestStopControl(t *testing.T) {
	for _, tc := range []struct{ control, line, warn string }{
		{"", "25% done, about 3 s left; Ctrl-C stops it", "Ctrl-C stops the solve"},
		{"Stop", "25% done, about 3 s left; Stop ends it", "Stop ends the solve"},
		{"■ Interrupt", "25% done, about 3 s left; ■ Interrupt stops it", "■ Interrupt stops the solve"},
	} {
		var lines []string
		c := &clock{time.Unix(0, 0)}
		p := lang.NewProgress(func(l string) { lines = append(lines, l) })
		p.Now, p.Control = c.now, tc.control
		p.Report(0, 100)
		c.t = c.t.Add(time.Second)
		p.Report(25, 100)
		if len(lines) != 1 || lines[0] != tc.line {
			t.Errorf("control %q: progress %q, want %q", tc.control, lines, tc.line)
		}
		// The warning comes before the solve starts; the cell is stopped
		// as soon as it is written.
		s := NewSession()
		s.Execute(context.Background(), "row = randcoins(100000, 1)")
		ctx, cancel := context.WithCancel(context.Background())
		var warned strings.Builder
		out := s.ExecuteWith(ctx, "solve(row)", ExecOptions{StopControl: tc.control,
			Stderr: writerFunc(func(b []byte) (int, error) { warned.Write(b); cancel(); return len(b), nil })})
		cancel()
		if !strings.Contains(warned.String(), " take about ") || !strings.Contains(warned.String(), "; "+tc.warn+"\n") || out.Err == nil {
			t.Errorf("control %q: the solve warned %q (error %v), want it to end %q", tc.control, warned.String(), out.Err, tc.warn)
		}
	}
}

// TestOneEstimate: where the front end shows a progress line (which
// measures the time left as the work goes), a long solve's warning leaves
// the time to it, so the output never says two estimates.
func TestOneEstimate(t *testing.T) {
	s := NewSession()
	s.Execute(context.Background(), "row = randcoins(100000, 1)")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var warned strings.Builder
	s.ExecuteWith(ctx, "solve(row)", ExecOptions{StopControl: "Stop", Progress: func(string) { cancel() },
		Stderr: writerFunc(func(b []byte) (int, error) { warned.Write(b); cancel(); return len(b), nil })})
	if w := warned.String(); w != "warning: solve: 100000 coins (a move table of 596 MiB) take a while; the progress line tells the time left, and Stop ends the solve\n" {
		t.Errorf("a long solve with a progress line warned %q", w)
	}
}
