package repl

// Tests of Ctrl-C, SIGINT, Ctrl-\ and cancel on a line, at the prompt
// and on a running cell.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"gamelab/kernel"
	"gamelab/repl/repltest"
)

func TestCtrlCClearsLineAndUnfinishedEntry(t *testing.T) {
	eng := &fakeEngine{}
	tm := start(t, eng)
	tm.send("abc" + keyCtrlC)
	tm.expectN("[1]>", 2)
	tm.send("f(1," + keyEnter)
	tm.expect("...>")
	tm.send("2" + keyCtrlC)
	tm.expectN("[1]>", 3)
	tm.send("ok" + keyEnter)
	tm.expect("[2]>")
	tm.quit()
	eng.wantRan(t, "ok")
}

// slowEngine's cell "slow" runs until it is interrupted (or released, so a
// failing test ends); it records whether its context was already cancelled
// when the cell began. Any other cell returns "fast" and whether its context
// was cancelled.
type slowEngine struct {
	*fakeEngine
	started          chan struct{} // closed when "slow" begins
	release          chan struct{}
	cancelledAtStart bool
}

func newSlowEngine(t *testing.T) *slowEngine {
	e := &slowEngine{started: make(chan struct{}), release: make(chan struct{})}
	t.Cleanup(func() { close(e.release) })
	e.fakeEngine = &fakeEngine{exec: func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		if code != "slow" {
			return &kernel.Output{Result: &kernel.Display{Text: fmt.Sprintf("fast, cancelled %v", ctx.Err() != nil)}}
		}
		e.cancelledAtStart = ctx.Err() != nil
		close(e.started)
		select {
		case <-ctx.Done():
			return &kernel.Output{Err: &kernel.Error{Kind: "Interrupted", Msg: "solve: interrupted"}}
		case <-e.release:
			return &kernel.Output{Result: &kernel.Display{Text: "never cancelled"}}
		}
	}}
	return e
}

// TestInterruptCancelsRunningCell: Ctrl-C typed while a cell runs (a key:
// a terminal stays raw, see keys.go) cancels it; the next cell runs as usual.
func TestInterruptCancelsRunningCell(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("slow" + keyEnter)
	<-eng.started
	tm.send(keyCtrlC)
	tm.expect("interrupted\n[2]>")
	tm.send("next" + keyEnter)
	tm.expect("fast, cancelled false\n[3]>")
	tm.quit()
}

// TestInterruptBeforeCellStarts: a Ctrl-C typed right after Enter, before
// the cell has begun (here in the same write as the line), interrupts that
// cell: its context is cancelled before it starts, and none of it is lost.
func TestInterruptBeforeCellStarts(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("slow" + keyEnter + keyCtrlC)
	tm.expect("interrupted\n[2]>")
	<-eng.started
	if !eng.cancelledAtStart {
		t.Error("the cell began with a live context although Ctrl-C came before it")
	}
	tm.quit()
	eng.wantRan(t, "slow")
}

// TestCtrlCAtPromptStaysThere: a Ctrl-C typed while a line is read clears
// that line and reaches no cell, not even one whose line follows at once.
func TestCtrlCAtPromptStaysThere(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("abc" + keyCtrlC + "next" + keyEnter)
	tm.expect("fast, cancelled false\n[2]>")
	tm.send(keyCtrlC + "next" + keyEnter)
	tm.expect("fast, cancelled false\n[3]>")
	tm.quit()
	eng.wantRan(t, "next", "next")
}

// TestSIGINTFromElsewhere: a SIGINT (kill -INT) interrupts the running cell.
func TestSIGINTFromElsewhere(t *testing.T) {
	eng := newSlowEngine(t)
	tm := start(t, eng)
	tm.send("slow" + keyEnter)
	<-eng.started
	tm.sig <- os.Interrupt
	tm.expect("interrupted\n[2]>")
	tm.quit()
}

func TestCellThatIgnoresCtrlC(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	eng := &fakeEngine{exec: func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		if code == "stuck" {
			close(started)
			<-release // deaf to ctx
		}
		return &kernel.Output{Count: 1}
	}}
	tm := start(t, eng)
	tm.send("stuck" + keyEnter)
	<-started
	// However many Ctrl-Cs, the session stays: the REPL waits for the cell.
	tm.send(keyCtrlC + keyCtrlC + keyCtrlC + keyCtrlC)
	tm.expectN("still stopping; the session and its variables stay (Ctrl-\\ leaves gamelab without them)", 3)
	select {
	case err := <-tm.done:
		t.Fatalf("Ctrl-C ended the REPL: %v", err)
	default:
	}
	close(release)
	tm.expect("[2]>")
	tm.send("after" + keyEnter)
	tm.expect("[3]>")
	eng.wantRan(t, "stuck", "after")
	tm.quit()
}

// Ctrl-\ is the way out of a cell that never stops, at the user's word.
func TestCtrlBackslashLeavesAStuckCell(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	eng := &fakeEngine{exec: func(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
		close(started)
		<-release
		return &kernel.Output{}
	}}
	tm := start(t, eng)
	tm.send("stuck" + keyEnter)
	<-started
	tm.send(keyCtrlC + "\x1c")
	select {
	case err := <-tm.done:
		if !errors.Is(err, errCellLeft) {
			t.Errorf("Run returned %v, want errCellLeft", err)
		}
	case <-time.After(wait):
		t.Fatal("Ctrl-\\ did not end the REPL")
	}
}

func TestCancelEndsRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	defer pw.Close()
	scr := repltest.NewScreen(80)
	r := New(WithIO(pr, scr), WithHistory(""), WithColor(false))
	r.eng = &fakeEngine{}
	r.interrupts = make(chan os.Signal)
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	if _, err := scr.WaitCount(wait, "[1]>", 1); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Errorf("Run returned %v, want context.Canceled", err)
		}
	case <-time.After(wait):
		t.Fatal("cancelling ctx did not end Run waiting at the prompt")
	}
}
