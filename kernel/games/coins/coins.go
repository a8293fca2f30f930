package coins

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Coins is a row of coins under its rules, immutable: every edit returns a
// new Coins, so a variable that holds one never changes behind the user's
// back. The exported fields are a read-only view for expr (`c.n`,
// `c.values`, `c.rules`), counting from 1 as every list does; `at(c, 1)` is
// the first coin. A row is also the game's position before any move.
type Coins struct {
	N       int            `expr:"n"`
	Values  []any          `expr:"values"` // int when it fits, else *big.Int
	RuleMap map[string]any `expr:"rules"`  // every rule's value (with(c, …) changes them)

	row   []*big.Int
	rules games.Rules
}

// NewCoins wraps a row (not copied: the caller hands it over) under the
// default rules.
func NewCoins(row []*big.Int) *Coins { return newCoins(row, Game.Default()) }

func newCoins(row []*big.Int, r games.Rules) *Coins {
	return &Coins{N: len(row), Values: kit.Numbers(row), RuleMap: r.Map(), row: row, rules: r}
}

// Row returns the coins; callers must not change them.
func (c *Coins) Row() []*big.Int { return c.row }

func (c *Coins) TypeName() string { return "coins" }

// Game is coins in a row.
func (c *Coins) Game() *games.Game { return Game }

// Rules are the rules c is played under.
func (c *Coins) Rules() games.Rules { return c.rules }

// WithRules is c under rules r.
func (c *Coins) WithRules(r games.Rules) (any, error) { return newCoins(c.row, r), nil }

// String is the row as coins() reads it back: "10 80 90 30".
func (c *Coins) String() string { return strings.Join(kit.BigStrings(c.row), " ") }

// Text draws the row; a row too long to draw says what it is instead.
func (c *Coins) Text() string { return kit.TextOf(c, false) }

// SVG draws the row (a card when too long).
func (c *Coins) SVG() string { return kit.SVGOf(c, false) }

func (c *Coins) WriteText(w io.Writer, full bool) error {
	return kit.DrawText(w, c.picture(""), full, c.card, c.textWhy())
}

func (c *Coins) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, c.picture(""), full, c.card, fmt.Sprintf("more than %d coins", display.MaxSVGCoins))
}

// picture is the row, coloured by who takes each coin when moves is given.
func (c *Coins) picture(moves string) display.Row {
	return display.Row{Coins: kit.BigStrings(c.row), Moves: moves, Caption: c.caption()}
}

// caption is the row as coins() reads it, while that is short enough to
// draw, else its size; with the rules when they are not the default.
func (c *Coins) caption() string {
	if c.N <= display.MaxTextCoins {
		return fmt.Sprintf("coins(%q)", c.String()) + c.rulesNote()
	}
	return c.sizeCaption()
}

// sizeCaption is "coins of 300 coins", with the rules.
func (c *Coins) sizeCaption() string {
	return "coins of " + kit.Count(c.N, "coin", "coins") + c.rulesNote()
}

// rulesNote is " (take 1..2 from either end)" when c is not played under
// the default rules.
func (c *Coins) rulesNote() string {
	if d := c.rules.Describe(); d != "" {
		return " (" + d + ")"
	}
	return ""
}

// Inline is the row in a list: coins("1 2 3") while that is short, else
// its size.
func (c *Coins) Inline() string {
	if s := c.caption(); len(s) <= builtin.MaxInline {
		return s
	}
	return c.sizeCaption()
}

// textWhy says which limit of the text drawing c passes.
func (c *Coins) textWhy() string { return kit.TextWhy(c.N, display.MaxTextCoins, "coins") }

// card is what stands in for the drawing of a row too long to draw.
func (c *Coins) card(why string) display.Card {
	return kit.MakeCard(c.sizeCaption(), []string{c.facts()}, why,
		`at(c, i) or c.values[i] reads a coin; text(c) or save(c, "c.txt") or save(c, "c.svg") draws them all`)
}

// facts sums the row up in one line: its first and last coins, their sum
// and range.
func (c *Coins) facts() string {
	lo, hi := kit.BigRange(c.row)
	return fmt.Sprintf("%s (sum %s, from %s to %s)", kit.Peek(c.N, func(i int) string { return c.row[i].String() }), sum(c.row), lo, hi)
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
	i, b, err := kit.IndexedNumber("c", index, c.N, v)
	if err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { row[i-1] = b; return row }), nil
}

// GetIndex implements reading `c[i]`.
func (c *Coins) GetIndex(index []any) (any, error) {
	return kit.IndexedValue("c[i]", index, c.Values)
}

// with returns a changed copy under the same rules; edit may also grow or
// shrink the row.
func (c *Coins) with(edit func(row []*big.Int) []*big.Int) *Coins {
	return newCoins(edit(slices.Clone(c.row)), c.rules)
}

// At is at(c, i).
func (c *Coins) At(args []any) (any, error) { return kit.ValueAt(args, "c", c.Values) }

// SetV is setv(c, i, v).
func (c *Coins) SetV(args []any) (any, error) {
	i, v, err := kit.SetVArgs(args, "c", c.N)
	if err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { row[i-1] = v; return row }), nil
}

// Insert is insert(c, i, v).
func (c *Coins) Insert(args []any) (any, error) {
	var i int
	var v *big.Int
	if err := kit.Unpack("insert", args, "c", new(any), "i", &i, "v", &v); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("insert", 2, "i", i, 1, c.N+1); err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { return slices.Insert(row, i-1, v) }), nil
}

// Remove is remove(c, i).
func (c *Coins) Remove(args []any) (any, error) {
	var i int
	if err := kit.Unpack("remove", args, "x", new(any), "i", &i); err != nil {
		return nil, err
	}
	if c.N == 1 {
		return nil, builtin.ArgError("remove", 1, "x", "has only one coin, which must stay")
	}
	if err := kit.CheckIndex("remove", 2, "i", i, 1, c.N); err != nil {
		return nil, err
	}
	return c.with(func(row []*big.Int) []*big.Int { return slices.Delete(row, i-1, i) }), nil
}

// Rotate is rotate(c, k): the first k coins move to the end.
func (c *Coins) Rotate(k int) (any, error) {
	return c.with(func(row []*big.Int) []*big.Int { return kit.Rotated(row, k) }), nil
}

// Reverse is reverse(c): the row right to left.
func (c *Coins) Reverse() (any, error) {
	return c.with(func(row []*big.Int) []*big.Int { slices.Reverse(row); return row }), nil
}

// JSONValue is the row, with its rules when they are not the default.
func (c *Coins) JSONValue() any {
	if !c.rules.IsDefault() {
		return struct {
			N      int            `json:"n"`
			Values []any          `json:"values"`
			Rules  map[string]any `json:"rules"`
		}{c.N, c.Values, c.rules.Changed()}
	}
	return struct {
		N      int   `json:"n"`
		Values []any `json:"values"`
	}{c.N, c.Values}
}
