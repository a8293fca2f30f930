package kernel

// The session's side of the memory budget (package budget): its options
// and the budget() builtin.

import (
	"math"
	"math/big"
	"runtime"

	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// budgetBuiltin is budget() and budget(bytes), the session's own.
func (s *Session) budgetBuiltin() *builtin.Builtin {
	return &builtin.Builtin{
		Name:      "budget",
		Signature: "budget() / budget(bytes)",
		Doc: "The session's memory budget in bytes: one limit for its variables and history and for the work of the statement " +
			"that runs (strings, arrays, ranges, integers, games and solver tables), gamelab's own code included, so the process's " +
			"resident memory stays within the budget and a tenth. A statement that would pass it stops with a " +
			"MemoryError, keeping every variable, and its memory goes back. The default is a quarter of the machine's memory " +
			"(or of the container's limit), less under an address-space or data limit (ulimit -v, ulimit -d), at least 32 MB: " +
			builtin.ByteSize(budget.ProcessLimits().Default()) + " here. " +
			"GAMELAB_MEMORY=2GB in the environment sets another; budget(bytes) changes it (at least 32 MB, at most what those limits let the process hold): " +
			`budget(2**30) or budget("512MB").`,
		Example: `budget()`,
		Returns: []any{0},
		Fn:      s.setBudget,
	}
}

// setBudget is budget()'s Fn.
func (s *Session) setBudget(_ *builtin.Env, args ...any) (any, error) {
	var x any
	if err := builtin.UnpackArgs("budget", args, "bytes?", &x); err != nil || len(args) == 0 {
		return int(s.budget.Limit()), err
	}
	n, err := builtin.AsInt(x)
	bytes := int64(n)
	if str, ok := x.(string); ok {
		bytes, err = budget.ParseBytes(str)
	}
	switch b, isBig := x.(*big.Int); {
	case isBig && !b.IsInt64():
		return nil, builtin.ArgError("budget", 1, "bytes", "must be at most %d, got %s", int64(math.MaxInt64), printer.Shown(x, ""))
	case err != nil:
		return nil, builtin.ArgError("budget", 1, "bytes", "must be a number of bytes like 2**30 or \"512MB\", got %s", printer.Shown(x, ""))
	case bytes < budget.Min:
		return nil, builtin.ArgError("budget", 1, "bytes", "must be at least %d (%s), got %d", budget.Min, builtin.ByteSize(budget.Min), bytes)
	}
	if err := budget.ProcessLimits().Check(bytes); err != nil {
		return nil, builtin.ArgError("budget", 1, "bytes", "%v, got %s", err, builtin.ByteSize(bytes))
	}
	if runtime.GC(); s.budget.InUse() > bytes {
		// Every later statement would stop at once, this one too.
		return nil, builtin.ArgError("budget", 1, "bytes", "is less than the %s the session holds now (del some variables first), got %s",
			builtin.ByteSize(s.budget.InUse()), builtin.ByteSize(bytes))
	}
	s.budget.Set(bytes)
	return nil, nil
}
