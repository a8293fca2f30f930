package polygon

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/display"
)


// ChainTrace is trace(chain): a chain's plan played out, merge by merge.
// (The ring's trace comes from its solver; a chain's plan is its own.)
type ChainTrace struct {
	// Steps holds per merge: move (its number in the game), edge, op, left
	// and right (the values it joined), value (their result), values and
	// edges (the chain after it).
	Steps  []map[string]any `expr:"steps"`
	Result *ChainResult     `expr:"result"`

	at []polyPos // at[i]: the chain after step i; at[0] before any
}

func newChainTrace(ctx context.Context, r *ChainResult) (*ChainTrace, error) {
	t := &ChainTrace{Result: r, at: []polyPos{r.Chain.pos}, Steps: []map[string]any{}}
	for _, e := range r.Merges {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s := t.at[len(t.at)-1]
		k := indexOf(s.edges, e)
		next, why := s.play(e)
		if why != "" {
			panic("games: the chain's plan makes an illegal move: " + why)
		}
		t.at = append(t.at, next)
		t.Steps = append(t.Steps, map[string]any{
			"move": len(next.moves), "edge": e, "op": string(s.ops()[k]), "left": Number(s.vals[k]), "right": Number(s.vals[k+1]),
			"value": Number(next.vals[next.made-1]), "values": Numbers(next.vals), "edges": NonNil(next.edges),
		})
	}
	return t, nil
}

func indexOf(xs []int, x int) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}

func (t *ChainTrace) TypeName() string { return "chain trace" }

// Text is one line per merge and the chain it leaves, then the result.
func (t *ChainTrace) Text() string { return TextOf(t, false) }

func (t *ChainTrace) WriteText(w io.Writer, full bool) error {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tedge\tdoes\tchain after the move")
	skipped := TraceRows(len(t.Steps), full, func(i int) {
		before, after := t.at[i], t.at[i+1]
		k := indexOf(before.edges, after.moves[len(after.moves)-1])
		fmt.Fprintf(tw, "%d\t%d\t%s %c %s = %s\t%s\n", len(after.moves), before.edges[k], before.vals[k], before.ops()[k], before.vals[k+1],
			after.vals[after.made-1], (&PolygonChain{pos: after}).String())
	}, func(int) { fmt.Fprintln(tw, "…\t\t\t") })
	tw.Flush()
	text := TrimLines(b.String())
	if len(t.Steps) == 0 {
		text = "no merges left\n"
	}
	if skipped > 0 {
		text += fmt.Sprintf("(%d merges; t.steps[i] has each; text(t) lists them all)\n", len(t.Steps))
	}
	return WriteString(w, text+TextOf(t.Result, full))
}

// SVG is the plan step by step, a frame per merge.
func (t *ChainTrace) SVG() string { return SVGOf(t, false) }

func (t *ChainTrace) WriteSVG(w io.Writer, full bool) error {
	r := t.Result
	if !full && !r.picture().SVGFits() {
		return r.card(fmt.Sprintf("more than %d values", display.MaxSVGVertices)).WriteSVG(w)
	}
	f := Frames(fmt.Sprintf("best %s from here: the plan step by step", r.dp.best()), len(t.Steps), full, func(i int) display.Drawing {
		c := (&PolygonChain{pos: t.at[i+1], N: len(t.at[i+1].vals), Moves: t.at[i+1].moves}).picture(nil)
		st := t.Steps[i]
		c.Caption = fmt.Sprintf("merge edge %d: %s %s %s = %s", st["edge"], FormatValue(st["left"]), st["op"], FormatValue(st["right"]), FormatValue(st["value"]))
		return c
	})
	return f.WriteSVG(w)
}

func (t *ChainTrace) JSONValue() any {
	return struct {
		Steps []map[string]any `json:"steps"`
	}{t.Steps}
}
