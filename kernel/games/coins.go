package games

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/display"
)

// Coins is a row of coins (SPEC §1.2), immutable like Polygon. The exported
// fields are a read-only view for expr (`c.n`, `c.values`, 0-based as every
// expr list); `at(c, 1)` is the first coin.
type Coins struct {
	N      int   `expr:"n"`
	Values []any `expr:"values"` // int when it fits, else *big.Int

	row []*big.Int
}

// NewCoins wraps a row (not copied: the caller hands it over).
func NewCoins(row []*big.Int) *Coins {
	return &Coins{N: len(row), Values: numbers(row), row: row}
}

// Row returns the coins; callers must not change them.
func (c *Coins) Row() []*big.Int { return c.row }

func (c *Coins) TypeName() string { return "coins" }

// String is the row as coins() reads it back: "10 80 90 30".
func (c *Coins) String() string { return strings.Join(bigStrings(c.row), " ") }

// Text draws the row.
func (c *Coins) Text() string { return c.picture("").Text() }

// SVG draws the row.
func (c *Coins) SVG() string { return c.picture("").SVG() }

// picture is the row, coloured by who takes each coin when moves is given.
func (c *Coins) picture(moves string) display.Row {
	return display.Row{Coins: bigStrings(c.row), Moves: moves, Caption: fmt.Sprintf("coins(%q)", c.String())}
}

// SetIndex implements `c[i] = v`.
func (c *Coins) SetIndex(index []any, v any) (any, error) {
	i, err := oneIndex("c[i] = v", index, c.N)
	if err != nil {
		return nil, err
	}
	b, msg := toBig(v)
	if msg != "" {
		return nil, fmt.Errorf("c[%d] = v: the value %s", i, msg)
	}
	return c.with(func(row []*big.Int) []*big.Int { row[i-1] = b; return row }), nil
}

// GetIndex implements reading `c[i]`.
func (c *Coins) GetIndex(index []any) (any, error) {
	i, err := oneIndex("c[i]", index, c.N)
	if err != nil {
		return nil, err
	}
	return c.Values[i-1], nil
}

// with returns a changed copy; edit may also grow or shrink the row.
func (c *Coins) with(edit func(row []*big.Int) []*big.Int) *Coins {
	return NewCoins(edit(slices.Clone(c.row)))
}
