package polygon

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/polygon"
)

// Trace is trace(p): the chain left after each move of the plan.
type Trace struct {
	// Steps holds per move: move (from 1), edge (its original number), op,
	// left and right (the values it joined), value (their result; nil for
	// move 1, which deletes the edge), values and edges (the chain after the
	// move: values[k] and values[k+1] are joined by edge edges[k]).
	Steps  []map[string]any `expr:"steps"`
	Result *Result          `expr:"result"`

	raw []solver.Step
	tr  *solver.Trace // the chain after step i on demand: tr.Chain(i)
}

func (t *Trace) TypeName() string { return "polygon trace" }

// Trace is trace(p): the ring's plan played out; trace(chain) the chain's.
func (p *Polygon) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, p.argName(), new(any)); err != nil {
		return nil, err
	}
	if p.isChain() {
		r, err := solveChain(env, fn, p)
		if err != nil {
			return nil, err
		}
		return chainTraceOf(env, r)
	}
	r, err := solveRing(env, fn, p)
	if err != nil {
		return nil, err
	}
	return traceOf(env, fn, r)
}

// Trace is trace(solve(p)): the result's plan played out, without solving
// again.
func (r *Result) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, "result", new(any)); err != nil {
		return nil, err
	}
	return traceOf(env, fn, r)
}

// traceOf is the ring's plan r played out.
func traceOf(env *builtin.Env, fn string, r *Result) (*Trace, error) {
	tr, err := r.res.TraceContext(env.Ctx)
	if err != nil {
		return nil, kit.SolverError(fn, err)
	}
	t := &Trace{Result: r, raw: tr.Steps, tr: tr}
	if r.N == 1 {
		t.raw = nil // one vertex: no move, its value is the score
	}
	t.Steps = make([]map[string]any, len(t.raw))
	// The chains share their numbers (each merge's value appears in every
	// later chain until merged again): convert each once, so the lists cost
	// an interface slot per entry, not a copy of the number.
	seen := map[*big.Int]any{}
	shared := func(b *big.Int) any {
		v, ok := seen[b]
		if !ok {
			v = kit.Number(b)
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
			"move": s.Move, "edge": s.Edge, "op": string(s.Op), "left": kit.Number(s.Left), "right": kit.Number(s.Right),
			"value": nil, "values": values, "edges": edges,
		}
		if s.Value != nil {
			m["value"] = kit.Number(s.Value)
		}
		t.Steps[i] = m
	}
	return t, nil
}

// Text is one line per move: what it does and the chain left after it. A
// long game shows its first and last moves, and chains longer than a line
// are cut (see TraceRows and maxChain).
func (t *Trace) Text() string { return kit.TextOf(t, false) }

func (t *Trace) WriteText(w io.Writer, full bool) error {
	if len(t.raw) == 0 {
		return kit.WriteString(w, "no moves: one vertex, whose value is the score\n"+kit.TextOf(t.Result, full))
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tedge\tdoes\tchain after the move")
	cut := !full && !t.Result.Polygon.ring(nil).TextFits()
	skipped := kit.TraceRows(len(t.raw), full, func(i int) {
		s := t.raw[i]
		does := fmt.Sprintf("delete %s %c %s", s.Left, s.Op, s.Right)
		if s.Value != nil {
			does = fmt.Sprintf("%s %c %s = %s", s.Left, s.Op, s.Right, s.Value)
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%s\n", s.Move, s.Edge, does, t.chain(i, cut))
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t") })
	tw.Flush()
	text := kit.TrimLines(b.String())
	if skipped > 0 || cut {
		text += fmt.Sprintf(`(%d moves; t.steps[i] has each; text(t) or save(t, "t.txt") lists them all in full)`+"\n", len(t.raw))
	}
	return kit.WriteString(w, text+kit.TextOf(t.Result, full))
}

// maxChain is how many characters of a chain a cut trace shows.
const maxChain = 100

// chain writes a step's chain as "-8 * -5 + 8", operators from the edges;
// when cut, only its first maxChain characters and how many values it has.
func (t *Trace) chain(i int, cut bool) string {
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

// SVG shows the polygon step by step: the ring with the deleted edge, then
// the chain after each merge with the new value marked.
func (t *Trace) SVG() string { return kit.SVGOf(t, false) }

func (t *Trace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.Polygon.ring(nil).SVGFits() {
		return r.card(fmt.Sprintf("more than %d vertices", display.MaxSVGVertices)).WriteSVG(w)
	}
	if len(t.raw) == 0 {
		ring := r.Polygon.ring(nil)
		ring.Caption = fmt.Sprintf("no moves: one vertex, its value %s the score", r.res.Best)
		return ring.WriteSVG(w)
	}
	f := kit.Frames(fmt.Sprintf("best %s: the plan step by step", r.res.Best), len(t.raw), full, func(i int) display.Drawing {
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
		return display.Chain{Values: kit.BigStrings(vals), Ops: ops, Edges: edges, New: slices.Index(vals, s.Value) + 1,
			Caption: fmt.Sprintf("merge edge %d: %s %c %s = %s", s.Edge, s.Left, s.Op, s.Right, s.Value)}
	})
	return f.WriteSVG(w)
}

func (t *Trace) JSONValue() any {
	return struct {
		Steps []map[string]any `json:"steps"`
	}{t.Steps}
}

// ChainTrace is trace(chain): a chain's plan played out, merge by merge.
type ChainTrace struct {
	// Steps holds per merge: move (its number in the game), edge, op, left
	// and right (the values it joined), value (their result), values and
	// edges (the chain after it).
	Steps  []map[string]any `expr:"steps"`
	Result *ChainResult     `expr:"result"`

	at []state // at[i]: the chain after step i; at[0] before any
}

func (t *ChainTrace) TypeName() string { return "chain trace" }

// Trace is trace(solve(chain)): the result's plan played out.
func (r *ChainResult) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, "result", new(any)); err != nil {
		return nil, err
	}
	return chainTraceOf(env, r)
}

// chainTraceOf is the chain's plan r played out.
func chainTraceOf(env *builtin.Env, r *ChainResult) (*ChainTrace, error) {
	c := r.Chain
	t := &ChainTrace{Result: r, at: []state{c.st}, Steps: []map[string]any{}}
	for _, e := range r.Merges {
		if err := env.Ctx.Err(); err != nil {
			return nil, err
		}
		s := t.at[len(t.at)-1]
		k := slices.Index(s.edges, e)
		next, err := s.play(edge(e))
		if err != nil {
			panic("polygon: the chain's plan makes an illegal move: " + err.Error())
		}
		t.at = append(t.at, next)
		t.Steps = append(t.Steps, map[string]any{
			"move": next.h.Len(), "edge": e, "op": string(s.ops()[k]), "left": kit.Number(s.vals[k]), "right": kit.Number(s.vals[k+1]),
			"value": kit.Number(next.vals[next.made-1]), "values": kit.Numbers(next.vals), "edges": kit.NonNil(next.edges),
		})
	}
	return t, nil
}

// Text is one line per merge and the chain it leaves, then the result.
func (t *ChainTrace) Text() string { return kit.TextOf(t, false) }

func (t *ChainTrace) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tedge\tdoes\tchain after the move")
	skipped := kit.TraceRows(len(t.Steps), full, func(i int) {
		before, after := t.at[i], t.at[i+1]
		e := t.Steps[i]["edge"].(int)
		k := slices.Index(before.edges, e)
		fmt.Fprintf(tw, "%d\t%d\t%s %c %s = %s\t%s\n", after.h.Len(), e, before.vals[k], before.ops()[k], before.vals[k+1],
			after.vals[after.made-1], after.chainValue().String())
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t") })
	tw.Flush()
	text := kit.TrimLines(b.String())
	if len(t.Steps) == 0 {
		text = "no merges left\n"
	}
	if skipped > 0 {
		text += fmt.Sprintf("(%d merges; t.steps[i] has each; text(t) lists them all)\n", len(t.Steps))
	}
	return kit.WriteString(w, text+kit.TextOf(t.Result, full))
}

// SVG is the plan step by step, a frame per merge.
func (t *ChainTrace) SVG() string { return kit.SVGOf(t, false) }

func (t *ChainTrace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.picture().SVGFits() {
		return r.card(fmt.Sprintf("more than %d values", display.MaxSVGVertices)).WriteSVG(w)
	}
	f := kit.Frames(fmt.Sprintf("best %s from here: the plan step by step", r.res.Best), len(t.Steps), full, func(i int) display.Drawing {
		c := t.at[i+1].chainValue().chainPicture(nil)
		st := t.Steps[i]
		c.Caption = fmt.Sprintf("merge edge %d: %s %s %s = %s", st["edge"], kit.FormatValue(st["left"]), st["op"], kit.FormatValue(st["right"]), kit.FormatValue(st["value"]))
		return c
	})
	return f.WriteSVG(w)
}

func (t *ChainTrace) JSONValue() any {
	return struct {
		Steps []map[string]any `json:"steps"`
	}{t.Steps}
}
