//go:build linux

package main

// Issue 29's huge statements, through the entry points a user types them
// into: each fails on the code before the fix (a statement that ignored
// Ctrl-C for minutes as it compiled, a line of statements that took
// minutes, strategies nested until Go's stack ended the process).

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// Ctrl-C stops a statement while it compiles, piped and in gamelab run, and
// what comes after it never runs. Its 200,000 predicates take a second or
// two to cut out now; before, the time was quadratic in their number
// (10,000: 38 s), and no interrupt stopped it. The statement follows the
// eprint on its line, so the whole line has been read when the signal
// comes.
func TestSIGINTStopsAStatementAsItCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a statement of megabytes")
	}
	text := "x = 42\neprint(\"running\"); [" + strings.Repeat("strategy({# + 1}), ", 200000) + "1]\nprint(x)\n"
	script := writeFile(t, t.TempDir(), "huge.gl", text)
	for _, args := range [][]string{nil, {"run", script}} {
		stdin := ""
		if args == nil {
			stdin = text
		}
		r := start(t, nil, stdin, args...)
		r.waitFor(r.stderr, "running")
		r.interrupt()
		code := r.wait()
		stdout, _ := r.stdout.text()
		stderr, _ := r.stderr.text()
		if code != 1 || !strings.Contains(stderr, "interrupted") || strings.Contains(stdout, "42") {
			t.Errorf("gamelab %q: exit %d after %v, stdout %q, stderr %.300q", args, code, time.Since(r.interrupted), stdout, stderr)
		}
	}
}

// A line of 20,000 statements runs in time linear in its length (before:
// each held, and lexed, the whole line: minutes).
func TestALineOfManyStatements(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 20,000 statements")
	}
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "a%d = %d; ", i, i)
	}
	b.WriteString("a19999 + a1\n")
	code, stdout, stderr := runUnder(t, 0, nil, b.String(), time.Minute)
	if code != 0 || stdout != "20000\n" {
		t.Errorf("exit %d, %q, %.300q", code, stdout, stderr)
	}
}

// Statements past expr's 10,000 nodes that a user writes or pastes run,
// in seconds, piped and in gamelab run: a chain of 20,000 lets, a list of
// 10,000 strategies, 100,000 coins' values. (Before: "compilation failed:
// expression exceeds maximum allowed nodes", after 38 s for the
// strategies.)
func TestHugeStatementsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs statements of megabytes")
	}
	var lets strings.Builder
	lets.WriteString("let a0 = 1; ")
	for i := 1; i < 20000; i++ {
		fmt.Fprintf(&lets, "let a%d = a%d + 1; ", i, i-1)
	}
	values := make([]string, 100000)
	for i := range values {
		values[i] = fmt.Sprint(i % 97)
	}
	text := lets.String() + "a19999\n" +
		"len([" + strings.Repeat(`strategy({#.values[1] >= #.values[-1] ? "L" : "R"}), `, 10000) + "optimal])\n" +
		"c = coins([" + strings.Join(values, ", ") + "])\n" +
		"[len(c.values), c.values[-1]]\n"
	script := writeFile(t, t.TempDir(), "huge.gl", text)
	for _, args := range [][]string{nil, {"run", script}} {
		stdin := text
		if args != nil {
			stdin = ""
		}
		code, stdout, stderr := runUnder(t, 0, nil, stdin, 2*time.Minute, args...) // a second of work: room for a loaded machine
		if code != 0 || stdout != "20000\n10001\n[100000, 89]\n" {
			t.Errorf("gamelab %q: exit %d, %q, %.300q", args, code, stdout, stderr)
		}
	}
}

// A statement of 40,000 lines (a list pasted in, an item a line) is read
// in linear time, piped and in gamelab run: each line was the end of the
// statement so far, and the statement so far was scanned again (and
// joined again) to find out: a minute of CPU.
func TestALongMultiLineStatement(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 40,000 lines")
	}
	var b strings.Builder
	b.WriteString("x = [\n")
	for i := range 40000 {
		fmt.Fprintf(&b, "  %d,\n", i)
	}
	b.WriteString("  40000]\nlen(x)\n")
	script := writeFile(t, t.TempDir(), "long.gl", b.String())
	for _, args := range [][]string{nil, {"run", script}} {
		stdin := b.String()
		if args != nil {
			stdin = ""
		}
		code, stdout, stderr := runUnder(t, 0, nil, stdin, time.Minute, args...)
		if code != 0 || stdout != "40001\n" {
			t.Errorf("gamelab %q: exit %d, %q, %.300q", args, code, stdout, stderr)
		}
	}
}

// Twelve short predicates in one statement: the eleventh was 'unexpected
// "}"'.
func TestManyShortPredicates(t *testing.T) {
	code, stdout, stderr := runUnder(t, 0, nil, "len(["+strings.Repeat("strategy({1}), ", 11)+"strategy({1})])\n", 20*time.Second)
	if code != 0 || stdout != "12\n" {
		t.Errorf("12 strategies({1}): exit %d, %q, %q", code, stdout, stderr)
	}
}

// Strategies nested 100,000 deep, each playing the one inside it, stop
// with one error at 1,000, within the budget. (Before: every level took
// 20 KB of Go's stack, which the budget did not count: 1.76 GB under a
// budget of 1 GB, or Go's fatal "stack exceeds 1000000000-byte limit".)
func TestNestedStrategiesKeepTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("nests 100,000 strategies")
	}
	const nested = `c = coins([5]); s = reduce(map(1..100000, optimal), let t = #acc; strategy({match(#, t, optimal).moves[1].move})); match(c, s, optimal)`
	for _, budget := range []int64{1 << 30, 256 << 20} {
		code, stderr, peak := peakRSS(t, []string{fmt.Sprintf("GAMELAB_MEMORY=%d", budget)}, "", "-c", nested)
		noFatal(t, "nested strategies", code, stderr)
		if code != 1 || strings.Count(stderr, "predicates call one another more than 1000 deep") != 1 || len(stderr) > 2000 {
			t.Errorf("budget %d MB: exit %d, %.600q", budget>>20, code, stderr)
		}
		if peak > budget+budget/10 {
			t.Errorf("budget %d MB: peak resident memory %d MB", budget>>20, peak>>20)
		}
	}
}
