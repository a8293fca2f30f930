package coins

import (
	"fmt"
	"io"
	"math/big"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Coins is coins in a row at one point of play: a row of coins under its
// rules before any move (coins(…), the instance), or the coins left after
// some turns (after(c, moves)), with the totals so far, whose turn it is
// and, under take "2M", the current M. It is immutable: every edit and
// move returns a new Coins, so a variable that holds one never changes
// behind the user's back. The exported fields are a read-only view for
// expr (`c.n`, `c.values`, `c.turn`), counting from 1 as every list does;
// `at(c, 1)` is the first coin left.
type Coins struct {
	N       int            `expr:"n"`      // coins left
	Values  []any          `expr:"values"` // the coins left, left to right: int when it fits, else *big.Int
	A       any            `expr:"a"`      // A's score so far
	B       any            `expr:"b"`      // B's score so far
	Turn    string         `expr:"turn"`   // "A" or "B" to move; "" when no coin is left
	Moves   string         `expr:"moves"`  // the moves made: "LRL2"
	M       int            `expr:"m"`      // the current M under take "2M"; 0 under other rules
	RuleMap map[string]any `expr:"rules"`  // every rule's value (with(c, …) changes them)
	Coins   *Coins         `expr:"coins"`  // the whole row, before any move

	st    state
	legal []games.Move // the moves, listed at the first ask (a match asks them often)
}

// NewCoins wraps a row (not copied: the caller hands it over) under the
// default rules.
func NewCoins(row []*big.Int) *Coins { return newCoins(row, Game.Default()) }

// newCoins is the row under rules r, before any move.
func newCoins(row []*big.Int, r games.Rules) *Coins { return newRow(row, r).start }

// row0 is what every position of one row shares: the coins, the rules,
// and the row before any move (made once, by the first value).
type row0 struct {
	row   []*big.Int
	rules games.Rules
	start *Coins
	vals  []any          // the coins as expr sees them
	rmap  map[string]any // the rules as expr sees them
}

// newRow is row (not copied) under rules r, and its value before any move.
func newRow(row []*big.Int, r games.Rules) *row0 {
	w := &row0{row: row, rules: r, vals: kit.Numbers(row), rmap: r.Map()}
	w.start = state{row: w, at: solverRules(r).Start(len(row), 0)}.view()
	return w
}

// Row returns the whole row; callers must not change it.
func (c *Coins) Row() []*big.Int { return c.st.row.row }

// rules are the rules of c's row.
func (c *Coins) rules() games.Rules { return c.st.row.rules }

// started says moves have been made (or a position asked for after none,
// a DP cell's with its own M): c is a position part-way, not a row.
func (c *Coins) started() bool { return c.st.h != nil }

func (c *Coins) TypeName() string {
	if c.started() {
		return "coins position"
	}
	return "coins"
}

// Game is coins in a row.
func (c *Coins) Game() *games.Game { return Game }

// Rules are the rules c is played under.
func (c *Coins) Rules() games.Rules { return c.rules() }

// WithRules is c under rules r, its moves replayed under them.
func (c *Coins) WithRules(r games.Rules) (games.Position, error) {
	s := newCoins(c.Row(), r).st
	var moves []games.Move
	if c.st.h != nil {
		moves = c.st.h.Moves
	}
	for t, m := range moves {
		next, err := s.play(m)
		if err != nil {
			return nil, fmt.Errorf("with: move %d (%s) of the position is illegal under the new rules: %w", t+1, m, err)
		}
		s = next
	}
	return s.value(), nil
}

// String is the whole row as coins() reads it back: "10 80 90 30".
func (c *Coins) String() string { return strings.Join(kit.BigStrings(c.Row()), " ") }

// Text draws the row (a position: with the coins taken so far marked, then
// the totals and whose turn it is); a row too long to draw says what it is
// instead.
func (c *Coins) Text() string { return kit.TextOf(c, false) }

// SVG draws the same.
func (c *Coins) SVG() string { return kit.SVGOf(c, false) }

func (c *Coins) WriteText(w io.Writer, full bool) error {
	return kit.DrawText(w, c.picture(), full, c.card, c.textWhy())
}

func (c *Coins) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, c.picture(), full, c.card, fmt.Sprintf("more than %d coins", display.MaxSVGCoins))
}

// MarkedSVG draws the row with each legal move marked on the last coin it
// takes, the innermost (L2 on the second coin left, R on the last), for
// the explorer; "" when the row is too long to draw.
func (c *Coins) MarkedSVG(marks map[string]display.Mark) string {
	r := c.picture()
	if !r.SVGFits() {
		return ""
	}
	for _, gm := range c.Legal() {
		if mk, ok := marks[gm.String()]; ok {
			m := gm.(move).m
			last := c.st.at.Lo + m.Count - 1
			if m.Side == 'R' {
				last = c.st.at.Hi - m.Count
			}
			r.Marks = append(r.Marks, display.CoinMark{Coin: last, Side: m.Side, Mark: mk})
		}
	}
	return r.SVG()
}

// Picture is the drawing, for the frames of a trace.
func (c *Coins) Picture() display.Drawing { return c.picture() }

// picture is the row, a position's with the coins taken so far marked.
func (c *Coins) picture() display.Row {
	if !c.started() {
		return c.rowPicture("")
	}
	r := c.rowPicture(c.Moves)
	r.Partial = true
	if c.rules().Get("score") == "rest" {
		r.Scores = []string{kit.FormatValue(c.A), kit.FormatValue(c.B)}
	}
	return r
}

// rowPicture is the whole row, coloured by who takes each coin when moves
// is given.
func (c *Coins) rowPicture(moves string) display.Row {
	return display.Row{Coins: kit.BigStrings(c.Row()), Moves: moves, Caption: c.caption()}
}

// caption is the row as coins() reads it, while that is short enough to
// draw, else its size; with the rules when they are not the default.
func (c *Coins) caption() string {
	if len(c.Row()) <= display.MaxTextCoins {
		return fmt.Sprintf("coins(%q)", c.String()) + c.rulesNote()
	}
	return c.sizeCaption()
}

// sizeCaption is "coins of 300 coins", with the rules.
func (c *Coins) sizeCaption() string {
	return "coins of " + kit.Count(len(c.Row()), "coin", "coins") + c.rulesNote()
}

// rulesNote is " (take 1..2 from either end)" when c is not played under
// the default rules.
func (c *Coins) rulesNote() string {
	if d := c.rules().Describe(); d != "" {
		return " (" + d + ")"
	}
	return ""
}

// Inline is the row in a list: coins("1 2 3") while that is short, else
// its size; a position part-way is named by its kind.
func (c *Coins) Inline() string {
	if c.started() {
		return "<coins position>"
	}
	if s := c.caption(); len(s) <= builtin.MaxInline {
		return s
	}
	return c.sizeCaption()
}

// textWhy says which limit of the text drawing the row passes.
func (c *Coins) textWhy() string {
	return kit.TextWhy(len(c.Row()), display.MaxTextCoins, "coins")
}

// card is what stands in for the drawing of a row too long to draw.
func (c *Coins) card(why string) display.Card {
	if c.started() {
		return kit.MakeCard("coins position: "+c.summary(), []string{c.facts()}, why,
			`p.values[i] reads a coin left; text(p) or save(p, "p.txt") or save(p, "p.svg") draws it all`)
	}
	return kit.MakeCard(c.sizeCaption(), []string{c.facts()}, why,
		`at(c, i) or c.values[i] reads a coin; text(c) or save(c, "c.txt") or save(c, "c.svg") draws them all`)
}

// facts sums the whole row up in one line: its first and last coins, their
// sum and range.
func (c *Coins) facts() string {
	row := c.Row()
	lo, hi := kit.BigRange(row)
	return fmt.Sprintf("%s (sum %s, from %s to %s)", kit.Peek(len(row), func(i int) string { return row[i].String() }), sum(row), lo, hi)
}

func sum(xs []*big.Int) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}

// JSONValue is the row, with its rules when they are not the default; a
// position's is the coins left, the totals, the turn and the moves record,
// M under take "2M" and the rules when they are not the default.
func (c *Coins) JSONValue() any {
	if !c.started() {
		if !c.rules().IsDefault() {
			return struct {
				N      int            `json:"n"`
				Values []any          `json:"values"`
				Rules  map[string]any `json:"rules"`
			}{c.N, c.Values, c.rules().Changed()}
		}
		return struct {
			N      int   `json:"n"`
			Values []any `json:"values"`
		}{c.N, c.Values}
	}
	type pos struct {
		N      int    `json:"n"`
		Values []any  `json:"values"`
		A      any    `json:"a"`
		B      any    `json:"b"`
		Turn   string `json:"turn"`
		Moves  string `json:"moves"`
	}
	p := pos{c.N, c.Values, c.A, c.B, c.Turn, c.Moves}
	if c.rules().IsDefault() {
		return p
	}
	return struct {
		pos
		M     int            `json:"m,omitempty"`
		Rules map[string]any `json:"rules"`
	}{p, c.M, c.rules().Changed()}
}
