package coins

import (
	"math/big"
	"slices"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/kit"
)

// Editing: a row's coins are set, inserted, removed, turned and mirrored;
// a position part-way has its coins left set, its moves kept, and the rest
// is done to its row (x.coins).

// GetIndex implements reading `c[i]`: coin i of those left.
func (c *Coins) GetIndex(index []any) (any, error) {
	return kit.IndexedValue(c.label()+"[i]", index, c.Values)
}

// SetIndex implements `c[i] = v`: coin i of those left becomes v.
func (c *Coins) SetIndex(index []any, v any) (any, error) {
	i, b, err := kit.IndexedNumber(c.label(), index, c.N, v)
	if err != nil {
		return nil, err
	}
	return c.withCoin(i, b), nil
}

// label is how messages name c in an index: c, or cp for a position.
func (c *Coins) label() string {
	if c.started() {
		return "cp"
	}
	return "c"
}

// withCoin is c with coin i of those left set to b, the moves made kept.
func (c *Coins) withCoin(i int, b *big.Int) *Coins {
	s := c.st
	return s.edited(func(row []*big.Int) []*big.Int { row[s.at.Lo+i-1] = b; return row })
}

// with is the row before any move changed by edit, which may also grow or
// shrink it, under the same rules.
func (c *Coins) with(edit func(row []*big.Int) []*big.Int) *Coins {
	return newCoins(edit(slices.Clone(c.Row())), c.rules())
}

// At is at(c, i): coin i of those left.
func (c *Coins) At(args []any) (any, error) { return kit.ValueAt(args, "x", c.Values) }

// SetV is setv(c, i, v): coin i of those left, the moves made kept.
func (c *Coins) SetV(args []any) (any, error) {
	if !c.started() {
		i, v, err := kit.SetVArgs(args, "c", c.N)
		if err != nil {
			return nil, err
		}
		return c.withCoin(i, v), nil
	}
	var i int
	var v *big.Int
	if err := kit.Unpack("setv", args, "x", new(any), "i", &i, "v", &v); err != nil {
		return nil, err
	}
	if c.N == 0 {
		return nil, builtin.ArgError("setv", 1, "x", "has no coins left")
	}
	if err := kit.CheckIndex("setv", 2, "i", i, 1, c.N); err != nil {
		return nil, err
	}
	return c.withCoin(i, v), nil
}

// rowOnly is the error of an edit of the whole row made to a position
// part-way.
func (c *Coins) rowOnly(fn string) error {
	if !c.started() {
		return nil
	}
	return builtin.ArgError(fn, 1, "x", "is a coins position after moves; %s changes a row before any move (x.coins is its row)", fn)
}

// Insert is insert(c, i, v).
func (c *Coins) Insert(args []any) (any, error) {
	if err := c.rowOnly("insert"); err != nil {
		return nil, err
	}
	var i int
	var v *big.Int
	if err := kit.Unpack("insert", args, "c", new(any), "i", &i, "v", &v); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("insert", 2, "i", i, 1, c.N+1); err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { return slices.Insert(row, i-1, v) }), nil
}

// Remove is remove(c, i).
func (c *Coins) Remove(args []any) (any, error) {
	if err := c.rowOnly("remove"); err != nil {
		return nil, err
	}
	var i int
	if err := kit.Unpack("remove", args, "x", new(any), "i", &i); err != nil {
		return nil, err
	}
	if c.N == 1 {
		return nil, builtin.ArgError("remove", 1, "x", "has only one coin, which must stay")
	}
	if err := kit.CheckIndex("remove", 2, "i", i, 1, c.N); err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { return slices.Delete(row, i-1, i) }), nil
}

// Rotate is rotate(c, k): the first k coins move to the end.
func (c *Coins) Rotate(k int) (any, error) {
	if err := c.rowOnly("rotate"); err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { return kit.Rotated(row, k) }), nil
}

// Reverse is reverse(c): the row right to left.
func (c *Coins) Reverse() (any, error) {
	if err := c.rowOnly("reverse"); err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { slices.Reverse(row); return row }), nil
}
