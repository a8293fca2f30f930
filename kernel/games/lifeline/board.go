package lifeline

import (
	"fmt"
	"io"
	"strings"

	"gamelab/kernel/display"
	"gamelab/solvers/lifeline"
)


// MaxBoardN is the largest Life Line board the command language makes. The
// solver goes to lifeline.MaxN, but a Board also carries its rows as expr
// lists (8 bytes a cell), and 2000 rows are already two million vertices;
// the batch solver (`gamelab lifeline`) takes bigger boards.
const MaxBoardN = 2000

// Board is a Life Line board (rules: docs/rules.md), immutable like Polygon. The
// exported fields are a read-only view for expr: `b.n`, and `b.rows`, the
// cells row by row (the kernel indexes every list from 1: `b.rows[1][1]` is
// vertex (1, 1), as `at(b, 1, 1)` is).
type Board struct {
	N    int     `expr:"n"`
	Rows [][]int `expr:"rows"`

	b *lifeline.Board
}

// NewBoard wraps a solver board (not copied: the caller hands it over).
func NewBoard(b *lifeline.Board) *Board {
	rows := make([][]int, b.N)
	cells := make([]int, len(b.Cells)) // one backing array for all rows
	for i, c := range b.Cells {
		cells[i] = int(c)
	}
	for r := 1; r <= b.N; r++ {
		start := b.Index(r, 1)
		rows[r-1] = cells[start : start+r : start+r]
	}
	return &Board{N: b.N, Rows: rows, b: b}
}

// Solver returns the solver's board; callers must not change it.
func (b *Board) Solver() *lifeline.Board { return b.b }

func (b *Board) TypeName() string { return "board" }

// String is the judge's layout, one row per line.
func (b *Board) String() string { return b.b.String() }

// Text draws the triangle; a board too large to draw says what it is
// instead.
func (b *Board) Text() string { return TextOf(b, false) }

// SVG draws the triangle (a card when too large).
func (b *Board) SVG() string { return SVGOf(b, false) }

func (b *Board) WriteText(w io.Writer, full bool) error {
	return DrawText(w, b.picture(), full, b.card, fmt.Sprintf("more than %d rows", display.MaxTextRows))
}

func (b *Board) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, b.picture(), full, b.card, fmt.Sprintf("more than %d rows", display.MaxSVGRows))
}

func (b *Board) picture() display.Triangle {
	return display.Triangle{N: b.N, Cells: b.b.Cells, Caption: fmt.Sprintf("board of size %d", b.N)}
}

// card is what stands in for the drawing of a board too large to draw.
func (b *Board) card(why string) display.Card {
	return MakeCard(fmt.Sprintf("board of size %d", b.N), []string{b.facts()}, why, boardSee)
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
	facts := fmt.Sprintf("%s, %s", Count(len(b.b.Cells), "vertex", "vertices"), Count(stones, "stone", "stones"))
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
	c, msg := ToInt(v)
	if msg == "" && (c < 0 || c > 9) {
		msg = rangeMsg(c, 0, 9)
	}
	if msg != "" {
		return nil, fmt.Errorf("b[%d, %d] = v: the stone %s", r, p, msg)
	}
	return b.with(func(q *lifeline.Board) { q.Cells[q.Index(r, p)] = uint8(c) }), nil
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
	r, msg := ToInt(index[0])
	if msg == "" && (r < 1 || r > b.N) {
		msg = rangeMsg(r, 1, b.N)
	}
	if msg != "" {
		return 0, 0, fmt.Errorf("%s: the row %s", what, msg)
	}
	p, msg = ToInt(index[1])
	if msg == "" && (p < 1 || p > r) {
		msg = rangeMsg(p, 1, r)
	}
	if msg != "" {
		return 0, 0, fmt.Errorf("%s: the position in row %d %s", what, r, msg)
	}
	return r, p, nil
}

// with returns a changed copy: edit gets a deep copy of the solver board.
func (b *Board) with(edit func(q *lifeline.Board)) *Board {
	q := b.b.Clone()
	edit(q)
	return NewBoard(q)
}
