package games

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/display"
)

// Coins is a row of coins (rules: docs/rules.md), immutable like Polygon. The exported
// fields are a read-only view for expr (`c.n`, `c.values`, 0-based as every
// expr list); `at(c, 1)` is the first coin.
type Coins struct {
	N      int   `expr:"n"`
	Values []any `expr:"values"` // int when it fits, else *big.Int

	row []*big.Int
}

// NewCoins wraps a row (not copied: the caller hands it over).
func NewCoins(row []*big.Int) *Coins {
	return &Coins{N: len(row), Values: Numbers(row), row: row}
}

// Row returns the coins; callers must not change them.
func (c *Coins) Row() []*big.Int { return c.row }

func (c *Coins) TypeName() string { return "coins" }

// String is the row as coins() reads it back: "10 80 90 30".
func (c *Coins) String() string { return strings.Join(BigStrings(c.row), " ") }

// Text draws the row; a row too long to draw says what it is instead.
func (c *Coins) Text() string { return TextOf(c, false) }

// SVG draws the row (a card when too long).
func (c *Coins) SVG() string { return SVGOf(c, false) }

func (c *Coins) WriteText(w io.Writer, full bool) error {
	return DrawText(w, c.picture(""), full, c.card, c.TextWhy())
}

func (c *Coins) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, c.picture(""), full, c.card, fmt.Sprintf("more than %d coins", display.MaxSVGCoins))
}

// picture is the row, coloured by who takes each coin when moves is given.
// Its caption is the row as coins() reads it, while that is short.
func (c *Coins) picture(moves string) display.Row {
	caption := "coins of " + Count(c.N, "coin", "coins")
	if c.N <= display.MaxTextCoins {
		caption = fmt.Sprintf("coins(%q)", c.String())
	}
	return display.Row{Coins: BigStrings(c.row), Moves: moves, Caption: caption}
}

// TextWhy says which limit of the text drawing c passes.
func (c *Coins) TextWhy() string { return textWhy(c.N, display.MaxTextCoins, "coins") }

// card is what stands in for the drawing of a row too long to draw.
func (c *Coins) card(why string) display.Card {
	return card("coins of "+Count(c.N, "coin", "coins"), []string{c.facts()}, why,
		`at(c, i) or c.values[i] reads a coin; text(c) or save(c, "c.txt") or save(c, "c.svg") draws them all`)
}

// facts sums the row up in one line: its first and last coins, their sum
// and range.
func (c *Coins) facts() string {
	lo, hi := bigRange(c.row)
	return fmt.Sprintf("%s (sum %s, from %s to %s)", Peek(c.N, func(i int) string { return c.row[i].String() }), sum(c.row), lo, hi)
}

func sum(xs []*big.Int) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}

// SetIndex implements `c[i] = v`.
func (c *Coins) SetIndex(index []any, v any) (any, error) {
	i, b, err := indexedNumber("c", index, c.N, v)
	if err != nil {
		return nil, err
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
