package polygon

import (
	"fmt"
	"io"
	"slices"

	"gamelab/kernel/display"
)


// SVG shows the polygon step by step: the ring with the deleted edge, then
// the chain after each merge with the new value marked.
func (t *PolygonTrace) SVG() string { return SVGOf(t, false) }

func (t *PolygonTrace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.Polygon.ring(nil).SVGFits() {
		return r.card(fmt.Sprintf("more than %d vertices", display.MaxSVGVertices)).WriteSVG(w)
	}
	f := Frames(fmt.Sprintf("best %s: the plan step by step", r.res.Best), len(t.raw), full, func(i int) display.Drawing {
		s := t.raw[i]
		if i == 0 {
			ring := r.Polygon.ring(nil)
			ring.First = s.Edge
			ring.Caption = fmt.Sprintf("delete edge %d (%s %c %s)", s.Edge, s.Left, s.Op, s.Right)
			return ring
		}
		vals, edges := t.tr.Chain(i)
		ops := make([]byte, len(edges))
		for k, e := range edges {
			ops[k] = r.Polygon.p.Ops[e-1]
		}
		return display.Chain{Values: BigStrings(vals), Ops: ops, Edges: edges, New: slices.Index(vals, s.Value) + 1,
			Caption: fmt.Sprintf("merge edge %d: %s %c %s = %s", s.Edge, s.Left, s.Op, s.Right, s.Value)}
	})
	return f.WriteSVG(w)
}
