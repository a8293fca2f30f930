package lifeline

import (
	"fmt"
	"io"
	"strings"

	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/lifeline"
)

// MaxBoardN bounds a triangular board's rows (two million vertices at
// 2000); a square board's is solver.Square.MaxN().
const MaxBoardN = 2000

// maxRows is the largest board of grid g that board and randboard make.
func maxRows(g solver.Grid) int {
	if g == solver.Square {
		return g.MaxN()
	}
	return MaxBoardN
}

// Board is a Life Line board under its rules, immutable like Polygon. The
// exported fields are a read-only view for expr: `b.n`, `b.rows` (row r
// has r cells, N on a square board; 0 empty, else the stone), `b.rules`,
// and after moves `b.moves`. It is also the game's position: the stones so
// far, the moves that placed them, and, in play, whose stone comes next.
type Board struct {
	N       int            `expr:"n"`
	Rows    [][]int        `expr:"rows"`
	RuleMap map[string]any `expr:"rules"`
	// Moves are the stones placed since the board was made, each [row,
	// position, player] (after, analyze, play); Turns says of each its
	// points and the stones it removed ([row, position, stone]).
	Moves [][]int          `expr:"moves"`
	Turns []map[string]any `expr:"turns"`

	b     *solver.Board
	rules games.Rules
	h     *games.History
	// order is the order of play of play(b, players), nil outside play:
	// then each move names its player, and mover is the one a move set.
	order []string
	mover string
}

// NewBoard wraps a solver board (not copied: the caller hands it over)
// under the default rules for its grid.
func NewBoard(b *solver.Board) *Board {
	r := Game.Default()
	if b.Grid == solver.Square {
		r, _ = r.With(map[string]any{"grid": "square"})
	}
	return newBoard(b, r)
}

func newBoard(b *solver.Board, r games.Rules) *Board {
	rows := make([][]int, b.N)
	cells := make([]int, len(b.Cells)) // one backing array for all rows
	for i, c := range b.Cells {
		cells[i] = int(c)
	}
	for r := 1; r <= b.N; r++ {
		start, k := b.Index(r, 1), rowLen(b, r)
		rows[r-1] = cells[start : start+k : start+k]
	}
	return &Board{N: b.N, Rows: rows, RuleMap: r.Map(), Moves: [][]int{}, Turns: []map[string]any{}, b: b, rules: r}
}

// rowLen is how many vertices row r of b has.
func rowLen(b *solver.Board, r int) int {
	if b.Grid == solver.Square {
		return b.N
	}
	return r
}

// Solver returns the solver's board; callers must not change it.
func (b *Board) Solver() *solver.Board { return b.b }

func (b *Board) TypeName() string { return "board" }

func (b *Board) Game() *games.Game  { return Game }
func (b *Board) Rules() games.Rules { return b.rules }

// WithRules is b under rules r; the grid is the board's shape and stays.
func (b *Board) WithRules(r games.Rules) (games.Position, error) {
	if r.Get("grid") != b.rules.Get("grid") {
		return nil, fmt.Errorf("with: grid is the board's shape, which with cannot change; make a %s board with board(N, cells, {grid: %q})", r.Get("grid"), r.Get("grid"))
	}
	c := *b
	c.rules, c.RuleMap = r, r.Map()
	return &c, nil
}

// String is the judge's layout, one row per line.
func (b *Board) String() string { return b.b.String() }

// Text draws the board; a board too large to draw says what it is instead.
func (b *Board) Text() string { return kit.TextOf(b, false) }

// SVG draws the board (a card when too large).
func (b *Board) SVG() string { return kit.SVGOf(b, false) }

func (b *Board) WriteText(w io.Writer, full bool) error {
	return kit.DrawText(w, b.picture(), full, b.card, fmt.Sprintf("more than %d rows", display.MaxTextRows))
}

func (b *Board) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, b.picture(), full, b.card, fmt.Sprintf("more than %d rows", display.MaxSVGRows))
}

// caption names the board: its size, its rules when they are not the
// judge's, and the moves made.
// Inline is the board in a list: its size (and rules).
func (b *Board) Inline() string { return b.caption() }

func (b *Board) caption() string { return fmt.Sprintf("board of size %d", b.N) + b.rulesNote() }

// rulesNote is " (square grid, no suicide)" when b is not played under the
// judge's rules, for captions.
func (b *Board) rulesNote() string {
	if d := b.rules.Describe(); d != "" {
		return " (" + d + ")"
	}
	return ""
}

func (b *Board) picture() display.Triangle {
	return display.Triangle{N: b.N, Square: b.b.Grid == solver.Square, Cells: b.b.Cells, Caption: b.caption()}
}

// MarkedSVG draws the board with each legal move marked on its empty
// vertex, for the explorer; "" when the board is too large to draw.
func (b *Board) MarkedSVG(marks map[string]display.Mark) string {
	d := b.picture()
	if !d.SVGFits() {
		return ""
	}
	d.Marks = map[[2]int]display.Mark{}
	for _, m := range b.Legal() {
		if mk, ok := marks[m.String()]; ok {
			s := m.(stone)
			d.Marks[[2]int{s.r, s.p}] = mk
		}
	}
	return d.SVG()
}

// Picture is the board's drawing, for the frames of a trace.
func (b *Board) Picture() display.Drawing { return b.picture() }

// card is what stands in for the drawing of a board too large to draw.
func (b *Board) card(why string) display.Card {
	return kit.MakeCard(b.caption(), []string{b.facts()}, why, boardSee)
}

const boardSee = `at(b, r, p) or b.rows[r] reads cells; text(b) or save(b, "b.txt") or save(b, "b.svg") draws it all`

// facts counts the board's vertices, stones by number and empty vertices.
func (b *Board) facts() string {
	var byStone [10]int
	for _, c := range b.b.Cells {
		if c <= 9 {
			byStone[c]++
		}
	}
	var parts []string
	for s := 1; s <= 9; s++ {
		if byStone[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d: %d", s, byStone[s]))
		}
	}
	stones := len(b.b.Cells) - byStone[0]
	facts := fmt.Sprintf("%s, %s", kit.Count(len(b.b.Cells), "vertex", "vertices"), kit.Count(stones, "stone", "stones"))
	if len(parts) > 0 {
		facts += " (" + strings.Join(parts, ", ") + ")"
	}
	return facts + fmt.Sprintf(", %d empty", byStone[0])
}

// SetIndex implements `b[r, p] = v` (v a stone 1..9, or 0 for empty).
func (b *Board) SetIndex(index []any, v any) (any, error) {
	r, p, err := b.vertex("b[r, p] = v", index)
	if err != nil {
		return nil, err
	}
	c, msg := kit.ToInt(v)
	if msg == "" && (c < 0 || c > 9) {
		msg = kit.RangeMsg(c, 0, 9)
	}
	if msg != "" {
		return nil, fmt.Errorf("b[%d, %d] = v: the stone %s", r, p, msg)
	}
	return b.with(func(q *solver.Board) { q.Cells[q.Index(r, p)] = uint8(c) }), nil
}

// GetIndex implements reading `b[r, p]`.
func (b *Board) GetIndex(index []any) (any, error) {
	r, p, err := b.vertex("b[r, p]", index)
	if err != nil {
		return nil, err
	}
	return int(b.b.At(r, p)), nil
}

// vertex checks an index [r, p] against the board.
func (b *Board) vertex(what string, index []any) (r, p int, err error) {
	if len(index) != 2 {
		return 0, 0, fmt.Errorf("%s: wants two indices, row and position, got %d", what, len(index))
	}
	r, msg := kit.ToInt(index[0])
	if msg == "" && (r < 1 || r > b.N) {
		msg = kit.RangeMsg(r, 1, b.N)
	}
	if msg != "" {
		return 0, 0, fmt.Errorf("%s: the row %s", what, msg)
	}
	p, msg = kit.ToInt(index[1])
	if k := rowLen(b.b, r); msg == "" && (p < 1 || p > k) {
		msg = kit.RangeMsg(p, 1, k)
	}
	if msg != "" {
		return 0, 0, fmt.Errorf("%s: the position in row %d %s", what, r, msg)
	}
	return r, p, nil
}

// with returns a changed copy, a new board with no moves behind it: edit
// gets a deep copy of the solver board.
func (b *Board) with(edit func(q *solver.Board)) *Board {
	q := b.b.Clone()
	edit(q)
	return newBoard(q, b.rules)
}

// JSONValue is the board's size and rows; its rules when they are not the
// judge's, and the moves record of a board after moves.
func (b *Board) JSONValue() any {
	type board struct {
		N    int     `json:"n"`
		Rows [][]int `json:"rows"`
	}
	out := board{b.N, b.Rows}
	if b.rules.IsDefault() && b.h.Len() == 0 {
		return out
	}
	return struct {
		board
		Moves [][]int          `json:"moves,omitempty"`
		Turns []map[string]any `json:"turns,omitempty"`
		Rules map[string]any   `json:"rules,omitempty"`
	}{out, b.Moves, b.Turns, b.rules.Changed()}
}
