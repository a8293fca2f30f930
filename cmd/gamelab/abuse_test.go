//go:build linux

package main

// Issue 20's attacks through the entry points a user types them into:
// piped input and -c under address-space limits and small budgets, the
// batch commands, gamelab run and test. Each fails on the code before the
// fix (a fatal error, a hang, a Go name in a message).

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runUnder runs the gamelab binary with args under an address-space limit
// of asBytes (ulimit -v; 0: none), the environment env added, stdin as its
// input, killing it after wait.
func runUnder(t *testing.T, asBytes int64, env []string, stdin string, wait time.Duration, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	script := `exec "$0" "$@"`
	if asBytes > 0 {
		script = fmt.Sprintf("ulimit -v %d && %s", asBytes>>10, script)
	}
	cmd := exec.Command("sh", append([]string{"-c", script, gamelabBinary(t)}, args...)...)
	cmd.Env = append(cmd.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(wait, func() { cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, o.String(), e.String()
}

// noFatal fails the test when the process died of the runtime's fatal
// error (or anything else outside gamelab's messages).
func noFatal(t *testing.T, what string, code int, stderr string) {
	t.Helper()
	if code < 0 || code > 2 || strings.Contains(stderr, "fatal error") || strings.Contains(stderr, "goroutine ") {
		t.Errorf("%s: exit %d, stderr:\n%.600s", what, code, stderr)
	}
}

// goWords are Go's words that reached users before issue 20: reflect's and
// fmt's messages, a function's Go type, a struct printed by fmt.
var goWords = regexp.MustCompile(`reflect|%!|func\(|interface \{\}|map\[|\{[0-9]+ \[|0x[0-9a-f]{6}|\$[a-z]`)

// The audit's values and errors, piped in as a user types them: each
// answer in the user's words, game values passed through as themselves,
// plot's labels exact.
func TestPipedAnswersAreInTheUsersWords(t *testing.T) {
	for _, tc := range []struct{ stmt, want string }{
		{"map(coins([1, 2]), #)", "map: argument 1 (array) must be an array, got coins"},
		{"len(nil)", "invalid argument for len (type nil)"},
		{"len(solve)", "solve is a function, not a value"},
		{"x = solve", "solve is a function, not a value"},
		{"not json", "json is a function, not a value"},
		{`P = polygon("+ 1 + 2"); solve(P ?? 1).best`, "3"},
		{`P = polygon("+ 1 + 2"); P ?? 1`, `polygon("+ 1 + 2")`},
		{"groupBy([1, 2, 3], # % 2)", "{0: [2], 1: [1, 3]}"},
		{"groupBy([1, 2, 3], # % 2)[1]", "[1, 3]"},
		{"json(groupBy([1, 2, 3], # % 2))", `{"0":[2],"1":[1,3]}`},
		{"plot([2**53 + 1, 1])", "9007199254740993"},
		{"text(plot([10**20, 10**20 + 1]))", "100000000000000000001"},
		{"text(plot([10**1000]))", "1" + strings.Repeat("0", 1000)},
		{"json(plot([10**30]))", `"values":[1000000000000000000000000000000]`},
		{"filter(polygon(\"+ 1\"), true)", "filter: argument 1 (array) must be an array, got polygon"},
		{"map({a: 1}, #)", "map: argument 1 (array) must be an array, got map"},
		{`randpolygon(5, 1, {ops: ""})`, `ops must be a string of operators like "+*-", got ""`},
	} {
		_, stdout, stderr := runUnder(t, 0, nil, tc.stmt+"\n", 20*time.Second)
		if !strings.Contains(stdout+stderr, tc.want) || goWords.MatchString(stdout+stderr) {
			t.Errorf("%s: want %q; got\n%s%s", tc.stmt, tc.want, stdout, stderr)
		}
	}
	// A result of millions of nested items is summarised.
	nested := "#"
	for range 13 {
		nested = "map(1..3, " + nested + ")"
	}
	if _, stdout, _ := runUnder(t, 0, nil, nested+"\n", time.Minute); len(stdout) > 10000 || !strings.Contains(stdout, "(1000 of 1594323 items shown") {
		t.Errorf("1.6 million nested items: %d bytes shown, ending %q", len(stdout), stdout[max(len(stdout)-200, 0):])
	}
}

// A piped line of 17 MB is one statement like any other, in piped input
// and in gamelab run; one past MaxStatement is one error for itself and
// the statements after it still run. (Today: "bufio.Scanner: token too
// long" ended the run.)
func TestLongLinesAreStatements(t *testing.T) {
	if testing.Short() {
		t.Skip("pipes 100 MB")
	}
	dir := t.TempDir()
	long := "x = 1\ns = \"" + strings.Repeat("a", 17<<20) + "\"\nlen(s)\nx + 1\n"
	tooLong := "x = 1\ns = \"" + strings.Repeat("a", 65<<20) + "\"\nx + 1\n"
	script := writeFile(t, dir, "long.gl", long)
	for _, args := range [][]string{nil, {"run", script}} {
		code, stdout, stderr := runUnder(t, 0, nil, long, time.Minute, args...)
		if code != 0 || stdout != fmt.Sprintf("%d\n2\n", 17<<20) {
			t.Errorf("gamelab %q, a 17 MB line: exit %d, %q, %q", args, code, stdout, stderr)
		}
	}
	code, stdout, stderr := runUnder(t, 0, nil, tooLong, time.Minute)
	if code != 1 || stdout != "2\n" || !strings.Contains(stderr, "stdin:2: the line is 65.0 MB long, more than the 64 MB a statement may be") {
		t.Errorf("a 70 MB line: exit %d, %q, %q", code, stdout, stderr)
	}
}

// gamelab run and gamelab test say what is wrong with a file that is no
// script, notebook or golden, in the user's words, and never hang on one.
func TestRunAndTestOnFilesThatAreNot(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"run", write("bad.ipynb", "not json\n")}, 1, "not a notebook: it is not JSON (line 1, column 2"},
		{[]string{"test", write("mal.ipynb", `{"cells": 5}`)}, 1, `not a notebook: its "cells" is a number where a list belongs`},
		{[]string{"test", write("src.ipynb", `{"cells": [{"cell_type": "code", "source": 5}]}`)}, 1, `the "source" of cell 1 is neither a string nor a list of strings`},
		{[]string{"run", write("ok.ipynb", `{"cells": [{"cell_type": "code", "source": ["x = 20\n", "x + 1"]}, {"cell_type": "markdown", "source": "x"}, {"cell_type": "code", "source": "x * 2"}]}`)}, 0, "21\n40\n"},
		{[]string{"test", write("nl.gl", "1+1\n") + "", write("nl.golden", "1+1\n#> 2")}, 0, "ok"},
		{[]string{"test", write("crlf.gl", "1+1\r\n"), write("crlf.golden", "1+1\r\n#> 2\r\n")}, 0, "ok"},
		{[]string{"test", write("bom.gl", "\ufeff1+1\n"), write("bom.golden", "\ufeff1+1\n#> 2\n")}, 0, "ok"},
		{[]string{"test", write("blank.gl", "1+1\n"), write("blank.golden", "1+1\n#> 2 \n")}, 1, `-#> 2    (as written: "#> 2 ")`},
		// files that are not there, in words rather than the system call's
		{[]string{"run", filepath.Join(dir, "none.gl")}, 1, "gamelab run: " + filepath.Join(dir, "none.gl") + ": no such file\n"},
		{[]string{"test", filepath.Join(dir, "none.gl")}, 2, "gamelab test: " + filepath.Join(dir, "none.gl") + ": no such file\n"},
		{[]string{"run", filepath.Join(dir, "no", "x.gl")}, 1, "x.gl: its folder " + filepath.Join(dir, "no") + " does not exist"},
		{[]string{"test", write("nogolden.gl", "1\n")}, 1, "nogolden.gl: it has no golden " + filepath.Join(dir, "nogolden.golden") + " yet (write it with 'gamelab test --update "},
	} {
		args := tc.args
		if args[0] == "test" {
			args = args[:2] // the golden was written beside the script
		}
		code, stdout, stderr := runUnder(t, 0, nil, "", 20*time.Second, args...)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) || goWords.MatchString(stdout+stderr) || strings.Contains(stdout+stderr, "Go struct") ||
			strings.Contains(stdout+stderr, "no such file or directory") {
			t.Errorf("gamelab %s %s: exit %d, want %d and %q:\n%s%s", args[0], filepath.Base(args[1]), code, tc.code, tc.want, stdout, stderr)
		}
	}
	// A golden that never ends.
	zero := write("zero.gl", "1\n")
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.golden")); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runUnder(t, 0, nil, "", 20*time.Second, "test", zero); code != 1 || !strings.Contains(stderr, "not a regular file") {
		t.Errorf("a golden of /dev/zero: exit %d, %q %q", code, stdout, stderr)
	}
	// A kernel name that climbs out of the kernels folder.
	for _, name := range []string{"..", "."} {
		code, _, stderr := runUnder(t, 0, nil, "", 20*time.Second, "kernel", "install", "--prefix", filepath.Join(dir, "k"), "--name", name)
		if _, err := os.Stat(filepath.Join(dir, "k")); code != 2 || err == nil || !strings.Contains(stderr, "dots only") {
			t.Errorf("kernel install --name %s: exit %d, %q, wrote: %v", name, code, stderr, err == nil)
		}
	}
}

// save writes only regular files: to a FIFO it neither blocks (no reader)
// nor reports a success whose data vanished (a reader that reads nothing).
func TestSaveRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs:", err)
	}
	for _, reader := range []bool{false, true} {
		if reader {
			r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
		}
		code, stdout, stderr := runUnder(t, 0, nil, "", 20*time.Second, "-c", `save(1..10**6, "`+fifo+`")`)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "not a regular file: it is a named pipe") {
			t.Errorf("save to a FIFO (a reader: %v): exit %d, %q %q", reader, code, stdout, stderr)
		}
	}
}
