package lifeline

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrNoMove is returned by Solve for a board without an empty vertex: the
// player has no move, so there are no points to report.
var ErrNoMove = errors.New("lifeline: the board has no empty vertex, so there is no move")

// Result is the answer for one turn of player Player on a board of size N.
//
// Points are bounded by the number of vertices (< 2^31, see MaxN), so int
// cannot overflow, not even a 32-bit one.
type Result struct {
	N, Player int
	Best      int      // the best points over all empty vertices
	Moves     [][2]int // every vertex reaching Best as [row, position], in reading order
	// Points holds, per Cells index, the points of placing the stone there.
	// Only empty cells have points; occupied cells hold 0 (test the board's
	// cell, not the value, to tell them apart).
	Points []int
	// After is the board after the first move of Moves, removed stones
	// cleared; Removed marks, per Cells index, the vertices that move cleared
	// (the new stone's vertex included when it was removed itself). Following
	// the judge, groups in Unreachable are not removed by it (they count for no
	// move), so Points of that move = its removed stones of others − its own.
	After   *Board
	Removed []bool
	// Unreachable lists, in reading order of their first vertex, the groups
	// that already touched no empty vertex before the move. They cannot arise
	// in play; the contest's judge counts them for no move, and so does Solve:
	// they would be removed by every move alike, so the best vertex is the same
	// either way. Callers warn that the board is unreachable.
	Unreachable []Group
}

// Group is a maximal connected set of equal stones.
type Group struct {
	Stone uint8
	Cells [][2]int // [row, position], in reading order
}

// String names the group for a message: its stone, size and first vertices.
func (g Group) String() string {
	const show = 8 // a dead group can be huge; its first vertices locate it
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d stone(s) %d at", len(g.Cells), g.Stone)
	for i, c := range g.Cells {
		if i == show {
			fmt.Fprintf(&sb, " … (%d more)", len(g.Cells)-show)
			break
		}
		fmt.Fprintf(&sb, " (%d,%d)", c[0], c[1])
	}
	return sb.String()
}

// cancelEvery is how many vertices a pass handles between two looks at the
// context: rare enough to cost nothing, often enough to stop within a
// millisecond.
const cancelEvery = 1 << 16

// poll looks at ctx for the i-th vertex of a pass, every cancelEvery-th time.
func poll(ctx context.Context, i int) error {
	if i%cancelEvery != 0 {
		return nil
	}
	return ctx.Err()
}

// groups is the board's partition into stone groups with their liberties.
type groups struct {
	// root[i] is the representative cell of the group of stone cell i
	// (union-find parents until flatten, then roots); unused for empty cells.
	root []int32
	// For a root g: size[g] is the group's number of stones, libs[g] its
	// number of distinct empty neighbours capped at 2, and first[g] the first
	// of them (the only one when libs[g] == 1).
	size  []int32
	libs  []uint8
	first []int32
}

// neighbours appends to buf the Cells indices of the vertices adjacent to
// vertex i = (r, p) on a board of size n: (r, p±1), (r−1, p−1), (r−1, p),
// (r+1, p) and (r+1, p+1) where they exist.
func neighbours(buf []int32, n, r, p, i int) []int32 {
	buf = buf[:0]
	if p > 1 {
		buf = append(buf, int32(i-1), int32(i-r)) // (r, p−1), (r−1, p−1)
	}
	if p < r {
		buf = append(buf, int32(i+1), int32(i-r+1)) // (r, p+1), (r−1, p)
	}
	if r < n {
		buf = append(buf, int32(i+r), int32(i+r+1)) // (r+1, p), (r+1, p+1)
	}
	return buf
}

// find returns the root of cell i, halving the path on the way (iterative:
// a 1.1-million-cell group must not recurse).
func (g *groups) find(i int32) int32 {
	for g.root[i] != i {
		g.root[i] = g.root[g.root[i]]
		i = g.root[i]
	}
	return i
}

// findGroups partitions the stones into groups and counts their liberties in
// three linear passes.
func findGroups(ctx context.Context, b *Board) (*groups, error) {
	m := len(b.Cells)
	g := &groups{root: make([]int32, m), size: make([]int32, m), libs: make([]uint8, m), first: make([]int32, m)}
	cells := b.Cells
	// Pass 1: union each stone with its equal neighbours above and to the
	// left; every edge has exactly one endpoint later in reading order, so
	// every edge is seen once.
	i := 0
	for r := 1; r <= b.N; r++ {
		for p := 1; p <= r; p, i = p+1, i+1 {
			if err := poll(ctx, i); err != nil {
				return nil, err
			}
			g.root[i] = int32(i)
			c := cells[i]
			if c == 0 {
				continue
			}
			g.size[i] = 1
			if p > 1 {
				if cells[i-1] == c {
					g.union(int32(i-1), int32(i))
				}
				if cells[i-r] == c {
					g.union(int32(i-r), int32(i))
				}
			}
			if p < r && cells[i-r+1] == c {
				g.union(int32(i-r+1), int32(i))
			}
		}
	}
	// Pass 2: flatten, so root[i] is the root itself.
	for i := range m {
		if err := poll(ctx, i); err != nil {
			return nil, err
		}
		if cells[i] != 0 {
			g.root[i] = g.find(int32(i))
		}
	}
	// Pass 3: each empty vertex is a liberty of every group next to it.
	var buf [6]int32
	i = 0
	for r := 1; r <= b.N; r++ {
		for p := 1; p <= r; p, i = p+1, i+1 {
			if err := poll(ctx, i); err != nil {
				return nil, err
			}
			if cells[i] != 0 {
				continue
			}
			for _, j := range neighbours(buf[:], b.N, r, p, i) {
				if cells[j] == 0 {
					continue
				}
				k := g.root[j]
				switch {
				case g.libs[k] == 0:
					g.libs[k], g.first[k] = 1, int32(i)
				case g.libs[k] == 1 && g.first[k] != int32(i):
					g.libs[k] = 2 // two distinct liberties: no single move can kill it
				}
			}
		}
	}
	return g, nil
}

// union joins the groups of cells a and b, hanging the smaller tree under the
// larger: with path halving in find, that keeps every find near O(1)
// (inverse Ackermann), so the passes stay linear in the number of vertices.
func (g *groups) union(a, b int32) {
	ra, rb := g.find(a), g.find(b)
	if ra == rb {
		return
	}
	if g.size[ra] < g.size[rb] {
		ra, rb = rb, ra
	}
	g.root[rb] = ra
	g.size[ra] += g.size[rb]
}

// move is what placing a stone on one empty vertex does.
type move struct {
	points int
	killed []int32 // roots of the removed groups
	dies   bool    // the new stone is removed as well
}

// play evaluates placing stone c on the empty vertex i = (r, p). A group of
// another stone next to i dies iff i is its only liberty; the new stone joins
// its equal neighbours into one group, which dies iff neither the stone nor any
// of them has a liberty other than i. Groups not next to i keep their
// liberties, so nothing else changes (groups already without liberties count
// for no move, see Result.Unreachable). killed reuses buf.
func (g *groups) play(b *Board, c uint8, r, p, i int, nb []int32, buf []int32) move {
	mv := move{killed: buf[:0]}
	var own []int32 // distinct roots of equal neighbours, at most 6
	var ownBuf [6]int32
	own = ownBuf[:0]
	alive := false
	gain, loss := 0, 1 // loss counts the new stone
	for _, j := range neighbours(nb, b.N, r, p, i) {
		s := b.Cells[j]
		if s == 0 {
			alive = true // the new stone has a liberty of its own
			continue
		}
		k := g.root[j]
		if s == c {
			if !contains(own, k) {
				own = append(own, k)
				loss += int(g.size[k])
				alive = alive || g.libs[k] > 1
			}
		} else if g.libs[k] == 1 && !contains(mv.killed, k) {
			mv.killed = append(mv.killed, k)
			gain += int(g.size[k])
		}
	}
	mv.points = gain
	if !alive {
		mv.points -= loss
		mv.killed = append(mv.killed, own...)
		mv.dies = true
	}
	return mv
}

func contains(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// Solve returns the points of every empty vertex for player (1..9) on b, the
// best of them with every vertex reaching it, and the board after the first
// best move. A board without an empty vertex returns ErrNoMove; a cancelled
// ctx returns ctx.Err(). Time and memory are linear in the number of vertices.
func Solve(ctx context.Context, b *Board, player int) (*Result, error) {
	if player < 1 || player > 9 {
		return nil, fmt.Errorf("lifeline: player %d outside 1..9", player)
	}
	if err := b.check(); err != nil {
		return nil, err
	}
	g, err := findGroups(ctx, b)
	if err != nil {
		return nil, err
	}
	res := &Result{N: b.N, Player: player, Points: make([]int, len(b.Cells))}
	c := uint8(player)
	var nb, killed [6]int32
	first, found := 0, false
	i := 0
	for r := 1; r <= b.N; r++ {
		for p := 1; p <= r; p, i = p+1, i+1 {
			if err := poll(ctx, i); err != nil {
				return nil, err
			}
			if b.Cells[i] != 0 {
				continue
			}
			pts := g.play(b, c, r, p, i, nb[:], killed[:]).points
			res.Points[i] = pts
			switch {
			case !found || pts > res.Best:
				res.Best, first, found = pts, i, true
				res.Moves = append(res.Moves[:0], [2]int{r, p})
			case pts == res.Best:
				res.Moves = append(res.Moves, [2]int{r, p})
			}
		}
	}
	if !found {
		return nil, ErrNoMove
	}
	if err := g.apply(ctx, b, c, first, res); err != nil {
		return nil, err
	}
	if err := g.unreachable(ctx, b, res); err != nil {
		return nil, err
	}
	return res, nil
}

// apply fills res.After and res.Removed for placing c on vertex i.
func (g *groups) apply(ctx context.Context, b *Board, c uint8, i int, res *Result) error {
	var nb, killed [6]int32
	r, p := Coord(i)
	mv := g.play(b, c, r, p, i, nb[:], killed[:])
	res.After = b.Clone()
	res.Removed = make([]bool, len(b.Cells))
	res.After.Cells[i] = c
	if mv.dies {
		res.After.Cells[i] = 0
		res.Removed[i] = true
	}
	if len(mv.killed) == 0 {
		return nil
	}
	for j, s := range b.Cells {
		if err := poll(ctx, j); err != nil {
			return err
		}
		if s != 0 && contains(mv.killed, g.root[j]) {
			res.After.Cells[j] = 0
			res.Removed[j] = true
		}
	}
	return nil
}

// unreachable fills res.Unreachable with the groups that have no liberty.
// All their cells share one backing array: a board can hold a million dead
// single stones, and a million small allocations would dominate the solve.
func (g *groups) unreachable(ctx context.Context, b *Board, res *Result) error {
	total, count := 0, 0
	for j, s := range b.Cells {
		if s != 0 && g.root[j] == int32(j) && g.libs[j] == 0 {
			total += int(g.size[j])
			count++
		}
	}
	if count == 0 {
		return nil
	}
	res.Unreachable = make([]Group, 0, count)
	backing := make([][2]int, total)
	// seen maps a dead root to 1 + its place in res.Unreachable, 0 before its
	// first cell. first[] is free for such roots (they have no liberty to
	// record, so it still holds its initial 0) and is reused.
	seen := g.first
	for j, s := range b.Cells {
		if err := poll(ctx, j); err != nil {
			return err
		}
		if s == 0 {
			continue
		}
		k := g.root[j]
		if g.libs[k] != 0 {
			continue
		}
		if seen[k] == 0 {
			n := int(g.size[k])
			res.Unreachable = append(res.Unreachable, Group{Stone: s, Cells: backing[:0:n]})
			backing = backing[n:]
			seen[k] = int32(len(res.Unreachable))
		}
		r, p := Coord(j)
		grp := &res.Unreachable[seen[k]-1]
		grp.Cells = append(grp.Cells, [2]int{r, p}) // within its capacity: no copy
	}
	return nil
}
