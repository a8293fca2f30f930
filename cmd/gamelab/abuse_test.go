//go:build linux

package main

// Issue 20's attacks through the entry points a user types them into:
// piped input and -c under address-space limits and small budgets, the
// batch commands, gamelab run and test. Each fails on the code before the
// fix (a fatal error, a hang, a Go name in a message).

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
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
