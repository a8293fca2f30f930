//go:build linux

package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"gamelab/internal/version"
	"gamelab/repl/repltest"
)

const (
	e2eWidth = 120
	e2eWait  = 20 * time.Second // generous: two shared cores, a build before
)

// ptySession is the gamelab binary running on a pseudo-terminal, as a user
// would start it: no arguments, stdin and stdout the terminal.
type ptySession struct {
	t      *testing.T
	ptmx   *os.File // our end: keys in, screen out
	tty    *os.File // the program's end, kept open to read its mode
	cmd    *exec.Cmd
	screen *repltest.Screen
	exited chan error
}

func startOnPTY(t *testing.T, bin string, env ...string) *ptySession {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 40, Cols: e2eWidth}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "GAMELAB_HISTORY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "TERM=xterm", "HOME="+t.TempDir())
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &ptySession{t: t, ptmx: ptmx, tty: tty, cmd: cmd, screen: repltest.NewScreen(e2eWidth), exited: make(chan error, 1)}
	go io.Copy(s.screen, ptmx) // ends with EIO once every end of the tty is closed
	go func() { s.exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		tty.Close()
		ptmx.Close()
	})
	return s
}

func (s *ptySession) send(keys string) {
	s.t.Helper()
	if _, err := io.WriteString(s.ptmx, keys); err != nil {
		s.t.Fatalf("typing %q: %v", keys, err)
	}
}

// expect waits until sub is on the screen n times.
func (s *ptySession) expect(sub string, n int) string {
	s.t.Helper()
	text, err := s.screen.WaitCount(e2eWait, sub, n)
	if err != nil {
		s.t.Fatal(err)
	}
	return text
}

func (s *ptySession) waitExit() {
	s.t.Helper()
	select {
	case err := <-s.exited:
		if err != nil {
			s.t.Errorf("gamelab exited with %v; screen:\n%s", err, s.screen.Text())
		}
	case <-time.After(e2eWait):
		s.t.Fatalf("gamelab did not exit; screen:\n%s", s.screen.Text())
	}
}

func TestREPLRejectsArguments(t *testing.T) {
	var out, errb strings.Builder
	if code := runDefault([]string{"--frob"}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(errb.String(), `unknown flag "--frob"`) {
		t.Errorf("stderr %q", errb.String())
	}
}

// TestREPLOnPseudoTerminal types a session into the real binary on a
// pseudo-terminal: Tab completion, a multi-line entry, Ctrl-C typed before a
// slow solve's cell starts and while it runs, Ctrl-D; then checks the screen
// and the history file, and that a second session recalls the history with
// Up. No step depends on timing: each waits for what the screen shows (the
// deadline only keeps a failure from hanging).
func TestREPLOnPseudoTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := gamelabBinary(t)
	hist := filepath.Join(t.TempDir(), "history")

	s := startOnPTY(t, bin, "GAMELAB_HISTORY="+hist)
	s.expect("[1]>", 1)
	s.send("help\r") // no parentheses: the engine's statement, passed through
	if help := s.expect("[2]>", 1); !strings.Contains(help, "[1]> help\n") || !strings.Contains(help, "solve(x)") {
		t.Errorf("help did not list the builtins:\n%s", help)
	}
	s.send("p = polygon(\"* -5 + -2 * -8 * -5 + 8\")\r")
	s.expect("[3]>", 1)
	// Tab completes a builtin, then lists the fields after the dot.
	s.send("sol\t")
	s.expect("[3]> solve", 1)
	s.send("(p).\t")
	listed := s.expect("scores", 1)
	for _, f := range []string{"best", "optimal", "merges"} {
		if !strings.Contains(listed, f) {
			t.Errorf("field %s not listed after Tab:\n%s", f, listed)
		}
	}
	s.send("be\t\r")
	s.expect("[4]>", 1)
	// Completion inside a call.
	s.send("map(1..3, sol\t(setv(p, 1, #)).best)\r")
	s.expect("[5]>", 1)
	// A multi-line entry.
	s.send("x = [1,\r")
	s.expect("...>", 1)
	s.send("2]\r")
	s.expect("[6]>", 1)
	// Ctrl-C typed with the line, in the same write, is in the input before
	// the cell can begin: it interrupts that cell all the same, and x stays.
	s.send("x = solve(randpolygon(2500, 1)).best\r\x03")
	s.expect("interrupted", 1)
	s.expect("[7]>", 1)
	// Ctrl-C while the cell provably runs (it has written to the screen,
	// and a 2500-gon takes minutes) interrupts it.
	s.send(`x = [eprint("solving " + "now"), solve(randpolygon(2500, 1)).best][1]` + "\r")
	s.expect("solving now", 1)
	s.send("\x03")
	s.expect("interrupted", 2)
	s.expect("[8]>", 1)
	s.send("x\r")
	s.expect("[9]>", 1)
	// Ctrl-C on a line clears it; Ctrl-D on the empty line leaves. (The
	// line after the cleared one runs x again, and the checks of the screen
	// below stop short of the last prompt: readline may wipe the line the
	// cursor is on when it closes after Ctrl-D.)
	s.send("never run\x03")
	s.expect("[9]>", 2)
	s.send("x\r")
	s.expect("[10]>", 1)
	s.send("\x04")
	s.waitExit()

	screen := s.screen.Text()
	for _, want := range []string{
		"gamelab " + version.Version + ":",
		"[3]> solve(p).best\n488\n",
		"[4]> map(1..3, solve(setv(p, 1, #)).best)\n",
		"[5]> x = [1,\n...>   2]\n",
		"[6]> x = solve(randpolygon(2500, 1)).best\ninterrupted\n[7]>",
		// The solve's warning of its length may come between, or not, as the
		// Ctrl-C arrives before or after the solve starts.
		"solving now\n",
		"interrupted\n[8]> x\n[1, 2]\n[9]>",
		"[9]> never run^C\n[9]> x\n[1, 2]",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q; it shows:\n%s", want, screen)
		}
	}
	if raw := s.screen.Raw(); !strings.Contains(raw, "\033[32m[1]>") {
		t.Errorf("no coloured prompt on a colour terminal:\n%q", raw)
	}

	data, err := os.ReadFile(hist)
	if err != nil {
		t.Fatal(err)
	}
	wantHist := `help
p = polygon("* -5 + -2 * -8 * -5 + 8")
solve(p).best
map(1..3, solve(setv(p, 1, #)).best)
x = [1,⏎2]
x = solve(randpolygon(2500, 1)).best
x = [eprint("solving " + "now"), solve(randpolygon(2500, 1)).best][1]
x
`
	if string(data) != wantHist {
		t.Errorf("history file:\n%s\nwant:\n%s", data, wantHist)
	}

	// The next session recalls the multi-line entry whole with Up; with
	// NO_COLOR set it writes no colour.
	s = startOnPTY(t, bin, "GAMELAB_HISTORY="+hist, "NO_COLOR=1")
	s.expect("[1]>", 1)
	s.send("\x1b[A\x1b[A\x1b[A\x1b[A")
	s.expect("[1]> x = [1,⏎2]", 1)
	s.send("\r")
	s.expect("[2]>", 1)
	s.send("x\r")
	s.expect("[3]>", 1)
	s.send("\x04")
	s.waitExit()
	// Not "[3]>" too: expect saw it, but readline may wipe it on closing.
	if !strings.Contains(s.screen.Text(), "[1]> x = [1,⏎2]\n[2]> x\n[1, 2]") {
		t.Errorf("recalled entry did not run; screen:\n%s", s.screen.Text())
	}
	if raw := s.screen.Raw(); strings.Contains(raw, "\033[3") {
		t.Errorf("colour despite NO_COLOR:\n%q", raw)
	}
}

// TestFirstHourOnPseudoTerminal types what a new user types first into the
// REPL on a pseudo-terminal, and each answer says what it means: an integer
// divided by 0 is an error (not +Inf), a syntax error names the token in
// the user's words, a let shadows a variable of the session, vars shows a
// table as a table, two maps of a game in a list are no table, and a
// summarised list names its variable and shortens its long numbers, and so
// does a big result.
func TestFirstHourOnPseudoTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	s := startOnPTY(t, gamelabBinary(t), "NO_COLOR=1")
	s.expect("[1]>", 1)
	for i, step := range []struct{ keys, want string }{
		{"1/0", "division by zero"},
		{"a == = 1", `unexpected "="`},
		{"c = 30", "[4]>"},
		{"let c = 2; c * 21", "42"},
		{"t = table([[1, 2], [3, 4]])", "[6]>"},
		{"vars", "t: table = a table of 2 rows: 1, 2"},
		{`k = coins([10, 80, 90, 30]); a = analyze(k, "LRLR")`, "[8]>"},
		{"[a.loss, a.totals]", `[{"A": 40, "B": 0}, {"A": 90, "B": 120}]`},
		{"xs = map(1..2000, 10**50 + #)", "[10]>"},
		{"xs", `[1000000000…0000000001 (51 digits), 1000000000…0000000002 (51 digits), 1000000000…0000000003 (51 digits), …`},
		{"xs", `(6 of 2000 items shown; print(xs), text(xs), json(xs) or save(xs, "xs.txt") give them all)`},
		// a big result shown by its variable: short numbers, its own name
		{"s1 = solve(randpolygon(300, 1)); s1", "best 1476802534…0000000000 (133 digits): delete edge 204 first"},
		{"s1", "… (269 more in s1.merges)"},
		// one string of megabytes: its start and length, not the megabytes
		{`big = repeat("ab", 600000); big`, `…" (1200000 characters)`},
	} {
		if i != 10 && i != 12 { // these steps read the screen of the one before
			s.send(step.keys + "\r")
		}
		s.expect(step.want, 1)
	}
	s.send("\x04")
	s.waitExit()
	for _, wrong := range []string{"+Inf", `Operator("=")`, "cannot redeclare", "t: table = 1  2", "print(x)", "r.merges", "r.scores"} {
		if strings.Contains(s.screen.Text(), wrong) {
			t.Errorf("the screen says %q:\n%s", wrong, s.screen.Text())
		}
	}
}
