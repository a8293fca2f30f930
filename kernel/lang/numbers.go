package lang

// Exact integers for expr.
//
// expr's own arithmetic works on Go ints and wraps silently on overflow, and
// it does not know *big.Int (the games hold every value as one). So the language
// rewrites every arithmetic and comparison operator of a statement into a call
// of the functions here (see exactPatch): ints stay ints while they fit,
// an overflowing int64 operation is redone in math/big, and any *big.Int that
// fits in an int again comes back as a plain int, so indexing and ranges keep
// working. What is not covered: a range `a..b` takes ints only (a big bound is
// an error, never a wrap), and expr's float operations stay floats.

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"

	"gamelab/internal/decimal"
	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"

	"github.com/expr-lang/expr/vm/runtime"

	"gamelab/internal/checked"
)

// maxIntBits bounds the integers the language's arithmetic makes (see
// decimal.MaxBits for why). So a power, product, sum or shift whose result
// would pass it is an error, as 2**(10**12) always was (instead of an hour of
// multiplication and all the memory). Numbers a solver made larger still
// add, compare and negate: a result no larger than an operand is never
// refused.
const maxIntBits = decimal.MaxBits

// maxIntDigits is how many decimal digits an integer of maxIntBits has at most.
const maxIntDigits = decimal.MaxDigits

// tooLarge is the error of an operation whose result would pass maxIntBits.
func tooLarge(a any, op string, b any) error {
	return fmt.Errorf("%v %s %v: the result would have more than %d bits", shortNumber(a), op, shortNumber(b), maxIntBits)
}

// shortNumber is a number for an error message: itself, or its size when
// it is too long to quote.
func shortNumber(v any) string {
	if n := asNumber(v); n.kind == bigNum && n.b.BitLen() > 64 {
		return fmt.Sprintf("(an integer of %d bits)", n.b.BitLen())
	}
	return shown(v)
}

// checkGrowth refuses a result of bits bits when it passes maxIntBits and
// is larger than both operands.
func checkGrowth(bits int, a any, op string, b any, x, y number) {
	if bits > maxIntBits && bits > x.big().BitLen() && bits > y.big().BitLen() {
		panic(tooLarge(a, op, b))
	}
}

type numKind int

const (
	notNum numKind = iota
	intNum
	bigNum
	floatNum
)

// number is a numeric operand taken apart: exactly one of i, b, f is meant,
// as kind says.
type number struct {
	kind numKind
	i    int64
	b    *big.Int
	f    float64
}

// asNumber classifies v; notNum for anything that is not a number.
func asNumber(v any) number {
	switch x := v.(type) {
	case int:
		return number{kind: intNum, i: int64(x)}
	case int64:
		return number{kind: intNum, i: x}
	case int32:
		return number{kind: intNum, i: int64(x)}
	case int16:
		return number{kind: intNum, i: int64(x)}
	case int8:
		return number{kind: intNum, i: int64(x)}
	case uint8:
		return number{kind: intNum, i: int64(x)}
	case uint16:
		return number{kind: intNum, i: int64(x)}
	case uint32:
		return number{kind: intNum, i: int64(x)}
	case uint:
		return asUint(uint64(x))
	case uint64:
		return asUint(x)
	case float64:
		return number{kind: floatNum, f: x}
	case float32:
		return number{kind: floatNum, f: float64(x)}
	case *big.Int:
		if x == nil {
			return number{}
		}
		return number{kind: bigNum, b: x}
	}
	return number{}
}

func asUint(u uint64) number {
	if u > math.MaxInt64 {
		return number{kind: bigNum, b: new(big.Int).SetUint64(u)}
	}
	return number{kind: intNum, i: int64(u)}
}

// big returns n as a *big.Int (n must be intNum or bigNum).
func (n number) big() *big.Int {
	if n.kind == bigNum {
		return n.b
	}
	return big.NewInt(n.i)
}

// float returns n as a float64 (big values are rounded).
func (n number) float() float64 {
	switch n.kind {
	case intNum:
		return float64(n.i)
	case bigNum:
		f, _ := new(big.Float).SetInt(n.b).Float64()
		return f
	}
	return n.f
}

// normBig returns x as an int when it fits, else x itself.
func normBig(x *big.Int) any {
	if x.IsInt64() {
		return int(x.Int64())
	}
	return x
}

// pair classifies two operands: both integers (exact), or at least one float
// with the other numeric, or not both numbers.
func pair(a, b any) (x, y number, kind numKind) {
	x, y = asNumber(a), asNumber(b)
	switch {
	case x.kind == notNum || y.kind == notNum:
		return x, y, notNum
	case x.kind == floatNum || y.kind == floatNum:
		return x, y, floatNum
	case x.kind == bigNum || y.kind == bigNum:
		return x, y, bigNum
	}
	return x, y, intNum
}

func numAdd(a, b any) any {
	return arith(a, b, "+", checked.Add, (*big.Int).Add, func(x, y float64) float64 { return x + y }, runtime.Add)
}

func numSub(a, b any) any {
	return arith(a, b, "-", checked.Sub, (*big.Int).Sub, func(x, y float64) float64 { return x - y }, runtime.Subtract)
}

func numMul(a, b any) any {
	if x, y, k := pair(a, b); k == bigNum && x.big().Sign() != 0 && y.big().Sign() != 0 {
		checkGrowth(x.big().BitLen()+y.big().BitLen()-1, a, "*", b, x, y) // the product has at least these bits
	}
	return arith(a, b, "*", checked.Mul, (*big.Int).Mul, func(x, y float64) float64 { return x * y }, runtime.Multiply)
}

// arith is one exact binary operation: on int64 while the result fits (small
// says when it does not), on big.Int beyond, in float64 when either side is a
// float, and expr's own operator for everything else (strings, durations…).
func arith(a, b any, op string, small func(x, y int64) (int64, bool), exact func(z, x, y *big.Int) *big.Int,
	float func(x, y float64) float64, other func(a, b any) any) any {
	x, y, k := pair(a, b)
	switch k {
	case intNum:
		if r, ok := small(x.i, y.i); ok {
			return int(r)
		}
		fallthrough
	case bigNum:
		z := exact(new(big.Int), x.big(), y.big())
		checkGrowth(z.BitLen(), a, op, b, x, y)
		return normBig(z)
	case floatNum:
		return float(x.float(), y.float())
	}
	return other(a, b)
}

// numDiv keeps expr's meaning of `/` (a float quotient: 7 / 2 is 3.5),
// computed from the exact values when they are big. Integers are exact, so
// an integer divided by the integer 0 is an error, as in Python, where
// IEEE's +Inf would pass for a number; a float divided by 0 is ±Inf.
func numDiv(a, b any) any {
	x, y, k := pair(a, b)
	switch k {
	case bigNum, intNum:
		if y.kind == intNum && y.i == 0 || y.kind == bigNum && y.b.Sign() == 0 {
			panic(errors.New("division by zero: an integer divided by 0 has no value (a float divided by 0 is ±Inf)"))
		}
		if k == intNum {
			return x.float() / y.float()
		}
		return quotient(x.big(), y.big())
	case floatNum:
		return x.float() / y.float()
	}
	return runtime.Divide(a, b)
}

// intDiv is div(a, b): the integer quotient, exact at any size, rounded
// toward zero as Go and % round (so a == div(a, b) * b + a % b). / is a
// float's quotient, and floor(x / y) a float's floor: 2**70 / 3 has no
// exact float, so without div an exact quotient had no spelling.
func intDiv(env *builtin.Env, args ...any) (any, error) {
	var x, y *big.Int
	if err := builtin.UnpackArgs("div", args, "a", &x, "b", &y); err != nil {
		return nil, err
	}
	if y.Sign() == 0 {
		return nil, builtin.ArgError("div", 2, "b", "is 0: an integer divided by 0 has no value")
	}
	if y.BitLen() > 64 && x.BitLen() > maxIntBits {
		return nil, builtin.ArgError("div", 1, "a", "has more than %d bits and b more than 64: a quotient that large could not be interrupted", maxIntBits)
	}
	env.Meter.Reserve(int64(x.BitLen()/8 + 8))
	return normBig(new(big.Int).Quo(x, y)), nil
}

func numMod(a, b any) any {
	x, y, k := pair(a, b)
	switch k {
	case intNum, bigNum:
		if y.kind == intNum && y.i == 0 || y.kind == bigNum && y.b.Sign() == 0 {
			panic(errors.New("modulo by zero"))
		}
		if k == intNum {
			return int(x.i % y.i) // MinInt64 % -1 is 0 in Go, no trap
		}
		if bx, by := x.big().BitLen(), y.big().BitLen(); by > 64 && bx > maxIntBits {
			panic(fmt.Errorf("%s %% %s: a remainder of an integer of more than %d bits by one of more than 64 is refused: it could not be interrupted",
				shortNumber(a), shortNumber(b), maxIntBits))
		}
		return normBig(new(big.Int).Rem(x.big(), y.big()))
	}
	return runtime.Modulo(a, b)
}

// quotient is x / y rounded to the nearest float64, computed from 66 bits of
// quotient and a sticky bit rather than from big.Rat, whose reduction by
// the greatest common divisor took more than a second for 2^20-bit
// operands, uninterruptibly. y must not be 0.
func quotient(x, y *big.Int) float64 {
	if x.Sign() == 0 {
		return 0
	}
	// q = floor(|x| * 2^-e / |y|) has 66 or 67 bits for e = bits(x) - bits(y) - 66.
	e := x.BitLen() - y.BitLen() - 66
	num, den := new(big.Int).Abs(x), new(big.Int).Abs(y)
	if e > 0 {
		den.Lsh(den, uint(e))
	} else {
		num.Lsh(num, uint(-e))
	}
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	q.Lsh(q, 1)
	if r.Sign() != 0 {
		q.SetBit(q, 0, 1) // sticky: the exact quotient is above q, so ties break the right way
	}
	f := new(big.Float).SetPrec(53).SetMode(big.ToNearestEven)
	f.SetInt(q) // rounds once, to 53 bits
	f.SetMantExp(f, e-1)
	if x.Sign() != y.Sign() {
		f.Neg(f)
	}
	v, _ := f.Float64()
	return v
}

// numPow is exact for an integer base and a non-negative integer exponent;
// otherwise it is expr's float power.
func numPow(a, b any) any {
	x, y, k := pair(a, b)
	if (k == intNum || k == bigNum) && y.big().Sign() >= 0 {
		base := x.big()
		if !y.big().IsInt64() || base.BitLen() > 1 && y.big().Int64() > maxIntBits/int64(base.BitLen()-1) {
			panic(tooLarge(a, "**", b))
		}
		return normBig(new(big.Int).Exp(base, y.big(), nil))
	}
	if k == notNum {
		return runtime.Exponent(a, b)
	}
	return math.Pow(x.float(), y.float())
}

func numNeg(a any) any {
	x := asNumber(a)
	switch x.kind {
	case intNum:
		if x.i == math.MinInt64 {
			return new(big.Int).Neg(x.big())
		}
		return int(-x.i)
	case bigNum:
		return normBig(new(big.Int).Neg(x.b))
	}
	return runtime.Negate(a)
}

// numCmp compares two numbers exactly; ok is false when either is not one.
func numCmp(a, b any) (c int, ok bool) {
	x, y, k := pair(a, b)
	switch k {
	case intNum:
		switch {
		case x.i < y.i:
			return -1, true
		case x.i > y.i:
			return 1, true
		}
		return 0, true
	case bigNum:
		return x.big().Cmp(y.big()), true
	case floatNum:
		if x.kind == floatNum && y.kind == floatNum {
			switch {
			case x.f < y.f:
				return -1, true
			case x.f > y.f:
				return 1, true
			}
			return 0, true
		}
		if math.IsNaN(x.f) || math.IsNaN(y.f) {
			return 2, true // unordered: every comparison is false
		}
		return toBigFloat(x).Cmp(toBigFloat(y)), true
	}
	return 0, false
}

func toBigFloat(n number) *big.Float {
	switch n.kind {
	case intNum:
		return new(big.Float).SetInt64(n.i)
	case bigNum:
		return new(big.Float).SetInt(n.b)
	}
	return big.NewFloat(n.f)
}

// numLess and friends are the ordered comparisons; the non-numeric cases
// (strings, times) are expr's own.
func numLess(a, b any) bool {
	if c, ok := numCmp(a, b); ok {
		return c == -1
	}
	return runtime.Less(a, b)
}

func numMore(a, b any) bool {
	if c, ok := numCmp(a, b); ok {
		return c == 1
	}
	return runtime.More(a, b)
}

func numLessEq(a, b any) bool {
	if c, ok := numCmp(a, b); ok {
		return c == -1 || c == 0
	}
	return runtime.LessOrEqual(a, b)
}

func numMoreEq(a, b any) bool {
	if c, ok := numCmp(a, b); ok {
		return c == 1 || c == 0
	}
	return runtime.MoreOrEqual(a, b)
}

// elements returns the items of an array or slice, or ok=false.
func elements(v any) (items []any, ok bool) {
	if xs, isAny := v.([]any); isAny {
		return xs, true
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
		return nil, false
	}
	items = make([]any, rv.Len())
	for i := range items {
		items[i] = rv.Index(i).Interface()
	}
	return items, true
}

// itemsOf is elements for a running cell: a typed slice's conversion is
// reserved in the budget first and polls the cell as it goes.
func itemsOf(m builtin.Meter, v any) (items []any, ok bool) {
	if xs, isAny := v.([]any); isAny {
		return xs, true
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
		return nil, false
	}
	m.ReserveItems(int64(rv.Len()), 16)
	items = make([]any, rv.Len())
	for i := range items {
		items[i] = rv.Index(i).Interface()
		m.Poll(i)
	}
	return items, true
}

// listOf is the UnpackArgs destination of an array argument, read with
// itemsOf: a typed slice's conversion is reserved first and polls.
func listOf(m builtin.Meter, p *[]any) builtin.Unpacker { return &list{m, p} }

type list struct {
	m builtin.Meter
	p *[]any
}

func (l *list) Unpack(v any) error {
	items, ok := itemsOf(l.m, v)
	if !ok {
		return errors.New("must be an array, got " + builtin.TypeName(v))
	}
	*l.p = items
	return nil
}

// length is how many items the array v has, without converting it; ok is
// false when v is no array.
func length(v any) (n int, ok bool) {
	_, n, ok = itemAt(v, 0)
	return n, ok
}

// itemAt is item i of an array (negative from the end) without converting
// the array, and how many items it has; ok is false when v is no array.
func itemAt(v any, i int) (item any, n int, ok bool) {
	if xs, isAny := v.([]any); isAny {
		if i < 0 {
			i += len(xs)
		}
		if i < 0 || i >= len(xs) {
			return nil, len(xs), true
		}
		return xs[i], len(xs), true
	}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
		return nil, 0, false
	}
	if i < 0 {
		i += rv.Len()
	}
	if i < 0 || i >= rv.Len() {
		return nil, rv.Len(), true
	}
	return rv.Index(i).Interface(), rv.Len(), true
}

// Extremum is max (sign 1) or min (sign -1) over its arguments or over the
// one array it is given, comparing exactly. It is never inlined: the
// predicates' fast path knows its functions by their code (fastpath.go).
//
//go:noinline
func Extremum(name string, sign int) builtin.Func {
	return func(env *builtin.Env, args ...any) (any, error) {
		xs, array := args, false
		if len(args) == 1 {
			if items, ok := itemsOf(env.Meter, args[0]); ok {
				xs, array = items, true
			}
		}
		if len(xs) == 0 {
			return nil, fmt.Errorf("%s: no values", name)
		}
		best := xs[0]
		for i, x := range xs {
			c, ok := numCmp(x, best)
			switch {
			case !ok && array:
				return nil, builtin.ArgError(name, 1, "array", "has an item that is not a number: %s (item %d)", printer.ErrorValue(x), i+1)
			case !ok:
				return nil, builtin.ArgError(name, i+1, "", "must be a number, got %s", printer.ErrorValue(x))
			}
			if c == sign {
				best = x
			}
			env.Meter.Poll(i)
		}
		return best, nil
	}
}

// Abs is abs(x), exact for integers of any size.
func Abs(_ *builtin.Env, args ...any) (any, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("abs: takes 1 argument (x), got %d", len(args))
	}
	x := asNumber(args[0])
	switch x.kind {
	case intNum, bigNum:
		if x.big().Sign() < 0 {
			return numNeg(args[0]), nil
		}
		return args[0], nil
	case floatNum:
		return math.Abs(x.f), nil
	}
	return nil, builtin.ArgError("abs", 1, "x", "must be a number, got %s", printer.ErrorValue(args[0]))
}
