package polygon

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/display"
	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)


// The result types carry the fields of the batch commands' JSON (docs/formats.md) under the same names
// (expr reads a field by its `expr` tag), plus a few extras a user asks for.
// Numbers that may outgrow 64 bits are `any`: an int when the value fits,
// else the exact *big.Int (see number); counts and positions are plain ints.

// PolygonResult is solve(polygon).
type PolygonResult struct {
	N       int      `expr:"n"`
	Scores  []any    `expr:"scores"`  // per first edge 1..n, the best score
	Worst   []any    `expr:"worst"`   // per first edge 1..n, the worst score
	Best    any      `expr:"best"`    // the best score overall
	Optimal []int    `expr:"optimal"` // every optimal first edge, increasing
	First   int      `expr:"first"`   // the plan's first edge (the smallest optimal)
	Merges  []int    `expr:"merges"`  // the plan's n−1 merges, by original edge number
	Expr    string   `expr:"expr"`    // the plan as a bracketed expression
	Polygon *Polygon `expr:"polygon"`

	res *polygon.Result
}

func newPolygonResult(p *Polygon, r *polygon.Result) *PolygonResult {
	return &PolygonResult{
		N: r.N, Scores: Numbers(r.Scores), Worst: Numbers(r.Worst), Best: Number(r.Best),
		Optimal: r.Optimal, First: r.First, Merges: r.Merges, Expr: r.Expr(),
		Polygon: p, res: r,
	}
}

func (r *PolygonResult) TypeName() string { return "polygon result" }

// Text is the summary: best score, plan, scores per first edge. Long lists
// are cut after maxListed items, saying which field holds them all.
func (r *PolygonResult) Text() string { return TextOf(r, false) }

func (r *PolygonResult) WriteText(w io.Writer, full bool) error {
	ints := func(xs []int, field string) string {
		return ListCut(len(xs), full, " ", func(i int) string { return strconv.Itoa(xs[i]) }, field)
	}
	bigs := func(xs []*big.Int, field string) string {
		return ListCut(len(xs), full, " ", func(i int) string { return xs[i].String() }, field)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "best %s: delete edge %d first (optimal first edges: %s)\n", r.res.Best, r.First, ints(r.Optimal, "r.optimal"))
	if len(r.Merges) > 0 {
		fmt.Fprintf(&b, "then merge edges %s\n", ints(r.Merges, "r.merges"))
	}
	plan := r.Expr
	const maxPlan = 300 // characters of the plan shown
	if len(plan) > maxPlan && !full {
		plan = fmt.Sprintf("%s… (%d characters in r.expr)", plan[:maxPlan], len(plan))
	}
	fmt.Fprintf(&b, "plan %s\n", plan)
	fmt.Fprintf(&b, "scores by first edge: %s\n", bigs(r.res.Scores, "r.scores"))
	fmt.Fprintf(&b, "worst by first edge: %s\n", bigs(r.res.Worst, "r.worst"))
	return WriteString(w, b.String())
}

// SVG is the ring with the plan's first edge and the optimal ones marked.
func (r *PolygonResult) SVG() string { return SVGOf(r, false) }

func (r *PolygonResult) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, r.Polygon.ring(r.res), full, r.card, fmt.Sprintf("more than %d vertices", display.MaxSVGVertices))
}

func (r *PolygonResult) WritePicture(w io.Writer, full bool) error {
	return DrawText(w, r.Polygon.ring(r.res), full, r.card, r.Polygon.textWhy())
}

// card stands in for the picture of a ring too large to draw.
func (r *PolygonResult) card(why string) display.Card {
	return Answered(r.Polygon.card(why), fmt.Sprintf(": best %s, first edge %d", r.res.Best, r.First), why, resultSee)
}
