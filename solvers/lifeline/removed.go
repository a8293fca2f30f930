package lifeline

import (
	"context"
	"fmt"
)

// members lists every group's stones: the cells of the group with root k are
// order[end[k]-size[k] : end[k]], in reading order. It is built on demand,
// since Solve itself needs only the best move's stones.
type members struct {
	order []int32
	end   []int32 // per root; the groups' first array, free after Solve
}

// membersBytes is the memory of the index for m cells (end reuses memory
// Solve already holds).
func membersBytes(m int) int64 { return 4 * int64(m) }

// buildMembers sorts the stones by group in two linear passes (a counting
// sort whose keys are the roots, so each group keeps reading order).
func buildMembers(ctx context.Context, b *Board, g *groups) (*members, error) {
	stones := 0
	end := g.first // no longer needed once the liberties are counted
	for j, s := range b.Cells {
		if err := poll(ctx, j); err != nil {
			return nil, err
		}
		if s != 0 && g.root[j] == int32(j) {
			end[j] = int32(stones) // where the group starts, for now
			stones += int(g.size[j])
		}
	}
	order := make([]int32, stones)
	for j, s := range b.Cells {
		if err := poll(ctx, j); err != nil {
			return nil, err
		}
		if s != 0 {
			k := g.root[j]
			order[end[k]] = int32(j)
			end[k]++
		}
	}
	return &members{order: order, end: end}, nil
}

// group is the cells of the group with root k, in reading order.
func (ms *members) group(g *groups, k int32) []int32 {
	return ms.order[ms.end[k]-g.size[k] : ms.end[k]]
}

// members returns the index, building it on the first call (and again after
// a cancelled build).
func (res *Result) members(ctx context.Context) (*members, error) {
	res.mu.Lock()
	defer res.mu.Unlock()
	if res.idx == nil {
		idx, err := buildMembers(ctx, res.turn.b, res.turn.g)
		if err != nil {
			return nil, err
		}
		res.idx = idx
	}
	return res.idx, nil
}

// RemovedAt lists the stones a stone of res.Player on the empty vertex
// (row, pos) removes, as [row, position, stone] in reading order, the new
// stone included when it is removed itself; nil when it removes nothing.
// For an illegal vertex (see Illegal) it is what the move would remove,
// stones of the mover's own among them, which is why it is illegal.
//
// Each group can be removed from one vertex only (its last liberty), so the
// lists of all vertices together hold at most one entry per stone plus one
// per empty vertex. The first call builds an index of the groups in linear
// time (memory within SolveBytes); later calls take time proportional to the
// list. A cancelled ctx returns ctx.Err().
func (res *Result) RemovedAt(ctx context.Context, row, pos int) ([][3]int, error) {
	if res.turn == nil {
		return nil, fmt.Errorf("lifeline: the result does not come from Solve")
	}
	t := res.turn
	b := t.b
	if !b.Contains(row, pos) {
		return nil, fmt.Errorf("lifeline: vertex (%d,%d) outside a %s", row, pos, b.describe())
	}
	i := b.Index(row, pos)
	if b.Cells[i] != 0 {
		return nil, fmt.Errorf("lifeline: vertex (%d,%d) holds stone %d", row, pos, b.Cells[i])
	}
	mv := t.playAt(i)
	if !mv.dies && len(mv.killed) == 0 {
		return nil, nil
	}
	var lists [maxDegree + 1][]int32
	n := 0
	if len(mv.killed) > 0 {
		idx, err := res.members(ctx)
		if err != nil {
			return nil, err
		}
		for _, k := range mv.killed {
			lists[n] = idx.group(t.g, k)
			n++
		}
	}
	self := [1]int32{int32(i)}
	if mv.dies {
		lists[n] = self[:]
		n++
	}
	return mergeStones(ctx, b, lists[:n], t.stone, i)
}

// mergeStones merges the sorted, disjoint cell lists into one list of stones
// in reading order; cell i is the new stone (its cell is still empty).
func mergeStones(ctx context.Context, b *Board, lists [][]int32, stone uint8, i int) ([][3]int, error) {
	total := 0
	for _, l := range lists {
		total += len(l)
	}
	out := make([][3]int, 0, total)
	for len(out) < total {
		if err := poll(ctx, len(out)); err != nil {
			return nil, err
		}
		least := -1 // the list whose head comes first in reading order
		for k, l := range lists {
			if len(l) > 0 && (least < 0 || l[0] < lists[least][0]) {
				least = k
			}
		}
		j := int(lists[least][0])
		lists[least] = lists[least][1:]
		s := b.Cells[j]
		if j == i {
			s = stone
		}
		r, p := b.Coord(j)
		out = append(out, [3]int{r, p, int(s)})
	}
	return out, nil
}
