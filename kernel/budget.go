package kernel

// The session's side of the memory budget (package budget): the budget()
// builtin, and the sizes of what operators and text take.

import (
	"fmt"
	"math"
	"math/big"
	"runtime"

	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
)

// DefaultMemoryBudget is the budget of a new session (budget.Default): a
// quarter of the machine's memory, or GAMELAB_MEMORY.
func DefaultMemoryBudget() int64 { return budget.Default() }

// WithMemoryBudget sets the session's memory budget in bytes (see
// DefaultMemoryBudget); budget(n) changes it from the session.
func WithMemoryBudget(bytes int64) Option {
	return func(s *Session) { s.budgetBytes = max(bytes, budget.Min) }
}

// budgetBuiltin is budget() and budget(bytes).
func budgetBuiltin(s *Session, args ...any) (any, error) {
	switch len(args) {
	case 0:
		return int(s.budget.Limit()), nil
	case 1:
	default:
		return nil, fmt.Errorf("budget: takes 0 or 1 arguments (bytes), got %d", len(args))
	}
	n := asNumber(args[0])
	if n.kind == bigNum {
		return nil, builtin.ArgError("budget", 1, "bytes", "must be at most %d, got %s", int64(math.MaxInt64), formatValue(args[0]))
	}
	if str, ok := args[0].(string); ok {
		if b, err := budget.ParseBytes(str); err == nil {
			n = number{kind: intNum, i: b}
		}
	}
	if n.kind != intNum {
		return nil, builtin.ArgError("budget", 1, "bytes", "must be a number of bytes like 2**30 or \"512MB\", got %s", formatValue(args[0]))
	}
	if n.i < budget.Min {
		return nil, builtin.ArgError("budget", 1, "bytes", "must be at least %d (%s), got %d", budget.Min, builtin.ByteSize(budget.Min), n.i)
	}
	if runtime.GC(); budget.HeapBytes() > n.i {
		// Every later statement would stop at once, this one too.
		return nil, builtin.ArgError("budget", 1, "bytes", "is less than the %s the session holds now (del some variables first), got %s",
			builtin.ByteSize(budget.HeapBytes()), builtin.ByteSize(n.i))
	}
	s.budget.Set(n.i)
	return nil, nil
}

// resultBytes is what an operator's result will take, for those that can
// make a large one: exact integers beyond int64 (a product has the bits of
// both factors, a power those of the base times the exponent, which numPow
// caps). A string + reserves its own (concatStrings); everything else is
// small.
func resultBytes(op string, a, b any) int64 {
	x, y, k := pair(a, b)
	if k != bigNum && k != intNum {
		return 0
	}
	bits := func(n number) int64 {
		if n.kind == bigNum {
			return int64(n.b.BitLen())
		}
		return 64
	}
	switch op {
	case "$add", "$sub", "$neg", "$mod":
		if k == bigNum {
			return (max(bits(x), bits(y)) + 64) / 8
		}
	case "$mul":
		if k == bigNum {
			return (bits(x) + bits(y)) / 8
		}
	case "$pow":
		if y.kind == intNum && y.i > 0 && x.kind != notNum {
			return min(bits(x)*min(y.i, maxIntBits), maxIntBits) / 8
		}
	}
	return 0
}

// budgetDoc documents budget() for help; it is added to the kernel's table
// here, beside the code it describes.
var budgetDoc = &kernelBuiltin{doc: builtin.Builtin{
	Name:      "budget",
	Signature: "budget() / budget(bytes)",
	Doc: "The session's memory budget in bytes: one limit for its variables and history and for the work of the statement " +
		"that runs (strings, arrays, ranges, integers, games and solver tables). A statement that would pass it stops with a " +
		"MemoryError, keeping every variable, and its memory goes back. The default is a quarter of the machine's memory " +
		"(or of the container's limit), at least 64 MB: " + builtin.ByteSize(max(budget.MachineMemory()/4, budget.Min)) + " here. " +
		"GAMELAB_MEMORY=2GB in the environment sets another; budget(bytes) changes it (at least 64 MB): " +
		`budget(2**30) or budget("512MB").`,
	Example: `budget()`,
	Returns: []any{0},
}, call: budgetBuiltin}

func init() { kernelBuiltins = append(kernelBuiltins, budgetDoc) }

// textBytes estimates, from above, the bytes of v written as text (print,
// string, toJSON, a result shown), walking arrays and maps and polling the
// cell as it goes: formatting allocates about that much, in one go that
// nothing interrupts, so it is reserved first. Typed arrays of numbers are
// sized without a walk.
func (c *cellRun) textBytes(v any) int64 {
	var walk func(v any, depth int) int64
	steps := 0
	walk = func(v any, depth int) int64 {
		steps++
		c.Poll(steps)
		switch x := v.(type) {
		case nil, bool:
			return 5
		case string:
			return 2*int64(len(x)) + 2 // quoted, escapes at most double it
		case int, int64, float64:
			return 24
		case *big.Int:
			return int64(x.BitLen())*10/33 + 4 // log10(2) < 10/33
		case []int:
			return 22 * int64(len(x))
		case []float64:
			return 26 * int64(len(x))
		case []string:
			var n int64
			for _, s := range x {
				n += 2*int64(len(s)) + 4
			}
			return n
		case map[string]any:
			var n int64 = 2
			for k, e := range x {
				n += int64(len(k)) + 4 + walk(e, depth+1)
			}
			return n
		}
		if depth > maxValueDepth {
			panic(errTooDeep) // formatting it would overflow the stack
		}
		if items, ok := itemsOfAny(v); ok {
			var n int64 = 2
			for _, e := range items {
				n += 2 + walk(e, depth+1)
			}
			return n
		}
		return 1 << 10 // a game value: its text is cut to a summary
	}
	return walk(v, 0)
}

// itemsOfAny is v's items when it is a []any (other slices are sized
// without their items, above).
func itemsOfAny(v any) ([]any, bool) {
	xs, ok := v.([]any)
	return xs, ok
}
