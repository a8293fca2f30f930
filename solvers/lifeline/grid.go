package lifeline

import (
	"fmt"
	"math"
)

// Grid is the shape of a board and so which vertices touch. The zero value
// is the judge's triangle.
type Grid uint8

const (
	// Triangle has N rows, row r holding r vertices; (r, p) touches
	// (r, p±1), (r−1, p−1), (r−1, p), (r+1, p) and (r+1, p+1).
	Triangle Grid = iota
	// Square has N rows of N vertices, like a Go board; (r, p) touches
	// (r, p±1) and (r±1, p).
	Square
)

// MaxSquareN is the largest square board: its N² = 2 147 395 600 cells still
// fit the int32 cell indices the solver uses (as MaxN does for the triangle).
const MaxSquareN = 46340

// gridNames are the grids' names in the rules, by value.
var gridNames = []string{"triangle", "square"}

// String is the grid's name in the rules: "triangle" or "square".
func (g Grid) String() string { return optionName("grid", gridNames, uint8(g)) }

// ParseGrid reads a grid's name, as String writes it.
func ParseGrid(name string) (Grid, error) {
	v, err := parseOption("grid", gridNames, name)
	return Grid(v), err
}

// valid reports whether g is one of the grids above.
func (g Grid) valid() bool { return g <= Square }

// MaxN is the largest board size of the grid: MaxN or MaxSquareN.
func (g Grid) MaxN() int {
	if g == Square {
		return MaxSquareN
	}
	return MaxN
}

// CellCount is the number of vertices of a board of size n: n(n+1)/2 on the
// triangle, n² on the square.
func (g Grid) CellCount(n int) int {
	if g == Square {
		return n * n
	}
	return CellCount(n)
}

// NewBoard returns an empty board of the grid of size n; n must be in
// 1..g.MaxN() (a programming error otherwise, so it panics: callers check
// user input first).
func (g Grid) NewBoard(n int) *Board {
	if !g.valid() {
		panic(fmt.Sprintf("lifeline: unknown grid %d", uint8(g)))
	}
	if msg := g.checkSize(n); msg != "" {
		panic("lifeline: " + msg)
	}
	return &Board{N: n, Cells: make([]uint8, g.CellCount(n)), Grid: g}
}

// checkSize says why n is not a board size of the grid, or "": "board size 0
// outside 1..65535" on the triangle (as ever), "square board size …" on the
// square.
func (g Grid) checkSize(n int) string {
	if n >= 1 && n <= g.MaxN() {
		return ""
	}
	size := "board size"
	if g != Triangle {
		size = g.String() + " " + size
	}
	return fmt.Sprintf("%s %d outside 1..%d", size, n, g.MaxN())
}

// rowLen is the number of vertices in a row of a board of size n.
func (g Grid) rowLen(n, r int) int {
	if g == Square {
		return n
	}
	return r
}

// index maps the 1-based row r and position p to a Cells index on a board
// of size n, without a range check.
func (g Grid) index(n, r, p int) int {
	if g == Square {
		return (r-1)*n + p - 1
	}
	return r*(r-1)/2 + p - 1
}

// coord is the inverse of index.
func (g Grid) coord(n, i int) (r, p int) {
	if g == Square {
		return i/n + 1, i%n + 1
	}
	return Coord(i)
}

// Coord is the inverse of Index on the triangle: the 1-based row and position
// of Cells index i (i ≥ 0), on a board of any size. Board.Coord works on
// either grid.
func Coord(i int) (r, p int) {
	// Row r starts at r(r-1)/2 ≤ i, so r = ⌊(1+√(8i+1))/2⌋; the float estimate
	// may be off by one for large i, so it is corrected in integers.
	r = int((1 + math.Sqrt(float64(8*i+1))) / 2)
	for r > 1 && r*(r-1)/2 > i {
		r--
	}
	for (r+1)*r/2 <= i {
		r++
	}
	return r, i - r*(r-1)/2 + 1
}

// row is the shape of one row of a board, worked out once per row so the
// solver's inner loops find a vertex's neighbours by adding offsets, the
// same code for both grids.
type row struct {
	r, width int
	above    int   // the previous row's width (0 for the first row)
	up, down int32 // from vertex (r, p) to (r−1, p) and to (r+1, p)
	below    bool  // a row follows
	diagonal bool  // (r−1, p−1) and (r+1, p+1) touch (r, p) too: the triangle
	start    int   // the Cells index of (r, 1)
}

// row is the shape of row r (1..N) of b.
func (b *Board) row(r int) row {
	w := row{r: r, width: b.Grid.rowLen(b.N, r), below: r < b.N, start: b.Index(r, 1)}
	if r > 1 {
		w.above = b.Grid.rowLen(b.N, r-1)
	}
	if b.Grid == Square {
		w.up, w.down = int32(b.N), int32(b.N)
	} else {
		w.up, w.down, w.diagonal = int32(r-1), int32(r), true
	}
	return w
}

// neighbours appends to buf the Cells indices of the vertices adjacent to
// vertex i = (w.r, p) and returns it. (It runs for every empty vertex twice,
// so it is written to stay within the compiler's budget for inlining.)
func (w *row) neighbours(buf []int32, p int, i int32) []int32 {
	if p > 1 {
		buf = append(buf, i-1) // (r, p−1)
		if w.diagonal {
			buf = append(buf, i-w.up-1) // (r−1, p−1)
		}
	}
	if p < w.width {
		buf = append(buf, i+1) // (r, p+1)
	}
	if p <= w.above {
		buf = append(buf, i-w.up) // (r−1, p)
	}
	if w.below {
		buf = append(buf, i+w.down) // (r+1, p)
		if w.diagonal {
			buf = append(buf, i+w.down+1) // (r+1, p+1)
		}
	}
	return buf
}

// maxDegree is the most neighbours a vertex has on any grid.
const maxDegree = 6
