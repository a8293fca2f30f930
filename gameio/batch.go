package gameio

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"iter"
	"strings"
	"time"
)

// Instance is one instance a dialect read from the input, or what kept it
// from being read.
type Instance struct {
	Line, Col int // where it starts, or where the fault is (Col 0: the line as a whole)
	// Err says why the instance could not be read; Fatal that the reader
	// lost its place in the input and reads no more.
	Err   error
	Fatal bool
	// Solve answers the instance: the answer's bytes (ending in a new
	// line), warnings to show (none is an error), or why it has no answer.
	// progress tells the batch how far a long solve has come.
	Solve func(ctx context.Context, progress func(done, total int64)) (answer []byte, warnings []string, err error)
}

// Batch is a batch run of one game.
type Batch struct {
	Game string // "polygon": the command's name, in every message
	Unit string // what the game's input holds: "instance", or the judge's "dataset"
	// Progress, when set, receives a line of progress for each instance
	// that runs over a second ("instance 3: 42% done, about 12 s left"),
	// redrawn in place with a carriage return and erased when the instance
	// is answered: meant for a terminal (`--progress`).
	Progress io.Writer
	// Memory, when set, runs each instance's solve under the memory
	// budget: it returns the solve's context, which carries the budget's
	// room (see WithRoom) and is cancelled when the heap passes the
	// budget, and end, called when the solve returns, which says whether
	// the budget stopped it (the error to report) and closes its account.
	Memory func(ctx context.Context) (solveCtx context.Context, end func() error)

	now func() time.Time // the meters' clock: time.Now, or a test's
}

// Run answers every instance in order on out and reports the bad ones on
// errw, each as "gamelab GAME: UNIT K (line L, column C): why"; the others
// are still answered. It returns the exit status: 0 when every instance
// was answered, 1 otherwise.
func (b Batch) Run(ctx context.Context, instances iter.Seq[*Instance], out, errw io.Writer) int {
	unit := b.Unit
	if unit == "" {
		unit = "instance"
	}
	w := bufio.NewWriterSize(out, 64<<10)
	status, num := 0, 0
	report := func(in *Instance, msg string) {
		w.Flush() // keep the answers before the message in order on a shared terminal
		where := fmt.Sprintf("line %d", in.Line)
		if in.Col > 0 {
			where += fmt.Sprintf(", column %d", in.Col)
		}
		fmt.Fprintf(errw, "gamelab %s: %s %d (%s): %s\n", b.Game, unit, num, where, msg)
	}
	for in := range instances {
		num++
		if in.Err != nil {
			status = 1
			report(in, in.Err.Error())
			if in.Fatal {
				break
			}
			continue
		}
		m := b.meter(num, unit)
		answer, warnings, err := b.solve(ctx, in, m.Update)
		m.End()
		for _, warn := range warnings {
			report(in, "warning: "+warn)
		}
		if err != nil && ctx.Err() != nil {
			w.Flush()
			fmt.Fprintf(errw, "gamelab %s: interrupted at %s %d\n", b.Game, unit, num)
			return 130
		}
		if err != nil {
			status = 1
			report(in, strings.TrimPrefix(err.Error(), b.Game+": "))
			continue
		}
		w.Write(answer) // a write error sticks in w and is reported by Flush
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(errw, "gamelab %s: writing the answers: %v\n", b.Game, err)
		return 1
	}
	return status
}

// solve answers one instance, under the memory budget when the run has one.
func (b Batch) solve(ctx context.Context, in *Instance, progress func(done, total int64)) ([]byte, []string, error) {
	if b.Memory == nil {
		return in.Solve(ctx, progress)
	}
	solveCtx, end := b.Memory(ctx)
	answer, warnings, err := in.Solve(solveCtx, progress)
	if over := end(); over != nil {
		return nil, warnings, over
	}
	return answer, warnings, err
}
