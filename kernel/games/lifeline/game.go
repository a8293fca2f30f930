// Package lifeline is Life Line as the command language plays it: the
// board (Board, which is also the game's position: Life Line has no turn to
// remember beyond whose stone comes next), its rules (grid, capture,
// suicide), the result of a turn, its trace and heat map, the builtins that
// make and change boards, and the batch dialect. The solver is
// gamelab/solvers/lifeline; the engine (package games) writes after,
// analyze, play and the game tree once for every game.
package lifeline

import (
	"fmt"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	solver "gamelab/solvers/lifeline"
)

// Game is Life Line. Package all registers it.
var Game = &games.Game{
	Name:    "lifeline",
	Title:   "Life Line",
	Heading: "Life Line (ICPC Japan)",
	Rules: "A triangular board of N rows; row r has r vertices, vertex (r, p) counting p from the left. A vertex " +
		"touches (r, p±1), (r-1, p-1), (r-1, p), (r+1, p) and (r+1, p+1), and is empty (0) or holds a stone " +
		"1..9. Player C puts one stone on an empty vertex; then every group (connected vertices of one number) " +
		"that touches no empty vertex is removed. C gains a point for each removed stone of another player and " +
		"loses one for each of their own, the new stone included. solve gives the best points and every vertex " +
		"reaching them. A group that touched no empty vertex before the move cannot arise in play: it counts for " +
		"no move, and solving warns. A full board has no move.",
	Options: []*games.Option{
		{Name: "grid", Default: "triangle", Values: `"triangle" or "square"`,
			Doc:   `the board's shape: the judge's triangle, or N rows of N vertices, each touching (r, p±1) and (r±1, p) like a Go board (the board carries it: give it when making the board)`,
			Parse: games.OneOf("triangle", "square")},
		{Name: "capture", Default: "together", Values: `"together" or "others-first"`,
			Doc:   `together removes every group left without an empty neighbour at once (the judge's rule); others-first is Go's order: the other players' groups first, then the mover's own group if it still touches no empty vertex`,
			Parse: games.OneOf("together", "others-first")},
		{Name: "suicide", Default: true, Values: `true or false`,
			Doc: `false makes a move illegal when it would remove any of the mover's own stones`, Parse: games.Boolean},
	},
	Turns:   games.Free,
	Scoring: games.PerMove,
	Words: games.Words{
		Value:       "points",
		ValueDoc:    "points: the mover's best points this turn",
		Player:      "stone",
		Hint:        "best points",
		Reply:       "plays",
		PlotCaption: "best points each turn, and the points the move got",
		PlotY:       "best points",
		MoveLabel:   func(player, move string) string { return player + " at " + move },
		LineSep:     ", ",
		Variant:     describe,
	},
	Help: games.Help{
		At:      "Board: at(b, r, p) is the cell at row r, position p (0 empty, else the stone).",
		Rotate:  "for a board, the triangle turns 120° anticlockwise k times, the top corner going to the bottom left (a square board a quarter turn anticlockwise).",
		Reverse: "a board left to right;",
		Solve: `A board and a player 1..9 give best, moves (every best vertex as [row, position]), points (row by ` +
			`row, nil where occupied), after, removed and unreachable, and illegal under suicide: false.`,
		After: `Board: moves [row, position, player], each placing a stone and removing every group left without ` +
			`an empty neighbour (docs/rules.md). Groups already without one before the line (a board play cannot ` +
			`reach; after warns) stay where they are, as the judge counts them for no move.`,
		DP: `Life Line: dp(b, player) is every empty vertex's points (a heat map), at(d, r, p) a vertex's ` +
			`points and removes, the stones a stone there would remove as [row, position, stone].`,
		Play: "Life Line: play(b, [4, 2]) players take turns in that order and you move for each (row and position, e.g. 3 2).",
	},
	Values: []builtin.Typed{&Board{}, &Result{}, &Trace{}, &Heat{}, &DP{}, &Vertex{}},
}

// solverRules is r as the solver takes it (the grid is the board's).
func solverRules(r games.Rules) solver.Rules {
	var sr solver.Rules
	if r.Get("capture") == "others-first" {
		sr.Capture = solver.OthersFirst
	}
	sr.NoSuicide = r.Get("suicide") == false
	return sr
}

func gridOf(r games.Rules) solver.Grid {
	if r.Get("grid") == "square" {
		return solver.Square
	}
	return solver.Triangle
}

// describe says how rules r differ from the judge's game: "square grid,
// Go's capture order, no suicide".
func describe(r games.Rules) string {
	var parts []string
	if r.Get("grid") == "square" {
		parts = append(parts, "square grid")
	}
	if r.Get("capture") == "others-first" {
		parts = append(parts, "others captured first")
	}
	if r.Get("suicide") == false {
		parts = append(parts, "no suicide")
	}
	return strings.Join(parts, ", ")
}

var _ = fmt.Sprint

// What Life Line's values can do, checked by the compiler: a method whose
// signature drifts from its capability's is an error here, not a value the
// tools silently stop finding.
var (
	_ games.Position    = (*Board)(nil)
	_ games.Solver      = (*Board)(nil)
	_ games.Solvable    = (*Board)(nil)
	_ games.Traceable   = (*Board)(nil)
	_ games.Tabled      = (*Board)(nil)
	_ games.Reader      = (*Board)(nil)
	_ games.Editor      = (*Board)(nil)
	_ games.Player      = (*Board)(nil)
	_ games.LineParser  = (*Board)(nil)
	_ games.Warner      = (*Board)(nil)
	_ games.Annotator   = (*Board)(nil)
	_ games.FreeTurns   = (*Board)(nil)
	_ games.Keyed       = (*Board)(nil)
	_ games.Shrinkable  = (*Board)(nil)
	_ games.Enumerable  = (*Board)(nil)
	_ games.Resulter    = (*Board)(nil)
	_ games.MoverOf     = stone{}
	_ games.Describer   = stone{}
	_ games.Traceable   = (*Result)(nil)
	_ games.Explainable = (*Result)(nil)
	_ games.Resulter    = (*Result)(nil)
	_ games.Reader      = (*DP)(nil)
)

// Results are what solve, trace and dp give for a board, for completion.
func (b *Board) Results() games.Results {
	return games.Results{Solve: &Result{}, Trace: &Trace{}, DP: &DP{}}
}

// Results are what trace gives for a result, for completion.
func (r *Result) Results() games.Results { return games.Results{Trace: &Trace{}} }
