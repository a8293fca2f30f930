// Package word is the values the language's fast path computes with: an
// int, a boolean or a string in one Word without a box, a list of up to
// three small ints packed into a Word's N (a pile, [lo, hi]: no list is
// made), a range a..b as its ends, and any other value as the language
// has it. A game defined in the language keeps its states as Words, so a
// state that is a number or a short list of numbers costs no allocation
// from one position to the next, and names its position in the search's
// table as it is (Key).
package word

import "math"

// Kind is what a Word holds.
type Kind uint8

const (
	Nil   Kind = iota // nil: the zero Word
	Int               // N
	Bool              // N, 0 or 1
	Str               // P, a string
	Tuple             // a list of up to three ints packed into N (Pack)
	Range             // the ints N>>32 .. int32(N), a..b as $range makes it
	List              // P, a []Word
	Any               // P, the value as the language has it
)

// Word is a value of the fast path.
type Word struct {
	P any
	N int64
	K Kind
}

// Of is v as a Word: ints, booleans, strings and nil unboxed, anything
// else (a list, a map, a big number) as it is.
func Of(v any) Word {
	switch x := v.(type) {
	case nil:
		return Word{}
	case int:
		return Word{K: Int, N: int64(x)}
	case bool:
		return BoolOf(x)
	case string:
		return Word{K: Str, P: v}
	}
	return Word{K: Any, P: v}
}

// IntOf is the int i.
func IntOf(i int) Word { return Word{K: Int, N: int64(i)} }

// BoolOf is the boolean b.
func BoolOf(b bool) Word {
	if b {
		return Word{K: Bool, N: 1}
	}
	return Word{K: Bool}
}

// RangeOf is lo..hi, false when either end passes 32 bits (the list is
// then made).
func RangeOf(lo, hi int) (Word, bool) {
	if lo < math.MinInt32 || lo > math.MaxInt32 || hi < math.MinInt32 || hi > math.MaxInt32 {
		return Word{}, false
	}
	return Word{K: Range, N: int64(lo)<<32 | int64(uint32(int32(hi)))}, true
}

func (w Word) rangeEnds() (lo, hi int) { return int(w.N >> 32), int(int32(uint32(w.N))) }

// ListOf is the list of items, packed when it is up to three ints that
// fit (items is then not kept).
func ListOf(items []Word) Word {
	if t, ok := TupleOf(items); ok {
		return t
	}
	return Word{K: List, P: items}
}

// TupleOf is items packed, false unless they are up to three ints that
// fit; it keeps nothing of items.
func TupleOf(items []Word) (Word, bool) {
	if len(items) > 3 {
		return Word{}, false
	}
	var ints [3]int64
	for i, it := range items {
		if it.K != Int {
			return Word{}, false
		}
		ints[i] = it.N
	}
	n, ok := Pack(ints[:len(items)])
	return Word{K: Tuple, N: int64(n)}, ok
}

// Value is w as the language has it: a packed list or a List as []any,
// a range as the []int $range makes.
func (w Word) Value() any {
	switch w.K {
	case Int:
		return int(w.N)
	case Bool:
		return w.N != 0
	case Str, Any:
		return w.P
	case Tuple:
		n := TupleLen(uint64(w.N))
		out := make([]any, n)
		for i := range n {
			out[i] = int(TupleAt(uint64(w.N), i))
		}
		return out
	case Range:
		lo, hi := w.rangeEnds()
		if hi < lo {
			return []int{}
		}
		out := make([]int, hi-lo+1)
		for i := range out {
			out[i] = lo + i
		}
		return out
	case List:
		items := w.P.([]Word)
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = it.Value()
		}
		return out
	}
	return nil
}

// Len is the length of a list, false for another value.
func (w Word) Len() (int, bool) {
	switch w.K {
	case Tuple:
		return TupleLen(uint64(w.N)), true
	case Range:
		lo, hi := w.rangeEnds()
		return max(hi-lo+1, 0), true
	case List:
		return len(w.P.([]Word)), true
	case Any:
		switch l := w.P.(type) {
		case []any:
			return len(l), true
		case []int:
			return len(l), true
		}
	}
	return 0, false
}

// At is item i (from 0, inside Len) of a list.
func (w Word) At(i int) Word {
	switch w.K {
	case Tuple:
		return Word{K: Int, N: TupleAt(uint64(w.N), i)}
	case Range:
		lo, _ := w.rangeEnds()
		return Word{K: Int, N: int64(lo + i)}
	case List:
		return w.P.([]Word)[i]
	}
	switch l := w.P.(type) {
	case []any:
		return Of(l[i])
	case []int:
		return IntOf(l[i])
	}
	panic("word: At of a value that is not a list")
}

// Str is w's string, false when it is not one.
func (w Word) Str() (string, bool) {
	if w.K != Str {
		return "", false
	}
	return w.P.(string), true
}

// Equal is a == b where the fast path is sure of it: of ints, of strings,
// of booleans, of nils, of lists of those item by item; ok is false for
// values it leaves to the language (a big number, a map, an int beside a
// string).
func Equal(a, b Word) (eq, ok bool) {
	switch {
	case a.K == Tuple && b.K == Tuple:
		return a.N == b.N, true
	case a.K == Int && b.K == Int, a.K == Bool && b.K == Bool:
		return a.N == b.N, true
	case a.K == Str && b.K == Str:
		return a.P.(string) == b.P.(string), true
	case a.K == Nil && b.K == Nil:
		return true, true
	}
	n, isList := a.Len()
	m, isList2 := b.Len()
	if !isList || !isList2 {
		return false, false
	}
	if n != m {
		return false, true
	}
	for i := range n {
		if eq, ok := Equal(a.At(i), b.At(i)); !ok || !eq {
			return false, ok
		}
	}
	return true, true
}

// Fields is a value whose fields the fast path reads as Words (a game's
// position view): false for a name it does not have.
type Fields interface {
	FieldWord(name string) (Word, bool)
}
