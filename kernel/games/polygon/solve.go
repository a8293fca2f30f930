package polygon

import (
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"text/tabwriter"
	"time"

	"gamelab/kernel/builtin"

	"gamelab/kernel/display"
	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)


// polygonEstimate is roughly how long solving p takes on two cores: the DP
// makes about n³/6 split candidates, at about 1 ns·6 each in int64 and
// 3.8 ns·6 when its numbers outgrow 64 bits (measured: a random 600-gon with
// values -10..10 in 0.8 s). The numbers can outgrow 64 bits only when the
// vertices' bits, plus one per edge for the sums, pass 62.
func polygonEstimate(p *polygon.Polygon) time.Duration {
	n := float64(len(p.Values))
	bits := len(p.Values)
	for _, v := range p.Values {
		bits += v.BitLen()
	}
	perCube := 1.0 // ns per n³
	if bits > 62 {
		perCube = 3.8
	}
	return time.Duration(perCube * n * n * n)
}

// PolygonTrace is trace(polygon): the chain left after each move of the plan.
type PolygonTrace struct {
	// Steps holds per move: move (from 1), edge (its original number), op,
	// left and right (the values it joined), value (their result; nil for
	// move 1, which deletes the edge), values and edges (the chain after the
	// move: values[k] and values[k+1] are joined by edge edges[k]).
	Steps  []map[string]any `expr:"steps"`
	Result *PolygonResult   `expr:"result"`

	raw []polygon.Step
	tr  *polygon.Trace // the chain after step i on demand: tr.Chain(i)
}

func newPolygonTrace(r *PolygonResult, tr *polygon.Trace) *PolygonTrace {
	t := &PolygonTrace{Result: r, raw: tr.Steps, tr: tr}
	t.Steps = make([]map[string]any, len(t.raw))
	// The chains share their numbers (each merge's value appears in every
	// later chain until merged again): convert each once, so the lists cost
	// an interface slot per entry, not a copy of the number.
	seen := map[*big.Int]any{}
	shared := func(b *big.Int) any {
		v, ok := seen[b]
		if !ok {
			v = Number(b)
			seen[b] = v
		}
		return v
	}
	for i, s := range t.raw {
		vals, edges := tr.Chain(i)
		values := make([]any, len(vals))
		for k, v := range vals {
			values[k] = shared(v)
		}
		m := map[string]any{
			"move": s.Move, "edge": s.Edge, "op": string(s.Op), "left": Number(s.Left), "right": Number(s.Right),
			"value": nil, "values": values, "edges": edges,
		}
		if s.Value != nil {
			m["value"] = Number(s.Value)
		}
		t.Steps[i] = m
	}
	return t
}

func (t *PolygonTrace) TypeName() string { return "polygon trace" }

// Text is one line per move: what it does and the chain left after it. A
// long game shows its first and last moves, and chains longer than a line
// are cut (see traceRows and maxChain).
func (t *PolygonTrace) Text() string { return TextOf(t, false) }

func (t *PolygonTrace) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tedge\tdoes\tchain after the move")
	cut := !full && !t.Result.Polygon.ring(nil).TextFits()
	skipped := TraceRows(len(t.raw), full, func(i int) {
		s := t.raw[i]
		does := fmt.Sprintf("delete %s %c %s", s.Left, s.Op, s.Right)
		if s.Value != nil {
			does = fmt.Sprintf("%s %c %s = %s", s.Left, s.Op, s.Right, s.Value)
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\n", s.Move, s.Edge, does, t.chain(i, cut))
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t") })
	tw.Flush()
	text := TrimLines(b.String())
	if skipped > 0 || cut {
		text += fmt.Sprintf(`(%d moves; t.steps[i] has each; text(t) or save(t, "t.txt") lists them all in full)`+"\n", len(t.raw))
	}
	return WriteString(w, text+TextOf(t.Result, full))
}

// maxChain is how many characters of a chain a cut trace shows.
const maxChain = 100

// chain writes a step's chain as "-8 * -5 + 8", operators from the edges;
// when cut, only its first maxChain characters and how many values it has.
func (t *PolygonTrace) chain(i int, cut bool) string {
	var b strings.Builder
	values, edges := t.tr.Chain(i)
	for k, v := range values {
		if cut && b.Len() > maxChain {
			fmt.Fprintf(&b, " … (%d values)", len(values))
			break
		}
		if k > 0 {
			fmt.Fprintf(&b, " %c ", t.Result.Polygon.p.Ops[edges[k-1]-1])
		}
		b.WriteString(v.String())
	}
	return b.String()
}
