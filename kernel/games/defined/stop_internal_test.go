package defined

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/word"
)

// TestTheCellsStopIsNotTheDefinitionsMistake: a part that the cell's stop
// ends (its context's end, which a part on the machine meets when Ctrl-C
// or the budget's watchdog cancels the cell; the budget's MemoryError) is
// not the definition's mistake: partError gives the stop back as it is,
// so the search reports how many positions it reached ("sub's moves
// failed at state …: context canceled" was the message of a solve that
// passed the budget while a part ran on the machine), and overBudget
// finds a MemoryError however it is wrapped.
func TestTheCellsStopIsNotTheDefinitionsMistake(t *testing.T) {
	d := &def{name: "sub"}
	n := &node{state: word.IntOf(5), mover: "A"}
	memory := builtin.Errorf(builtin.MemoryError, "memory budget exceeded")
	for _, stop := range []error{context.Canceled, context.DeadlineExceeded, fmt.Errorf("min: %w", context.Canceled),
		memory, builtin.Errorf(builtin.Interrupted, "interrupted")} {
		if got := d.partError("moves", n, none, stop); got != stop {
			t.Errorf("partError(%v) = %v, want the stop itself", stop, got)
		}
	}
	mistake := d.partError("play", n, word.IntOf(1), errors.New("invalid operation: int + string"))
	var be *builtin.Error
	if !errors.As(mistake, &be) || be.Kind != builtin.GameError || be.Msg != "sub's play failed at state 5 with move 1: invalid operation: int + string" {
		t.Errorf("a definition's mistake: %v", mistake)
	}
	env := &builtin.Env{Ctx: context.Background()}
	if !overBudget(env, fmt.Errorf("sub's play failed: %w", memory)) || overBudget(env, mistake) {
		t.Error("overBudget does not find the MemoryError under a wrapping, or finds one in a mistake")
	}
}
