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

// simplerOps are the operators simpler than each: '+' is the simplest,
// then '*' (the two of the game as published), then '-'.
var simplerOps = map[byte]string{'+': "", '*': "+", '-': "+*"}

// Simpler is the ring with one edge's operator made simpler, for each
// edge and each simpler operator, simplest first: after its size and
// values, shrink makes its operators the simplest that keep the property.
func (p *Polygon) Simpler() []games.Position {
	var out []games.Position
	for i, op := range p.p.Ops {
		for _, s := range []byte(simplerOps[op]) {
			q := &solver.Polygon{Ops: slices.Clone(p.p.Ops), Values: p.p.Values}
			q.Ops[i] = s
			out = append(out, newPolygon(q, p.rules))
		}
	}
	return out
}

// Smaller is nil: a ring has no steps of its own past deleting vertices.
func (p *Polygon) Smaller() []games.Position { return nil }

// Size is the vertices, for smallest.
func (p *Polygon) Size() int { return p.N }

// ops are the operators p uses, simplest first: the choices of each edge
// of the rings smallest makes.
func (p *Polygon) ops() string {
	var out []byte
	for _, op := range []byte("+*-") {
		if slices.Contains(p.p.Ops, op) {
			out = append(out, op)
		}
	}
	return string(out)
}

// Slots: a ring of n vertices is its n values and the operator of each
// edge, one of those p uses.
func (p *Polygon) Slots(n int) (int, []int) {
	choices := make([]int, n)
	for i := range choices {
		choices[i] = len(p.ops())
	}
	return n, choices
}

// Build is the ring of the values, edge i's operator the choices[i]-th of
// those p uses, under p's rules.
func (p *Polygon) Build(n int, values []*big.Int, choices []int) (games.Position, bool) {
	ops := p.ops()
	q := &solver.Polygon{Ops: make([]byte, n), Values: slices.Clone(values)}
	for i, c := range choices {
		q.Ops[i] = ops[c]
	}
	return newPolygon(q, p.rules), true
}
