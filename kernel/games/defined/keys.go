//go:build !js

package defined

import (
	"math/big"
	"strconv"
)

// Keys made fast: packed into a uint64 (table.go says when), or written
// in place. The web page's engine, whose size is budgeted, names every
// position by its text (keys_js.go).

// pack is k packed, for an integer or a list of up to three integers small
// enough; false for any other key. Values equal as the language has them
// (an int and a *big.Int of the same value, a []int and a []any of the
// same items) pack the same, as their texts are the same.
func pack(k any) (uint64, bool) {
	if i, ok := smallInt(k); ok {
		return field(i, 60, shapeInt)
	}
	var items [3]int64
	n := 0
	switch l := k.(type) {
	case []any:
		if len(l) > 3 {
			return 0, false
		}
		for j, item := range l {
			i, ok := smallInt(item)
			if !ok {
				return 0, false
			}
			items[j] = i
		}
		n = len(l)
	case []int:
		if len(l) > 3 {
			return 0, false
		}
		for j, item := range l {
			items[j] = int64(item)
		}
		n = len(l)
	default:
		return 0, false
	}
	switch n {
	case 0:
		return shapeEmpty << shapeShift, true
	case 1:
		return field(items[0], 60, shapeOne)
	}
	bits := uint(60 / n)
	var out uint64
	for j := range n {
		f, ok := field(items[j], bits, 0)
		if !ok {
			return 0, false
		}
		out |= f << (uint(n-1-j) * bits)
	}
	shape := uint64(shapeTwo)
	if n == 3 {
		shape = shapeThree
	}
	return out | shape<<shapeShift, true
}

// field is i in bits bits (two's complement) with shape above, false when
// it does not fit.
func field(i int64, bits uint, shape uint64) (uint64, bool) {
	if i < -(1<<(bits-1)) || i >= 1<<(bits-1) {
		return 0, false
	}
	return uint64(i)&(1<<bits-1) | shape<<shapeShift, true
}

// smallInt is v as an int64 when it is an integer that fits.
func smallInt(v any) (int64, bool) {
	switch i := v.(type) {
	case int:
		return int64(i), true
	case int64:
		return i, true
	case *big.Int:
		if i != nil && i.IsInt64() {
			return i.Int64(), true
		}
	}
	return 0, false
}

// appendLiteral appends printer.Literal(v) to b, made in place for the
// integers, plain strings and lists of them that states are made of.
func appendLiteral(b []byte, v any) []byte {
	switch x := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case string:
		if plain(x) {
			return append(append(append(b, '"'), x...), '"')
		}
	case []any:
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendLiteral(b, item)
		}
		return append(b, ']')
	case []int:
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendInt(b, int64(item), 10)
		}
		return append(b, ']')
	}
	return append(b, text(v)...)
}

// plain says s is printable ASCII with no quote or backslash: its literal
// is itself in quotes.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
