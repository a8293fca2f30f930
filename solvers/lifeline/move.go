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
}

// Place puts player's stone on the empty vertex (r, p) of b and removes what
// the rules remove, counting groups that touched no empty vertex before the
// move for nothing (as Solve does). It is for lines of play that need not be
// optimal; Solve finds the best vertex. Time and memory are linear in the
// number of vertices; a cancelled ctx returns ctx.Err().
func Place(ctx context.Context, b *Board, player, r, p int) (*Move, error) {
	if player < 1 || player > 9 {
		return nil, fmt.Errorf("lifeline: player %d outside 1..9", player)
	}
	if err := b.check(); err != nil {
		return nil, err
	}
	if !b.Contains(r, p) {
		return nil, fmt.Errorf("lifeline: vertex (%d,%d) outside a board of size %d", r, p, b.N)
	}
	i := b.Index(r, p)
	if b.Cells[i] != 0 {
		return nil, fmt.Errorf("lifeline: vertex (%d,%d) holds stone %d", r, p, b.Cells[i])
	}
	g, err := findGroups(ctx, b)
	if err != nil {
		return nil, err
	}
	var nb, killed [6]int32
	res := &Result{}
	if err := g.apply(ctx, b, uint8(player), i, res); err != nil {
		return nil, err
	}
	return &Move{Points: g.play(b, uint8(player), r, p, i, nb[:], killed[:]).points, After: res.After, Removed: res.Removed}, nil
}
