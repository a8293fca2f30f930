//go:build linux

package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// interruptOps are issue 20's long statements, and issue 29's tables and
// long compiles, each after the setup that makes its inputs: what Ctrl-C
// must stop within 200 ms.
func interruptOps(dir string) []struct{ name, setup, stmt string } {
	return []struct{ name, setup, stmt string }{
		{"print", "xs = 1..4*10**7", "print(xs)"},
		{"string", "xs = 1..4*10**7", "len(string(xs))"},
		{"save", "xs = 1..4*10**7", `save(xs, "` + filepath.Join(dir, "big.txt") + `")`},
		{"coins-parse", `s = repeat(repeat("9", 300000) + " ", 50)`, "len(coins(s).values)"},
		{"polygon-parse", `s = repeat("+ " + repeat("9", 300000) + " ", 50)`, "len(polygon(s).values)"},
		{"svg-plot", "p = plot(1..10**7)", "len(svg(p))"},
		{"text-plot", "p = plot(1..10**7)", "len(text(p))"},
		{"map", "xs = 1..10**8", "len(map(xs, #))"},
		{"analyze", `c = randcoins(100000, 1); line = repeat("L", 100000)`, "len(analyze(c, line).loss)"},
		{"svg-trace", "t = trace(randcoins(20000, 1))", "len(svg(t))"},
		{"json", "xs = map(1..6*10**6, [#, #])", "len(json(xs))"},
		// issue 29's tables: written cell by cell, counted before they are made
		{"save-dp", "d = dp(randcoins(3000, 1))", `save(d, "` + filepath.Join(dir, "d.txt") + `")`},
		{"text-dp", "d = dp(randcoins(3000, 1))", "len(text(d))"},
		{"json-dp", "d = dp(randcoins(3000, 1))", "len(json(d))"},
		// Issue 29: compiling. A string literal of 40 MB, which expr's
		// lexer takes seconds over, and a list of 100,000 strategies,
		// compiled an item at a time.
		{"lex-string", "", `len("` + strings.Repeat("ab", 20<<20) + `")`},
		{"compile-parts", "", "len([" + strings.Repeat("strategy({# + 1}), ", 100000) + "optimal])"},
	}
}

// BenchmarkInterruptLatency measures how long each of issue 20's long
// statements takes to stop after a SIGINT, in the process as a user runs
// it (gamelab -c, its inputs made first, the signal sent a random 50 to
// 800 ms into the statement, so it lands anywhere in the work): from the
// signal to the statement's "interrupted" (stop) and to the process's exit
// (exit). It reports the 50th and 99th percentiles and the worst of stop,
// and the 99th of exit, over every run of every statement; the goal is a
// 99th percentile of stop of at most 200 ms:
//
//	go test -run '^$' -bench InterruptLatency -benchtime 1x ./cmd/gamelab
//
// GAMELAB_INTERRUPT_RUNS sets the runs per statement (default 10),
// GAMELAB_INTERRUPT_OPS the statements (their names, a regular
// expression); -v shows every statement's line.
func BenchmarkInterruptLatency(b *testing.B) {
	runs := 10
	fmt.Sscan(os.Getenv("GAMELAB_INTERRUPT_RUNS"), &runs)
	only, err := regexp.Compile(os.Getenv("GAMELAB_INTERRUPT_OPS"))
	if err != nil {
		b.Fatal(err)
	}
	bin := gamelabBinary(b)
	var stops, exits []time.Duration
	for _, op := range interruptOps(b.TempDir()) {
		if !only.MatchString(op.name) {
			continue
		}
		var stop, exit []time.Duration
		for range runs {
			s, e := interruptOnce(b, bin, op.setup, op.stmt)
			stop, exit = append(stop, s), append(exit, e)
		}
		slices.Sort(stop)
		slices.Sort(exit)
		b.Logf("%-14s stop median %4d ms, worst %4d ms; exit worst %4d ms", op.name,
			percentile(stop, 50).Milliseconds(), stop[len(stop)-1].Milliseconds(), exit[len(exit)-1].Milliseconds())
		stops, exits = append(stops, stop...), append(exits, exit...)
	}
	slices.Sort(stops)
	slices.Sort(exits)
	b.ReportMetric(float64(percentile(stops, 50).Milliseconds()), "p50-ms")
	b.ReportMetric(float64(percentile(stops, 99).Milliseconds()), "p99-ms")
	b.ReportMetric(float64(stops[len(stops)-1].Milliseconds()), "max-ms")
	b.ReportMetric(float64(percentile(exits, 99).Milliseconds()), "exit-p99-ms")
}

// interruptOnce runs stmt in gamelab -c after setup, sends SIGINT a random
// while after stmt has started, and returns the time from the signal to
// the statement's "interrupted" error (the statement has stopped; in the
// REPL or a kernel the session goes on from there) and to the process's
// exit (which adds the system's freeing of its memory: about 100 ms for
// the few gigabytes a map over 1..10**8 holds). A statement that ended by
// itself first is run again.
func interruptOnce(b *testing.B, bin, setup, stmt string) (stop, exit time.Duration) {
	cell := setup + `; eprint("run" + "ning"); ` + stmt
	args := []string{"-c", cell}
	if len(cell) > 100<<10 { // past what one argument may hold: a script of that one line
		args = []string{"run", filepath.Join(b.TempDir(), "cell.gl")}
		if err := os.WriteFile(args[1], []byte(cell+"\n"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for {
		cmd := exec.Command(bin, args...)
		stderr := &watched{}
		cmd.Stdout, cmd.Stderr = nil, stderr
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		for text, _ := stderr.text(); !strings.Contains(text, "running"); text, _ = stderr.text() {
			select {
			case err := <-done:
				b.Fatalf("%s ended before it ran: %v %s", stmt, err, text)
			case <-time.After(2 * time.Millisecond):
			}
		}
		select {
		case <-done:
			continue // done before the signal: no measurement
		case <-time.After(time.Duration(50+rand.IntN(750)) * time.Millisecond):
		}
		sent := time.Now()
		cmd.Process.Signal(syscall.SIGINT)
		exited := false
		for text, _ := stderr.text(); !strings.Contains(text, "interrupted") && !exited; text, _ = stderr.text() {
			select {
			case <-done:
				exited = true
			case <-time.After(time.Millisecond):
			}
		}
		stop = time.Since(sent)
		if !exited {
			<-done
		}
		exit = time.Since(sent)
		if text, _ := stderr.text(); !strings.Contains(text, "interrupted") {
			continue // it ended by itself just before the signal
		}
		return stop, exit
	}
}

// percentile is the p-th percentile of sorted durations.
func percentile(sorted []time.Duration, p int) time.Duration {
	return sorted[min(len(sorted)-1, (len(sorted)*p+99)/100-1)]
}
