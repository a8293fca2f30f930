package kit

import (
	"fmt"
	"slices"
)

// FirstArg returns the argument a builtin dispatches on, or the error for a
// call without arguments.
func FirstArg(fn, sig string, args []any) (any, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("%s: missing arguments, want %s", fn, sig)
	}
	return args[0], nil
}

// Rotated returns s turned left by k (s[k] first), k any integer.
func Rotated[T any](s []T, k int) []T {
	n := len(s)
	k = ((k % n) + n) % n
	return append(slices.Clone(s[k:]), s[:k]...)
}
