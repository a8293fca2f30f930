package polygon

import (
	"math/big"
	"slices"

	"gamelab/kernel/games"
)

// Gain is what greedy maximises at a chain: the value merging edge m
// makes. (The ring's first move, deleting an edge, makes none: every edge
// gains the same, and greedy deletes the first.)
func (c *Chain) Gain(m games.Move) *big.Int {
	e, ok := m.(edge)
	k := slices.Index(c.st.edges, int(e))
	if !ok || k < 0 {
		return new(big.Int)
	}
	return applyOp(c.Polygon.p.Ops[e-1], c.st.vals[k], c.st.vals[k+1])
}

// Gain is nothing for the ring's first move: see Chain.Gain.
func (p *Polygon) Gain(games.Move) *big.Int { return new(big.Int) }
