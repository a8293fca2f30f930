package all_test

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
	sollifeline "gamelab/solvers/lifeline"
)

// The brute forces below know nothing of the engine or of any DP: each
// plays its game's rules (SPEC §1 and §6) literally from the fields a user
// sees (values, ops, edges, rows, rules) and tries every line of play. They
// are the independent check of the games' Position implementations (Legal,
// Play, Step), which the engine's exhaustive solver relies on; that one in
// turn is the reference for every fast solver (variants_test.go).

// bruteForce is a game's brute force at its positions: every legal move
// in the game's order with its after-value, and whether the mover wants
// the smallest value.
type bruteForce interface {
	at(x games.Position) []bruteMove
	minimises() bool
}

// bruteFor is the brute force of game under rules.
func bruteFor(game string, rules map[string]any) bruteForce {
	switch game {
	case "polygon":
		return newPolyBrute(rules)
	case "coins":
		return newCoinsBrute(rules)
	}
	return newBoardBrute(rules)
}

// bruteMove is one move's after-value at a position: what the move is
// worth to its mover once made (value = the best of them).
type bruteMove struct {
	move  any // as analyze's records write it: an edge, "L2", [r, p]
	after *big.Int
}

// bruteBest is the best after-value of moves for a maximiser (a minimiser
// when min) and the moves reaching it, in order.
func bruteBest(moves []bruteMove, min bool) (*big.Int, []any) {
	var best *big.Int
	for _, m := range moves {
		if best == nil || (m.after.Cmp(best) > 0) != min && m.after.Cmp(best) != 0 {
			best = m.after
		}
	}
	var at []any
	for _, m := range moves {
		if m.after.Cmp(best) == 0 {
			at = append(at, m.move)
		}
	}
	return best, at
}

// --- the polygon game ---

// opFuncs compute a op b into z: a + b, a · b, or a − b (left minus right).
var opFuncs = map[byte]func(z, a, b *big.Int) *big.Int{'+': (*big.Int).Add, '*': (*big.Int).Mul, '-': (*big.Int).Sub}

func applyOp(op byte, a, b *big.Int) *big.Int { return opFuncs[op](new(big.Int), a, b) }

// polyBrute solves chains of one polygon game by trying every merge order.
type polyBrute struct {
	min  bool // goal "min"
	memo map[string]*big.Int
}

func newPolyBrute(rules map[string]any) *polyBrute {
	return &polyBrute{min: rules["goal"] == "min", memo: map[string]*big.Int{}}
}

func (b *polyBrute) minimises() bool { return b.min }

// chain is the best last value of the chain vals joined by ops.
func (b *polyBrute) chain(vals []*big.Int, ops []byte) *big.Int {
	if len(vals) == 1 {
		return vals[0]
	}
	key := fmt.Sprint(vals, string(ops))
	if v, ok := b.memo[key]; ok {
		return v
	}
	var best *big.Int
	for k := range ops {
		v := b.chain(mergeChain(vals, ops, k))
		if best == nil || (v.Cmp(best) > 0) != b.min && v.Cmp(best) != 0 {
			best = v
		}
	}
	b.memo[key] = best
	return best
}

// mergeChain merges edge k of a chain (joining values k and k+1).
func mergeChain(vals []*big.Int, ops []byte, k int) ([]*big.Int, []byte) {
	v := applyOp(ops[k], vals[k], vals[k+1])
	return slices.Concat(vals[:k], []*big.Int{v}, vals[k+2:]), slices.Concat(ops[:k], ops[k+1:])
}

// ringChain is the chain left when edge e (1..n, joining v(e−1) and v(e))
// of a ring is deleted: v(e), v(e+1), …, v(e−1), joined by edges e+1, …,
// e−1, clockwise.
func ringChain(vals []*big.Int, ops []byte, e int) ([]*big.Int, []byte, []int) {
	n := len(vals)
	cv, co, ce := make([]*big.Int, n), make([]byte, n-1), make([]int, n-1)
	for k := range n {
		cv[k] = vals[(e-1+k)%n]
		if k < n-1 {
			ce[k] = (e+k)%n + 1
			co[k] = ops[ce[k]-1]
		}
	}
	return cv, co, ce
}

// at lists the after-value of every legal move at a polygon position, by
// edge number (increasing): of a ring, each first edge deleted; of a
// chain, each edge merged.
func (b *polyBrute) at(x games.Position) []bruteMove {
	var out []bruteMove
	switch p := x.(type) {
	case *polygon.Polygon:
		vals, ops := bigs(p.Values), []byte(p.Ops)
		if len(p.Moves) == 0 { // the ring
			for e := 1; e <= p.N; e++ {
				cv, co, _ := ringChain(vals, ops, e)
				out = append(out, bruteMove{e, b.chain(cv, co)})
			}
			break
		}
		order := slices.Sorted(slices.Values(p.Edges))
		for _, e := range order {
			k := slices.Index(p.Edges, e)
			out = append(out, bruteMove{e, b.chain(mergeChain(vals, ops, k))})
		}
	default:
		panic(fmt.Sprintf("not a polygon position: %T", x))
	}
	return out
}

// value is a polygon position's value: the best last value still
// reachable, or the last value once one is left.
func (b *polyBrute) value(x games.Position) *big.Int {
	if c, ok := x.(*polygon.Polygon); ok && c.N == 1 && len(c.Moves) > 0 {
		return bigs(c.Values)[0]
	}
	v, _ := bruteBest(b.at(x), b.min)
	return v
}

// --- coins in a row ---

// coinsBrute solves rows of coins under rules by trying every line.
type coinsBrute struct {
	take int  // 1.., or 0 for "2M"
	left bool // ends "left"
	rest bool // score "rest"
	memo map[string]*big.Int
}

func newCoinsBrute(rules map[string]any) *coinsBrute {
	b := &coinsBrute{take: 1, left: rules["ends"] == "left", rest: rules["score"] == "rest", memo: map[string]*big.Int{}}
	switch t := rules["take"].(type) {
	case int:
		b.take = t
	case string:
		b.take = 0
	}
	return b
}

func sumOf(xs []*big.Int) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}

// options lists every legal move on the coins left (with the current M
// under take "2M") in the game's order (L1, L2, …, then R1, R2, …, a move
// that takes every coin being its L move): its name, the coins left after
// it, the next M and what it scores.
func (b *coinsBrute) options(row []*big.Int, m int) (names []string, rests [][]*big.Int, ms []int, gains []*big.Int) {
	limit := b.take
	if b.take == 0 {
		limit = 2 * m
	}
	limit = min(limit, len(row))
	add := func(side string, x int, rest, taken []*big.Int) {
		name := side
		if x > 1 {
			name += fmt.Sprint(x)
		}
		gain := sumOf(taken)
		if b.rest {
			gain = sumOf(rest)
		}
		names, rests, ms, gains = append(names, name), append(rests, rest), append(ms, max(m, x)), append(gains, gain)
	}
	for x := 1; x <= limit; x++ {
		add("L", x, row[x:], row[:x])
	}
	for x := 1; x <= limit && x < len(row) && !b.left; x++ {
		add("R", x, row[:len(row)-x], row[len(row)-x:])
	}
	return names, rests, ms, gains
}

// margin is the mover's best margin on the coins left with M m.
func (b *coinsBrute) margin(row []*big.Int, m int) *big.Int {
	if len(row) == 0 {
		return new(big.Int)
	}
	key := fmt.Sprint(row, m)
	if v, ok := b.memo[key]; ok {
		return v
	}
	var best *big.Int
	for _, mv := range b.after(row, m) {
		if best == nil || mv.after.Cmp(best) > 0 {
			best = mv.after
		}
	}
	b.memo[key] = best
	return best
}

// after is every legal move on the coins left and its after-value: what
// it scores minus the other player's best margin on what it leaves.
func (b *coinsBrute) after(row []*big.Int, m int) []bruteMove {
	names, rests, ms, gains := b.options(row, m)
	out := make([]bruteMove, len(names))
	for i := range names {
		out[i] = bruteMove{names[i], new(big.Int).Sub(gains[i], b.margin(rests[i], ms[i]))}
	}
	return out
}

// at is every legal move at a coins position and its after-value.
func (b *coinsBrute) at(x games.Position) []bruteMove { return b.after(coinsLeft(x)) }

func (b *coinsBrute) minimises() bool { return false }

// coinsLeft is a coins position's coins left and current M (1 where the
// rules have none: it is then unused).
func coinsLeft(x games.Position) ([]*big.Int, int) {
	switch p := x.(type) {
	case *coins.Coins:
		return bigs(p.Values), max(p.M, 1)
	}
	panic(fmt.Sprintf("not a coins position: %T", x))
}

// --- Life Line ---

// boardBrute plays Life Line's rules on a grid of cells, with flood fills
// of its own.
type boardBrute struct {
	square      bool // grid "square"
	othersFirst bool // capture "others-first"
	noSuicide   bool // suicide false
}

func newBoardBrute(rules map[string]any) *boardBrute {
	return &boardBrute{square: rules["grid"] == "square", othersFirst: rules["capture"] == "others-first", noSuicide: rules["suicide"] == false}
}

// cells is a board's rows as a user reads them (b.rows), copied.
func cellsOf(b *lifeline.Board) [][]int {
	out := make([][]int, len(b.Rows))
	for i, row := range b.Rows {
		out[i] = slices.Clone(row)
	}
	return out
}

// near lists the vertices adjacent to (r, p), from 0, on rows shaped as
// cells: six on the triangle, four on the square.
func (bb *boardBrute) near(cells [][]int, r, p int) [][2]int {
	deltas := [][2]int{{0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {1, 0}, {1, 1}}
	if bb.square {
		deltas = [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	}
	var out [][2]int
	for _, d := range deltas {
		rr, pp := r+d[0], p+d[1]
		if rr >= 0 && rr < len(cells) && pp >= 0 && pp < len(cells[rr]) {
			out = append(out, [2]int{rr, pp})
		}
	}
	return out
}

// dead lists the groups of cells that touch no empty vertex, each its
// vertices.
func (bb *boardBrute) dead(cells [][]int) [][][2]int {
	seen := map[[2]int]bool{}
	var out [][][2]int
	for r := range cells {
		for p := range cells[r] {
			if cells[r][p] == 0 || seen[[2]int{r, p}] {
				continue
			}
			group, free := [][2]int{{r, p}}, false
			seen[[2]int{r, p}] = true
			for k := 0; k < len(group); k++ {
				for _, v := range bb.near(cells, group[k][0], group[k][1]) {
					switch c := cells[v[0]][v[1]]; {
					case c == 0:
						free = true
					case c == cells[r][p] && !seen[v]:
						seen[v] = true
						group = append(group, v)
					}
				}
			}
			if !free {
				out = append(out, group)
			}
		}
	}
	return out
}

// place puts player's stone at (r, p), from 0, and removes what the rules
// remove: every group left without an empty neighbour (others-first: the
// others' first, then the new stone's group if still without one), except
// groups that had none before the move, which stay and count for nothing
// (the judge's convention). It returns the points (others' stones removed
// minus the mover's own), the cells after, and whether the rules forbid
// the move (suicide false: it removes some of the mover's stones).
func (bb *boardBrute) place(cells [][]int, player, r, p int) (points int, after [][]int, illegal bool) {
	deadBefore := map[[2]int]bool{}
	for _, g := range bb.dead(cells) {
		for _, v := range g {
			deadBefore[v] = true
		}
	}
	after = make([][]int, len(cells))
	for i := range cells {
		after[i] = slices.Clone(cells[i])
	}
	after[r][p] = player
	own := 0
	remove := func(which func(g [][2]int) bool) {
		for _, g := range bb.dead(after) {
			if deadBefore[g[0]] || !which(g) {
				continue
			}
			for _, v := range g {
				if after[v[0]][v[1]] == player {
					points--
					own++
				} else {
					points++
				}
				after[v[0]][v[1]] = 0
			}
		}
	}
	if bb.othersFirst {
		remove(func(g [][2]int) bool { return after[g[0][0]][g[0][1]] != player })
		remove(func(g [][2]int) bool { return slices.Contains(g, [2]int{r, p}) })
	} else {
		remove(func([][2]int) bool { return true })
	}
	return points, after, bb.noSuicide && own > 0
}

// moves lists player's legal moves on cells in reading order, each [r, p]
// from 1 with its points.
func (bb *boardBrute) moves(cells [][]int, player int) []bruteMove {
	var out []bruteMove
	for r := range cells {
		for p := range cells[r] {
			if cells[r][p] != 0 {
				continue
			}
			if pts, _, illegal := bb.place(cells, player, r, p); !illegal {
				out = append(out, bruteMove{[]int{r + 1, p + 1}, big.NewInt(int64(pts))})
			}
		}
	}
	return out
}

// at is every legal move of the mover of a board and its points.
func (bb *boardBrute) at(x games.Position) []bruteMove {
	player, err := strconv.Atoi(x.Mover())
	if err != nil {
		panic("a board without a mover: " + x.Mover())
	}
	return bb.moves(cellsOf(x.(*lifeline.Board)), player)
}

func (bb *boardBrute) minimises() bool { return false }

// --- shared ---

// bigs reads a value list as the games give it (int or *big.Int).
func bigs(xs []any) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		b, msg := kit.ToBig(x)
		if msg != "" {
			panic(msg)
		}
		out[i] = b
	}
	return out
}

// solverBoard is a board for the solver's package from rows given as text,
// for tests that build boards cell by cell.
func solverBoard(grid sollifeline.Grid, n int, cells func(i int) uint8) *sollifeline.Board {
	b := grid.NewBoard(n)
	for i := range b.Cells {
		b.Cells[i] = cells(i)
	}
	return b
}

// rowsText is rows as the judge lays them out, for messages.
func rowsText(rows [][]int) string {
	var b strings.Builder
	for _, row := range rows {
		b.WriteString(strings.Trim(fmt.Sprint(row), "[]") + "\n")
	}
	return b.String()
}
