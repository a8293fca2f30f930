package lang

// What the results of operators and the text of values take, for the
// memory budget: reserved before the work that makes them.

import (
	"math/big"

	"gamelab/kernel/builtin"
)

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

// textBytes estimates, from above, the bytes of v written as text (print,
// string, toJSON, a result shown), walking arrays and maps and polling the
// cell as it goes: formatting allocates about that much, in one go that
// nothing interrupts, so it is reserved first. Typed arrays of numbers are
// sized without a walk.
func textBytes(m builtin.Meter, v any) int64 {
	var walk func(v any, depth int) int64
	steps := 0
	walk = func(v any, depth int) int64 {
		steps++
		m.Poll(steps)
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
