package repl

import (
	"context"
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
