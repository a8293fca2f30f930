package polygon

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/display"
	"gamelab/solvers/polygon"
)


// Polygon is a polygon-game ring (rules: docs/rules.md) as the command language sees it.
// It is immutable: every edit returns a new Polygon, so a variable that holds
// one never changes behind the user's back.
//
// The exported fields are a read-only view for expr (`p.n`, `p.values`,
// `p.ops`); they are filled once by newPolygon from the solver's polygon,
// which stays the one source of truth. The kernel indexes every list from 1,
// so `p.values[1]` is v1, as `p[1]` and `at(p, 1)` are.
type Polygon struct {
	N      int    `expr:"n"`
	Values []any  `expr:"values"` // v1..vn: int when it fits, else *big.Int
	Ops    string `expr:"ops"`    // op1..opn, each '+' or '*'

	p *polygon.Polygon
}

// NewPolygon wraps a solver polygon (not copied: the caller hands it over).
func NewPolygon(p *polygon.Polygon) *Polygon {
	return &Polygon{N: len(p.Values), Values: Numbers(p.Values), Ops: string(p.Ops), p: p}
}

// Solver returns the solver's polygon; callers must not change it.
func (p *Polygon) Solver() *polygon.Polygon { return p.p }

func (p *Polygon) TypeName() string { return "polygon" }

// String is the text form, `* -5 + -2 …`, that polygon() reads back.
func (p *Polygon) String() string { return p.p.String() }

// Text draws the ring and gives the text form to copy; a ring too large to
// draw says what it is instead.
func (p *Polygon) Text() string { return TextOf(p, false) }

// SVG draws the ring (a card when too large).
func (p *Polygon) SVG() string { return SVGOf(p, false) }

func (p *Polygon) WriteText(w io.Writer, full bool) error {
	return DrawText(w, p.ring(nil), full, p.card, p.textWhy())
}

func (p *Polygon) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, p.ring(nil), full, p.card, fmt.Sprintf("more than %d vertices", display.MaxSVGVertices))
}

// textWhy says which limit of the text drawing p passes.
func (p *Polygon) textWhy() string { return TextWhy(p.N, display.MaxTextVertices, "vertices") }

// card is what stands in for the drawing of a ring too large to draw.
func (p *Polygon) card(why string) display.Card {
	return MakeCard("polygon of "+Count(p.N, "vertex", "vertices"), []string{p.facts()}, why,
		`at(p, i) or p.values[i] reads a value; text(p) or save(p, "p.txt") or save(p, "p.svg") draws it all`)
}

// facts sums p up in one line: its first and last edges and values, how
// many of each operator, the range of the values.
func (p *Polygon) facts() string {
	plus := strings.Count(string(p.p.Ops), "+")
	lo, hi := bigRange(p.p.Values)
	return fmt.Sprintf("%s (%d + and %d *; values %s..%s)", Peek(p.N, func(i int) string {
		return string(p.p.Ops[i]) + " " + p.p.Values[i].String()
	}), plus, p.N-plus, lo, hi)
}

// bigRange is the smallest and the largest of xs (not empty).
func bigRange(xs []*big.Int) (lo, hi *big.Int) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		if x.Cmp(lo) < 0 {
			lo = x
		}
		if x.Cmp(hi) > 0 {
			hi = x
		}
	}
	return lo, hi
}

// ring is the picture of p, with r's plan marked when r is not nil.
func (p *Polygon) ring(r *polygon.Result) display.Ring {
	d := display.Ring{
		Values:  BigStrings(p.p.Values),
		Ops:     p.p.Ops,
		Caption: "polygon of " + Count(p.N, "vertex", "vertices"),
	}
	if p.N <= display.MaxTextVertices { // else the caption would be longer than the picture
		d.Caption = fmt.Sprintf("polygon(%q)", p.String())
	}
	if r != nil {
		d.First, d.Optimal = r.First, r.Optimal
		d.Caption = fmt.Sprintf("best %s, first edge %d", r.Best, r.First)
	}
	return d
}

// SetIndex implements `p[i] = v`: v becomes vertex i's value.
func (p *Polygon) SetIndex(index []any, v any) (any, error) {
	i, b, err := indexedNumber("p", index, p.N, v)
	if err != nil {
		return nil, err
	}
	return p.with(func(q *polygon.Polygon) { q.Values[i-1] = b }), nil
}

// GetIndex implements reading `p[i]`: vertex i's value.
func (p *Polygon) GetIndex(index []any) (any, error) {
	i, err := oneIndex("p[i]", index, p.N)
	if err != nil {
		return nil, err
	}
	return p.Values[i-1], nil
}

// with returns a changed copy: edit gets a deep copy of the solver polygon.
func (p *Polygon) with(edit func(q *polygon.Polygon)) *Polygon {
	q := &polygon.Polygon{Ops: slices.Clone(p.p.Ops), Values: slices.Clone(p.p.Values)}
	edit(q)
	return NewPolygon(q)
}

// parseOp reads one operator: '+' or '*', or the IOI letters t and x.
func parseOp(s string) (byte, bool) {
	switch strings.TrimSpace(s) {
	case "+", "t":
		return '+', true
	case "*", "x":
		return '*', true
	}
	return 0, false
}

// parseOps reads operators written together ("+**+", "t x x t" or an array of
// strings), white space ignored.
func parseOps(a any) ([]byte, string) {
	var toks []string
	switch v := a.(type) {
	case string:
		for _, r := range v {
			if r != ' ' && r != '\t' && r != '\n' && r != '\r' {
				toks = append(toks, string(r))
			}
		}
	default:
		l, ok := AsList(a)
		if !ok {
			return nil, "must be a string of operators like \"+**+\", got " + TypeName(a)
		}
		for _, x := range l {
			s, ok := x.(string)
			if !ok {
				return nil, "must hold operators as strings, got " + TypeName(x)
			}
			toks = append(toks, s)
		}
	}
	ops := make([]byte, len(toks))
	for k, t := range toks {
		op, ok := parseOp(t)
		if !ok {
			return nil, fmt.Sprintf("operator %d is %q, not + or * (t or x)", k+1, t)
		}
		ops[k] = op
	}
	return ops, ""
}
