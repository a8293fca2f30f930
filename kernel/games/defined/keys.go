//go:build !js

package defined

import (
	"math/big"
	"strconv"

	"gamelab/kernel/word"
)

// Keys made fast: packed into a uint64 (table.go says when), or written
// in place. The web page's engine, whose size is budgeted, names every
// position by its text (keys_js.go).

// pack is k packed, for an integer or a list of up to three integers small
// enough; false for any other key. Values equal as the language has them
// (an int and a *big.Int of the same value, a packed list, a []int and a
// []any of the same items) pack the same, as their texts are the same.
func pack(k word.Word) (uint64, bool) {
	if k.K == word.Tuple {
		return uint64(k.N), true
	}
	if i, ok := wordInt(k); ok {
		return word.PackInt(i)
	}
	n, isList := k.Len()
	if !isList || n > 3 {
		return 0, false
	}
	var items [3]int64
	for j := range n {
		i, ok := wordInt(k.At(j))
		if !ok {
			return 0, false
		}
		items[j] = i
	}
	return word.Pack(items[:n])
}

// wordInt is w as an int64 when it is an integer that fits.
func wordInt(w word.Word) (int64, bool) {
	if w.K == word.Int {
		return w.N, true
	}
	return smallInt(w.P)
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

// appendLiteral appends printer.Literal(w.Value()) to b, made in place
// for the integers, plain strings and lists of them that states are made
// of.
func appendLiteral(b []byte, w word.Word) []byte {
	switch w.K {
	case word.Int:
		return strconv.AppendInt(b, w.N, 10)
	case word.Str:
		return appendValue(b, w.P)
	case word.Any:
		return appendValue(b, w.P)
	case word.Tuple, word.Range, word.List:
		n, _ := w.Len()
		b = append(b, '[')
		for i := range n {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendLiteral(b, w.At(i))
		}
		return append(b, ']')
	}
	return append(b, text(w.Value())...)
}

// appendValue is appendLiteral of a value as the language has it.
func appendValue(b []byte, v any) []byte {
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
			b = appendValue(b, item)
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
