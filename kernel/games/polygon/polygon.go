package polygon

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
	solver "gamelab/solvers/polygon"
)

// Polygon is the polygon game at one point of play, under its rules: the
// ring before any move (polygon(…), the instance), or after the first move
// a chain, the values left left to right and the edges between them by
// their original numbers. It is immutable: every edit and move returns a
// new Polygon, so a variable that holds one never changes behind the
// user's back.
//
// The exported fields are a read-only view for expr (`p.n`, `p.values`,
// `p.ops`, `p.rules`); a ring's are filled once from the solver's polygon,
// which stays the one source of truth. Lists count from 1, so
// `p.values[1]` is v1, as `p[1]` and `at(p, 1)` are.
type Polygon struct {
	N       int            `expr:"n"`       // vertices (a chain: values left)
	Values  []any          `expr:"values"`  // v1..vn (a chain: left to right): int when it fits, else *big.Int
	Ops     string         `expr:"ops"`     // op1..opn, each '+', '*' or '-' (a chain: the operators of its edges)
	Edges   []int          `expr:"edges"`   // a chain's edges: edges[k] joins values k and k+1, by original number; [] for a ring
	Moves   []int          `expr:"moves"`   // the moves made: the deleted edge, then the merged ones
	RuleMap map[string]any `expr:"rules"`   // every rule's value (with(p, …) changes them)
	Polygon *Polygon       `expr:"polygon"` // the ring before any move

	p     *solver.Polygon // the ring
	rules games.Rules
	st    state
}

// NewPolygon wraps a solver polygon (not copied: the caller hands it over)
// under the default rules.
func NewPolygon(p *solver.Polygon) *Polygon { return newPolygon(p, Game.Default()) }

// newPolygon is the ring p under rules r, before any move.
func newPolygon(p *solver.Polygon, r games.Rules) *Polygon {
	ring := &Polygon{N: len(p.Values), Values: kit.Numbers(p.Values), Ops: string(p.Ops), Edges: []int{}, Moves: []int{},
		RuleMap: r.Map(), p: p, rules: r}
	ring.Polygon, ring.st = ring, state{ring: ring, vals: p.Values}
	return ring
}

// Solver returns the solver's polygon (the ring's); callers must not change
// it.
func (p *Polygon) Solver() *solver.Polygon { return p.p }

// isChain says the first move has been made: p is a chain, not the ring.
func (p *Polygon) isChain() bool { return !p.st.isRing() }

func (p *Polygon) TypeName() string {
	if p.isChain() {
		return "polygon chain"
	}
	return "polygon"
}

func (p *Polygon) Game() *games.Game  { return Game }
func (p *Polygon) Rules() games.Rules { return p.rules }

// WithRules is p under rules r, its moves replayed under them.
func (p *Polygon) WithRules(r games.Rules) (games.Position, error) {
	s := newPolygon(p.p, r).st
	if pt := p.st.part; pt != nil { // a DP cell's part: the same part under r
		start := p.st.h.Start.(*Polygon).st
		s = newPart(s.ring, start.vals, start.edges, pt).st
	}
	if p.st.h != nil {
		for _, m := range p.st.h.Moves {
			s, _ = s.play(m) // the moves are the same under any goal
		}
	}
	return s.value(), nil
}

// String is the text form, `* -5 + -2 …`, that polygon() reads back (a
// chain's: "-8 * -5 + 8").
func (p *Polygon) String() string {
	if p.isChain() {
		return p.chainString()
	}
	return p.p.String()
}

// Text draws the ring (or the chain) and gives the text form to copy; one
// too large to draw says what it is instead.
func (p *Polygon) Text() string { return kit.TextOf(p, false) }

// SVG draws the ring (a card when too large).
func (p *Polygon) SVG() string { return kit.SVGOf(p, false) }

func (p *Polygon) WriteText(w io.Writer, full bool) error {
	if p.isChain() {
		return kit.DrawText(w, p.chainPicture(nil), full, p.chainCard, kit.TextWhy(p.N, display.MaxTextVertices, "values"))
	}
	return kit.DrawText(w, p.ring(nil), full, p.card, p.textWhy())
}

func (p *Polygon) WriteSVG(w io.Writer, full bool) error {
	if p.isChain() {
		return kit.DrawSVG(w, p.chainPicture(nil), full, p.chainCard, fmt.Sprintf("more than %d values", display.MaxSVGVertices))
	}
	return kit.DrawSVG(w, p.ring(nil), full, p.card, fmt.Sprintf("more than %d vertices", display.MaxSVGVertices))
}

// MarkedSVG draws the ring (or the chain) with each legal move marked on
// its edge, the edge deleted first or merged, for the explorer; "" when it
// is too large to draw.
func (p *Polygon) MarkedSVG(marks map[string]display.Mark) string {
	byEdge := map[int]display.Mark{}
	for _, m := range p.Legal() {
		if mk, ok := marks[m.String()]; ok {
			byEdge[int(m.(edge))] = mk
		}
	}
	if p.isChain() {
		d := p.chainPicture(nil)
		d.Marks = byEdge
		return svgIfFits(d)
	}
	d := p.ring(nil)
	d.Marks = byEdge
	return svgIfFits(d)
}

// svgIfFits is d's SVG, "" when it is too large to draw.
func svgIfFits(d kit.Drawing) string {
	if !d.SVGFits() {
		return ""
	}
	return kit.Render(d.WriteSVG)
}

// textWhy says which limit of the text drawing p passes.
func (p *Polygon) textWhy() string { return kit.TextWhy(p.N, display.MaxTextVertices, "vertices") }

// card is what stands in for the drawing of a ring too large to draw.
func (p *Polygon) card(why string) display.Card {
	return kit.MakeCard(p.sizeCaption(), []string{p.facts()}, why,
		`at(p, i) or p.values[i] reads a value; text(p) or save(p, "p.txt") or save(p, "p.svg") draws it all`)
}

// rulesNote is " (goal min: …)" when p is not played under the default
// rules, for captions.
func (p *Polygon) rulesNote() string {
	if d := p.rules.Describe(); d != "" {
		return " (" + d + ")"
	}
	return ""
}

// facts sums p up in one line: its first and last edges and values, how
// many of each operator, the range of the values.
func (p *Polygon) facts() string {
	plus, minus := strings.Count(string(p.p.Ops), "+"), strings.Count(string(p.p.Ops), "-")
	lo, hi := kit.BigRange(p.p.Values)
	ops := fmt.Sprintf("%d + and %d *", plus, p.N-plus-minus)
	if minus > 0 {
		ops = fmt.Sprintf("%d +, %d * and %d -", plus, p.N-plus-minus, minus)
	}
	return fmt.Sprintf("%s (%s; values %s..%s)", kit.Peek(p.N, func(i int) string {
		return string(p.p.Ops[i]) + " " + p.p.Values[i].String()
	}), ops, lo, hi)
}

// ring is the picture of p, with r's plan marked when r is not nil.
func (p *Polygon) ring(r *solver.Result) display.Ring {
	d := display.Ring{Values: kit.BigStrings(p.p.Values), Ops: p.p.Ops, Caption: p.caption()}
	if r != nil {
		d.First, d.Optimal = r.First, r.Optimal
		d.Caption = fmt.Sprintf("best %s, first edge %d", r.Best, r.First) + p.rulesNote()
	}
	return d
}

// caption is the ring as polygon() reads it while it is small enough to
// draw (else the caption would be longer than the picture), else its size;
// with the rules when they are not the default.
func (p *Polygon) caption() string {
	if p.N <= display.MaxTextVertices {
		return fmt.Sprintf("polygon(%q)", p.String()) + p.rulesNote()
	}
	return p.sizeCaption()
}

// sizeCaption is "polygon of 300 vertices", with the rules.
func (p *Polygon) sizeCaption() string {
	return "polygon of " + kit.Count(p.N, "vertex", "vertices") + p.rulesNote()
}

// Inline is the ring in a list: polygon("+ 1 * 2") while that is short,
// else its size; a chain is named by its kind.
func (p *Polygon) Inline() string {
	if p.isChain() {
		return "<polygon chain>"
	}
	if c := p.caption(); len(c) <= builtin.MaxInline {
		return c
	}
	return p.sizeCaption()
}

// Picture is the drawing, for the frames of a trace.
func (p *Polygon) Picture() display.Drawing {
	if p.isChain() {
		return p.chainPicture(nil)
	}
	return p.ring(nil)
}

// SetIndex implements `p[i] = v`: v becomes vertex i's value (a chain's
// value i, the moves made kept).
func (p *Polygon) SetIndex(index []any, v any) (any, error) {
	i, b, err := kit.IndexedNumber(p.label(), index, p.N, v)
	if err != nil {
		return nil, err
	}
	return p.withValue(i, b), nil
}

// GetIndex implements reading `p[i]`: vertex i's value (a chain's value i).
func (p *Polygon) GetIndex(index []any) (any, error) {
	return kit.IndexedValue(p.label()+"[i]", index, p.Values)
}

// label is how messages name p in an index: p, or ch for a chain.
func (p *Polygon) label() string {
	if p.isChain() {
		return "ch"
	}
	return "p"
}

// withValue is p with value i (from 1) set to b, a chain's moves kept.
func (p *Polygon) withValue(i int, b *big.Int) *Polygon {
	if p.isChain() {
		s := p.st
		s.vals = slices.Clone(s.vals)
		s.vals[i-1] = b
		return s.chainValue()
	}
	return p.with(func(q *solver.Polygon) { q.Values[i-1] = b })
}

// ringOnly is the error of an edit of the ring made to a chain.
func (p *Polygon) ringOnly(fn string) error {
	if !p.isChain() {
		return nil
	}
	return builtin.ArgError(fn, 1, "x", "is a polygon chain after moves; %s changes a ring before any move (x.polygon is its ring)", fn)
}

// with returns a changed copy under the same rules: edit gets a deep copy
// of the solver polygon.
func (p *Polygon) with(edit func(q *solver.Polygon)) *Polygon {
	q := &solver.Polygon{Ops: slices.Clone(p.p.Ops), Values: slices.Clone(p.p.Values)}
	edit(q)
	return newPolygon(q, p.rules)
}

// At is at(p, i): vertex i's value.
func (p *Polygon) At(args []any) (any, error) { return kit.ValueAt(args, "x", p.Values) }

// SetV is setv(p, i, v) (a chain's value i, the moves made kept).
func (p *Polygon) SetV(args []any) (any, error) {
	name := "p"
	if p.isChain() {
		name = "x"
	}
	i, v, err := kit.SetVArgs(args, name, p.N)
	if err != nil {
		return nil, err
	}
	return p.withValue(i, v), nil
}

// Insert is insert(p, i, op, v).
func (p *Polygon) Insert(args []any) (any, error) {
	if err := p.ringOnly("insert"); err != nil {
		return nil, err
	}
	var i int
	var ops string
	var v *big.Int
	if err := kit.Unpack("insert", args, "p", new(any), "i", &i, "op", &ops, "v", &v); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("insert", 2, "i", i, 1, p.N+1); err != nil {
		return nil, err
	}
	op, ok := parseOp(ops)
	if !ok {
		return nil, builtin.ArgError("insert", 3, "op", `must be "+", "*" or "-", got %q`, ops)
	}
	return p.with(func(q *solver.Polygon) {
		q.Ops = slices.Insert(q.Ops, i-1, op)
		q.Values = slices.Insert(q.Values, i-1, v)
	}), nil
}

// Remove is remove(p, i).
func (p *Polygon) Remove(args []any) (any, error) {
	if err := p.ringOnly("remove"); err != nil {
		return nil, err
	}
	var i int
	if err := kit.Unpack("remove", args, "x", new(any), "i", &i); err != nil {
		return nil, err
	}
	if p.N == 1 {
		return nil, builtin.ArgError("remove", 1, "x", "has only one vertex, which must stay")
	}
	if err := kit.CheckIndex("remove", 2, "i", i, 1, p.N); err != nil {
		return nil, err
	}
	return p.with(func(q *solver.Polygon) {
		q.Ops = slices.Delete(q.Ops, i-1, i)
		q.Values = slices.Delete(q.Values, i-1, i)
	}), nil
}

// Rotate is rotate(p, k): the old v(k+1) becomes v1, its edges with it.
func (p *Polygon) Rotate(k int) (any, error) {
	if err := p.ringOnly("rotate"); err != nil {
		return nil, err
	}
	return p.with(func(q *solver.Polygon) {
		q.Ops, q.Values = kit.Rotated(q.Ops, k), kit.Rotated(q.Values, k)
	}), nil
}

// Reverse is reverse(p): the ring numbered the other way round.
func (p *Polygon) Reverse() (any, error) {
	if err := p.ringOnly("reverse"); err != nil {
		return nil, err
	}
	return p.with(func(q *solver.Polygon) {
		// w_j = v_(n+1−j); the edge between w_(j−1) and w_j is the old
		// edge between v_(n+2−j) and v_(n+1−j), edge n+2−j (mod n).
		n := len(q.Values)
		slices.Reverse(q.Values)
		ops := slices.Clone(q.Ops)
		for j := range ops {
			q.Ops[j] = ops[(n-j)%n]
		}
	}), nil
}

// JSONValue is the ring, with its rules when they are not the default (a
// chain's: the chain and the moves record).
func (p *Polygon) JSONValue() any {
	if p.isChain() {
		return p.chainJSON()
	}
	if !p.rules.IsDefault() {
		return struct {
			N      int            `json:"n"`
			Ops    string         `json:"ops"`
			Values []any          `json:"values"`
			Rules  map[string]any `json:"rules"`
		}{p.N, p.Ops, p.Values, p.rules.Changed()}
	}
	return struct {
		N      int    `json:"n"`
		Ops    string `json:"ops"`
		Values []any  `json:"values"`
	}{p.N, p.Ops, p.Values}
}

// parseOp reads one operator: '+', '*' or '-', or the IOI letters t and x.
func parseOp(s string) (byte, bool) {
	switch strings.TrimSpace(s) {
	case "+", "t":
		return '+', true
	case "*", "x":
		return '*', true
	case "-":
		return '-', true
	}
	return 0, false
}

// parseOps reads operators written together ("+**-", "t x x t" or an
// array of strings), white space ignored.
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
		l, ok := kit.AsList(a)
		if !ok {
			return nil, "must be a string of operators like \"+**-\", got " + kit.TypeName(a)
		}
		for _, x := range l {
			s, ok := x.(string)
			if !ok {
				return nil, "must hold operators as strings, got " + kit.TypeName(x)
			}
			toks = append(toks, s)
		}
	}
	ops := make([]byte, len(toks))
	for k, t := range toks {
		op, ok := parseOp(t)
		if !ok {
			return nil, fmt.Sprintf("operator %d is %q, not +, * or - (t or x)", k+1, t)
		}
		ops[k] = op
	}
	return ops, ""
}
