// Package polygon is the polygon game as the command language plays it:
// the ring and its chains after the first move (one type, Polygon), the
// goal rule, the results of solving them, traces, plan trees, DP tables and
// pictures, the builtins that make and change rings, and the batch
// dialects. The DP itself is gamelab/solvers/polygon; the tools written
// once over every game (package games/tools) play it through
// games.Position.
package polygon

import (
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	solver "gamelab/solvers/polygon"
	"math/big"
)

// Game is the polygon game. Package all registers it.
var Game = &games.Game{
	Name:    "polygon",
	Title:   "the polygon game",
	Heading: "Polygon game (IOI 1998)",
	Rules: "A ring of n vertices v1..vn holding integers, joined by n edges op1..opn, each +, * or -; edge i joins " +
		"v(i-1) and v(i), edge 1 joins vn and v1. The first move deletes one edge, leaving a chain. Each later " +
		"move picks an edge and replaces it and its two end vertices by one vertex holding their sum, product or difference (left minus right). " +
		"When one vertex is left its value is the score, which the player maximises. Because * of two negatives " +
		"is positive, the best of a part may come from its two smallest halves. solve gives the best score for " +
		"each first edge (scores), every optimal first edge and one optimal plan: the smallest optimal first edge, " +
		"then the n-1 merges by original edge number. Under goal \"min\" the player wants the smallest last value " +
		"(help(variants)).",
	Options: []*games.Option{
		{Name: "goal", Default: "max", Values: `"max" or "min"`,
			Doc: `what the player wants of the last value: the largest, or the smallest`, Parse: games.OneOf("max", "min")},
	},
	Turns:   games.Solo,
	Players: []string{"1"},
	Scoring: games.AtEnd,
	Words: games.Words{
		Value:       "score",
		ValueDoc:    "score: the best last value still reachable",
		Unfinished:  "not over: an edge is deleted, then merges leave one value",
		Hint:        "best final score",
		Reply:       "merges",
		PlotCaption: "best final score along the line",
		PlotY:       "best score reachable",
		MoveLabel:   func(_, move string) string { return "edge " + move },
		LineSep:     ", ",
		Variant: func(r games.Rules) string {
			if r.Get("goal") == "min" {
				return "goal min: the smallest last value"
			}
			return ""
		},
		Variants: func(r games.Rules) string {
			return "the player wants the smallest last value, not the largest: best, scores and optimal are for that goal, worst is the largest. " +
				"The plan is the line of the first optimal moves: the smallest optimal first edge, then at every move the optimal merge of the smallest edge number."
		},
	},
	Help: games.Help{
		At:      "Polygon: vertex i's value of a ring, value i of a chain from after.",
		SetV:    "Polygon: vertex i (value i of a chain, the moves made kept).",
		Insert:  `Polygon: insert(p, i, op, v) makes v the new v(i), joined to v(i-1) by the new edge i with operator op; the old edge i now joins it to the old v(i), and every later vertex and edge moves up by one.`,
		Remove:  "Polygon: edge i goes with v(i), and edge i+1 then joins v(i-1) to the old v(i+1). At least one vertex must remain.",
		Rotate:  "for a polygon, the old v(k+1) becomes v1 (its edges go with it, so the game is the same);",
		Reverse: "a polygon numbered the other way round (v1 ↔ vn: the same game while it has no -, whose two sides then swap);",
		Solve: `A polygon gives best, scores and worst (per first edge 1..n), optimal (every optimal first edge), ` +
			`first, merges (the rest of the plan by original edge number) and expr (the plan as a formula); a ` +
			`chain from after gives best from there, every optimal next merge and a plan, its moves in played.`,
		After: `Polygon: moves are edge numbers in the original numbering; the first deletes an edge and each ` +
			`later one merges the two values it joins (as solve(p).merges lists them), giving a chain: its ` +
			`values, edges, ops and moves. A chain solves with the ring's own solver, as fast (1000 values in ` +
			`about the time of a 1000-vertex ring, seconds on a laptop), exact however large its numbers; its ` +
			`one limit is the memory budget: a chain whose table would not fit is refused before the table is ` +
			`allocated, with a MemoryError saying how much it needs (budget(bytes) changes it).`,
		Analyze: `Polygon: each position of the line is solved as solve solves it, so a line's cost is about its ` +
			`length times a solve of what is left (a full optimal line of a 200-vertex ring takes a few seconds); ` +
			`progress shows while it runs, and stopping the cell stops it (Ctrl-C, ■ Interrupt in Jupyter, Stop in the web page). The memory budget is the only limit, as for after.`,
		Play: "Polygon: you make every move (an edge number: the first deletes it, each later one merges it).",
		DP: `Polygon: m[i][j] in the seed's notation, the chain of j vertices from v(i) (the ring's answer for ` +
			`first edge e is the chain of length n from v(e)), each cell its min and max (exact), the split s ` +
			`reaching each (minAt, maxAt: the first part's length), its candidates (per split: op, the parts' ` +
			`extremes a, b, c, d and ac, ad, bc, bd) and why; d.plan lists [start, length, "min" | "max"].`,
	},
	Values: []builtin.Typed{&Polygon{}, &Result{}, &ChainResult{}, &Trace{}, &ChainTrace{}, &DP{}, &Cell{}},
}

// goalOf is the solver's goal under rules r.
func goalOf(r games.Rules) solver.Goal {
	if r.Get("goal") == "min" {
		return solver.GoalMin
	}
	return solver.GoalMax
}

// Results are what solve, trace and dp give for a ring or a chain, for
// completion.
func (p *Polygon) Results() games.Results {
	if p.isChain() {
		return games.Results{Solve: &ChainResult{}, Trace: &ChainTrace{}, DP: &DP{}}
	}
	return games.Results{Solve: &Result{}, Trace: &Trace{}, DP: &DP{}, After: chainSample}
}

// chainSample is a chain, for completion of what after gives for a ring.
var chainSample = func() *Polygon {
	s, _ := NewPolygon(&solver.Polygon{Ops: []byte("++"), Values: []*big.Int{big.NewInt(1), big.NewInt(2)}}).st.play(edge(1))
	return s.value()
}()

// Results are what trace gives for a result, for completion.
func (r *Result) Results() games.Results { return games.Results{Trace: &Trace{}} }

// Results are what trace gives for a chain's result, for completion.
func (r *ChainResult) Results() games.Results { return games.Results{Trace: &ChainTrace{}} }

// Results are what position gives for a cell of the table, and trace for
// the table, for completion.
func (d *DP) Results() games.Results { return games.Results{Position: &Polygon{}, Trace: &Filling{}} }

// What the polygon's values can do, checked by the compiler: a method
// whose signature drifts from its capability's is an error here, not a
// value the tools silently stop finding.
var (
	_ games.Position    = (*Polygon)(nil)
	_ games.Solver      = (*Polygon)(nil)
	_ games.LineScorer  = (*Polygon)(nil)
	_ games.Keyed       = (*Polygon)(nil)
	_ games.Solvable    = (*Polygon)(nil)
	_ games.Traceable   = (*Polygon)(nil)
	_ games.Explainable = (*Polygon)(nil)
	_ games.Tabled      = (*Polygon)(nil)
	_ games.Reader      = (*Polygon)(nil)
	_ games.Editor      = (*Polygon)(nil)
	_ games.Resizer     = (*Polygon)(nil)
	_ games.Player      = (*Polygon)(nil)
	_ games.LineParser  = (*Polygon)(nil)
	_ games.Situated    = (*Polygon)(nil)
	_ games.Gainer      = (*Polygon)(nil)
	_ games.Shrinkable  = (*Polygon)(nil)
	_ games.Enumerable  = (*Polygon)(nil)
	_ games.Resulter    = (*Polygon)(nil)
	_ games.Describer   = edge(0)
	_ games.Traceable   = (*Result)(nil)
	_ games.Explainable = (*Result)(nil)
	_ games.Plottable   = (*Result)(nil)
	_ games.Resulter    = (*Result)(nil)
	_ games.Traceable   = (*ChainResult)(nil)
	_ games.Explainable = (*ChainResult)(nil)
	_ games.Resulter    = (*ChainResult)(nil)
	_ games.Reader      = (*DP)(nil)
	_ games.Positioner  = (*DP)(nil)
	_ games.Traceable   = (*DP)(nil)
	_ games.Resulter    = (*DP)(nil)
)
