package lifeline

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// ErrNoMove is returned by Solve for a board without an empty vertex: the
// player has no move, so there are no points to report. (ErrNoLegalMove, for
// a board whose every empty vertex the rules forbid, matches it too.)
var ErrNoMove = errors.New("lifeline: the board has no empty vertex, so there is no move")

// Result is the answer for one turn of player Player on a board of size N
// and its Grid, under Rules.
//
// Points are bounded by the number of vertices (< 2^31, see MaxN), so int
// cannot overflow, not even a 32-bit one.
type Result struct {
	N, Player int
	Best      int      // the best points over all legal empty vertices
	Moves     [][2]int // every legal vertex reaching Best as [row, position], in reading order
	// Points holds, per Cells index, the points of placing the stone there.
	// Only empty cells have points; occupied cells hold 0 (test the board's
	// cell, not the value, to tell them apart). An illegal vertex holds the
	// points the move would make were it allowed.
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
	// in play; the contest's judge counts them for no move, and so does Solve
	// under every rule: they would be removed by every move alike, so the best
	// vertex is the same either way. Callers warn that the board is
	// unreachable.
	Unreachable []Group

	Grid  Grid
	Rules Rules
	// Illegal marks, per Cells index, the empty vertices the rules forbid
	// (only under Rules.NoSuicide: a stone there would remove stones of its
	// own). Moves and Best leave them out.
	Illegal []bool

	turn *turn // the board (a copy) and its groups, for RemovedAt
	mu   sync.Mutex
	idx  *members // built by the first RemovedAt that needs it
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
	if len(g.Cells) == 1 {
		fmt.Fprintf(&sb, "stone %d at", g.Stone)
	} else {
		fmt.Fprintf(&sb, "%d stones %d at", len(g.Cells), g.Stone)
	}
	for i, c := range g.Cells {
		if i == show {
			fmt.Fprintf(&sb, " … (%d more)", len(g.Cells)-show)
			break
		}
		fmt.Fprintf(&sb, " (%d,%d)", c[0], c[1])
	}
	return sb.String()
}

// Solve returns the points of every empty vertex for player (1..9) on b under
// the judge's rules (Rules{}.Solve takes others), the best of them with every
// vertex reaching it, and the board after the first best move. A board
// without an empty vertex returns ErrNoMove, one without a legal vertex
// ErrNoLegalMove; a cancelled ctx returns ctx.Err(). Time and memory are
// linear in the number of vertices, at most SolveBytes.
func Solve(ctx context.Context, b *Board, player int) (*Result, error) {
	return solve(ctx, b, player, Rules{})
}

// SolveBytes bounds the memory Solve allocates on a board of size n of grid
// g, its result included (with the index a RemovedAt builds, not the lists
// it returns), for callers to refuse a board before solving it. The bound is
// reached on a board of dead single stones; most boards need half of it.
func SolveBytes(g Grid, n int) int64 {
	m := int64(g.CellCount(n))
	// The board's copy; the groups; Points; Illegal, After and Removed; the
	// member index; Moves (16 bytes per empty vertex) or Unreachable (a
	// 32-byte Group and a 16-byte cell per stone), whichever is larger.
	// The last term is what rounding each allocation up to whole pages adds.
	return m + groupsBytes(int(m)) + 8*m + 3*m + membersBytes(int(m)) + 48*m + allocSlack
}

// allocSlack bounds what the allocator adds to the bytes asked for by one
// solve or placement: a large object takes whole 8 KiB pages, and there are
// a dozen of them.
const allocSlack = 1 << 18

// checkTurn reports why player cannot move on b under rules, or nil.
func checkTurn(b *Board, player int, rules Rules) error {
	if player < 1 || player > 9 {
		return fmt.Errorf("lifeline: player %d outside 1..9", player)
	}
	if err := rules.check(); err != nil {
		return err
	}
	return b.check()
}

func solve(ctx context.Context, b *Board, player int, rules Rules) (*Result, error) {
	if err := checkTurn(b, player, rules); err != nil {
		return nil, err
	}
	b = b.Clone() // the result's own, for RemovedAt
	g, err := findGroups(ctx, b)
	if err != nil {
		return nil, err
	}
	t := &turn{b: b, g: g, stone: uint8(player), rules: rules}
	m := len(b.Cells)
	res := &Result{N: b.N, Player: player, Grid: b.Grid, Rules: rules,
		Points: make([]int, m), Illegal: make([]bool, m), turn: t}
	var buf moveBuf
	cells, points, illegal := b.Cells, res.Points, res.Illegal
	first, count, empty := -1, 0, false
	for r := 1; r <= b.N; r++ {
		w := b.row(r)
		for p, i := 1, w.start; p <= w.width; p, i = p+1, i+1 {
			if err := poll(ctx, i); err != nil {
				return nil, err
			}
			if cells[i] != 0 {
				continue
			}
			empty = true
			mv := t.play(&w, p, i, &buf)
			points[i] = mv.points
			switch {
			case mv.illegal:
				illegal[i] = true
			case first < 0 || mv.points > res.Best:
				res.Best, first, count = mv.points, i, 1
			case mv.points == res.Best:
				count++
			}
		}
	}
	switch {
	case !empty:
		return nil, ErrNoMove
	case first < 0:
		return nil, ErrNoLegalMove
	}
	if err := res.collectMoves(ctx, first, count); err != nil {
		return nil, err
	}
	if res.After, res.Removed, _, err = t.apply(ctx, first, t.playAt(first), false); err != nil {
		return nil, err
	}
	if err := g.unreachable(ctx, b, res); err != nil {
		return nil, err
	}
	return res, nil
}

// collectMoves fills res.Moves with the count legal vertices reaching
// res.Best, the first at Cells index first: a second pass, so the list is
// allocated once at its size (a million best vertices on an empty board).
func (res *Result) collectMoves(ctx context.Context, first, count int) error {
	b := res.turn.b
	res.Moves = make([][2]int, 0, count)
	r, _ := b.Coord(first)
	w := b.row(r)
	for i := first; len(res.Moves) < count; i++ {
		if err := poll(ctx, i); err != nil {
			return err
		}
		if res.Points[i] != res.Best || b.Cells[i] != 0 || res.Illegal[i] {
			continue
		}
		for i >= w.start+w.width {
			w = b.row(w.r + 1)
		}
		res.Moves = append(res.Moves, [2]int{w.r, i - w.start + 1})
	}
	return nil
}

// playAt is play on any empty vertex i.
func (t *turn) playAt(i int) move {
	r, p := t.b.Coord(i)
	w := t.b.row(r)
	var buf moveBuf
	return t.play(&w, p, i, &buf)
}

// apply plays mv, the move on vertex i: the board after it, the vertices it
// cleared and, if stones is set, the removed stones as [row, position,
// stone] in reading order.
func (t *turn) apply(ctx context.Context, i int, mv move, stones bool) (*Board, []bool, [][3]int, error) {
	b, root := t.b, t.g.root
	after := b.Clone()
	removed := make([]bool, len(b.Cells))
	after.Cells[i] = t.stone
	count := 0 // the stones removed
	if mv.dies {
		after.Cells[i] = 0
		removed[i] = true
		count++
	}
	if len(mv.killed) > 0 {
		for j, s := range b.Cells {
			if err := poll(ctx, j); err != nil {
				return nil, nil, nil, err
			}
			if s != 0 && contains(mv.killed, root[j]) {
				after.Cells[j] = 0
				removed[j] = true
				count++
			}
		}
	}
	if !stones || count == 0 {
		return after, removed, nil, nil
	}
	list := make([][3]int, 0, count)
	for j, gone := range removed {
		if err := poll(ctx, j); err != nil {
			return nil, nil, nil, err
		}
		if gone {
			s := b.Cells[j]
			if j == i {
				s = t.stone
			}
			r, p := b.Coord(j)
			list = append(list, [3]int{r, p, int(s)})
		}
	}
	return after, removed, list, nil
}

// unreachable fills res.Unreachable with the groups that have no liberty.
// All their cells share one backing array: a board can hold a million dead
// single stones, and a million small allocations would dominate the solve.
func (g *groups) unreachable(ctx context.Context, b *Board, res *Result) error {
	count, total := g.deadGroups, g.deadStones
	if count == 0 {
		return nil
	}
	res.Unreachable = make([]Group, 0, count)
	backing := make([][2]int, total)
	// seen maps a dead root to 1 + its place in res.Unreachable, 0 before its
	// first cell. first[] is free for such roots (they have no liberty to
	// record, so it still holds its initial 0) and is reused.
	seen := g.first
	for r := 1; r <= b.N; r++ {
		w := b.row(r)
		for p, j := 1, w.start; p <= w.width; p, j = p+1, j+1 {
			if err := poll(ctx, j); err != nil {
				return err
			}
			s := b.Cells[j]
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
			grp := &res.Unreachable[seen[k]-1]
			grp.Cells = append(grp.Cells, [2]int{r, p}) // within its capacity: no copy
			if total--; total == 0 {
				return nil // the last dead stone: the rest of the board is alive
			}
		}
	}
	return nil
}
