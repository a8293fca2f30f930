package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"gamelab/kernel"
	"gamelab/repl/repltest"
)

// Keys as a terminal sends them.
const (
	keyEnter = "\r"
	keyTab   = "\t"
	keyCtrlC = "\x03"
	keyCtrlD = "\x04"
	keyUp    = "\x1b[A"
)

const wait = 5 * time.Second

// fakeEngine records the cells it runs and answers from functions the test
// sets, so the REPL's side is tested apart from the engine's.
type fakeEngine struct {
	mu       sync.Mutex
	count    int
	cells    []string
	exec     func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output
	complete func(code string, cursor int) ([]string, int, int)
	asked    []string // code[:cursor] of each completion request
}

func (f *fakeEngine) ExecuteWith(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
	f.mu.Lock()
	f.count++
	f.cells = append(f.cells, code)
	n := f.count
	f.mu.Unlock()
	out := &kernel.Output{Result: &kernel.Display{Text: fmt.Sprintf("ran %q", code)}}
	if f.exec != nil {
		out = f.exec(ctx, code, o)
	}
	out.Count = n
	return out
}

func (f *fakeEngine) Complete(code string, cursor int) ([]string, int, int) {
	f.mu.Lock()
	f.asked = append(f.asked, string([]rune(code)[:cursor]))
	f.mu.Unlock()
	if f.complete == nil {
		return nil, cursor, cursor
	}
	return f.complete(code, cursor)
}

// Inspect finds nothing: the REPL does not inspect.
func (f *fakeEngine) Inspect(string, int) (string, bool) { return "", false }

// wantRan checks that exactly the cells want ran, in order.
func (f *fakeEngine) wantRan(t *testing.T, want ...string) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if strings.Join(f.cells, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("cells run %q, want %q", f.cells, want)
	}
}

// term is a REPL running on a pipe, with its output on a Screen.
type term struct {
	t      *testing.T
	keys   *io.PipeWriter
	screen *repltest.Screen
	done   chan error
	sig    chan os.Signal // stands for a SIGINT sent from elsewhere
}

// start runs a REPL on eng (nil: a real kernel.Session) without colour.
func start(t *testing.T, eng kernel.Engine, opts ...Option) *term {
	t.Helper()
	pr, pw := io.Pipe()
	scr := repltest.NewScreen(200)
	opts = append([]Option{WithIO(pr, scr), WithHistory(""), WithColor(false), WithVersion("9.9")}, opts...)
	if eng != nil {
		opts = append(opts, WithEngine(eng))
	}
	r := New(opts...)
	tm := &term{t: t, keys: pw, screen: scr, done: make(chan error, 1), sig: make(chan os.Signal, 1)}
	r.interrupts = tm.sig
	go func() { tm.done <- r.Run(context.Background()) }()
	t.Cleanup(func() { pw.Close() })
	tm.expect("[1]>")
	return tm
}

func (tm *term) send(keys string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.keys, keys); err != nil {
		tm.t.Fatalf("typing %q: %v", keys, err)
	}
}

// expect waits until the screen shows sub and returns the screen.
func (tm *term) expect(sub string) string {
	tm.t.Helper()
	return tm.expectN(sub, 1)
}

func (tm *term) expectN(sub string, n int) string {
	tm.t.Helper()
	text, err := tm.screen.WaitCount(wait, sub, n)
	if err != nil {
		tm.t.Fatal(err)
	}
	return text
}

// quit sends Ctrl-D and waits for Run to return nil.
func (tm *term) quit() {
	tm.t.Helper()
	tm.send(keyCtrlD)
	select {
	case err := <-tm.done:
		if err != nil {
			tm.t.Fatalf("Run: %v", err)
		}
	case <-time.After(wait):
		tm.t.Fatalf("Ctrl-D did not end the REPL; screen:\n%s", tm.screen.Text())
	}
}

func TestWelcomeEntriesAndPrompts(t *testing.T) {
	tm := start(t, nil) // the real engine
	tm.send("1 + 2" + keyEnter)
	tm.expect("[2]>")
	tm.send(")" + keyEnter) // invalid: reported at once, no continuation prompt
	tm.expect("[3]>")
	tm.quit()
	lines := strings.Split(tm.screen.Text(), "\n")
	if !strings.HasPrefix(lines[0], "gamelab 9.9:") || !strings.Contains(lines[1], "help") {
		t.Errorf("welcome lines %q", lines[:2])
	}
	want := []string{"[1]> 1 + 2", "3", "[2]> )"}
	if !equalPrefix(lines[2:], want) {
		t.Errorf("screen:\n%s\nwant it to go on with %q", tm.screen.Text(), want)
	}
	if strings.Contains(tm.screen.Text(), "...>") {
		t.Errorf("an invalid entry got a continuation prompt:\n%s", tm.screen.Text())
	}
}

func TestCompletionWithTheEngine(t *testing.T) {
	tm := start(t, nil)
	tm.send(`p = polygon("* -5 + -2 * -8 * -5 + 8")` + keyEnter)
	tm.expect("[2]>")
	tm.send("sol" + keyTab)
	tm.expect("[2]> solve")
	tm.send("(p)." + keyTab)
	scr := tm.expect("scores")
	for _, f := range []string{"best", "optimal", "first", "merges", "worst", "expr", "polygon"} {
		if !strings.Contains(scr, f) {
			t.Errorf("field %s not listed:\n%s", f, scr)
		}
	}
	// p is a polygon: the fields of the other results are not offered.
	_, listed, _ := strings.Cut(scr, "solve(p).")
	for _, f := range []string{"after", "board", "coins", "diff", "second", "moves"} {
		if strings.Contains(listed, f) {
			t.Errorf("field %s of another result listed:\n%s", f, scr)
		}
	}
	tm.send("be" + keyTab + keyEnter)
	tm.expect("[3]>")
	// trace of a polygon: steps and result, one Tab completes "st".
	tm.send("len(trace(p).s" + keyTab + ")" + keyEnter)
	tm.expect("[4]>")
	tm.quit()
	if !strings.Contains(tm.screen.Text(), "[2]> solve(p).best\n488\n[3]>") {
		t.Errorf("screen:\n%s", tm.screen.Text())
	}
	if !strings.Contains(tm.screen.Text(), "[3]> len(trace(p).steps)\n5\n[4]>") {
		t.Errorf("screen:\n%s", tm.screen.Text())
	}
}

func equalPrefix(got, want []string) bool {
	if len(got) < len(want) {
		return false
	}
	for i := range want {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

func TestMultiLineEntryIsOneCell(t *testing.T) {
	eng := &fakeEngine{}
	tm := start(t, eng)
	tm.send("p = [1," + keyEnter)
	tm.expect("...>")
	tm.send("2, // a comment" + keyEnter)
	tm.expectN("...>", 2)
	tm.send("3]" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	// IsComplete suggests the indentation of continuation lines: shown,
	// not kept in the entry.
	eng.wantRan(t, "p = [1,\n2, // a comment\n3]")
	if !strings.Contains(tm.screen.Text(), "[1]> p = [1,\n...>   2, // a comment\n...>   3]\n") {
		t.Errorf("screen:\n%s", tm.screen.Text())
	}
}

func TestCtrlCClearsLineAndUnfinishedEntry(t *testing.T) {
	eng := &fakeEngine{}
	tm := start(t, eng)
	tm.send("abc" + keyCtrlC)
	tm.expectN("[1]>", 2)
	tm.send("f(1," + keyEnter)
	tm.expect("...>")
	tm.send("2" + keyCtrlC)
	tm.expectN("[1]>", 3)
	tm.send("ok" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	eng.wantRan(t, "ok")
}

func TestCtrlD(t *testing.T) {
	eng := &fakeEngine{}
	tm := start(t, eng)
	// On a non-empty line Ctrl-D deletes the character under the cursor.
	tm.send("ab\x1b[D" + keyCtrlD + keyEnter)
	tm.expect("[2]>")
	eng.wantRan(t, "a")
	tm.quit()
}

func TestExitAndQuitLeave(t *testing.T) {
	for _, word := range []string{"exit", "quit"} {
		eng := &fakeEngine{}
		tm := start(t, eng)
		tm.send(" " + word + keyEnter)
		select {
		case err := <-tm.done:
			if err != nil {
				t.Errorf("%s: Run: %v", word, err)
			}
		case <-time.After(wait):
			t.Fatalf("%s did not end the REPL", word)
		}
		eng.wantRan(t)
	}
}

func TestHelpPassesThrough(t *testing.T) {
	eng := &fakeEngine{}
	tm := start(t, eng)
	tm.send("help" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	eng.wantRan(t, "help")
}

func TestOutputOrderAndErrors(t *testing.T) {
	eng := &fakeEngine{exec: func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		io.WriteString(o.Stdout, "printed, no newline")
		o.Display(kernel.Display{Text: "a picture\n"})
		io.WriteString(o.Stdout, "printed after it\n")
		return &kernel.Output{
			Stdout:   "printed, no newlineprinted after it\n",
			Displays: []kernel.Display{{Text: "a picture\n"}},
			Result:   &kernel.Display{Text: "42"},
			Err: &kernel.Error{Kind: "NameError", Msg: "unknown name sovle (did you mean solve?)",
				Line: 2, Column: 5, Source: "x = sovle(p)"},
		}
	}}
	tm := start(t, eng)
	tm.send("go" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	want := "[1]> go\nprinted, no newline\na picture\nprinted after it\n42\n" +
		"2:5: unknown name sovle (did you mean solve?)\nx = sovle(p)\n    ^\n[2]>"
	if !strings.Contains(tm.screen.Text(), want) {
		t.Errorf("screen:\n%s\nwant:\n%s", tm.screen.Text(), want)
	}
}

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

// slowEngine's cell "slow" runs until it is interrupted (or released, so a
// failing test ends); it records whether its context was already cancelled
// when the cell began. Any other cell returns "fast" and whether its context
// was cancelled.
type slowEngine struct {
	*fakeEngine
	started          chan struct{} // closed when "slow" begins
	release          chan struct{}
	cancelledAtStart bool
}

func newSlowEngine(t *testing.T) *slowEngine {
	e := &slowEngine{started: make(chan struct{}), release: make(chan struct{})}
	t.Cleanup(func() { close(e.release) })
	e.fakeEngine = &fakeEngine{exec: func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		if code != "slow" {
			return &kernel.Output{Result: &kernel.Display{Text: fmt.Sprintf("fast, cancelled %v", ctx.Err() != nil)}}
		}
		e.cancelledAtStart = ctx.Err() != nil
		close(e.started)
		select {
		case <-ctx.Done():
			return &kernel.Output{Err: &kernel.Error{Kind: "Interrupted", Msg: "solve: interrupted"}}
		case <-e.release:
			return &kernel.Output{Result: &kernel.Display{Text: "never cancelled"}}
		}
	}}
	return e
}

// TestInterruptCancelsRunningCell: Ctrl-C typed while a cell runs (a key:
// a terminal stays raw, see keys.go) cancels it; the next cell runs as usual.
func TestInterruptCancelsRunningCell(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("slow" + keyEnter)
	<-eng.started
	tm.send(keyCtrlC)
	tm.expect("interrupted\n[2]>")
	tm.send("next" + keyEnter)
	tm.expect("fast, cancelled false\n[3]>")
	tm.quit()
}

// TestInterruptBeforeCellStarts: a Ctrl-C typed right after Enter, before
// the cell has begun (here in the same write as the line), interrupts that
// cell: its context is cancelled before it starts, and none of it is lost.
func TestInterruptBeforeCellStarts(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("slow" + keyEnter + keyCtrlC)
	tm.expect("interrupted\n[2]>")
	<-eng.started
	if !eng.cancelledAtStart {
		t.Error("the cell began with a live context although Ctrl-C came before it")
	}
	tm.quit()
	eng.wantRan(t, "slow")
}

// TestCtrlCAtPromptStaysThere: a Ctrl-C typed while a line is read clears
// that line and reaches no cell, not even one whose line follows at once.
func TestCtrlCAtPromptStaysThere(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("abc" + keyCtrlC + "next" + keyEnter)
	tm.expect("fast, cancelled false\n[2]>")
	tm.send(keyCtrlC + "next" + keyEnter)
	tm.expect("fast, cancelled false\n[3]>")
	tm.quit()
	eng.wantRan(t, "next", "next")
}

// TestSIGINTFromElsewhere: a SIGINT (kill -INT) interrupts the running cell.
func TestSIGINTFromElsewhere(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("slow" + keyEnter)
	<-eng.started
	tm.sig <- os.Interrupt
	tm.expect("interrupted\n[2]>")
	tm.quit()
}

func TestCellThatIgnoresCtrlC(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	eng := &fakeEngine{exec: func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		if code == "stuck" {
			close(started)
			<-release // deaf to ctx
		}
		return &kernel.Output{Count: 1}
	}}
	tm := start(t, eng)
	tm.send("stuck" + keyEnter)
	<-started
	// However many Ctrl-Cs, the session stays: the REPL waits for the cell.
	tm.send(keyCtrlC + keyCtrlC + keyCtrlC + keyCtrlC)
	tm.expectN("still stopping; the session and its variables stay (Ctrl-\\ leaves gamelab without them)", 3)
	select {
	case err := <-tm.done:
		t.Fatalf("Ctrl-C ended the REPL: %v", err)
	default:
	}
	close(release)
	tm.expect("[2]>")
	tm.send("after" + keyEnter)
	tm.expect("[3]>")
	eng.wantRan(t, "stuck", "after")
	tm.quit()
}

// Ctrl-\ is the way out of a cell that never stops, at the user's word.
func TestCtrlBackslashLeavesAStuckCell(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	eng := &fakeEngine{exec: func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		close(started)
		<-release
		return &kernel.Output{}
	}}
	tm := start(t, eng)
	tm.send("stuck" + keyEnter)
	<-started
	tm.send(keyCtrlC + "\x1c")
	select {
	case err := <-tm.done:
		if !errors.Is(err, errCellLeft) {
			t.Errorf("Run returned %v, want errCellLeft", err)
		}
	case <-time.After(wait):
		t.Fatal("Ctrl-\\ did not end the REPL")
	}
}

func TestCancelEndsRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	defer pw.Close()
	scr := repltest.NewScreen(80)
	r := New(WithIO(pr, scr), WithHistory(""), WithColor(false))
	r.eng = &fakeEngine{}
	r.interrupts = make(chan os.Signal)
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	if _, err := scr.WaitCount(wait, "[1]>", 1); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Errorf("Run returned %v, want context.Canceled", err)
		}
	case <-time.After(wait):
		t.Fatal("cancelling ctx did not end Run waiting at the prompt")
	}
}

func TestCompletion(t *testing.T) {
	names := []string{"map", "setv", "show", "solve", "sol2"}
	fields := []string{"best", "first", "merges", "optimal", "scores"}
	eng := &fakeEngine{complete: func(code string, cursor int) ([]string, int, int) {
		rs := []rune(code)
		start := cursor
		for start > 0 && (rs[start-1] == '_' || rs[start-1] >= 'a' && rs[start-1] <= 'z' || rs[start-1] >= '0' && rs[start-1] <= '9') {
			start--
		}
		pool := names
		if start > 0 && rs[start-1] == '.' {
			pool = fields
		}
		var m []string
		for _, n := range pool {
			if strings.HasPrefix(n, string(rs[start:cursor])) {
				m = append(m, n)
			}
		}
		return m, start, cursor
	}}
	tm := start(t, eng)

	// One candidate: completed in place.
	tm.send("sho" + keyTab + "(1)" + keyEnter)
	tm.expect("[2]>")
	// Several with a longer common prefix: that prefix; Tab again lists them.
	tm.send("so" + keyTab)
	tm.expect("[2]> sol")
	tm.send(keyTab)
	scr := tm.expect("sol2")
	if !strings.Contains(scr, "solve") {
		t.Errorf("candidates not listed:\n%s", scr)
	}
	tm.send("ve" + keyEnter)
	tm.expect("[3]>")
	// Inside a call.
	tm.send("map(1..3, sol" + keyTab + "v" + keyTab + "(#))" + keyEnter)
	tm.expect("[4]>")
	// Fields after a dot list all of them.
	tm.send("solve(p)." + keyTab)
	scr = tm.expect("merges")
	for _, f := range fields {
		if !strings.Contains(scr, f) {
			t.Errorf("field %s not listed:\n%s", f, scr)
		}
	}
	tm.send("b" + keyTab + keyEnter)
	tm.expect("[5]>")
	// A continuation line completes in the context of the lines above, and
	// Tab at the start of a line indents (the person's indentation, kept;
	// the REPL's own is not).
	tm.send("f(1," + keyEnter)
	tm.expect("...>")
	tm.send(keyTab + "se" + keyTab + ")" + keyEnter)
	tm.expect("[6]>")
	tm.quit()

	eng.wantRan(t, "show(1)", "solve", "map(1..3, solve(#))", "solve(p).best", "f(1,\n  setv)")
	eng.mu.Lock()
	last := eng.asked[len(eng.asked)-1]
	eng.mu.Unlock()
	if last != "f(1,\n    se" { // asked on the line as shown
		t.Errorf("last completion asked with %q, want the whole entry so far", last)
	}
}

func TestHistoryFileWrittenAndReloaded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	eng := &fakeEngine{}
	tm := start(t, eng, WithHistory(path))
	tm.send("a = 1" + keyEnter)
	tm.expect("[2]>")
	// Written as you go: the entry is in the file while the REPL still runs.
	if data, _ := os.ReadFile(path); string(data) != "a = 1\n" {
		t.Errorf("history file while running: %q", data)
	}
	tm.send("[1," + keyEnter)
	tm.expect("...>")
	tm.send("2]" + keyEnter)
	tm.expect("[3]>")
	tm.send("a = 1" + keyEnter + "a = 1" + keyEnter) // a repeat is stored once
	tm.expect("[5]>")
	tm.send("dropped" + keyCtrlC) // never entered
	tm.expectN("[5]>", 2)
	tm.send(keyUp + keyUp + keyEnter) // recall the multi-line entry whole
	tm.expect("[6]>")
	tm.quit()
	want := "a = 1\n[1,⏎2]\na = 1\n[1,⏎2]\n" // the REPL's indentation is not kept
	if data, _ := os.ReadFile(path); string(data) != want {
		t.Errorf("history file %q, want %q", data, want)
	}
	eng.wantRan(t, "a = 1", "[1,\n2]", "a = 1", "a = 1", "[1,\n2]")

	// A new session recalls the entries with Up, newest first.
	eng = &fakeEngine{}
	tm = start(t, eng, WithHistory(path))
	tm.send(keyUp + keyUp)
	tm.expect("[1]> a = 1")
	tm.send(keyUp)
	tm.expect("[1]> [1,⏎2]")
	tm.send(keyEnter)
	tm.expect("[2]>")
	tm.quit()
	eng.wantRan(t, "[1,\n2]")
}

func TestHistoryFileCutBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	var b strings.Builder
	for i := range 2 * historyLimit {
		fmt.Fprintf(&b, "x = %d\n", i)
	}
	os.WriteFile(path, []byte(b.String()), 0o600)
	h, err := openHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.add("last"); err != nil {
		t.Fatal(err)
	}
	h.close()
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != historyLimit+1 || lines[0] != fmt.Sprintf("x = %d", historyLimit) || lines[historyLimit] != "last" {
		t.Errorf("cut-back file has %d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}
}

func TestDefaultHistoryPath(t *testing.T) {
	t.Setenv("GAMELAB_HISTORY", "/some/where")
	if got := DefaultHistoryPath(); got != "/some/where" {
		t.Errorf("with GAMELAB_HISTORY: %q", got)
	}
	t.Setenv("GAMELAB_HISTORY", "")
	t.Setenv("HOME", "/home/u")
	if got := DefaultHistoryPath(); got != "/home/u/.gamelab_history" {
		t.Errorf("without GAMELAB_HISTORY: %q", got)
	}
}

// TestIsTerminal asks the terminal driver, not the file mode: /dev/null is a
// character device but no terminal (`gamelab < /dev/null` runs no REPL).
func TestIsTerminal(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	regular, err := os.Create(filepath.Join(t.TempDir(), "file"))
	if err != nil {
		t.Fatal(err)
	}
	defer regular.Close()
	cases := []struct {
		name string
		x    any
		want bool
	}{
		{"/dev/null", devNull, false},
		{"a pipe", pr, false},
		{"a regular file", regular, false},
		{"no file", &strings.Builder{}, false},
		{"a nil file", (*os.File)(nil), false},
	}
	if ptmx, tty, err := pty.Open(); err == nil {
		defer ptmx.Close()
		defer tty.Close()
		cases = append(cases, struct {
			name string
			x    any
			want bool
		}{"a pseudo-terminal", tty, true})
	} else {
		t.Logf("no pseudo-terminal to test the positive case: %v", err)
	}
	for _, tc := range cases {
		if got := IsTerminal(tc.x); got != tc.want {
			t.Errorf("%s: IsTerminal = %v, want %v", tc.name, got, tc.want)
		}
	}
}
