package games

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

// CoinsPosition is coins in a row after some turns: the coins left, the
// totals so far and whose turn it is.
type CoinsPosition struct {
	N      int    `expr:"n"`      // coins left
	Values []any  `expr:"values"` // the coins left, left to right
	A      any    `expr:"a"`      // A's total so far
	B      any    `expr:"b"`      // B's total so far
	Turn   string `expr:"turn"`   // "A" or "B" to move; "" when no coin is left
	Moves  string `expr:"moves"`  // the moves made, L or R each
	Coins  *Coins `expr:"coins"`  // the whole row

	pos coinsPos
}

func (c *CoinsPosition) TypeName() string { return "coins position" }

// coinsPos is a coins position: the coins left are row[lo:hi].
type coinsPos struct {
	coins  *Coins
	moves  string
	lo, hi int
	total  [2]*big.Int // A's and B's so far
}

func coinsStart(c *Coins) coinsPos {
	return coinsPos{coins: c, hi: c.N, total: [2]*big.Int{new(big.Int), new(big.Int)}}
}

// mover is 0 for A, 1 for B.
func (s coinsPos) mover() int { return len(s.moves) % 2 }

func (s coinsPos) left() []*big.Int { return s.coins.row[s.lo:s.hi] }

// play takes the left ('L') or right ('R') coin.
func (s coinsPos) play(m string) (coinsPos, string) {
	if s.lo == s.hi {
		return s, "no coins left"
	}
	next := s
	var coin *big.Int
	switch m {
	case "L":
		coin = s.coins.row[s.lo]
		next.lo++
	case "R":
		coin = s.coins.row[s.hi-1]
		next.hi--
	default:
		return s, fmt.Sprintf("%q is not a move: take L (the left coin) or R (the right one)", m)
	}
	next.moves += m
	next.total[s.mover()] = new(big.Int).Add(s.total[s.mover()], coin)
	return next, ""
}

func (s coinsPos) value() any {
	if s.moves == "" {
		return s.coins
	}
	turn := ""
	if s.lo < s.hi {
		turn = playerName(s.mover())
	}
	return &CoinsPosition{N: s.hi - s.lo, Values: Numbers(s.left()), A: Number(s.total[0]), B: Number(s.total[1]),
		Turn: turn, Moves: s.moves, Coins: s.coins, pos: s}
}

func playerName(mover int) string { return string("AB"[mover]) }

// coinMoves reads a line of coin moves: "LRL" or ["L", "R", "L"] (any case,
// white space ignored).
func coinMoves(fn string, k int, a any) ([]string, error) {
	var out []string
	if s, ok := a.(string); ok {
		for _, r := range strings.ToUpper(s) {
			if r != ' ' && r != '\t' && r != '\n' && r != ',' {
				out = append(out, string(r))
			}
		}
		return out, nil
	}
	l, ok := AsList(a)
	if !ok {
		return nil, BadType(fn, k, "moves", `a string of moves like "LRL"`, a)
	}
	for t, x := range l {
		s, ok := x.(string)
		if !ok {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d that is %s, not \"L\" or \"R\"", t+1, TypeName(x))
		}
		out = append(out, strings.ToUpper(strings.TrimSpace(s)))
	}
	return out, nil
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

// stoneMove is one Life Line move: player's stone at (r, p).
type stoneMove struct{ r, p, player int }

// stoneMoves reads a line of Life Line moves: [row, position, player], one
// or a list of them.
func stoneMoves(fn string, k int, a any) ([]stoneMove, error) {
	l, ok := AsList(a)
	if !ok {
		return nil, BadType(fn, k, "moves", "a list of moves [row, position, player]", a)
	}
	if len(l) > 0 {
		if _, single := AsList(l[0]); !single {
			l = []any{l} // one move, [3, 2, 4]
		}
	}
	out := make([]stoneMove, len(l))
	for t, x := range l {
		m, ok := AsList(x)
		if !ok || len(m) != 3 {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d that is not [row, position, player]: %s", t+1, Format(x))
		}
		var v [3]int
		for i, y := range m {
			n, msg := ToInt(y)
			if msg != "" {
				return nil, builtin.ArgError(fn, k, "moves", "has move %d whose %s %s", t+1, []string{"row", "position", "player"}[i], msg)
			}
			v[i] = n
		}
		out[t] = stoneMove{v[0], v[1], v[2]}
	}
	return out, nil
}

// illegal is the error for move t of a line that the position refuses.
func illegal(fn string, k, t int, move, why string) error {
	e := builtin.ArgError(fn, k, "moves", "has an illegal move %d (%s): %s", t, move, why)
	e.Kind = builtin.GameError
	e.Err = errors.New(why) // play tells the person just why
	return e
}

func fnAfter(env *builtin.Env, args ...any) (any, error) {
	var x, moves any
	if err := Unpack("after", args, "x", &x, "moves", &moves); err != nil {
		return nil, err
	}
	switch v := x.(type) {
	case *Polygon, *PolygonChain:
		s, _ := polyStart(v)
		es, err := edgeMoves("after", 2, moves)
		if err != nil {
			return nil, err
		}
		for t, e := range es {
			var why string
			if s, why = s.play(e); why != "" {
				return nil, illegal("after", 2, t+1, "edge "+fmt.Sprint(e), why)
			}
		}
		return s.value(), nil
	case *Coins, *CoinsPosition:
		s, _ := coinsStartOf(v)
		ms, err := coinMoves("after", 2, moves)
		if err != nil {
			return nil, err
		}
		for t, m := range ms {
			var why string
			if s, why = s.play(m); why != "" {
				return nil, illegal("after", 2, t+1, fmt.Sprintf("%q", m), why)
			}
		}
		return s.value(), nil
	case *Board:
		ms, err := stoneMoves("after", 2, moves)
		if err != nil {
			return nil, err
		}
		b := v.b
		for t, m := range ms {
			mv, err := placeStone(env, "after", t+1, b, m)
			if err != nil {
				return nil, err
			}
			b = mv.After
		}
		if b == v.b {
			return v, nil
		}
		return NewBoard(b), nil
	}
	return nil, BadType("after", 1, "x", "a polygon, chain, coins, coins position or board", x)
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

// coinsStartOf is the coins position x is: a whole row or part-way.
func coinsStartOf(x any) (coinsPos, bool) {
	switch v := x.(type) {
	case *Coins:
		return coinsStart(v), true
	case *CoinsPosition:
		return v.pos, true
	}
	return coinsPos{}, false
}

// placeStone plays move t of a Life Line line on b, saying in the game's
// words why a move is illegal.
func placeStone(env *builtin.Env, fn string, t int, b *lifeline.Board, m stoneMove) (*lifeline.Move, error) {
	what := fmt.Sprintf("stone %d at (%d,%d)", m.player, m.r, m.p)
	switch {
	case m.player < 1 || m.player > 9:
		return nil, illegal(fn, 2, t, what, fmt.Sprintf("players are 1..9, got %d", m.player))
	case !b.Contains(m.r, m.p):
		return nil, illegal(fn, 2, t, what, fmt.Sprintf("(%d,%d) is not on the board (rows 1..%d, row r has positions 1..r)", m.r, m.p, b.N))
	case b.At(m.r, m.p) != 0:
		return nil, illegal(fn, 2, t, what, fmt.Sprintf("(%d,%d) is occupied by stone %d", m.r, m.p, b.At(m.r, m.p)))
	}
	mv, err := lifeline.Place(env.Ctx, b, m.player, m.r, m.p)
	if err != nil {
		return nil, SolverError(fn, err)
	}
	return mv, nil
}

// NonNil makes an empty list write as [] rather than null in JSON.
func NonNil(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}
