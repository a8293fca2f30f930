//go:build linux

package judge_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"gamelab/kernel/games/judge"
)

// A fast and right program: coins' deque format (X − Y) in C, the
// interval DP in int64.
const fastDeque = `#include <stdio.h>
long long d[64][64], a[64];
int main(void) {
	int n;
	if (scanf("%d", &n) != 1) return 0;
	for (int i = 0; i < n; i++) scanf("%lld", &a[i]);
	for (int i = n - 1; i >= 0; i--) {
		d[i][i] = a[i];
		for (int j = i + 1; j < n; j++) {
			long long l = a[i] - d[i + 1][j], r = a[j] - d[i][j - 1];
			d[i][j] = l > r ? l : r;
		}
	}
	printf("%lld\n", d[0][n - 1]);
	return 0;
}
`

// fast builds fastDeque with gcc.
func fast(b *testing.B) string {
	b.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		b.Skip("no gcc")
	}
	dir := b.TempDir()
	src, bin := filepath.Join(dir, "deque.c"), filepath.Join(dir, "deque")
	os.WriteFile(src, []byte(fastDeque), 0o644)
	if out, err := exec.Command("gcc", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		b.Fatalf("gcc: %v\n%s", err, out)
	}
	return bin
}

// judgeFast judges 1,000 instances of the fast program on jobs workers.
func judgeFast(b *testing.B, prog string, jobs int) {
	b.Helper()
	g, _, _ := judge.Find("coins")
	c := &judge.Config{Game: g, Format: "deque", Rules: g.Default(), Count: 1000, Seed: 1, Jobs: jobs, Program: []string{prog}}
	var errw bytes.Buffer
	if code := c.Judge(context.Background(), io.Discard, &errw); code != 0 {
		b.Fatalf("exit %d: %s", code, errw.String())
	}
}

// BenchmarkJudgeJobs: 1,000 instances of a fast program with --jobs 1 and
// --jobs 2 (the goal: 2 at least 1.7 times as fast on two cores).
func BenchmarkJudgeJobs(b *testing.B) {
	prog := fast(b)
	for _, jobs := range []int{1, 2} {
		b.Run(map[int]string{1: "jobs=1", 2: "jobs=2"}[jobs], func(b *testing.B) {
			start := time.Now()
			for b.Loop() {
				judgeFast(b, prog, jobs)
			}
			b.ReportMetric(float64(b.N*1000)/time.Since(start).Seconds(), "instances/s")
		})
	}
}

// BenchmarkJudgeOverhead: the judge's own CPU time per instance (making
// it, solving it, starting the program, reading and checking its answer,
// sweeping what it left), apart from the program's, with --jobs 1; and
// the wall time per instance (the goal: at most 5 ms of the judge's own).
func BenchmarkJudgeOverhead(b *testing.B) {
	prog := fast(b)
	var self0, kids0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self0)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids0)
	start := time.Now()
	for b.Loop() {
		judgeFast(b, prog, 1)
	}
	wall := time.Since(start)
	var self1, kids1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self1)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids1)
	cpu := func(a, z syscall.Rusage) time.Duration {
		return time.Duration(z.Utime.Nano() - a.Utime.Nano() + z.Stime.Nano() - a.Stime.Nano())
	}
	n := float64(b.N * 1000)
	b.ReportMetric(float64(cpu(self0, self1).Microseconds())/1000/n, "judge-cpu-ms/instance")
	b.ReportMetric(float64(cpu(kids0, kids1).Microseconds())/1000/n, "program-cpu-ms/instance")
	b.ReportMetric(float64(wall.Microseconds())/1000/n, "wall-ms/instance")
}
