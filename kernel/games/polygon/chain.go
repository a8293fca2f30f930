package polygon

import (
	"fmt"
	"io"
	"math/big"
	"slices"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// movesText lists a chain's moves, cut when long.
func movesText(moves []int) string {
	return kit.ListCut(len(moves), false, ", ", func(i int) string { return fmt.Sprint(moves[i]) }, "x.moves")
}

func (c *Chain) picture(optimal []int) display.Chain {
	return display.Chain{
		Values: kit.BigStrings(c.st.vals), Ops: c.st.ops(), Edges: c.st.edges, New: c.st.made, Optimal: optimal,
		Caption: fmt.Sprintf("after moves %s: %s left%s", movesText(c.Moves), kit.Count(c.N, "value", "values"), c.Polygon.rulesNote()),
	}
}

// Picture is the chain's drawing, for the frames of a trace.
func (c *Chain) Picture() display.Drawing { return c.picture(nil) }

// Text draws the chain; a chain too long to draw says what it is instead.
func (c *Chain) Text() string { return kit.TextOf(c, false) }

// SVG draws the chain (a card when too long).
func (c *Chain) SVG() string { return kit.SVGOf(c, false) }

func (c *Chain) WriteText(w io.Writer, full bool) error {
	return kit.DrawText(w, c.picture(nil), full, c.card, kit.TextWhy(c.N, display.MaxTextVertices, "values"))
}

func (c *Chain) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, c.picture(nil), full, c.card, fmt.Sprintf("more than %d values", display.MaxSVGVertices))
}

func (c *Chain) card(why string) display.Card {
	return kit.MakeCard(fmt.Sprintf("polygon chain of %s after %s", kit.Count(c.N, "value", "values"), kit.Count(len(c.Moves), "move", "moves")),
		[]string{kit.Peek(c.N, func(i int) string { return c.st.vals[i].String() })}, why,
		`c.values[i] reads a value; text(c) or save(c, "c.txt") or save(c, "c.svg") draws it all`)
}

// JSONValue is the chain and the moves record, with the rules when they
// are not the default.
func (c *Chain) JSONValue() any {
	type chain struct {
		N      int    `json:"n"`
		Values []any  `json:"values"`
		Edges  []int  `json:"edges"`
		Ops    string `json:"ops"`
		Moves  []int  `json:"moves"`
	}
	ch := chain{c.N, c.Values, kit.NonNil(c.Edges), c.Ops, c.Moves}
	if c.Polygon.rules.IsDefault() {
		return ch
	}
	return struct {
		chain
		Rules map[string]any `json:"rules"`
	}{ch, c.Polygon.rules.Changed()}
}

// Positions are edited like the games they come from, counting from 1:
// ch[i] is value i of a chain; ch[i] = v and setv(ch, i, v) give a changed
// copy, the moves made so far kept.

// GetIndex implements reading `ch[i]`.
func (c *Chain) GetIndex(index []any) (any, error) {
	return kit.IndexedValue("ch[i]", index, c.Values)
}

// SetIndex implements `ch[i] = v`.
func (c *Chain) SetIndex(index []any, v any) (any, error) {
	i, b, err := kit.IndexedNumber("ch", index, c.N, v)
	if err != nil {
		return nil, err
	}
	return c.withValue(i, b), nil
}

func (c *Chain) withValue(i int, b *big.Int) *Chain {
	s := c.st
	s.vals = slices.Clone(s.vals)
	s.vals[i-1] = b
	return s.chainValue()
}

// At is at(ch, i): value i of the chain.
func (c *Chain) At(args []any) (any, error) { return kit.ValueAt(args, "x", c.Values) }

// SetV is setv(ch, i, v), the moves made kept.
func (c *Chain) SetV(args []any) (any, error) {
	i, v, err := kit.SetVArgs(args, "x", c.N)
	if err != nil {
		return nil, err
	}
	return c.withValue(i, v), nil
}

// PlayersFor: in the polygon game the person makes every move.
func (p *Polygon) PlayersFor(who any) (games.Position, []string, error) {
	return p, []string{"1"}, onePlayer(who)
}
func (c *Chain) PlayersFor(who any) (games.Position, []string, error) {
	return c, []string{"1"}, onePlayer(who)
}

func onePlayer(who any) error {
	if who != nil {
		return fmt.Errorf("play: takes 1 argument for a polygon (you make every move), got 2")
	}
	return nil
}

const playKeys = "? hint, u undo, q quit"

func (p *Polygon) Prompt(string) string {
	return fmt.Sprintf("edge to delete first, 1..%d (%s): ", p.N, playKeys)
}
func (c *Chain) Prompt(string) string { return fmt.Sprintf("edge to merge (%s): ", playKeys) }

func (p *Polygon) ParseTyped(line, _ string) (games.Move, error) { return parseTyped(line) }
func (c *Chain) ParseTyped(line, _ string) (games.Move, error)   { return parseTyped(line) }

// parseTyped reads the edge number the person typed.
func parseTyped(line string) (games.Move, error) {
	fields := kit.Fields(line)
	if len(fields) != 1 {
		return nil, fmt.Errorf("a move is one edge number")
	}
	m, err := parseMove(kit.Atoi(fields[0]))
	if err != nil {
		return nil, fmt.Errorf("%q is not an edge number", fields[0])
	}
	return m, nil
}

var _ builtin.Indexable = (*Chain)(nil)
