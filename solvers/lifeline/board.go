// Package lifeline solves one turn of the board game Life Line (ICPC Japan;
// rules in docs/rules.md): on a board of vertices, player C puts a stone on
// an empty vertex, every group of equal stones that then touches no empty
// vertex is removed, and C scores the removed stones of others minus their
// own.
//
// The judge's game is the default; SPEC §6.3's variants are options. The
// board carries its Grid: the judge's Triangle or a Square of N×N vertices
// with four neighbours each. Rules choose the capture order (Together, as the
// judge removes; or OthersFirst, Go's order, where a capture saves the
// mover's group) and whether a move may remove the mover's own stones
// (NoSuicide forbids it). Rules{}.Solve and Rules{}.Place are Solve and Place.
//
// Solve finds the points of every empty vertex in time linear in the number of
// vertices, so boards far beyond the judge's N ≤ 10 (N = 1500 has 1.1 million
// vertices) are solved in milliseconds; Result.RemovedAt then tells what a
// stone on any empty vertex removes. SolveBytes and PlaceBytes bound the
// memory beforehand. The package is pure: no I/O, no kernel.
package lifeline

import (
	"fmt"
	"strings"
)

// MaxN is the largest triangle board size. Its N(N+1)/2 = 2 147 450 880
// cells still fit an int32, which the solver uses for cell indices to halve
// its memory. (The index arithmetic assumes a 64-bit int beyond N = 46340, as
// on every platform gamelab is built for.) MaxSquareN is the square's.
const MaxN = 65535

// Board is a Life Line board of N rows on its Grid. On the triangle (the zero
// Grid) row r (1..N, top to bottom) holds r vertices at
// Cells[r(r-1)/2 : r(r-1)/2+r]; on the square every row holds N, row r at
// Cells[(r-1)N : rN]. Position p counts from 1 at the left. A cell is 0
// (empty) or a stone 1..9.
type Board struct {
	N     int
	Cells []uint8
	Grid  Grid
}

// NewBoard returns an empty triangle board of size n; n must be in 1..MaxN
// (a programming error otherwise, so it panics: callers check user input
// first). Grid.NewBoard makes a board of either grid.
func NewBoard(n int) *Board {
	if n < 1 || n > MaxN {
		panic(fmt.Sprintf("lifeline: board size %d outside 1..%d", n, MaxN))
	}
	return &Board{N: n, Cells: make([]uint8, CellCount(n))}
}

// CellCount is the number of vertices of a triangle board of size n:
// n(n+1)/2 (Grid.CellCount counts either grid).
func CellCount(n int) int { return n * (n + 1) / 2 }

// Index maps the 1-based row r and position p to the index in Cells. It does
// not check the range; Contains does.
func (b *Board) Index(r, p int) int { return b.Grid.index(b.N, r, p) }

// Coord is the inverse of Index: the 1-based row and position of Cells
// index i.
func (b *Board) Coord(i int) (r, p int) { return b.Grid.coord(b.N, i) }

// Contains reports whether (r, p) is a vertex of the board.
func (b *Board) Contains(r, p int) bool {
	return r >= 1 && r <= b.N && p >= 1 && p <= b.Grid.rowLen(b.N, r)
}

// At is the cell at row r, position p (1-based); it panics outside the board,
// as slice indexing does.
func (b *Board) At(r, p int) uint8 {
	if !b.Contains(r, p) {
		panic(fmt.Sprintf("lifeline: vertex (%d,%d) outside a %s", r, p, b.describe()))
	}
	return b.Cells[b.Index(r, p)]
}

// describe names the board for a message: "board of size 4" on the
// triangle (as ever), "square board of size 4" on the square.
func (b *Board) describe() string {
	if b.Grid == Triangle {
		return fmt.Sprintf("board of size %d", b.N)
	}
	return fmt.Sprintf("%v board of size %d", b.Grid, b.N)
}

// Clone returns a deep copy.
func (b *Board) Clone() *Board {
	return &Board{N: b.N, Cells: append([]uint8(nil), b.Cells...), Grid: b.Grid}
}

// String is the judge's layout: one row per line, cells separated by one
// space, no indentation and no final newline. ParseBoard (Grid.ParseBoard
// for the square) reads it back.
func (b *Board) String() string {
	var sb strings.Builder
	sb.Grow(2 * len(b.Cells))
	i := 0
	for r := 1; r <= b.N; r++ {
		if r > 1 {
			sb.WriteByte('\n')
		}
		for p := 1; p <= b.Grid.rowLen(b.N, r) && i < len(b.Cells); p, i = p+1, i+1 {
			if p > 1 {
				sb.WriteByte(' ')
			}
			sb.WriteByte('0' + b.Cells[i])
		}
	}
	return sb.String()
}

// check reports why b is not a well-formed board, or nil.
func (b *Board) check() error {
	if b == nil {
		return fmt.Errorf("lifeline: no board")
	}
	if !b.Grid.valid() {
		return fmt.Errorf("lifeline: unknown grid %d", uint8(b.Grid))
	}
	if msg := b.Grid.checkSize(b.N); msg != "" {
		return fmt.Errorf("lifeline: %s", msg)
	}
	if want := b.Grid.CellCount(b.N); len(b.Cells) != want {
		return fmt.Errorf("lifeline: %s needs %d cells, has %d", b.describe(), want, len(b.Cells))
	}
	for i, c := range b.Cells {
		if c > 9 {
			r, p := b.Coord(i)
			return fmt.Errorf("lifeline: cell (%d,%d) holds %d, outside 0..9", r, p, c)
		}
	}
	return nil
}
