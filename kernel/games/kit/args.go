package kit

import (
	"errors"
	"gamelab/kernel/builtin"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// Unpack checks a builtin's arguments and stores them: builtin.UnpackArgs
// (the one check of every library, in the manner of starlark-go's
// UnpackArgs), which here also takes **T destinations for a game value of
// type T (a **polygon.Polygon: "must be a polygon, got coins").
func Unpack(fn string, args []any, params ...any) error {
	params = append([]any(nil), params...)
	for k := 1; k < len(params); k += 2 {
		if u, ok := gameDest(params[k]); ok {
			params[k] = u
		}
	}
	return builtin.UnpackArgs(fn, args, params...)
}

// gameDest is the Unpacker of a **T destination, T a game value's pointer
// type, that takes a value of just that type.
func gameDest(dst any) (builtin.Unpacker, bool) {
	dv := reflect.ValueOf(dst)
	typed := reflect.TypeFor[builtin.Typed]()
	if dv.Kind() != reflect.Pointer || dv.Elem().Kind() != reflect.Pointer || !dv.Elem().Type().Implements(typed) {
		return nil, false // **big.Int and the like are builtin.UnpackArgs' own
	}
	return gameUnpacker{dv}, true
}

type gameUnpacker struct{ dv reflect.Value }

func (g gameUnpacker) Unpack(a any) error {
	av := reflect.ValueOf(a)
	if !av.IsValid() || av.Type() != g.dv.Elem().Type() || av.IsNil() {
		zero := reflect.New(g.dv.Elem().Type().Elem()).Interface()
		return errors.New("must be " + KindPhrase(TypeName(zero)) + ", got " + TypeName(a))
	}
	g.dv.Elem().Set(av)
	return nil
}

// Between is the destination for an integer in [lo, hi].
func Between(p *int, lo, hi int) builtin.Unpacker { return builtin.Between(p, lo, hi) }

// CheckIndex is for ranges known only after unpacking (a vertex number
// depends on the polygon): the same message as Between's.
func CheckIndex(fn string, k int, name string, v, lo, hi int) error {
	return builtin.CheckRange(fn, k, name, v, lo, hi)
}

// RangeMsg says how v misses lo..hi.
func RangeMsg(v, lo, hi int) string { return builtin.Outside(v, lo, hi) }

// KindPhrase is a kind of value as a sentence names it: "a polygon", "an
// analysis", "coins" (a kind named in the plural takes no article).
func KindPhrase(kind string) string {
	switch {
	case strings.HasSuffix(kind, "coins"):
		return kind
	case strings.IndexAny(kind[:1], "aeiou") == 0:
		return "an " + kind
	}
	return "a " + kind
}

// BadType is the error for an argument of none of the accepted kinds; want
// reads like "a polygon, coins or board".
func BadType(fn string, k int, name, want string, a any) error {
	return builtin.ArgError(fn, k, name, "must be %s, got %s", want, TypeName(a))
}

// ToInt accepts the integer forms expr produces (int, int64, an integral
// float64) and *big.Int, when the value fits an int; the string says what
// is wrong.
func ToInt(a any) (int, string) {
	i, err := builtin.AsInt(a)
	if err != nil {
		return 0, err.Error()
	}
	return i, ""
}

// ToBig accepts any integer form, of any size, and returns a fresh *big.Int.
func ToBig(a any) (*big.Int, string) {
	b, err := builtin.AsBig(a)
	if err != nil {
		return nil, err.Error()
	}
	return b, ""
}

// Number is how a game number reaches the user: an int when it fits (so expr
// arithmetic and comparisons work on it), else the exact *big.Int. It never
// wraps. The result does not alias b.
func Number(b *big.Int) any {
	if b.IsInt64() && b.Int64() >= math.MinInt && b.Int64() <= math.MaxInt {
		return int(b.Int64())
	}
	return new(big.Int).Set(b)
}

// Numbers maps Number over a slice.
func Numbers(bs []*big.Int) []any {
	out := make([]any, len(bs))
	for i, b := range bs {
		out[i] = Number(b)
	}
	return out
}

// AsList accepts the list types expr produces ([]any) and typed slices a Go
// caller or a result field may hold.
func AsList(a any) ([]any, bool) { return builtin.AsList(a) }

// TypeName names a value's type as the user knows it (builtin.TypeName).
func TypeName(a any) string { return builtin.TypeName(a) }

// BigRange is the smallest and the largest of xs (not empty).
func BigRange(xs []*big.Int) (lo, hi *big.Int) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		if x.Cmp(lo) < 0 {
			lo = x
		}
		if x.Cmp(hi) > 0 {
			hi = x
		}
	}
	return lo, hi
}

// Fields splits what a person typed at play's prompt: spaces, commas and
// brackets separate its parts ("3 2", "(3,2)", "[3, 2]" as a list move
// is written).
func Fields(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == ',' || r == '(' || r == ')' || r == '[' || r == ']' || r == '\t'
	})
}

// Atoi is s as an int when it is one, else s itself, for ParseMove to
// refuse in its own words.
func Atoi(s string) any {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return s
}
