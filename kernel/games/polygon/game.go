// Package polygon is the polygon game as the command language plays it:
// the ring (Polygon) and its positions after the first move (Chain), the
// goal rule, the results of solving them, traces, plan trees and pictures,
// the builtins that make and change rings, and the batch dialects. The DP
// itself is gamelab/solvers/polygon; the engine (package games) writes
// after, analyze, play and the game tree once for every game, over the
// games.Position these types implement.
package polygon

import (
	"gamelab/kernel/games"
	solver "gamelab/solvers/polygon"
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
	Describe: func(r games.Rules) string {
		if r.Get("goal") == "min" {
			return "goal min: the smallest last value"
		}
		return ""
	},
	Explain: func(r games.Rules) string {
		return "the player wants the smallest last value, not the largest: best, scores and optimal are for that goal, worst is the largest."
	},
	ValueWord:   "score",
	ValueDoc:    "score: the best last value still reachable",
	Players:     []string{"1"},
	Unfinished:  "not over: an edge is deleted, then merges leave one value",
	Hint:        "best final score %s",
	Reply:       "merges",
	PlotCaption: "best final score along the line",
	PlotY:       "best score reachable",
	MoveLabel:   func(_, move string) string { return "edge " + move },
	LineSep:     ", ",
	Kinds: map[string]string{
		"at": "a polygon", "setv": "a polygon", "insert": "a polygon", "remove": "a polygon", "rotate": "a polygon",
		"reverse": "a polygon", "solve": "a polygon", "trace": "a polygon, a chain, a polygon result", "after": "a polygon, a chain",
		"analyze": "a polygon, a chain", "explain": "a polygon result (solve(p)), a chain result", "play": "a polygon",
		"with": "a polygon", "rules": "a polygon", "dp": "a polygon, a chain", "position": "a polygon dp",
	},
	Docs: map[string]string{
		"at":      "Polygon: vertex i's value of a ring, value i of a chain from after.",
		"setv":    "Polygon: vertex i (value i of a chain, the moves made kept).",
		"insert":  `Polygon: insert(p, i, op, v) makes v the new v(i), joined to v(i-1) by the new edge i with operator op; the old edge i now joins it to the old v(i), and every later vertex and edge moves up by one.`,
		"remove":  "Polygon: edge i goes with v(i), and edge i+1 then joins v(i-1) to the old v(i+1). At least one vertex must remain.",
		"rotate":  "for a polygon, the old v(k+1) becomes v1 (its edges go with it, so the game is the same);",
		"reverse": "a polygon numbered the other way round (v1 ↔ vn: the same game while it has no -, whose two sides then swap);",
		"solve": `A polygon gives best, scores and worst (per first edge 1..n), optimal (every optimal first edge), ` +
			`first, merges (the rest of the plan by original edge number) and expr (the plan as a formula); a ` +
			`chain from after gives best from there, every optimal next merge and a plan, its moves in played.`,
		"after": `Polygon: moves are edge numbers in the original numbering; the first deletes an edge and each ` +
			`later one merges the two values it joins (as solve(p).merges lists them), giving a chain: its ` +
			`values, edges, ops and moves. A chain solves with the ring's own solver, as fast (1000 values in ` +
			`about the time of a 1000-vertex ring, seconds on a laptop), exact however large its numbers; its ` +
			`one limit is the memory budget: a chain whose table would not fit is refused before the table is ` +
			`allocated, with a MemoryError saying how much it needs (budget(bytes) changes it).`,
		"analyze": `Polygon: each position of the line is solved as solve solves it, so a line's cost is about its ` +
			`length times a solve of what is left (a full optimal line of a 200-vertex ring takes a few seconds); ` +
			`progress shows while it runs and Ctrl-C stops it. The memory budget is the only limit, as for after.`,
		"play": "Polygon: you make every move (an edge number: the first deletes it, each later one merges it).",
		"dp": `Polygon: m[i][j] in the seed's notation, the chain of j vertices from v(i) (the ring's answer for ` +
			`first edge e is the chain of length n from v(e)), each cell its min and max (exact), the split s ` +
			`reaching each (minAt, maxAt: the first part's length), its candidates (per split: op, the parts' ` +
			`extremes a, b, c, d and ac, ad, bc, bd) and why; d.plan lists [start, length, "min" | "max"].`,
	},
	Returns: map[string][]any{
		"at": {0}, "setv": {&Polygon{}, &Chain{}}, "insert": {&Polygon{}}, "remove": {&Polygon{}},
		"rotate": {&Polygon{}}, "reverse": {&Polygon{}}, "solve": {&Result{}, &ChainResult{}},
		"trace": {&Trace{}, &ChainTrace{}}, "after": {&Chain{}}, "with": {&Polygon{}}, "dp": {&DP{}},
		"position": {&Chain{}},
	},
}

// goalOf is the solver's goal under rules r.
func goalOf(r games.Rules) solver.Goal {
	if r.Get("goal") == "min" {
		return solver.GoalMin
	}
	return solver.GoalMax
}

// Returns is what solve and trace give for a ring, for completion.
func (p *Polygon) Returns(fn string) []any {
	switch fn {
	case "solve":
		return []any{&Result{}}
	case "trace":
		return []any{&Trace{}}
	}
	return nil
}

// Returns is what solve and trace give for a chain, for completion.
func (c *Chain) Returns(fn string) []any {
	switch fn {
	case "solve":
		return []any{&ChainResult{}}
	case "trace":
		return []any{&ChainTrace{}}
	}
	return nil
}
