package coins

import (
	"math/big"
	"slices"

	"gamelab/kernel/games"
)

// What shrink and the engine's experiments need of a row: its coins, as
// parts and as values.

// Parts is the coins.
func (c *Coins) Parts() int { return c.N }

// WithoutParts is the row without coins i..j−1 (from 0); false when no
// coin would be left.
func (c *Coins) WithoutParts(i, j int) (games.Position, bool) {
	if j-i >= c.N {
		return nil, false
	}
	return c.with(func(row []*big.Int) []*big.Int { return slices.Delete(row, i, j) }), true
}

// ShrinkValues are the coins.
func (c *Coins) ShrinkValues() []*big.Int { return c.Row() }

// WithValue is the row with coin i+1 set to v.
func (c *Coins) WithValue(i int, v *big.Int) (games.Position, bool) {
	return c.with(func(row []*big.Int) []*big.Int { row[i] = v; return row }), true
}

// Smaller is nil: a row has no steps of its own past deleting coins.
func (c *Coins) Smaller() []games.Position { return nil }

// Simpler is nil: a row has no simpler form of the same coins.
func (c *Coins) Simpler() []games.Position { return nil }

// Size is the coins, for smallest.
func (c *Coins) Size() int { return c.N }

// Slots: a row of n coins is its n values.
func (c *Coins) Slots(n int) (int, []int) { return n, nil }

// Build is the row of the values under c's rules.
func (c *Coins) Build(_ int, values []*big.Int, _ []int) (games.Position, bool) {
	return newCoins(slices.Clone(values), c.rules()), true
}
