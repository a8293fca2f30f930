//go:build linux

package main

// Issue 20's attacks on memory: address-space limits, a bad
// GAMELAB_MEMORY, the batch commands and big results under a budget.

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestAnAddressSpaceLimitMakesAMemoryErrorNotAFatalOne(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary under limits")
	}
	for _, tc := range []struct {
		as    int64
		stdin string
		args  []string
	}{
		{4e9, "", []string{"-c", "len(1..3*10**8)"}},
		{2e9, "", []string{"-c", "len(1..3*10**8)"}},
		{2e9, "s = repeat(\"x\", 500000)\n" + strings.Repeat("s = s + s\n", 14) + "len(s)\n", nil},
		{2e9, "l = 1..1000\n" + strings.Repeat("l = concat(l, l)\n", 20) + "len(l)\n", nil},
		{2e9, "", []string{"-c", "len(map(1..10**8, #))"}},
		{2e9, "", []string{"-c", "len(sort(1..10**8))"}},
	} {
		code, _, stderr := runUnder(t, tc.as, nil, tc.stdin, time.Minute, tc.args...)
		what := fmt.Sprintf("ulimit -v %d, %q %q", tc.as>>10, tc.args, tc.stdin)
		noFatal(t, what, code, stderr)
		if code != 1 || !strings.Contains(stderr, "memory budget exceeded") {
			t.Errorf("%s: exit %d, no MemoryError:\n%.600s", what, code, stderr)
		}
	}
}

func TestABadGAMELAB_MEMORYIsAnError(t *testing.T) {
	for _, v := range []string{"abc", "-1", "1e9", "1MB"} {
		for _, args := range [][]string{{"-c", "1"}, {}, {"polygon"}, {"run", "x.gl"}} {
			code, stdout, stderr := runUnder(t, 0, []string{"GAMELAB_MEMORY=" + v}, "1\n", 20*time.Second, args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, `GAMELAB_MEMORY="`+v+`"`) {
				t.Errorf("GAMELAB_MEMORY=%s gamelab %q: exit %d, stdout %q, stderr %q", v, args, code, stdout, stderr)
			}
		}
	}
	if code, stdout, stderr := runUnder(t, 0, []string{"GAMELAB_MEMORY=100MB"}, "", 20*time.Second, "-c", "budget()"); code != 0 || stdout != fmt.Sprintln(100<<20) {
		t.Errorf("GAMELAB_MEMORY=100MB: exit %d, %q %q", code, stdout, stderr)
	}
}

// ring is a polygon batch instance of n vertices.
func ring(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	for i := range n {
		fmt.Fprintf(&b, "%c %d ", "+*"[i%2], i%7-3)
	}
	return b.String() + "\n"
}

// triangle is a Life Line dataset of size n for player 1, its cells cycling
// through 0..3.
func triangle(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d 1\n", n)
	for r := 1; r <= n; r++ {
		for p := range r {
			b.WriteByte("0123"[(r+p)%4])
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	return b.String() + "0 0\n"
}

func TestTheBatchCommandsKeepTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary under limits")
	}
	for _, tc := range []struct {
		name  string
		as    int64
		env   []string
		stdin string
		args  []string
	}{
		{"polygon under ulimit -v", 3e9, nil, ring(10000), []string{"polygon"}},
		{"polygon under a budget", 0, []string{"GAMELAB_MEMORY=64MB"}, ring(3000), []string{"polygon", "--format", "json"}},
		{"lifeline under a budget", 0, []string{"GAMELAB_MEMORY=64MB"}, triangle(2000), []string{"lifeline"}},
		{"coins under a budget", 0, []string{"GAMELAB_MEMORY=64MB"}, strings.Repeat("1 ", 40000) + "\n", []string{"coins"}},
	} {
		code, stdout, stderr := runUnder(t, tc.as, tc.env, tc.stdin, time.Minute, tc.args...)
		noFatal(t, tc.name, code, stderr)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "instance 1 (line 1): memory budget exceeded") && !strings.Contains(stderr, "dataset 1 (line 1): memory budget exceeded") {
			t.Errorf("%s: exit %d, stdout %.100q, stderr:\n%.600s", tc.name, code, stdout, stderr)
		}
	}
}

// peakRSS runs gamelab with args and stdin under env and returns its exit
// status, its error stream and its peak resident memory in bytes.
func peakRSS(t *testing.T, env []string, stdin string, args ...string) (code int, stderr string, peak int64) {
	t.Helper()
	cmd := exec.Command(gamelabBinary(t), args...)
	cmd.Env = append(cmd.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var e bytes.Buffer
	cmd.Stderr = &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, e.String(), cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
}

// Under a budget of 300 MB every statement that would pass it, its
// pictures and text included, stops with a MemoryError, and the process's
// peak resident memory stays within the budget and 64 MB. (Today: svg of a
// trace of 20000 coins grew to 4.8 GB; map over 1..10**8 peaked at 3.2 GB
// under a budget of 1 GB.)
func TestPeakMemoryStaysInTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs statements of gigabytes")
	}
	const budget = 300 << 20
	for _, stmt := range []string{
		"len(svg(trace(randcoins(20000, 1))))",
		"p = plot(1..10**7); len(text(p))",
		"xs = 1..3*10**7; len(string(xs))",
		"xs = 1..2*10**7; m = map(xs, #); 1",
		"xs = 1..2*10**7; m = filter(xs, true); 1",
		`s = repeat("x", 500000)` + strings.Repeat("; s = s + s", 14),
	} {
		code, stderr, peak := peakRSS(t, []string{"GAMELAB_MEMORY=300MB"}, "", "-c", stmt)
		noFatal(t, stmt, code, stderr)
		if code != 1 || !strings.Contains(stderr, "memory budget exceeded") {
			t.Errorf("%s: exit %d, no MemoryError: %.300s", stmt, code, stderr)
		}
		if peak > budget+64<<20 {
			t.Errorf("%s: peak resident memory %d MB, past the budget of %d MB and 64 MB", stmt, peak>>20, budget>>20)
		}
	}
}

// A result of a few items whose text is gigabytes (eight references to a
// string of 100 MB, a hundred to one of 10 MB) is shown as a summary, its
// strings shortened, within the budget. (Before: the whole text was made
// to show it, 800 MB, and under an address-space limit the process died.)
func TestBigTextResultIsASummary(t *testing.T) {
	if testing.Short() {
		t.Skip("makes strings of 100 MB")
	}
	const budget = 300 << 20
	for _, stmt := range []string{
		`x = repeat("a", 10**8); [x, x, x, x, x, x, x, x]`,
		`x = repeat("a", 10**7); map(1..100, x)`,
		`x = repeat("a", 10**8); {a: x, b: x, c: x, d: x}`,
		`x = repeat("a", 10**8); x`, // one string alone: its start and length
	} {
		code, stderr, peak := peakRSS(t, []string{"GAMELAB_MEMORY=300MB"}, "", "-c", stmt)
		noFatal(t, stmt, code, stderr)
		if code != 0 || peak > budget+64<<20 {
			t.Errorf("%s: exit %d, peak resident memory %d MB (budget %d MB): %.300s", stmt, code, peak>>20, budget>>20, stderr)
		}
	}
}
