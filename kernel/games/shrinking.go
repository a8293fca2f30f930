package games

import "math/big"

// Shrinkable is an instance shrink can make smaller: its parts (vertices,
// coins, stones) and its values, which it may delete and change one copy
// at a time. Positions count parts and values from 0, in the game's order.
type Shrinkable interface {
	// Parts is how many parts may be deleted.
	Parts() int
	// WithoutParts is the instance without parts [i, j); false when that
	// leaves no instance (no vertex, no coin).
	WithoutParts(i, j int) (Position, bool)
	// ShrinkValues are the values that may be made smaller, in order.
	ShrinkValues() []*big.Int
	// WithValue is the instance with value i set to v; false when the game
	// does not allow v there (a stone 0).
	WithValue(i int, v *big.Int) (Position, bool)
	// Smaller are steps of the game's own, larger than deleting a part,
	// tried before them: a board without its last row. Nil: none.
	Smaller() []Position
	// Simpler are forms of the same size and values, each one step
	// simpler, tried after the values: a polygon with a '*' or '-' edge
	// made '+'. Nil: none.
	Simpler() []Position
}
