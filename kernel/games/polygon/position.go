package polygon

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/solvers/lifeline"
)


// Positions part-way through a game. A polygon after its first move is a
// PolygonChain, coins after some turns a CoinsPosition; a Life Line board
// has no turn to remember, so a board after some stones is just a Board.
// Moves are written as the games number things, from 1: edges by their
// original numbers, coins "L"/"R", stones [row, position, player].

// polyPos is a polygon game position: the ring before any move, a chain
// after. It is the engine of after, analyze and play; PolygonChain is how
// the user sees a chain.
type polyPos struct {
	poly  *Polygon
	moves []int      // the edges played, by original number
	vals  []*big.Int // the ring's values v1..vn, or the chain's left to right
	edges []int      // chain: edges[k] joins vals[k] and vals[k+1]
	made  int        // the value the last merge made, from 1 (0: none)
}

func ringPos(p *Polygon) polyPos { return polyPos{poly: p, vals: p.p.Values} }

func (s polyPos) isRing() bool { return len(s.moves) == 0 }

// over says the game is over: one vertex left.
func (s polyPos) over() bool { return !s.isRing() && len(s.vals) == 1 }

// ops are the operators of the chain's edges.
func (s polyPos) ops() []byte {
	ops := make([]byte, len(s.edges))
	for k, e := range s.edges {
		ops[k] = s.poly.p.Ops[e-1]
	}
	return ops
}

// legal lists the moves of the position, increasing: every edge of a ring,
// every edge left in a chain.
func (s polyPos) legal() []int {
	if s.isRing() {
		return edgeLabelsInt(s.poly.N)
	}
	return slices.Sorted(slices.Values(s.edges))
}

func edgeLabelsInt(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// play makes move e: on a ring it deletes edge e, on a chain it merges the
// two values edge e joins. An illegal move says why.
func (s polyPos) play(e int) (polyPos, string) {
	n := s.poly.N
	if e < 1 || e > n {
		return s, fmt.Sprintf("edge %d does not exist (the polygon has edges 1..%d)", e, n)
	}
	next := polyPos{poly: s.poly, moves: append(slices.Clone(s.moves), e)}
	if s.isRing() {
		// The chain starts at v(e), the vertex after the deleted edge, and
		// runs clockwise: edge e+k+1 joins its values k and k+1.
		next.vals = make([]*big.Int, n)
		next.edges = make([]int, n-1)
		for k := range n {
			next.vals[k] = s.vals[(e-1+k)%n]
			if k < n-1 {
				next.edges[k] = (e+k)%n + 1
			}
		}
		return next, ""
	}
	if s.over() {
		return s, "the game is over: one vertex is left"
	}
	k := slices.Index(s.edges, e)
	if k < 0 {
		if e == s.moves[0] {
			return s, fmt.Sprintf("edge %d was deleted by move 1", e)
		}
		return s, fmt.Sprintf("edge %d was merged by move %d", e, slices.Index(s.moves, e)+1)
	}
	next.vals = slices.Concat(s.vals[:k], []*big.Int{applyOp(s.poly.p.Ops[e-1], s.vals[k], s.vals[k+1])}, s.vals[k+2:])
	next.edges = slices.Concat(s.edges[:k], s.edges[k+1:])
	next.made = k + 1
	return next, ""
}

// value is what the position is as a game value: the polygon itself before
// any move, a PolygonChain after.
func (s polyPos) value() any {
	if s.isRing() {
		return s.poly
	}
	return &PolygonChain{N: len(s.vals), Values: Numbers(s.vals), Edges: NonNil(s.edges), Ops: string(s.ops()),
		Moves: s.moves, Polygon: s.poly, pos: s}
}

// PolygonChain is a polygon game after its first move: the values left,
// left to right, and the edges between them by their original numbers.
type PolygonChain struct {
	N       int      `expr:"n"`      // values left
	Values  []any    `expr:"values"` // left to right: int when it fits, else *big.Int
	Edges   []int    `expr:"edges"`  // edges[k] joins values k and k+1 (counting from 1), by original number
	Ops     string   `expr:"ops"`    // the operators of those edges
	Moves   []int    `expr:"moves"`  // the moves made: the deleted edge, then the merged ones
	Polygon *Polygon `expr:"polygon"`

	pos polyPos
}

func (c *PolygonChain) TypeName() string { return "polygon chain" }

// String is the chain in the polygon's text style: "-8 * -5 + 8".
func (c *PolygonChain) String() string {
	var b strings.Builder
	ops := c.pos.ops()
	for k, v := range c.pos.vals {
		if k > 0 {
			fmt.Fprintf(&b, " %c ", ops[k-1])
		}
		b.WriteString(v.String())
	}
	return b.String()
}

// edgeMoves reads a line of polygon moves: edge numbers, one or a list.
func edgeMoves(fn string, k int, a any) ([]int, error) {
	l, ok := AsList(a)
	if !ok {
		l = []any{a}
	}
	out := make([]int, len(l))
	for t, x := range l {
		v, msg := ToInt(x)
		if msg != "" {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d that %s (a move is an edge number)", t+1, msg)
		}
		out[t] = v
	}
	return out, nil
}

// polyStart is the polygon position x is: a ring or a chain.
func polyStart(x any) (polyPos, bool) {
	switch v := x.(type) {
	case *Polygon:
		return ringPos(v), true
	case *PolygonChain:
		return v.pos, true
	}
	return polyPos{}, false
}
