//go:build linux

package judge_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	_ "gamelab/kernel/games/all"
	"gamelab/kernel/games/judge"
)

// judgeShell judges a shell script program, in-process, and returns the
// status and the report.
func judgeShell(t *testing.T, args []string, body string) (int, string) {
	t.Helper()
	prog := filepath.Join(t.TempDir(), "p.sh")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	g, _, err := judge.Find(args[0])
	if err != nil {
		t.Fatal(err)
	}
	c := &judge.Config{Game: g, Rules: g.Default(), Count: 100, Seed: 1, Program: []string{prog}, Save: filepath.Join(t.TempDir(), "in")}
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.IntVar(&c.Count, "count", 100, "")
	fs.IntVar(&c.MaxN, "max-n", 0, "")
	fs.DurationVar(&c.ShrinkTime, "shrink-time", 0, "")
	if err := fs.Parse(args[1:]); err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	code := c.Judge(context.Background(), &out, &errw)
	return code, out.String() + errw.String()
}

// Sizes are spread from --min-n to --max-n without overflowing, at the
// largest sizes too, and the summary by size fits in a few lines.
func TestSizesGrowEvenlyAndTheSummaryIsShort(t *testing.T) {
	code, out := judgeShell(t, []string{"coins", "--count", "30", "--max-n", "12"}, "exec "+gamelab(t)+" coins")
	if code != 0 || !strings.Contains(out, "30 of 30 instances passed, sizes 1 to 12 coins") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if rows := strings.Count(out, "\n"); rows > 14 {
		t.Errorf("a summary of %d lines:\n%s", rows, out)
	}
}

// gamelab is the gamelab binary, built once per test run (TestMain
// removes it).
func gamelab(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		built.path = filepath.Join(built.dir, "gamelab")
		if out, err := exec.Command("go", "build", "-o", built.path, "gamelab/cmd/gamelab").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Skipf("cannot build gamelab: %v", built.err)
	}
	return built.path
}

var built struct {
	once      sync.Once
	dir, path string
	err       error
}

func TestMain(m *testing.M) {
	built.dir, _ = os.MkdirTemp("", "gamelab-judge-test-")
	code := m.Run()
	os.RemoveAll(built.dir)
	os.Exit(code)
}

// The progress line shows the instances and, at once, the shrinking; and
// --shrink-time bounds the shrinking of a large failing instance, which
// then reports the smallest failing input found by then.
func TestProgressAndTheShrinkingBound(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "p.sh")
	os.WriteFile(prog, []byte("#!/bin/sh\ncat >/dev/null\necho 0\n"), 0o755)
	g, _, _ := judge.Find("coins")
	var progress, out, errw bytes.Buffer
	c := &judge.Config{Game: g, Format: "deque", Rules: g.Default(), Count: 2, Seed: 1, MinN: 3000, MaxN: 3000,
		ShrinkTime: 300 * time.Millisecond, Program: []string{prog}, Progress: &progress, Save: filepath.Join(t.TempDir(), "in")}
	if code := c.Judge(context.Background(), &out, &errw); code != 1 {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errw.String())
	}
	if !strings.Contains(progress.String(), "shrinking instance 1 (wrong answer): 3000 coins") || !strings.HasSuffix(progress.String(), "\r\x1b[K") {
		t.Errorf("progress %q", progress.String())
	}
	if !strings.Contains(out.String(), "stopped shrinking after 0.300 s (--shrink-time): the input above is the smallest failing one found by then") {
		t.Errorf("report:\n%.3000s", out.String())
	}
}
