package lifeline

import (
	"context"
	"fmt"
)

// Move is what placing one stone does: the move's points, the board after
// it and the vertices it cleared (the new stone's included when it died).
type Move struct {
	Points  int
	After   *Board
	Removed []bool // per Cells index
	// RemovedStones lists the removed stones as [row, position, stone] in
	// reading order (the new stone included when it died).
	RemovedStones [][3]int
}

// Place puts player's stone on the empty vertex (r, p) of b under the
// judge's rules (Rules{}.Place takes others) and removes what the rules
// remove, counting groups that touched no empty vertex before the move for
// nothing (as Solve does). It is for lines of play that need not be optimal;
// Solve finds the best vertex. Time and memory are linear in the number of
// vertices (at most PlaceBytes); a cancelled ctx returns ctx.Err().
func Place(ctx context.Context, b *Board, player, r, p int) (*Move, error) {
	return place(ctx, b, player, r, p, Rules{})
}

// PlaceBytes bounds the memory Place allocates on a board of size n of grid
// g, its result included.
func PlaceBytes(g Grid, n int) int64 {
	m := int64(g.CellCount(n))
	// The groups, After and Removed, and 24 bytes per removed stone.
	return groupsBytes(int(m)) + 2*m + 24*m + allocSlack
}

func place(ctx context.Context, b *Board, player, r, p int, rules Rules) (*Move, error) {
	if err := checkTurn(b, player, rules); err != nil {
		return nil, err
	}
	if !b.Contains(r, p) {
		return nil, fmt.Errorf("lifeline: vertex (%d,%d) outside a %s", r, p, b.describe())
	}
	i := b.Index(r, p)
	if b.Cells[i] != 0 {
		return nil, fmt.Errorf("lifeline: vertex (%d,%d) holds stone %d", r, p, b.Cells[i])
	}
	g, err := findGroups(ctx, b)
	if err != nil {
		return nil, err
	}
	t := &turn{b: b, g: g, stone: uint8(player), rules: rules}
	mv := t.playAt(i)
	if mv.illegal {
		return nil, &IllegalMoveError{Row: r, Pos: p, Player: player, Own: mv.own}
	}
	after, removed, stones, err := t.apply(ctx, i, mv, true)
	if err != nil {
		return nil, err
	}
	return &Move{Points: mv.points, After: after, Removed: removed, RemovedStones: stones}, nil
}
