package lifeline

import (
	"fmt"
	solver "gamelab/solvers/lifeline"
	"io"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// Result is solve(board, player).
type Result struct {
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
	// Illegal lists the empty vertices the rules forbid (suicide: false: a
	// stone there would remove stones of the mover's own).
	Illegal [][]int `expr:"illegal"`

	res *solver.Result
}

func newResult(b *Board, r *solver.Result) *Result {
	out := &Result{N: r.N, Player: r.Player, Best: r.Best, Moves: pairs(r.Moves),
		After: newBoard(r.After, b.rules), Board: b, res: r, Illegal: [][]int{}}
	for i, bad := range r.Illegal {
		if bad {
			row, p := b.b.Coord(i)
			out.Illegal = append(out.Illegal, []int{row, p})
		}
	}
	out.Points = make([][]any, b.N)
	for row := 1; row <= b.N; row++ {
		out.Points[row-1] = make([]any, rowLen(b.b, row))
		for p := 1; p <= rowLen(b.b, row); p++ {
			if i := b.b.Index(row, p); b.b.Cells[i] == 0 {
				out.Points[row-1][p-1] = r.Points[i]
			}
		}
	}
	out.Removed = [][]int{}
	for i, gone := range r.Removed {
		if gone {
			row, p := b.b.Coord(i)
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

func (r *Result) TypeName() string { return "lifeline result" }

// Text is the summary: best points and where, what the first best move
// removes, and a note when the board cannot arise in play (solving warns,
// naming the groups, on the error stream).
func (r *Result) Text() string { return kit.TextOf(r, false) }

// WriteText writes Text; it is short at any size (its lists are cut).
func (r *Result) WriteText(w io.Writer, full bool) error { return kit.WriteString(w, r.summary()) }

func (r *Result) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "player %d: best %d at %s\n", r.Player, r.Best, vertexList(r.Moves))
	fmt.Fprintf(&b, "%s\n", r.removedSummary())
	if len(r.Illegal) > 0 {
		fmt.Fprintf(&b, "illegal (suicide: false): %s\n", vertexList(r.Illegal))
	}
	if d := r.Board.rules.Describe(); d != "" {
		fmt.Fprintf(&b, "rules: %s\n", d)
	}
	b.WriteString(r.unreachableNote())
	return b.String()
}

// removedSummary says what the first best move removes, stones grouped by
// owner.
func (r *Result) removedSummary() string {
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
func (r *Result) unreachableWarning() string {
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
	b.WriteString(kit.Plural(len(r.res.Unreachable), " touches", " touch"))
	b.WriteString(" no empty vertex; like the judge, no move counts them")
	return b.String()
}

// unreachableNote is the line a result's text keeps of that warning, for
// whoever looks at the result later: how many groups, and where they are
// listed. "" when there are none.
func (r *Result) unreachableNote() string {
	k := len(r.res.Unreachable)
	if k == 0 {
		return ""
	}
	return fmt.Sprintf("unreachable board: %s touch%s no empty vertex and count%s for no move (listed in r.unreachable)\n",
		kit.Count(k, "group", "groups"), kit.Plural(k, "es", ""), kit.Plural(k, "s", ""))
}

// SVG is the board with the best vertices, the first move and the stones it
// removes marked.
func (r *Result) SVG() string { return kit.SVGOf(r, false) }

func (r *Result) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, r.triangle(), full, r.card, fmt.Sprintf("more than %d rows", display.MaxSVGRows))
}

func (r *Result) WritePicture(w io.Writer, full bool) error {
	return kit.DrawText(w, r.triangle(), full, r.card, fmt.Sprintf("more than %d rows", display.MaxTextRows))
}

// card stands in for the picture of a board too large to draw.
func (r *Result) card(why string) display.Card {
	return kit.Answered(r.Board.card(why), fmt.Sprintf(", player %d: best %d", r.Player, r.Best), why, "r.after is the board after the move; "+kit.ResultSee)
}

func (r *Result) triangle() display.Triangle {
	t := r.Board.picture()
	t.Player = r.Player
	t.Best = r.res.Moves
	t.Placed = r.res.Moves[0]
	// The picture is the board as the move leaves it before the dead groups
	// go: the new stone in place, the removed stones still shown (crossed).
	t.Cells = slices.Clone(t.Cells)
	t.Cells[r.Board.b.Index(t.Placed[0], t.Placed[1])] = uint8(r.Player)
	t.Removed = r.res.Removed
	t.Caption = fmt.Sprintf("player %d: best %d", r.Player, r.Best) + r.Board.rulesNote()
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

// Explain is explain(solve(b, player)): the tree of the player's moves,
// each empty vertex with the points it makes, ★ on the best.
func (r *Result) Explain(env *builtin.Env, args []any) (any, error) {
	depth := 1
	if err := kit.Unpack("explain", args, "x", new(any), "depth?", kit.Between(&depth, 1, 6)); err != nil {
		return nil, err
	}
	p, err := r.Board.WithMover(strconv.Itoa(r.Player))
	if err != nil {
		return nil, err
	}
	return tools.GameTree(env, p, depth)
}
