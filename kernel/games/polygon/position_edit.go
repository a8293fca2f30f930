package polygon

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

func (c *PolygonChain) positionValues() []any  { return c.Values }
