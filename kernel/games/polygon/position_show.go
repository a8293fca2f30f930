package polygon

import (
	"fmt"
	"io"
	"strings"

	"gamelab/kernel/display"
)


// How positions show: a chain drawn like a ring cut open, a coins position
// as the whole row with the coins taken so far marked.

// movesText writes a polygon line as "3, 2, 4" (long lines cut).
func movesText(moves []int) string {
	return ListCut(len(moves), false, ", ", func(i int) string { return fmt.Sprint(moves[i]) }, "x.moves")
}

func (c *PolygonChain) picture(optimal []int) display.Chain {
	return display.Chain{
		Values: BigStrings(c.pos.vals), Ops: c.pos.ops(), Edges: c.pos.edges, New: c.pos.made, Optimal: optimal,
		Caption: fmt.Sprintf("after moves %s: %s left", movesText(c.Moves), Count(c.N, "value", "values")),
	}
}

// Text draws the chain; a chain too long to draw says what it is instead.
func (c *PolygonChain) Text() string { return TextOf(c, false) }

// SVG draws the chain (a card when too long).
func (c *PolygonChain) SVG() string { return SVGOf(c, false) }

func (c *PolygonChain) WriteText(w io.Writer, full bool) error {
	return DrawText(w, c.picture(nil), full, c.card, TextWhy(c.N, display.MaxTextVertices, "values"))
}

func (c *PolygonChain) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, c.picture(nil), full, c.card, fmt.Sprintf("more than %d values", display.MaxSVGVertices))
}

func (c *PolygonChain) card(why string) display.Card {
	return MakeCard(fmt.Sprintf("polygon chain of %s after %s", Count(c.N, "value", "values"), Count(len(c.Moves), "move", "moves")),
		[]string{Peek(c.N, func(i int) string { return c.pos.vals[i].String() })}, why,
		`c.values[i] reads a value; text(c) or save(c, "c.txt") or save(c, "c.svg") draws it all`)
}

func (c *PolygonChain) JSONValue() any {
	return struct {
		N      int    `json:"n"`
		Values []any  `json:"values"`
		Edges  []int  `json:"edges"`
		Ops    string `json:"ops"`
		Moves  []int  `json:"moves"`
	}{c.N, c.Values, NonNil(c.Edges), c.Ops, c.Moves}
}
