package polygon

import (
	"math/big"
	"slices"

	"gamelab/kernel/games"
)

// Gain is what greedy maximises at a chain: the value merging edge m
// makes. The ring's first move, deleting an edge, makes none: every edge
// gains the same, and greedy deletes the first.
func (p *Polygon) Gain(m games.Move) *big.Int {
	e, ok := m.(edge)
	k := slices.Index(p.st.edges, int(e))
	if !p.isChain() || !ok || k < 0 {
		return new(big.Int)
	}
	return applyOp(p.p.Ops[e-1], p.st.vals[k], p.st.vals[k+1])
}
