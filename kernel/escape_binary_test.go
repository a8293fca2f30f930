package kernel

// Issue 13's attacks through the built gamelab binary with piped input, as
// a user types them: the process must never die, stay near its budget, and
// stop at SIGINT.

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamelab/kernel/builtin"
)

// gamelabBinary builds cmd/gamelab from this tree into the test's
// temporary directory (go's build cache makes the second build a link).
func gamelabBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the gamelab binary")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build gamelab:", err)
	}
	path := filepath.Join(t.TempDir(), "gamelab")
	if out, err := exec.Command(goTool, "build", "-o", path, "gamelab/cmd/gamelab").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return path
}

// crashWords are what a Go runtime death prints.
var crashWords = []string{"fatal error", "goroutine ", "panic:", "SIGSEGV", "out of memory"}

// The attacks of the issue, piped into one process with a 512 MB budget:
// today x.Lsh(x, 40000000000) ended it with Go's fatal error and the
// doubling of s reached 2 GB.
func TestThroughBinary(t *testing.T) {
	bin := gamelabBinary(t) // once: a build is most of these tests' time
	t.Run("attacks", func(t *testing.T) { t.Parallel(); attacksThroughBinary(t, bin) })
	t.Run("interrupt", func(t *testing.T) { t.Parallel(); interruptThroughBinary(t, bin) })
}

func attacksThroughBinary(t *testing.T, bin string) {
	script := []string{
		"x = 2**70", "y = x", "x.SetInt64(5)", "x.Lsh(x, 40000000000)", "x = 3**1000000", "x.Exp(x, 2**64, nil)",
		`len(repeat(repeat("x", 100000), 100000))`, `s = repeat("x", 500000)`,
	}
	for range 12 {
		script = append(script, "s = s + s")
	}
	script = append(script, "len(s) >= 64000000", "y")
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "GAMELAB_MEMORY=512MB")
	cmd.Stdin = strings.NewReader(strings.Join(script, "\n") + "\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("want exit status 1 (statements failed), got %v\nstderr:\n%.3000s", err, stderr.String())
	}
	for _, w := range crashWords {
		if strings.Contains(stderr.String(), w) && !strings.Contains(stderr.String(), "memory budget exceeded") {
			t.Errorf("stderr says %q:\n%.3000s", w, stderr.String())
		}
	}
	if strings.Contains(stderr.String(), "goroutine ") || strings.Contains(stderr.String(), "fatal error") {
		t.Errorf("the process died:\n%.3000s", stderr.String())
	}
	for _, want := range []string{"cannot call SetInt64", "cannot call Lsh", "cannot call Exp", "memory budget exceeded"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if got := stdout.String(); got != "true\n1180591620717411303424\n" {
		t.Errorf("stdout %q", got)
	}
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	t.Logf("%d statements in %v, peak RSS %s", len(script), time.Since(start).Round(time.Millisecond), builtin.ByteSize(peak))
	// The budget is of the heap; the process adds its runtime and the
	// collector's headroom (its memory limit is an eighth above the budget).
	if peak > 512<<20+512<<20/8+128<<20 {
		t.Errorf("peak RSS %s with a 512 MB budget", builtin.ByteSize(peak))
	}
}

// SIGINT stops a long operation that has started (the statement prints
// "started" first, in the same statement), and the process exits cleanly.
func interruptThroughBinary(t *testing.T, bin string) {
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("xs = 1..3000000\n" +
		`[eprint("started"), sort(concat(xs, xs, xs, xs), "desc")][1] | len()` + "\n")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	var rest strings.Builder
	var sent time.Time
	var reported time.Duration // from SIGINT to the error on stderr
	for lines.Scan() {
		if lines.Text() == "started" && sent.IsZero() {
			sent = time.Now()
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if strings.Contains(lines.Text(), "interrupted") && !sent.IsZero() && reported == 0 {
			reported = time.Since(sent)
		}
		rest.WriteString(lines.Text() + "\n")
	}
	err = cmd.Wait()
	exited := time.Since(sent)
	if sent.IsZero() {
		t.Fatalf("the statement never started: %v\n%s", err, rest.String())
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(rest.String(), "interrupted") {
		t.Fatalf("want an interrupted statement and exit status 1, got %v:\n%s", err, rest.String())
	}
	if stdout.Len() > 0 {
		t.Errorf("the sort finished: %s", stdout.String())
	}
	// The exit waits for the kernel to take back the process's gigabytes.
	t.Logf("SIGINT: the error after %v, the exit after %v", reported.Round(time.Millisecond), exited.Round(time.Millisecond))
}
