package games

import (
	"math/big"
	"slices"
)

// Positions are edited like the games they come from, counting from 1:
// ch[i] is value i of a chain, cp[i] coin i of the coins left; ch[i] = v and
// setv(ch, i, v) give a changed copy, the moves made so far kept.

// GetIndex implements reading `ch[i]`.
func (c *PolygonChain) GetIndex(index []any) (any, error) {
	i, err := oneIndex("ch[i]", index, c.N)
	if err != nil {
		return nil, err
	}
	return c.Values[i-1], nil
}

// SetIndex implements `ch[i] = v`.
func (c *PolygonChain) SetIndex(index []any, v any) (any, error) {
	i, b, err := indexedNumber("ch", index, c.N, v)
	if err != nil {
		return nil, err
	}
	return c.withValue(i, b), nil
}

func (c *PolygonChain) withValue(i int, b *big.Int) *PolygonChain {
	s := c.pos
	s.vals = slices.Clone(s.vals)
	s.vals[i-1] = b
	return s.value().(*PolygonChain)
}

// GetIndex implements reading `cp[i]`: coin i of those left.
func (c *CoinsPosition) GetIndex(index []any) (any, error) {
	i, err := oneIndex("cp[i]", index, c.N)
	if err != nil {
		return nil, err
	}
	return c.Values[i-1], nil
}

// SetIndex implements `cp[i] = v`: coin i of those left becomes v.
func (c *CoinsPosition) SetIndex(index []any, v any) (any, error) {
	i, b, err := indexedNumber("cp", index, c.N, v)
	if err != nil {
		return nil, err
	}
	return c.withCoin(i, b), nil
}

func (c *CoinsPosition) withCoin(i int, b *big.Int) *CoinsPosition {
	s := c.pos
	s.coins = s.coins.with(func(row []*big.Int) []*big.Int { row[s.lo+i-1] = b; return row })
	return s.value().(*CoinsPosition)
}

// atPosition is at(x, i) of a position: value i of a chain, coin i of
// those left.
func atPosition(args []any) (any, error) {
	var x any
	var i int
	if err := Unpack("at", args, "x", &x, "i", &i); err != nil {
		return nil, err
	}
	values := x.(interface{ positionValues() []any }).positionValues()
	if err := CheckIndex("at", 2, "i", i, 1, len(values)); err != nil {
		return nil, err
	}
	return values[i-1], nil
}

// setvPosition is setv(x, i, v) of a position.
func setvPosition(args []any) (any, error) {
	var x any
	var i int
	var v *big.Int
	if err := Unpack("setv", args, "x", &x, "i", &i, "v", &v); err != nil {
		return nil, err
	}
	switch x := x.(type) {
	case *PolygonChain:
		if err := CheckIndex("setv", 2, "i", i, 1, x.N); err != nil {
			return nil, err
		}
		return x.withValue(i, v), nil
	case *CoinsPosition:
		if err := CheckIndex("setv", 2, "i", i, 1, x.N); err != nil {
			return nil, err
		}
		return x.withCoin(i, v), nil
	}
	panic("games.setvPosition: not a position")
}

func (c *PolygonChain) positionValues() []any  { return c.Values }
func (c *CoinsPosition) positionValues() []any { return c.Values }
