package lifeline

import (
	"math/big"

	"gamelab/kernel/games"
	solver "gamelab/solvers/lifeline"
)

// What shrink and the engine's experiments need of a board: fewer rows
// (Smaller), its stones as parts (deleting one empties its vertex) and as
// values (1..9). Every board they make can arise in play: it has an empty
// vertex and no group without one next to it (see Board.reachable).

// Smaller is the board without its last row (and, on the square, its last
// column), when that board can arise in play.
func (b *Board) Smaller() []games.Position {
	if b.N == 1 {
		return nil
	}
	q := b.b.Grid.NewBoard(b.N - 1)
	for r := 1; r < b.N; r++ {
		for p := 1; q.Contains(r, p); p++ {
			q.Cells[q.Index(r, p)] = b.b.At(r, p)
		}
	}
	if !reachable(q) {
		return nil
	}
	return []games.Position{b.keepTurn(newBoard(q, b.rules))}
}

// keepTurn is c, a changed copy of b, with b's order of play and mover
// (a judge's player).
func (b *Board) keepTurn(c *Board) *Board {
	c.order, c.mover = b.order, b.mover
	return c
}

// reachable says q has an empty vertex and every group touches one: play
// can reach it.
func reachable(q *solver.Board) bool {
	empty := false
	for _, c := range q.Cells {
		empty = empty || c == 0
	}
	if !empty {
		return false
	}
	res, err := solver.Solve(nonCancel, q, 1)
	return err == nil && len(res.Unreachable) == 0
}

// stoneCells are the indices of the board's stones, in reading order.
func (b *Board) stoneCells() []int {
	var out []int
	for i, c := range b.b.Cells {
		if c != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Parts is the stones on the board.
func (b *Board) Parts() int { return len(b.stoneCells()) }

// WithoutParts is the board with stones i..j−1 (in reading order, from 0)
// taken off: emptying vertices only gives groups room, so it can always
// arise in play.
func (b *Board) WithoutParts(i, j int) (games.Position, bool) {
	cells := b.stoneCells()
	return b.keepTurn(b.with(func(q *solver.Board) {
		for _, k := range cells[i:j] {
			q.Cells[k] = 0
		}
	})), true
}

// ShrinkValues are the stones, in reading order.
func (b *Board) ShrinkValues() []*big.Int {
	var out []*big.Int
	for _, k := range b.stoneCells() {
		out = append(out, big.NewInt(int64(b.b.Cells[k])))
	}
	return out
}

// WithValue is the board with stone i (in reading order) changed to v,
// 1..9; false when v is no stone or the board could not arise in play (a
// part of its old group cut off from every empty vertex).
func (b *Board) WithValue(i int, v *big.Int) (games.Position, bool) {
	if !v.IsInt64() || v.Int64() < 1 || v.Int64() > 9 {
		return nil, false
	}
	k := b.stoneCells()[i]
	c := b.with(func(q *solver.Board) { q.Cells[k] = uint8(v.Int64()) })
	if !reachable(c.b) {
		return nil, false
	}
	return b.keepTurn(c), true
}

// Simpler is nil: a board has no simpler form of the same size and values.
func (b *Board) Simpler() []games.Position { return nil }

// Size is the rows, for smallest.
func (b *Board) Size() int { return b.N }

// Slots: a board of n rows is its cells.
func (b *Board) Slots(n int) (int, []int) { return len(b.b.Grid.NewBoard(n).Cells), nil }

// Build is the board of n rows with those cells (0 empty, 1..9 a stone)
// under b's rules and order of play, when play can reach it.
func (b *Board) Build(n int, values []*big.Int, _ []int) (games.Position, bool) {
	q := b.b.Grid.NewBoard(n)
	for i, v := range values {
		if !v.IsInt64() || v.Int64() < 0 || v.Int64() > 9 {
			return nil, false
		}
		q.Cells[i] = uint8(v.Int64())
	}
	if !reachable(q) {
		return nil, false
	}
	return b.keepTurn(newBoard(q, b.rules)), true
}
