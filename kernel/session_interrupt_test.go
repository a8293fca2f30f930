package kernel

// Tests of interrupting a running cell.

import (
	"context"
	"errors"
	"testing"
	"time"

	"gamelab/kernel/builtin"
)

func TestInterrupt(t *testing.T) {
	s := newTestSession()
	run(t, s, "x = 1")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan *Output)
	go func() { done <- s.Execute(ctx, "y = 2\nx = tslow()") }()
	cancel()
	select {
	case out := <-done:
		if out.Err == nil || out.Err.Kind != "Interrupted" {
			t.Fatalf("want Interrupted, got %v", out.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("tslow was not interrupted")
	}
	if got := resultText(run(t, s, "x")); got != "1" {
		t.Errorf("x = %s after the interrupt", got)
	}

	// A loop that does no arithmetic and allocates nothing (so the memory
	// budget never stops it) stops too: loop bodies look at the context.
	// tstop cancels the cell just before the loop starts; unpatched, the
	// loop would run 10¹² times.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	stopper := &builtin.Builtin{Name: "tstop", Signature: "tstop()", Doc: "Interrupts the cell.", Example: "tstop()",
		Fn: func(*builtin.Env, ...any) (any, error) { cancel(); return true, nil }}
	s = newTestSession(WithBuiltins(stopper))
	run(t, s, "xs = 1..999999")
	go func() { done <- s.Execute(ctx, "tstop() && any(xs, any(xs, {false}))") }()
	select {
	case out := <-done:
		if out.Err == nil || out.Err.Kind != "Interrupted" {
			t.Fatalf("want Interrupted, got %v", out.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a loop without arithmetic was not interrupted")
	}

	// A loop of pure expr stops too: the operators look at the context.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	account, _, end := s.budget.Start(ctx)
	defer end()
	s.cell = &cellRun{Account: account}
	func() {
		defer func() {
			if r := recover(); !errors.Is(r.(error), context.Canceled) {
				t.Errorf("operators did not stop: %v", r)
			}
		}()
		for range 2048 {
			s.cell.Tick()
		}
	}()
	s.cell = nil
}

// TestInterruptBigSolve: Ctrl-C stops the solve of a 3000-gon (minutes of
// work), and the cell says so. How fast is for solvers/polygon's
// BenchmarkCancelLatency* to measure; the minute here only keeps a broken
// cancel from hanging the test.
func TestInterruptBigSolve(t *testing.T) {
	s := NewSession()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	done := make(chan *Output, 1)
	go func() { done <- s.Execute(ctx, "r = solve(randpolygon(3000, 1))") }()
	var out *Output
	select {
	case out = <-done:
	case <-time.After(time.Minute):
		t.Fatal("the solve did not stop after its context was cancelled")
	}
	if out.Err == nil || out.Err.Kind != "Interrupted" {
		t.Fatalf("not interrupted: %+v", out.Err)
	}
	if _, ok := s.vars["r"]; ok {
		t.Error("an interrupted assignment bound r")
	}
}
