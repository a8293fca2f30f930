package games

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

// CoinsResult is solve(coins).
type CoinsResult struct {
	N      int    `expr:"n"`
	Best   any    `expr:"best"`   // A's (the first player's) total
	Second any    `expr:"second"` // B's total
	Diff   any    `expr:"diff"`   // best − second
	Moves  string `expr:"moves"`  // one L or R per turn, A's turns first and every other
	Coins  *Coins `expr:"coins"`

	res *coins.Result
}

func newCoinsResult(c *Coins, r *coins.Result) *CoinsResult {
	return &CoinsResult{N: r.N, Best: Number(r.Best), Second: Number(r.Second), Diff: Number(r.Diff),
		Moves: r.Moves, Coins: c, res: r}
}

func (r *CoinsResult) TypeName() string { return "coins result" }

// Text is the summary: the two totals, the difference, the moves (cut
// after maxMoves letters).
func (r *CoinsResult) Text() string { return TextOf(r, false) }

// maxMoves is how many letters of the moves the summary shows.
const maxMoves = 200

func (r *CoinsResult) WriteText(w io.Writer, full bool) error {
	moves := r.Moves
	if len(moves) > maxMoves && !full {
		moves = fmt.Sprintf("%s… (%d letters in r.moves)", moves[:maxMoves], len(moves))
	}
	return WriteString(w, fmt.Sprintf("A %s, B %s, A − B = %s\nmoves %s\n", r.res.Best, r.res.Second, r.res.Diff, moves))
}

// SVG is the row, each coin coloured by who takes it.
func (r *CoinsResult) SVG() string { return SVGOf(r, false) }

func (r *CoinsResult) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, r.Coins.picture(r.Moves), full, r.card, fmt.Sprintf("more than %d coins", display.MaxSVGCoins))
}

func (r *CoinsResult) WritePicture(w io.Writer, full bool) error {
	return DrawText(w, r.Coins.picture(r.Moves), full, r.card, r.Coins.TextWhy())
}

// card stands in for the picture of a row too long to draw.
func (r *CoinsResult) card(why string) display.Card {
	return Answered(r.Coins.card(why), fmt.Sprintf(": A %s, B %s", r.res.Best, r.res.Second), why, "trace(c) shows each turn; "+resultSee)
}

// LifelineResult is solve(board, player).
type LifelineResult struct {
	N      int     `expr:"n"`
	Player int     `expr:"player"`
	Best   int     `expr:"best"`  // the best points over all empty vertices
	Moves  [][]int `expr:"moves"` // every vertex reaching best, [row, position], reading order
	// Points is the heat map, row by row like Board.rows: the points of
	// each empty vertex, nil for an occupied one.
	Points [][]any `expr:"points"`
	// After is the board after the first best move, removed stones cleared;
	// Removed lists the vertices that move cleared.
	After   *Board  `expr:"after"`
	Removed [][]int `expr:"removed"`
	// Unreachable lists the groups that touched no empty vertex before the
	// move, each {"stone": s, "cells": [[r, p], …]} (docs/rules.md: they count
	// for no move, and the board cannot arise in play).
	Unreachable []map[string]any `expr:"unreachable"`
	Board       *Board           `expr:"board"`

	res *lifeline.Result
}

func newLifelineResult(b *Board, r *lifeline.Result) *LifelineResult {
	out := &LifelineResult{N: r.N, Player: r.Player, Best: r.Best, Moves: pairs(r.Moves),
		After: NewBoard(r.After), Board: b, res: r}
	out.Points = make([][]any, b.N)
	for row := 1; row <= b.N; row++ {
		out.Points[row-1] = make([]any, row)
		for p := 1; p <= row; p++ {
			if i := b.b.Index(row, p); b.b.Cells[i] == 0 {
				out.Points[row-1][p-1] = r.Points[i]
			}
		}
	}
	out.Removed = [][]int{}
	for i, gone := range r.Removed {
		if gone {
			row, p := lifeline.Coord(i)
			out.Removed = append(out.Removed, []int{row, p})
		}
	}
	out.Unreachable = []map[string]any{}
	for _, g := range r.Unreachable {
		out.Unreachable = append(out.Unreachable, map[string]any{"stone": int(g.Stone), "cells": pairs(g.Cells)})
	}
	return out
}

func pairs(ps [][2]int) [][]int {
	out := make([][]int, len(ps))
	for i, p := range ps {
		out[i] = []int{p[0], p[1]}
	}
	return out
}

func (r *LifelineResult) TypeName() string { return "lifeline result" }

// Text is the summary: best points and where, what the first best move
// removes, and a note when the board cannot arise in play (solving warns,
// naming the groups, on the error stream).
func (r *LifelineResult) Text() string { return TextOf(r, false) }

// WriteText writes Text; it is short at any size (its lists are cut).
func (r *LifelineResult) WriteText(w io.Writer, full bool) error { return WriteString(w, r.summary()) }

func (r *LifelineResult) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "player %d: best %d at %s\n", r.Player, r.Best, vertexList(r.Moves))
	fmt.Fprintf(&b, "%s\n", r.removedSummary())
	b.WriteString(r.unreachableNote())
	return b.String()
}

// removedSummary says what the first best move removes, stones grouped by
// owner.
func (r *LifelineResult) removedSummary() string {
	mv := r.Moves[0]
	if len(r.Removed) == 0 {
		return fmt.Sprintf("a stone at (%d,%d) removes nothing", mv[0], mv[1])
	}
	var byStone [10][][]int
	own := false // the new stone, removed with its own group
	for _, v := range r.Removed {
		if s := r.Board.b.At(v[0], v[1]); s != 0 {
			byStone[s] = append(byStone[s], v)
		} else {
			own = true
		}
	}
	var parts []string
	for s, vs := range byStone {
		if len(vs) > 0 {
			parts = append(parts, fmt.Sprintf("%d of stone %d %s", len(vs), s, vertexList(vs)))
		}
	}
	switch {
	case own && len(parts) == 0:
		parts = append(parts, "only the new stone itself")
	case own:
		parts = append(parts, "and the new stone itself")
	}
	return fmt.Sprintf("a stone at (%d,%d) removes %s", mv[0], mv[1], strings.Join(parts, "; "))
}

// unreachableWarning names the groups that touched no empty vertex before
// the move (docs/rules.md: the board cannot arise in play), "" when there are
// none. Solving sends it to the cell's error stream (Env.Warn).
func (r *LifelineResult) unreachableWarning() string {
	if len(r.res.Unreachable) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("this board cannot arise in play: ")
	for i, g := range r.res.Unreachable {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(g.String())
	}
	b.WriteString(Plural(len(r.res.Unreachable), " touches", " touch"))
	b.WriteString(" no empty vertex; like the judge, no move counts them")
	return b.String()
}

// unreachableNote is the line a result's text keeps of that warning, for
// whoever looks at the result later: how many groups, and where they are
// listed. "" when there are none.
func (r *LifelineResult) unreachableNote() string {
	k := len(r.res.Unreachable)
	if k == 0 {
		return ""
	}
	return fmt.Sprintf("unreachable board: %s touch%s no empty vertex and count%s for no move (listed in r.unreachable)\n",
		Count(k, "group", "groups"), Plural(k, "es", ""), Plural(k, "s", ""))
}

// SVG is the board with the best vertices, the first move and the stones it
// removes marked.
func (r *LifelineResult) SVG() string { return SVGOf(r, false) }

func (r *LifelineResult) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, r.triangle(), full, r.card, fmt.Sprintf("more than %d rows", display.MaxSVGRows))
}

func (r *LifelineResult) WritePicture(w io.Writer, full bool) error {
	return DrawText(w, r.triangle(), full, r.card, fmt.Sprintf("more than %d rows", display.MaxTextRows))
}

// card stands in for the picture of a board too large to draw.
func (r *LifelineResult) card(why string) display.Card {
	return Answered(r.Board.MakeCard(why), fmt.Sprintf(", player %d: best %d", r.Player, r.Best), why, "r.after is the board after the move; "+resultSee)
}

// resultSee is how to see all of a result too large to draw.
const resultSee = `text(r) or save(r, "r.txt") or save(r, "r.svg") draws it all`

func (r *LifelineResult) triangle() display.Triangle {
	t := r.Board.picture()
	t.Player = r.Player
	t.Best = r.res.Moves
	t.Placed = r.res.Moves[0]
	// The picture is the board as the move leaves it before the dead groups
	// go: the new stone in place, the removed stones still shown (crossed).
	t.Cells = slices.Clone(t.Cells)
	t.Cells[r.Board.b.Index(t.Placed[0], t.Placed[1])] = uint8(r.Player)
	t.Removed = r.res.Removed
	t.Caption = fmt.Sprintf("player %d: best %d", r.Player, r.Best)
	return t
}

// vertexList writes vertices as "(3,2) (4,1)"; a long list (an empty board
// has every vertex best) is cut after maxListed.
func vertexList(vs [][]int) string {
	const maxListed = 12
	var parts []string
	for i, v := range vs {
		if i == maxListed {
			parts = append(parts, fmt.Sprintf("… (%d more)", len(vs)-maxListed))
			break
		}
		parts = append(parts, fmt.Sprintf("(%d,%d)", v[0], v[1]))
	}
	return strings.Join(parts, " ")
}

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
