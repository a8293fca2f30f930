package polygon

import (
	"math/big"
	"slices"

	"gamelab/kernel/games"
	solver "gamelab/solvers/polygon"
)

// What shrink and the engine's experiments need of a ring: its vertices as
// parts (a vertex goes with the edge before it, op_i v_i, as the text form
// writes them) and its values.

// Parts is the ring's vertices.
func (p *Polygon) Parts() int { return p.N }

// WithoutParts is the ring without vertices i..j−1 (from 0) and the edges
// before them; false when no vertex would be left.
func (p *Polygon) WithoutParts(i, j int) (games.Position, bool) {
	if j-i >= p.N {
		return nil, false
	}
	q := &solver.Polygon{Ops: slices.Delete(slices.Clone(p.p.Ops), i, j), Values: slices.Delete(slices.Clone(p.p.Values), i, j)}
	return newPolygon(q, p.rules), true
}

// ShrinkValues are v1..vn.
func (p *Polygon) ShrinkValues() []*big.Int { return p.p.Values }

// WithValue is the ring with v(i+1) set to v.
func (p *Polygon) WithValue(i int, v *big.Int) (games.Position, bool) {
	q := &solver.Polygon{Ops: p.p.Ops, Values: slices.Clone(p.p.Values)}
	q.Values[i] = v
	return newPolygon(q, p.rules), true
}

// Simpler is the ring with one '*' or '-' edge made '+', for each such
// edge: after its size and values, shrink makes its operators the
// simplest that keep the property.
func (p *Polygon) Simpler() []games.Position {
	var out []games.Position
	for i, op := range p.p.Ops {
		if op != '+' {
			q := &solver.Polygon{Ops: slices.Clone(p.p.Ops), Values: p.p.Values}
			q.Ops[i] = '+'
			out = append(out, newPolygon(q, p.rules))
		}
	}
	return out
}

// Smaller is nil: a ring has no steps of its own past deleting vertices.
func (p *Polygon) Smaller() []games.Position { return nil }
