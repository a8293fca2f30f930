package polygon

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"

	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/polygon"
)

// Positions of the polygon game: the ring before any move, and after the
// first move a chain. Moves are edges by their original numbers: the first
// deletes one, each later one merges the two values it joins.

// state is a polygon game position: the ring before any move, a chain after.
type state struct {
	ring  *Polygon // the ring before any move
	h     *games.History
	vals  []*big.Int // the ring's values v1..vn, or the chain's left to right
	edges []int      // chain: edges[k] joins vals[k] and vals[k+1], by original number
	made  int        // the value the last merge made, from 1 (0: none)
	part  *partOf    // a DP cell's sub-chain (position(d, i, j)); nil for the ring and what play leaves
}

// partOf is where a sub-chain of a DP table comes from (position(d, i,
// j)): no line of play leaves a part of the ring unmerged, so it is a game
// of its own, whose moves (its History) count from it, with the values
// and the edges' original numbers of what it is a part of.
type partOf struct {
	from, last int  // its first and last values: v(from)..v(last) of the ring (which wraps), or values from..last of a chain
	length     int  // how many values it starts with
	ofRing     bool // a part of the ring, its values the ring's vertices (else of a chain)
}

func (s state) isRing() bool { return s.h.Len() == 0 && s.part == nil }

// over says the game is over: one vertex left (a ring of one vertex has
// no move: its value is the score).
func (s state) over() bool { return len(s.vals) == 1 }

// moves are the edges played, by original number.
func (s state) moves() []int {
	out := []int{}
	if s.h != nil {
		for _, m := range s.h.Moves {
			out = append(out, int(m.(edge)))
		}
	}
	return out
}

// ops are the operators of the chain's edges.
func (s state) ops() []byte {
	ops := make([]byte, len(s.edges))
	for k, e := range s.edges {
		ops[k] = s.ring.p.Ops[e-1]
	}
	return ops
}

// chain is the position as the solver's chain.
func (s state) chain() *solver.Chain {
	return &solver.Chain{Values: s.vals, Ops: s.ops(), Names: s.edges} // a variant's plan takes the edges in their numbers' order
}

// legal lists the moves of the position, increasing: every edge of a ring,
// every edge left in a chain.
func (s state) legal() []games.Move {
	var es []int
	if s.over() {
		return nil
	}
	if s.isRing() {
		for e := 1; e <= s.ring.N; e++ {
			es = append(es, e)
		}
	} else if !s.over() {
		es = slices.Sorted(slices.Values(s.edges))
	}
	out := make([]games.Move, len(es))
	for i, e := range es {
		out[i] = edge(e)
	}
	return out
}

// play makes move e: on a ring it deletes edge e, on a chain it merges the
// two values edge e joins. An illegal move says why.
func (s state) play(m games.Move) (state, error) {
	e, ok := m.(edge)
	if !ok {
		return s, fmt.Errorf("%s is not a polygon move", m)
	}
	n := s.ring.N
	if int(e) < 1 || int(e) > n {
		return s, fmt.Errorf("edge %d does not exist (the polygon has edges 1..%d)", e, n)
	}
	if s.over() {
		return s, fmt.Errorf("the game is over: one vertex is left")
	}
	next := state{ring: s.ring, h: s.h.Extend(s.ring, "1", e, nil), part: s.part}
	if s.isRing() {
		// The chain starts at v(e), the vertex after the deleted edge, and
		// runs clockwise: edge e+k+1 joins its values k and k+1.
		next.vals = make([]*big.Int, n)
		next.edges = make([]int, n-1)
		for k := range n {
			next.vals[k] = s.vals[(int(e)-1+k)%n]
			if k < n-1 {
				next.edges[k] = (int(e)+k)%n + 1
			}
		}
		return next, nil
	}
	k := slices.Index(s.edges, int(e))
	if k < 0 && s.part != nil {
		start := s.h.Start.(*Polygon).st
		if !slices.Contains(start.edges, int(e)) {
			return s, fmt.Errorf("edge %d is not an edge of this part (%s, edges %s)", e, s.part.name(), movesText(start.edges))
		}
		return s, fmt.Errorf("edge %d was merged by move %d", e, slices.Index(s.moves(), int(e))+1)
	}
	if k < 0 {
		played := s.moves()
		if int(e) == played[0] {
			return s, fmt.Errorf("edge %d was deleted by move 1", e)
		}
		return s, fmt.Errorf("edge %d was merged by move %d", e, slices.Index(played, int(e))+1)
	}
	next.vals = slices.Concat(s.vals[:k], []*big.Int{applyOp(s.ring.p.Ops[e-1], s.vals[k], s.vals[k+1])}, s.vals[k+2:])
	next.edges = slices.Concat(s.edges[:k], s.edges[k+1:])
	next.made = k + 1
	return next, nil
}

// name is the part in words: "v2..v4 of the ring", "values 2..3 of the
// chain".
func (p *partOf) name() string {
	if p.ofRing {
		return fmt.Sprintf("v%d..v%d of the ring", p.from, p.last)
	}
	return fmt.Sprintf("values %d..%d of the chain", p.from, p.last)
}

// firstVertex is the ring vertex s's first value is, while every value of
// s is a vertex of the ring (no merge yet): 1 for the ring, v(e) after
// deleting edge e, a ring part's own first; 0 once a merge has made a
// value.
func (s state) firstVertex() int {
	switch {
	case s.isRing():
		return 1
	case s.part != nil && s.part.ofRing && s.h.Len() == 0:
		return s.part.from
	case s.part == nil && s.h.Len() == 1:
		return int(s.h.Moves[0].(edge))
	}
	return 0
}

// partAt is the part of length values of position s from its value from
// (1-based; on a ring, vertices wrap): its values and the edges between
// them by their original numbers.
func partAt(s state, from, length int) *Polygon {
	var vals []*big.Int
	var edges []int
	n := len(s.vals)
	for k := range length {
		vals = append(vals, s.vals[(from-1+k)%n])
		switch {
		case k == 0:
		case s.isRing():
			edges = append(edges, (from-1+k)%n+1) // edge e joins v(e-1) and v(e)
		default:
			edges = append(edges, s.edges[from-2+k])
		}
	}
	pt := &partOf{from: from, last: from + length - 1, length: length}
	if v := s.firstVertex(); v > 0 { // its values are vertices: a part of the ring
		N := s.ring.N
		pt.from, pt.last, pt.ofRing = (v+from-2)%N+1, (v+from+length-3)%N+1, true
	}
	return newPart(s.ring, vals, edges, pt)
}

// newPart is the part pt of ring's game, values vals joined by edges: a
// game of its own, whose History starts at it.
func newPart(ring *Polygon, vals []*big.Int, edges []int, pt *partOf) *Polygon {
	st := state{ring: ring, vals: vals, edges: edges, part: pt}
	v := st.chainValue()
	st.h = &games.History{Start: v}
	v.st = st
	return v
}

// applyOp is a op b as a new number: a + b, a · b or a − b (left minus right).
func applyOp(op byte, a, b *big.Int) *big.Int {
	switch op {
	case '+':
		return new(big.Int).Add(a, b)
	case '-':
		return new(big.Int).Sub(a, b)
	}
	return new(big.Int).Mul(a, b)
}

// value is what the position is as a game value: the ring itself before
// any move, a chain after.
func (s state) value() *Polygon {
	if s.isRing() {
		return s.ring
	}
	return s.chainValue()
}

// chainValue is the chain s as a value.
func (s state) chainValue() *Polygon {
	r := s.ring
	return &Polygon{N: len(s.vals), Values: kit.Numbers(s.vals), Ops: string(s.ops()), Edges: kit.NonNil(s.edges),
		Moves: s.moves(), RuleMap: r.RuleMap, Polygon: r, p: r.p, rules: r.rules, st: s}
}

// edge is one polygon move: an edge by its original number.
type edge int

func (e edge) String() string   { return strconv.Itoa(int(e)) }
func (e edge) Value() any       { return int(e) }
func (e edge) Describe() string { return "edge " + strconv.Itoa(int(e)) }

// parseMove reads one move: an edge number.
func parseMove(x any) (games.Move, error) {
	v, msg := kit.ToInt(x)
	if msg != "" {
		return nil, fmt.Errorf("%s (a move is an edge number)", msg)
	}
	return edge(v), nil
}

// parseLine reads a line of moves: one edge number or a list of them.
func parseLine(fn string, k int, x any) ([]games.Move, error) {
	l, ok := kit.AsList(x)
	if !ok {
		l = []any{x}
	}
	return games.ParseMoves(fn, k, l, parseMove)
}

// The games.Position methods.

// Mover is the one player, "1", while a move is left.
func (p *Polygon) Mover() string {
	if p.st.over() {
		return ""
	}
	return "1"
}
func (p *Polygon) Legal() []games.Move { return p.st.legal() }

// Terminal is the last value, once one is left.
func (p *Polygon) Terminal() *big.Int {
	if p.st.over() {
		return p.st.vals[0]
	}
	return new(big.Int)
}
func (p *Polygon) Minimizes() bool                     { return p.rules.Get("goal") == "min" }
func (p *Polygon) History() *games.History             { return p.st.h }
func (p *Polygon) ParseMove(x any) (games.Move, error) { return parseMove(x) }
func (p *Polygon) ParseLine(fn string, k int, x any) ([]games.Move, error) {
	return parseLine(fn, k, x)
}
func (p *Polygon) Step(games.Move) games.Step { return games.Step{Carry: games.CarrySame} }
func (p *Polygon) Play(m games.Move) (games.Position, error) {
	next, err := p.st.play(m)
	if err != nil {
		return nil, err
	}
	return next.value(), nil
}

// Where says, for a game tree's node, what is left to merge.
func (p *Polygon) Where() (line, short string) {
	switch {
	case !p.isChain():
		return fmt.Sprintf("the ring of %d values", p.N), ""
	case p.st.over():
		return "one value left", ""
	}
	return fmt.Sprintf("%d values left", len(p.st.vals)), ""
}

// Key names the position for the exhaustive search: the values and edges
// left (the ring's key is its own text).
func (p *Polygon) Key() string {
	if p.isChain() {
		return fmt.Sprint(p.st.vals, p.st.edges)
	}
	return "ring"
}
