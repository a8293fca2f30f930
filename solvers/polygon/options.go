package polygon

import (
	"fmt"
)

// Goal is what the player wants of the last value.
type Goal uint8

const (
	// GoalMax is the game as published: the largest last value.
	GoalMax Goal = iota
	// GoalMin is the variant that wants the smallest last value.
	GoalMin
)

// String is the goal's name, "max" or "min".
func (g Goal) String() string {
	if g == GoalMin {
		return "min"
	}
	return "max"
}

// ParseGoal reads a goal's name: "max" or "min".
func ParseGoal(name string) (Goal, error) {
	switch name {
	case "max":
		return GoalMax, nil
	case "min":
		return GoalMin, nil
	}
	return 0, fmt.Errorf("polygon: goal %q: want \"max\" or \"min\"", name)
}

// wantsMax says the goal is the largest value: the DP extreme a plan is
// built for, and the direction "better" compares in.
func (g Goal) wantsMax() bool { return g != GoalMin }

// better says x is strictly better than y under the goal.
func (g Goal) better(x, y int) bool {
	if g.wantsMax() {
		return x > y
	}
	return x < y
}

// Options tune Solve. The zero value means the defaults.
type Options struct {
	// Workers is the number of goroutines each DP level is split over
	// (default: GOMAXPROCS).
	Workers int
	// MaxTableBytes caps the memory of the DP tables, big numbers included
	// (default DefaultMaxTableBytes); larger instances are refused with a
	// *SizeError: before the solve when the tables alone would not fit, else
	// at the first level whose numbers would pass it.
	MaxTableBytes int64
	// Progress, when set, is told after each level of the DP how much of the
	// work is done: done of total units, from the solve's own goroutine.
	// A level counts the nanoseconds the estimate's model gives it at the
	// project's speeds (estimate.go: int64 or exact, its cells and splits,
	// its numbers' length as a sample of the instance predicts it), so that
	// the share done predicts the time left. SolveLine reports its
	// positions' work in the same units, added up, as one total.
	Progress func(done, total int64)
	// Goal is the player's aim: GoalMax (the zero value) or GoalMin.
	Goal Goal
	// KeepTable keeps the DP table the solve fills in the result (Table):
	// every chain's min and max, what reached them and the plan's cells.
	// Without it the tables go with the solve.
	KeepTable bool
}

// DefaultMaxTableBytes is the default table budget: 8 GiB, a third of this
// project's 24 GiB machines.
const DefaultMaxTableBytes = 8 << 30

// SizeError refuses an instance whose tables would not fit the budget.
type SizeError struct {
	N     int
	Need  int64 // bytes the tables would take
	Limit int64 // the budget
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("polygon: n = %d needs about %s for its DP tables, more than the %s allowed",
		e.N, humanBytes(e.Need), humanBytes(e.Limit))
}

func humanBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", b)
}
