package coins

import (
	"fmt"
	"io"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// picture is the whole row with the coins taken so far marked.
func (c *Position) picture() display.Row {
	r := c.Coins.picture(c.Moves)
	r.Partial = true
	if c.Coins.rules.Get("score") == "rest" {
		r.Scores = []string{kit.FormatValue(c.A), kit.FormatValue(c.B)}
	}
	return r
}

// Picture is the position's drawing, for the frames of a trace.
func (c *Position) Picture() display.Drawing { return c.picture() }

// Text draws the whole row with the coins taken so far marked, then the
// totals and whose turn it is.
func (c *Position) Text() string { return kit.TextOf(c, false) }

// SVG draws the same.
func (c *Position) SVG() string { return kit.SVGOf(c, false) }

func (c *Position) WriteText(w io.Writer, full bool) error {
	return kit.DrawText(w, c.picture(), full, c.card, c.Coins.textWhy())
}

func (c *Position) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, c.picture(), full, c.card, fmt.Sprintf("more than %d coins", display.MaxSVGCoins))
}

func (c *Position) card(why string) display.Card {
	return kit.MakeCard("coins position: "+c.summary(), []string{c.Coins.facts()}, why,
		`p.values[i] reads a coin left; text(p) or save(p, "p.txt") or save(p, "p.svg") draws it all`)
}

// JSONValue is the coins left, the totals, the turn and the moves record;
// M under take "2M" and the rules when they are not the default.
func (c *Position) JSONValue() any {
	type pos struct {
		N      int    `json:"n"`
		Values []any  `json:"values"`
		A      any    `json:"a"`
		B      any    `json:"b"`
		Turn   string `json:"turn"`
		Moves  string `json:"moves"`
	}
	p := pos{c.N, c.Values, c.A, c.B, c.Turn, c.Moves}
	if c.Coins.rules.IsDefault() {
		return p
	}
	return struct {
		pos
		M     int            `json:"m,omitempty"`
		Rules map[string]any `json:"rules"`
	}{p, c.M, c.Coins.rules.Changed()}
}

// GetIndex implements reading `cp[i]`: coin i of those left.
func (c *Position) GetIndex(index []any) (any, error) {
	return kit.IndexedValue("cp[i]", index, c.Values)
}

// SetIndex implements `cp[i] = v`: coin i of those left becomes v.
func (c *Position) SetIndex(index []any, v any) (any, error) {
	i, b, err := kit.IndexedNumber("cp", index, c.N, v)
	if err != nil {
		return nil, err
	}
	return c.withCoin(i, b), nil
}

// withCoin is the position with coin i of those left set to b, the moves
// made kept.
func (c *Position) withCoin(i int, b *big.Int) *Position {
	s := c.st
	s.coins = s.coins.with(func(row []*big.Int) []*big.Int { row[s.at.Lo+i-1] = b; return row })
	return s.value()
}

// At is at(cp, i): coin i of those left.
func (c *Position) At(args []any) (any, error) { return kit.ValueAt(args, "x", c.Values) }

// SetV is setv(cp, i, v): coin i of those left, the moves made kept.
func (c *Position) SetV(args []any) (any, error) {
	var i int
	var v *big.Int
	if err := kit.Unpack("setv", args, "x", new(any), "i", &i, "v", &v); err != nil {
		return nil, err
	}
	if c.N == 0 {
		return nil, builtin.ArgError("setv", 1, "x", "has no coins left")
	}
	if err := kit.CheckIndex("setv", 2, "i", i, 1, c.N); err != nil {
		return nil, err
	}
	return c.withCoin(i, v), nil
}

// WithRules is the position under rules r, its moves replayed under them.
func (c *Position) WithRules(r games.Rules) (any, error) {
	s := start(newCoins(c.Coins.row, r))
	if c.st.h != nil {
		for t, m := range c.st.h.Moves {
			next, err := s.play(m)
			if err != nil {
				return nil, fmt.Errorf("with: move %d (%s) of the position is illegal under the new rules: %w", t+1, m, err)
			}
			s = next
		}
	}
	return s.value(), nil
}
