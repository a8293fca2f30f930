package builtin

// Checking a builtin's arguments, in the manner of starlark-go's UnpackArgs:
// one helper checks arity and types, so every builtin reports its caller's
// mistakes in one shape ("solve: argument 2 (player) must be 1..9, got 12").

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strings"
)

// UnpackArgs checks the arguments of builtin fn and stores them. params
// alternates a parameter's name and a pointer to store its argument in; a
// name ending in "?" makes that parameter and all after it optional (their
// destinations keep their values when the argument is absent). A wrong
// number of arguments is "fn: takes 2 arguments (b, player), got 1"; an
// argument of the wrong kind "fn: argument 2 (player) must be an integer,
// got string". Neither error has a Kind: the library's default applies
// (see Builtin). The destinations:
//
//	*any       anything (the builtin looks at it itself)
//	*string    a string
//	*bool      true or false
//	*int       an integer that fits an int (an integral float up to 2^53 too)
//	*float64   a number
//	**big.Int  an integer of any size, a fresh copy the builtin may keep
//	*[]any     an array (a typed slice is converted)
//	Unpacker   anything else: Of(&p, "a polygon") for a game value,
//	           Between(&player, 1, 9) for an integer in a range
//
// A destination of any other type is a bug of the builtin, and panics.
func UnpackArgs(fn string, args []any, params ...any) error {
	if len(params)%2 != 0 {
		panic("builtin.UnpackArgs: params must alternate names and destinations")
	}
	n := len(params) / 2
	required := n
	names := make([]string, n)
	for k := range n {
		name := params[2*k].(string)
		if opt, ok := strings.CutSuffix(name, "?"); ok {
			name = opt
			required = min(required, k)
		}
		names[k] = name
	}
	if len(args) < required || len(args) > n {
		return arityError(fn, required, n, names, len(args))
	}
	for k, a := range args {
		if err := store(params[2*k+1], a); err != nil {
			return ArgError(fn, k+1, names[k], "%s", err)
		}
	}
	return nil
}

// arityError is UnpackArgs's error for got arguments where least to most
// are wanted.
func arityError(fn string, least, most int, names []string, got int) error {
	want := fmt.Sprint(most)
	switch {
	case least == most-1:
		want = fmt.Sprintf("%d or %d", least, most)
	case least < most:
		want = fmt.Sprintf("%d to %d", least, most)
	}
	noun := "arguments"
	if want == "1" {
		noun = "argument"
	}
	return &Error{Fn: fn, Offset: -1,
		Msg: fmt.Sprintf("%s: takes %s %s (%s), got %d", fn, want, noun, strings.Join(names, ", "), got)}
}

// Unpacker is a destination of UnpackArgs that reads its argument itself.
// Unpack stores v or says what is wrong with it, as the end of a sentence
// about the argument: "must be a polygon, got int".
type Unpacker interface {
	Unpack(v any) error
}

// Of is the destination for a value of Go type T (a game value, a
// result); want names it with its article in the error: "must be a
// polygon, got int". A nil pointer is no value.
func Of[T any](p *T, want string) Unpacker { return &of[T]{p, want} }

type of[T any] struct {
	p    *T
	want string
}

func (o *of[T]) Unpack(v any) error {
	x, ok := v.(T)
	if !ok || isNilPointer(v) {
		return fmt.Errorf("must be %s, got %s", o.want, TypeName(v))
	}
	*o.p = x
	return nil
}

func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// Between is the destination for an integer in lo..hi.
func Between(p *int, lo, hi int) Unpacker { return &between{p, lo, hi} }

type between struct {
	p      *int
	lo, hi int
}

func (b *between) Unpack(v any) error {
	if x, ok := v.(*big.Int); ok && x != nil && !x.IsInt64() {
		return fmt.Errorf("must be %d..%d, got %s", b.lo, b.hi, x)
	}
	i, err := AsInt(v)
	if err != nil {
		return err
	}
	if msg := Outside(i, b.lo, b.hi); msg != "" {
		return errors.New(msg)
	}
	*b.p = i
	return nil
}

// CheckRange is for a range known only after unpacking (a vertex number
// depends on the polygon): nil when lo ≤ v ≤ hi, else argument k's error,
// in the words of Between.
func CheckRange(fn string, k int, name string, v, lo, hi int) error {
	if msg := Outside(v, lo, hi); msg != "" {
		return ArgError(fn, k, name, "%s", msg)
	}
	return nil
}

// Outside says how v misses lo..hi, as the end of a sentence about it
// ("must be 1..9, got 12"); "" when lo ≤ v ≤ hi.
func Outside(v, lo, hi int) string {
	switch {
	case lo > hi:
		return fmt.Sprintf("has no valid value (range %d..%d is empty), got %d", lo, hi, v)
	case v < lo || v > hi:
		return fmt.Sprintf("must be %d..%d, got %d", lo, hi, v)
	}
	return ""
}

// store converts a into dst's type, or says what is wrong with it.
func store(dst, a any) error {
	switch d := dst.(type) {
	case *any:
		*d = a
	case *string:
		s, ok := a.(string)
		if !ok {
			return errors.New("must be a string, got " + TypeName(a))
		}
		*d = s
	case *bool:
		b, ok := a.(bool)
		if !ok {
			return errors.New("must be true or false, got " + TypeName(a))
		}
		*d = b
	case *int:
		i, err := AsInt(a)
		if err != nil {
			return err
		}
		*d = i
	case *float64:
		f, ok := asFloat(a)
		if !ok {
			return errors.New("must be a number, got " + TypeName(a))
		}
		*d = f
	case **big.Int:
		b, err := AsBig(a)
		if err != nil {
			return err
		}
		*d = b
	case *[]any:
		l, ok := AsList(a)
		if !ok {
			return errors.New("must be an array, got " + TypeName(a))
		}
		*d = l
	case Unpacker:
		return d.Unpack(a)
	default:
		panic(fmt.Sprintf("builtin.UnpackArgs: a destination of type %T", dst))
	}
	return nil
}

// maxExactFloat is 2^53: above it a float64 no longer holds every integer,
// so an integral-looking float there may not be the number the user wrote.
const maxExactFloat = 1 << 53

// AsInt reads an integer argument that fits an int: any of Go's integer
// kinds, a *big.Int, or an integral float up to 2^53. The error says what
// is wrong, as the end of a sentence about the argument.
func AsInt(a any) (int, error) {
	switch v := a.(type) {
	case int:
		return v, nil
	case float64:
		if v == math.Trunc(v) && math.Abs(v) <= maxExactFloat {
			return int(v), nil
		}
		return 0, fmt.Errorf("must be an integer, got %v", v)
	case float32:
		return AsInt(float64(v))
	}
	i, ok := exactInt(a)
	if !ok {
		return 0, errors.New("must be an integer, got " + TypeName(a))
	}
	if !i.IsInt64() || i.Int64() < math.MinInt || i.Int64() > math.MaxInt {
		return 0, errors.New("is too large, got " + i.String())
	}
	return int(i.Int64()), nil
}

// AsBig reads an integer argument of any size as a fresh *big.Int: any of
// Go's integer kinds, a *big.Int, or an integral float up to 2^53.
func AsBig(a any) (*big.Int, error) {
	switch v := a.(type) {
	case float64:
		switch {
		case v == math.Trunc(v) && math.Abs(v) <= maxExactFloat:
			return big.NewInt(int64(v)), nil
		case v == math.Trunc(v) && !math.IsInf(v, 0):
			return nil, fmt.Errorf("must be an exact integer, got %v (a float above 2^53; write the number as a string for any size)", v)
		}
		return nil, fmt.Errorf("must be an integer, got %v", v)
	case float32:
		return AsBig(float64(v))
	case *big.Int:
		if v != nil {
			return new(big.Int).Set(v), nil
		}
	}
	if i, ok := exactInt(a); ok {
		return i, nil
	}
	return nil, errors.New("must be an integer, got " + TypeName(a))
}

// exactInt is a of Go's integer kinds, or a *big.Int (not copied), as a
// *big.Int.
func exactInt(a any) (*big.Int, bool) {
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
	case *big.Int:
		return v, v != nil
	}
	return nil, false
}

// asFloat is a number of any kind as a float64 (a big integer rounded).
func asFloat(a any) (float64, bool) {
	switch v := a.(type) {
	case float64:
		return v, true
	case float32:
		return float64(v), true
	}
	if i, ok := exactInt(a); ok {
		f, _ := new(big.Float).SetInt(i).Float64()
		return f, true
	}
	return 0, false
}

// AsList reads an array argument: the []any expr makes, or any other
// slice or array (a range's []int, a result's [][]int), item by item.
func AsList(a any) ([]any, bool) {
	if v, ok := a.([]any); ok {
		return v, true
	}
	v := reflect.ValueOf(a)
	if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
		return nil, false
	}
	out := make([]any, v.Len())
	for i := range out {
		out[i] = v.Index(i).Interface()
	}
	return out, true
}
