package polygon

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/solvers/coins"
)


// ChainResult is solve(chain): the best final score from a polygon chain,
// every optimal next merge, and one plan.
type ChainResult struct {
	N       int           `expr:"n"`       // values left
	Best    any           `expr:"best"`    // the best final score still reachable
	Worst   any           `expr:"worst"`   // the worst
	Optimal []int         `expr:"optimal"` // every optimal next merge, by original edge number, increasing
	Merges  []int         `expr:"merges"`  // a plan: the merges left, in order
	Expr    string        `expr:"expr"`    // the plan as a bracketed expression
	Chain   *PolygonChain `expr:"chain"`

	dp   *chainDP
	plan *planNode
}

func (r *ChainResult) TypeName() string { return "chain result" }

func solveChainPos(ctx context.Context, c *PolygonChain) (*ChainResult, error) {
	dp, err := solveChain(ctx, c.pos.vals, c.pos.ops())
	if err != nil {
		return nil, err
	}
	opt, err := dp.optimalNext(ctx)
	if err != nil {
		return nil, err
	}
	plan, err := dp.plan(ctx, 0, c.N-1, true)
	if err != nil {
		return nil, err
	}
	r := &ChainResult{N: c.N, Best: Number(dp.best()), Worst: Number(dp.worst()), Optimal: []int{}, Chain: c, dp: dp, plan: plan}
	for k, ok := range opt {
		if ok {
			r.Optimal = append(r.Optimal, c.pos.edges[k])
		}
	}
	slices.Sort(r.Optimal)
	r.Merges = NonNil(plan.merges(func(s int) int { return c.pos.edges[s] }))
	r.Expr = planExpr(plan, dp.ops)
	return r, nil
}

// planExpr writes a plan as the solver writes one (polygon.Result.Expr):
// "(left op right)" for each merge, no spaces, the outermost brackets
// dropped.
func planExpr(nd *planNode, ops []byte) string {
	var b strings.Builder
	var write func(nd *planNode)
	write = func(nd *planNode) {
		if nd.i == nd.j {
			b.WriteString(nd.value.String())
			return
		}
		b.WriteByte('(')
		write(nd.kids[0])
		b.WriteByte(ops[nd.s])
		write(nd.kids[1])
		b.WriteByte(')')
	}
	write(nd)
	s := b.String()
	if nd.i != nd.j {
		s = s[1 : len(s)-1]
	}
	return s
}

// Text is the summary: best score, the optimal next merges, the plan.
func (r *ChainResult) Text() string { return TextOf(r, false) }

func (r *ChainResult) WriteText(w io.Writer, full bool) error {
	ints := func(xs []int, field string) string {
		return ListCut(len(xs), full, " ", func(i int) string { return fmt.Sprint(xs[i]) }, field)
	}
	var b strings.Builder
	if r.N == 1 {
		fmt.Fprintf(&b, "the game is over: score %s\n", r.dp.best())
		return WriteString(w, b.String())
	}
	fmt.Fprintf(&b, "best %s from here (worst %s): merge edge %d next (optimal next merges: %s)\n",
		r.dp.best(), r.dp.worst(), r.Merges[0], ints(r.Optimal, "r.optimal"))
	fmt.Fprintf(&b, "plan: merge edges %s\n", ints(r.Merges, "r.merges"))
	fmt.Fprintf(&b, "plan %s\n", r.Expr)
	return WriteString(w, b.String())
}

func (r *ChainResult) picture() display.Chain {
	d := r.Chain.picture(r.Optimal)
	d.Caption = fmt.Sprintf("best %s from here", r.dp.best())
	return d
}

// SVG is the chain with the optimal next merges marked.
func (r *ChainResult) SVG() string { return SVGOf(r, false) }

func (r *ChainResult) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, r.picture(), full, r.card, fmt.Sprintf("more than %d values", display.MaxSVGVertices))
}

func (r *ChainResult) WritePicture(w io.Writer, full bool) error {
	return DrawText(w, r.picture(), full, r.card, TextWhy(r.N, display.MaxTextVertices, "values"))
}

func (r *ChainResult) card(why string) display.Card {
	return Answered(r.Chain.card(why), fmt.Sprintf(": best %s", r.dp.best()), why, resultSee)
}

func (r *ChainResult) JSONValue() any {
	return struct {
		N       int    `json:"n"`
		Best    any    `json:"best"`
		Worst   any    `json:"worst"`
		Optimal []int  `json:"optimal"`
		Merges  []int  `json:"merges"`
		Expr    string `json:"expr"`
	}{r.N, r.Best, r.Worst, r.Optimal, r.Merges, r.Expr}
}
