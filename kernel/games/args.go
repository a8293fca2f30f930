package games

import (
	"fmt"
	"gamelab/kernel/builtin"
	"math"
	"math/big"
	"reflect"
	"strings"
)

// Unpack checks a builtin's arguments and stores them, in the manner of
// starlark-go's UnpackArgs, so every builtin reports arity, type and range
// mistakes in the same shape: "solve: argument 2 (player) must be 1..9, got 12".
//
// params alternates a parameter name and a pointer to store the argument in.
// A name ending in "?" marks that parameter and all after it optional (their
// destinations keep their values when the argument is absent). Destinations:
//
//	*int       an integer that fits an int (int, int64, integral float, *big.Int)
//	**big.Int  an integer of any size (a fresh copy, so callers may keep it)
//	*string    a string
//	*[]any     an array
//	**T        a game value of type T (**polygon.Polygon)
//	*any       anything (the builtin checks it itself, with badType)
//	*intIn     an integer in [lo, hi] (see between)
func Unpack(fn string, args []any, params ...any) error {
	nparams := len(params) / 2
	required := nparams
	names := make([]string, nparams)
	for k := range nparams {
		name := params[2*k].(string)
		if strings.HasSuffix(name, "?") {
			name = strings.TrimSuffix(name, "?")
			required = min(required, k)
		}
		names[k] = name
	}
	if len(args) < required || len(args) > nparams {
		want := fmt.Sprint(nparams)
		switch {
		case required == nparams-1:
			want = fmt.Sprintf("%d or %d", required, nparams)
		case required < nparams:
			want = fmt.Sprintf("%d to %d", required, nparams)
		}
		noun := "arguments"
		if want == "1" {
			noun = "argument"
		}
		return fmt.Errorf("%s: takes %s %s (%s), got %d", fn, want, noun, strings.Join(names, ", "), len(args))
	}
	for k, a := range args {
		if msg := store(params[2*k+1], a); msg != "" {
			return builtin.ArgError(fn, k+1, names[k], "%s", msg)
		}
	}
	return nil
}

// intIn is an unpack destination for an integer that must lie in [lo, hi].
type intIn struct {
	p      *int
	lo, hi int
}

// Between makes an intIn destination: unpack stores the argument in *p after
// checking lo ≤ v ≤ hi.
func Between(p *int, lo, hi int) *intIn { return &intIn{p, lo, hi} }

// CheckIndex is for ranges known only after unpacking (a vertex number
// depends on the polygon): the same message as intIn's.
func CheckIndex(fn string, k int, name string, v, lo, hi int) error {
	if v < lo || v > hi {
		return builtin.ArgError(fn, k, name, "%s", RangeMsg(v, lo, hi))
	}
	return nil
}

func RangeMsg(v, lo, hi int) string {
	if lo > hi {
		return fmt.Sprintf("has no valid value (range %d..%d is empty), got %d", lo, hi, v)
	}
	return fmt.Sprintf("must be %d..%d, got %d", lo, hi, v)
}

// store converts a into dst's type; it returns what is wrong, or "".
func store(dst, a any) string {
	switch d := dst.(type) {
	case *int:
		v, msg := ToInt(a)
		if msg != "" {
			return msg
		}
		*d = v
	case *intIn:
		v, msg := ToInt(a)
		if msg != "" {
			if _, isBig := a.(*big.Int); isBig {
				return fmt.Sprintf("must be %d..%d, got %s", d.lo, d.hi, a)
			}
			return msg
		}
		if v < d.lo || v > d.hi {
			return RangeMsg(v, d.lo, d.hi)
		}
		*d.p = v
	case **big.Int:
		v, msg := ToBig(a)
		if msg != "" {
			return msg
		}
		*d = v
	case *string:
		s, ok := a.(string)
		if !ok {
			return "must be a string, got " + TypeName(a)
		}
		*d = s
	case *[]any:
		l, ok := AsList(a)
		if !ok {
			return "must be an array, got " + TypeName(a)
		}
		*d = l
	case *any:
		*d = a
	default:
		// **T for a game value type T (**polygon.Polygon): a value of
		// just that type.
		dv := reflect.ValueOf(dst)
		if dv.Kind() != reflect.Pointer || dv.Elem().Kind() != reflect.Pointer {
			panic(fmt.Sprintf("games.Unpack: unsupported destination %T", dst))
		}
		av := reflect.ValueOf(a)
		if !av.IsValid() || av.Type() != dv.Elem().Type() || av.IsNil() {
			zero := reflect.New(dv.Elem().Type().Elem()).Interface()
			return "must be " + KindPhrase(TypeName(zero)) + ", got " + TypeName(a)
		}
		dv.Elem().Set(av)
	}
	return ""
}

// KindPhrase is a kind of value as a sentence names it: "a polygon", "an
// analysis", "coins".
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

// maxExactFloat is 2^53: above it a float64 no longer holds every integer,
// so an integral-looking float there may not be the number the user wrote.
const maxExactFloat = 1 << 53

// ToInt accepts the integer forms expr produces (int, int64, an integral
// float64) and *big.Int, when the value fits an int.
func ToInt(a any) (int, string) {
	switch v := a.(type) {
	case int:
		return v, ""
	case *big.Int:
		if v != nil && v.IsInt64() && v.Int64() >= math.MinInt && v.Int64() <= math.MaxInt {
			return int(v.Int64()), ""
		}
		if v != nil {
			return 0, "is too large, got " + v.String()
		}
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= maxExactFloat {
			return int(v), ""
		}
		return 0, fmt.Sprintf("must be an integer, got %v", v)
	case float32:
		return ToInt(float64(v))
	}
	if i, ok := SmallInt(a); ok {
		if i.IsInt64() && i.Int64() >= math.MinInt && i.Int64() <= math.MaxInt {
			return int(i.Int64()), ""
		}
		return 0, "is too large, got " + i.String()
	}
	return 0, "must be an integer, got " + TypeName(a)
}

// ToBig accepts any integer form, of any size, and returns a fresh *big.Int.
func ToBig(a any) (*big.Int, string) {
	switch v := a.(type) {
	case *big.Int:
		if v != nil {
			return new(big.Int).Set(v), ""
		}
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= maxExactFloat {
			return big.NewInt(int64(v)), ""
		}
		if v == math.Trunc(v) && !math.IsInf(v, 0) {
			return nil, fmt.Sprintf("must be an exact integer, got %v (a float above 2^53; write the number as a string for any size)", v)
		}
		return nil, fmt.Sprintf("must be an integer, got %v", v)
	case float32:
		return ToBig(float64(v))
	}
	if i, ok := SmallInt(a); ok {
		return i, ""
	}
	return nil, "must be an integer, got " + TypeName(a)
}

// SmallInt converts Go's fixed-size integer kinds.
func SmallInt(a any) (*big.Int, bool) {
	switch v := a.(type) {
	case int:
		return big.NewInt(int64(v)), true
	case int8:
		return big.NewInt(int64(v)), true
	case int16:
		return big.NewInt(int64(v)), true
	case int32:
		return big.NewInt(int64(v)), true
	case int64:
		return big.NewInt(v), true
	case uint:
		return new(big.Int).SetUint64(uint64(v)), true
	case uint8:
		return big.NewInt(int64(v)), true
	case uint16:
		return big.NewInt(int64(v)), true
	case uint32:
		return big.NewInt(int64(v)), true
	case uint64:
		return new(big.Int).SetUint64(v), true
	}
	return nil, false
}

// Number is how a game Number reaches the user: an int when it fits (so expr
// arithmetic and comparisons work on it), else the exact *big.Int. It never
// wraps. The result does not alias b.
func Number(b *big.Int) any {
	if b.IsInt64() && b.Int64() >= math.MinInt && b.Int64() <= math.MaxInt {
		return int(b.Int64())
	}
	return new(big.Int).Set(b)
}

// Numbers maps number over a slice.
func Numbers(bs []*big.Int) []any {
	out := make([]any, len(bs))
	for i, b := range bs {
		out[i] = Number(b)
	}
	return out
}

// AsList accepts the list types expr produces ([]any) and typed slices a Go
// caller or a result field may hold.
func AsList(a any) ([]any, bool) {
	switch v := a.(type) {
	case []any:
		return v, true
	case []int:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = x
		}
		return out, true
	case []string:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = x
		}
		return out, true
	case []float64:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = x
		}
		return out, true
	}
	// Any other slice (a result's [][]int or [][]any fields): element by element.
	if v := reflect.ValueOf(a); v.Kind() == reflect.Slice || v.Kind() == reflect.Array {
		out := make([]any, v.Len())
		for i := range out {
			out[i] = v.Index(i).Interface()
		}
		return out, true
	}
	return nil, false
}

// TypeName names a value's type as the user knows it.
func TypeName(a any) string {
	switch v := a.(type) {
	case nil:
		return "nil"
	case Kinded:
		return v.TypeName()
	case bool:
		return "bool"
	case string:
		return "string"
	case float32, float64:
		return "float"
	case *big.Int:
		return "int"
	case map[string]any:
		return "map"
	}
	if _, ok := SmallInt(a); ok {
		return "int"
	}
	if _, ok := AsList(a); ok {
		return "array"
	}
	return fmt.Sprintf("%T", a)
}

// Kinded is implemented by every value of this package: its user-facing type name.
type Kinded interface{ TypeName() string }

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
