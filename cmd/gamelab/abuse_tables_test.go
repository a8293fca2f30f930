//go:build linux

package main

// Issue 29's tables and results under the memory budget, run in the binary
// as a user runs them: the process's peak resident memory stays within the
// budget and a tenth, under an address-space limit too, never Go's "fatal
// error: out of memory".

import (
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// measured is a run of gamelab: its exit status, output, peak resident
// memory and wall time.
type measured struct {
	code           int
	stdout, stderr string
	peak           int64 // bytes
	took           time.Duration
}

// measure runs gamelab -c stmt in dir under GAMELAB_MEMORY=budget and an
// address-space limit of asBytes (prlimit --as, ulimit -v; 0 none).
func measure(t *testing.T, dir string, budget, asBytes int64, stmt string) measured {
	t.Helper()
	script := `exec "$0" "$@"`
	if asBytes > 0 {
		script = fmt.Sprintf("ulimit -v %d && %s", asBytes>>10, script)
	}
	cmd := exec.Command("sh", "-c", script, gamelabBinary(t), "-c", stmt)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), fmt.Sprintf("GAMELAB_MEMORY=%d", budget))
	var o, e strings.Builder
	cmd.Stdout, cmd.Stderr = &o, &e
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	m := measured{stdout: o.String(), stderr: e.String(), took: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		m.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	m.peak = cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // the shell exec'd gamelab: its own peak
	return m
}

// withinTenth fails the test when the run died of a fatal error or its
// peak resident memory passed the budget by more than a tenth.
func withinTenth(t *testing.T, what string, budget int64, m measured) {
	t.Helper()
	noFatal(t, what, m.code, m.stderr)
	if m.peak > budget+budget/10 {
		t.Errorf("%s: peak resident memory %.1f MB, past the budget of %d MB and a tenth (%.1f MB)", what,
			float64(m.peak)/(1<<20), budget>>20, float64(budget+budget/10)/(1<<20))
	}
	t.Logf("%s: exit %d, peak %.1f MB, %.1f s", what, m.code, float64(m.peak)/(1<<20), m.took.Seconds())
}

// A tournament whose rows fill the budget, one that passes it, and a
// 2000-row random board keep the process within the budget and a tenth:
// the runtime's memory limit sat a sixteenth and 32 MB above the budget,
// so the collector let garbage pile up to it (313 MB in a budget of 256 MB,
// 78 MB in one of 64 MB), and randboard solved a whole turn to find the
// groups without a liberty.
func TestGarbageStaysWithinTheBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("plays tournaments of thousands of games in the binary")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		budget int64
		stmt   string
		code   int
	}{
		{64 << 20, "b = randboard(2000, 1); b.n", 0},
		{64 << 20, "t = tournament(map(1..8000, randcoins(20, #)), {A: greedy, B: optimal}); t.summary.A.mean", 0},
		{256 << 20, "t = tournament(map(1..40000, randcoins(20, #)), {A: greedy, B: optimal}); t.summary.A.mean", 0},
		{256 << 20, "t = tournament(map(1..100000, randcoins(20, #)), {A: greedy, B: optimal}); 1", 1},
	} {
		m := measure(t, dir, tc.budget, 0, tc.stmt)
		withinTenth(t, tc.stmt, tc.budget, m)
		if m.code != tc.code || tc.code == 1 && !strings.Contains(m.stderr, "memory budget exceeded") {
			t.Errorf("%s: exit %d, want %d: %.300s", tc.stmt, m.code, tc.code, m.stderr)
		}
	}
}
