package kit

import "math/big"

// Bounds keeps shrunk values within [Lo, Hi] (either nil: unbounded), as a
// judge's inputs stay within their constraints; values go toward the one
// nearest 0 there (the target). Near is how far from the target shrink
// tries every value (0: DefaultNear); past it, a binary search.
type Bounds struct {
	Lo, Hi *big.Int
	Near   int
}

// DefaultNear is how far from the target shrink tries every value when
// Bounds.Near is 0 (a judge's shrink, whose every try runs a program);
// the shrink builtin tries 256 (tools.ShrinkNear).
const DefaultNear = 64

// Target is the value of b nearest 0.
func (b Bounds) Target() *big.Int {
	t := new(big.Int)
	if b.Lo != nil && t.Cmp(b.Lo) < 0 {
		t.Set(b.Lo)
	}
	if b.Hi != nil && t.Cmp(b.Hi) > 0 {
		t.Set(b.Hi)
	}
	return t
}

// Holds says v is within b.
func (b Bounds) Holds(v *big.Int) bool {
	return (b.Lo == nil || v.Cmp(b.Lo) >= 0) && (b.Hi == nil || v.Cmp(b.Hi) <= 0)
}

// Window is how far from the target every value is tried.
func (b Bounds) Window() int {
	if b.Near > 0 {
		return b.Near
	}
	return DefaultNear
}
