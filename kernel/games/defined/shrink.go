package defined

import (
	"math/big"
	"slices"

	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/word"
)

// Shrinking a defined game's instance: shrink takes the items of the
// argument it was made from when that is a list (and makes its integers
// smaller), or the argument itself when it is a whole number (a pile of n,
// made smaller); other arguments have nothing to shrink.

// items is the instance's argument as a list, or nil.
func (p *Position) items() []any {
	if p.h.Len() > 0 {
		return nil
	}
	l, _ := kit.AsList(p.arg)
	return l
}

// count is the instance's argument as a whole number, or -1.
func (p *Position) count() int {
	if p.h.Len() > 0 {
		return -1
	}
	if n, msg := kit.ToInt(p.arg); msg == "" && n >= 0 {
		return n
	}
	return -1
}

// remake is the instance of arg under p's rules, or false when the
// definition refuses arg.
func (p *Position) remake(arg any) (games.Position, bool) {
	q, err := p.x.d.instance(arg, p.x.rules)
	if err != nil {
		return nil, false
	}
	return q, true
}

// Parts are the argument's items, or its units when it is a number.
func (p *Position) Parts() int {
	if l := p.items(); l != nil {
		return len(l)
	}
	return max(p.count(), 0)
}

// WithoutParts is the instance without items (or units) i..j−1; false
// when no item would be left.
func (p *Position) WithoutParts(i, j int) (games.Position, bool) {
	if l := p.items(); l != nil {
		if j-i >= len(l) {
			return nil, false
		}
		return p.remake(slices.Delete(slices.Clone(l), i, j))
	}
	if n := p.count(); n >= j-i {
		return p.remake(n - (j - i))
	}
	return nil, false
}

// ShrinkValues are the argument's integers: its items when each is one,
// the number itself when it is one.
func (p *Position) ShrinkValues() []*big.Int {
	if l := p.items(); l != nil {
		out := make([]*big.Int, len(l))
		for i, x := range l {
			b, ok := integer(word.Of(x))
			if !ok {
				return nil
			}
			out[i] = b.Big()
		}
		return out
	}
	if n := p.count(); n >= 0 {
		return []*big.Int{big.NewInt(int64(n))}
	}
	return nil
}

// WithValue is the instance with integer i set to v.
func (p *Position) WithValue(i int, v *big.Int) (games.Position, bool) {
	if l := p.items(); l != nil {
		l = slices.Clone(l)
		l[i] = kit.Number(v)
		return p.remake(l)
	}
	if v.Sign() < 0 {
		return nil, false
	}
	return p.remake(kit.Number(v))
}

// Smaller and Simpler are nil: a definition gives no steps of its own.
func (p *Position) Smaller() []games.Position { return nil }
func (p *Position) Simpler() []games.Position { return nil }

var _ games.Shrinkable = (*Position)(nil)
