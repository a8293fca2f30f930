package main

import (
	"strings"
	"testing"
)

// TestPipedLanguage: what issue 11 asks of the language, as a user pipes
// statements to the binary: one numbering, errors in the user's words,
// help wrapped to 80 columns (not a terminal), time(x), ";" and tables.
func TestPipedLanguage(t *testing.T) {
	bin := gamelabBinary(t)
	in := strings.Join([]string{
		`p = polygon("* -5 + -2 * -8 * -5 + 8")`,
		`c = coins([10, 80, 90, 30])`,
		`[c.values[3] == c[3], [10, 20, 30][1], solve(p).scores[3], "hello"[1], "hello"[1:3], indexOf("hello", "l")]`,
		`[1, 2, 3, 4, 5][2:4]`,
		`r = solve(p); r.bset`,
		`[10, 20, 30][0]`,
		`map(-3..3, {v: #, best: 1})`,
		`help(solve)`,
		`x = time(2 ** 10); x + 1`,
		`map(1..3, ({n: #, sq: # * 10}))`,
	}, "\n") + "\n"
	code, stdout, stderr := runBin(t, bin, in)
	if code != 1 {
		t.Errorf("exit %d, want 1 (statements failed)", code)
	}
	lacks(t, "stdout", stdout,
		`[true, 10, 488, "h", "hel", 3]`,
		"[2, 3, 4]",
		"1025",
		"    Plays x optimally, under its rules",
		"n  sq\n─  ──\n1  10\n2  20\n3  30\n")
	lacks(t, "stderr", stderr,
		"stdin:5:17: a polygon result has no field bset (did you mean best?)",
		"stdin:6:13: index 0: lists count from 1",
		"write ({v: …})",
		"wall time: ")
	for _, line := range strings.Split(stdout, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("a line wider than 80 columns, output not a terminal: %q", line)
		}
	}
	for _, bad := range []string{"games.", "big.Int", "*games"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("an error shows the Go type %s:\n%s", bad, stderr)
		}
	}
}

// TestREPLLanguage: on a terminal of 120 columns help fills them; ";",
// time(x) and exit work as in IPython; a sweep shows as a table, and one
// that takes seconds shows its progress while it runs.
func TestREPLLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	s := startOnPTY(t, gamelabBinary(t))
	s.expect("[1]>", 1)
	s.send("help(solve)\r")
	help := s.expect("[2]>", 1)
	widest := 0
	for _, line := range strings.Split(help, "\n") {
		widest = max(widest, len([]rune(line)))
	}
	if widest <= 80 || widest > e2eWidth {
		t.Errorf("help's widest line has %d columns on a terminal of %d:\n%s", widest, e2eWidth, help)
	}
	s.send("x = 2; x * 21\r")
	if out := s.expect("[3]>", 1); !strings.Contains(out, "\n42\n") {
		t.Errorf("x = 2; x * 21:\n%s", out)
	}
	s.send("time(x)\r")
	if out := s.expect("[4]>", 1); !strings.Contains(out, "wall time: ") {
		t.Errorf("time(x):\n%s", out)
	}
	s.send("map(1..2, ({n: #, sq: # * 10}))\r")
	if out := s.expect("[5]>", 1); !strings.Contains(out, "n  sq\n─  ──\n1  10\n2  20\n") {
		t.Errorf("a sweep's table:\n%s", out)
	}
	// A sweep of a few seconds shows its progress in place, then erases it.
	s.send("map(1..6, solve(randcoins(20000, #)).best) | len()\r")
	s.expect("[6]>", 1)
	if raw := s.screen.Raw(); !strings.Contains(raw, "% done, about ") || !strings.Contains(raw, "left; Ctrl-C stops it") {
		t.Errorf("no progress line for a sweep of seconds:\n%q", raw)
	}
	if text := s.screen.Text(); strings.Contains(text, "% done") || !strings.Contains(text, "| len()\n6\n[6]>") {
		t.Errorf("the progress line stayed:\n%s", text)
	}
	s.send("exit\r")
	s.waitExit()
}

// lacks reports each of wants that the stream name's text does not hold.
func lacks(t *testing.T, name, text string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %q:\n%s", name, want, text)
		}
	}
}
