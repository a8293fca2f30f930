package games

import "math/big"

// Enumerable is an instance whose game can make every small instance
// like it, for smallest(x, {…}), which searches them all in order. An
// instance of size n (vertices, coins, a board's rows) is its values and,
// where the game has them, choices of its own (a polygon's operators):
// the search gives each value from a range and each choice by its index,
// simplest first.
type Enumerable interface {
	// Size is the instance's own size: how many vertices, coins or rows.
	Size() int
	// Slots says what an instance of size n holds under this one's rules:
	// how many values, and how many ways each choice of its own goes (a
	// polygon: one choice per edge, among the operators this one uses,
	// simplest first).
	Slots(n int) (values int, choices []int)
	// Build is the instance of size n with values (a board's are its
	// cells: 0 empty, else a stone) and choices (indices, as Slots counts
	// them), under this one's rules; false when the game has no such
	// instance (a cell no stone, a board play cannot reach).
	Build(n int, values []*big.Int, choices []int) (Position, bool)
}
