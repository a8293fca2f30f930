package lifeline

import "context"

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
	// of them (the only one when libs[g] == 1). first is needed only while
	// the liberties are counted; later passes reuse it (see unreachable and
	// members).
	size  []int32
	libs  []uint8
	first []int32
	// deadGroups and deadStones count the groups without a liberty and
	// their stones (see Result.Unreachable), so that pass can size its lists
	// without a pass of its own, and be skipped when there are none.
	deadGroups, deadStones int
}

// groupsBytes is the memory findGroups allocates for m cells.
func groupsBytes(m int) int64 { return int64(m) * (4 + 4 + 1 + 4) }

// Unreachable lists the groups of b without an empty neighbour, in reading
// order of their first vertex (Result.Unreachable, without solving a
// turn): what randboard empties. It allocates UnreachableBytes, and the
// lists: 48 bytes per stone of the groups it returns.
func Unreachable(ctx context.Context, b *Board) ([]Group, error) {
	if err := b.check(); err != nil {
		return nil, err
	}
	g, err := findGroups(ctx, b)
	if err != nil {
		return nil, err
	}
	var res Result
	if err := g.unreachable(ctx, b, &res); err != nil {
		return nil, err
	}
	return res.Unreachable, nil
}

// UnreachableBytes bounds the memory Unreachable allocates on a board of
// size n of grid gr before its lists: the board's groups.
func UnreachableBytes(gr Grid, n int) int64 {
	return groupsBytes(gr.CellCount(n)) + allocSlack
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
// two linear passes.
func findGroups(ctx context.Context, b *Board) (*groups, error) {
	m := len(b.Cells)
	g := &groups{root: make([]int32, m), size: make([]int32, m), libs: make([]uint8, m), first: make([]int32, m)}
	cells := b.Cells
	stones, roots := 0, 0
	// Pass 1: union each stone with its equal neighbours before it in reading
	// order, (r, p−1), (r−1, p) and on the triangle (r−1, p−1): every edge
	// has exactly one later endpoint, so every edge is seen once.
	for r := 1; r <= b.N; r++ {
		w := b.row(r)
		for p, i := 1, w.start; p <= w.width; p, i = p+1, i+1 {
			if err := poll(ctx, i); err != nil {
				return nil, err
			}
			g.root[i] = int32(i)
			c := cells[i]
			if c == 0 {
				continue
			}
			g.size[i] = 1
			stones++
			roots++
			k := int32(i) // the root of i's group so far
			up := i - int(w.up)
			if p > 1 {
				if cells[i-1] == c {
					k = g.join(k, int32(i-1), &roots)
				}
				if w.diagonal && cells[up-1] == c {
					k = g.join(k, int32(up-1), &roots)
				}
			}
			if p <= w.above && cells[up] == c {
				g.join(k, int32(up), &roots)
			}
		}
	}
	// Pass 2, in reading order: flatten each stone's entry to its root, and
	// count each empty vertex as a liberty of every group next to it (its
	// later neighbours are not flattened yet, so they are looked up).
	root, libs, first := g.root, g.libs, g.first
	var buf [maxDegree]int32
	for r := 1; r <= b.N; r++ {
		w := b.row(r)
		for p, i := 1, w.start; p <= w.width; p, i = p+1, i+1 {
			if err := poll(ctx, i); err != nil {
				return nil, err
			}
			if cells[i] != 0 {
				root[i] = g.find(int32(i))
				continue
			}
			for _, j := range w.neighbours(buf[:0], p, int32(i)) {
				if cells[j] == 0 {
					continue
				}
				k := g.find(j)
				switch {
				case libs[k] == 0:
					libs[k], first[k] = 1, int32(i)
					stones -= int(g.size[k]) // alive: what remains is dead
					roots--
				case libs[k] == 1 && first[k] != int32(i):
					libs[k] = 2 // two distinct liberties: no single move can kill it
				}
			}
		}
	}
	g.deadGroups, g.deadStones = roots, stones
	return g, nil
}

// join joins the group of root k with that of cell j and returns the root of
// the whole, counting a merge of two groups off roots. It hangs the smaller
// tree under the larger: with path halving in find, that keeps every find
// near O(1) (inverse Ackermann), so the passes stay linear in the number of
// vertices.
func (g *groups) join(k, j int32, roots *int) int32 {
	rj := g.find(j)
	if rj == k {
		return k
	}
	*roots--
	if g.size[rj] < g.size[k] {
		rj, k = k, rj
	}
	g.root[k] = rj
	g.size[rj] += g.size[k]
	return rj
}

// turn is one player's turn on a board whose groups are known.
type turn struct {
	b     *Board
	g     *groups
	stone uint8
	rules Rules
}

// move is what placing a stone on one empty vertex does.
type move struct {
	points  int
	killed  []int32 // roots of the removed groups (the mover's own ones last)
	dies    bool    // the new stone is removed as well (with the groups it joins)
	own     int     // the mover's stones removed, the new one included
	illegal bool    // the rules forbid the move
}

// moveBuf is scratch space for play, so a pass over a million vertices does
// not allocate.
type moveBuf struct {
	nb, killed, own [maxDegree]int32
}

// play evaluates placing the turn's stone on the empty vertex i = (w.r, p). A
// group of another stone next to i loses its last liberty iff i is its only
// one; the new stone joins its equal neighbours into one group, which has no
// liberty iff neither the stone nor any of them has a liberty other than i.
// Together removes both at once; others-first removes the others first, which
// frees i's neighbours, so the mover's group dies only when nothing was
// captured. Groups not next to i keep their liberties, so nothing else changes
// (groups already without liberties count for no move, see
// Result.Unreachable).
func (t *turn) play(w *row, p, i int, buf *moveBuf) move {
	cells, root, libs, size, stone := t.b.Cells, t.g.root, t.g.libs, t.g.size, t.stone
	mv := move{killed: buf.killed[:0]}
	own := buf.own[:0] // distinct roots of equal neighbours
	alive := false
	gain, loss := 0, 1 // loss counts the new stone
	for _, j := range w.neighbours(buf.nb[:0], p, int32(i)) {
		s := cells[j]
		if s == 0 {
			alive = true // the new stone has a liberty of its own
			continue
		}
		k := root[j]
		if s == stone {
			if !contains(own, k) {
				own = append(own, k)
				loss += int(size[k])
				alive = alive || libs[k] > 1
			}
		} else if libs[k] == 1 && !contains(mv.killed, k) {
			mv.killed = append(mv.killed, k)
			gain += int(size[k])
		}
	}
	mv.points = gain
	mv.dies = !alive && (t.rules.Capture == Together || gain == 0)
	if mv.dies {
		mv.points -= loss
		mv.own = loss
		mv.killed = append(mv.killed, own...)
		mv.illegal = t.rules.NoSuicide
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
