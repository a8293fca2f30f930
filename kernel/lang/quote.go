package lang

import (
	"math"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// How the language's functions quote a value in an error, and refuse an
// argument or a size.

// shown is v as a result shows it, in no variable: how errors quote values.
func shown(v any) string { return printer.Shown(v, "") }

// valueError is an error about argument k of fn whose kind is right but
// whose value is not (a count below 0, text that is not JSON): a
// RuntimeError, where the library's default is a TypeError.
func valueError(fn string, k int, name, format string, a ...any) *builtin.Error {
	e := builtin.ArgError(fn, k, name, format, a...)
	e.Kind = builtin.RuntimeError
	return e
}

// refuse panics with the budget's MemoryError for a size past any memory
// (a count whose product overflows).
func refuse(m builtin.Meter) {
	m.Reserve(math.MaxInt64)
	panic("unreachable: no budget holds math.MaxInt64 bytes")
}
