package games

// The game builtins' argument checks, on kernel/builtin's UnpackArgs (the
// one for every library): these names forward to it, with the game values
// as destinations.

import (
	"math"
	"math/big"

	"gamelab/kernel/builtin"
)

// unpack is builtin.UnpackArgs, which also takes **Polygon, **Coins and
// **Board destinations (a game value of that kind) and between's.
func unpack(fn string, args []any, params ...any) error {
	params = append([]any(nil), params...)
	for k := 1; k < len(params); k += 2 {
		switch d := params[k].(type) {
		case **Polygon:
			params[k] = builtin.Of(d, "a polygon")
		case **Coins:
			params[k] = builtin.Of(d, "coins")
		case **Board:
			params[k] = builtin.Of(d, "a board")
		}
	}
	return builtin.UnpackArgs(fn, args, params...)
}

// between is the destination for an integer in [lo, hi].
func between(p *int, lo, hi int) builtin.Unpacker { return builtin.Between(p, lo, hi) }

// checkIndex is for ranges known only after unpacking (a vertex number
// depends on the polygon): the same message as between's.
func checkIndex(fn string, k int, name string, v, lo, hi int) error {
	return builtin.CheckRange(fn, k, name, v, lo, hi)
}

// rangeMsg says how v misses lo..hi.
func rangeMsg(v, lo, hi int) string { return builtin.Outside(v, lo, hi) }

// badType is the error for an argument of none of the accepted kinds; want
// reads like "a polygon, coins or board".
func badType(fn string, k int, name, want string, a any) error {
	return builtin.ArgError(fn, k, name, "must be %s, got %s", want, typeName(a))
}

// toInt accepts the integer forms expr produces (int, int64, an integral
// float64) and *big.Int, when the value fits an int; the string says what
// is wrong.
func toInt(a any) (int, string) {
	i, err := builtin.AsInt(a)
	if err != nil {
		return 0, err.Error()
	}
	return i, ""
}

// toBig accepts any integer form, of any size, and returns a fresh *big.Int.
func toBig(a any) (*big.Int, string) {
	b, err := builtin.AsBig(a)
	if err != nil {
		return nil, err.Error()
	}
	return b, ""
}

// number is how a game number reaches the user: an int when it fits (so expr
// arithmetic and comparisons work on it), else the exact *big.Int. It never
// wraps. The result does not alias b.
func number(b *big.Int) any {
	if b.IsInt64() && b.Int64() >= math.MinInt && b.Int64() <= math.MaxInt {
		return int(b.Int64())
	}
	return new(big.Int).Set(b)
}

// numbers maps number over a slice.
func numbers(bs []*big.Int) []any {
	out := make([]any, len(bs))
	for i, b := range bs {
		out[i] = number(b)
	}
	return out
}

// asList accepts the list types expr produces ([]any) and typed slices a Go
// caller or a result field may hold.
func asList(a any) ([]any, bool) { return builtin.AsList(a) }

// typeName names a value's type as the user knows it (builtin.TypeName).
func typeName(a any) string { return builtin.TypeName(a) }
