package main

import (
	"bufio"
	"fmt"
	"strings"
)

// board is a Life Line board: cells row by row, row r (from 1) of r cells
// (N under grid square).
type board struct {
	n     int
	cells []int
}

func (b *board) rowLen(r int) int {
	if *grid == "square" {
		return b.n
	}
	return r
}

func (b *board) index(r, p int) int {
	if *grid == "square" {
		return (r-1)*b.n + p - 1
	}
	return (r-1)*r/2 + p - 1
}

func (b *board) coord(i int) (r, p int) {
	for r = 1; ; r++ {
		if i < b.rowLen(r) {
			return r, i + 1
		}
		i -= b.rowLen(r)
	}
}

// near lists the vertices next to cell i.
func (b *board) near(i int) []int {
	r, p := b.coord(i)
	steps := [][2]int{{0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {1, 0}, {1, 1}}
	if *grid == "square" {
		steps = [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	}
	var out []int
	for _, s := range steps {
		q, x := r+s[0], p+s[1]
		if q >= 1 && q <= b.n && x >= 1 && x <= b.rowLen(q) {
			out = append(out, b.index(q, x))
		}
	}
	return out
}

// group is the cells of i's group and whether it touches an empty vertex.
func (b *board) group(cells []int, i int) (members []int, free bool) {
	seen := map[int]bool{i: true}
	members = []int{i}
	for k := 0; k < len(members); k++ {
		for _, j := range b.near(members[k]) {
			if cells[j] == 0 {
				free = true
			} else if cells[j] == cells[i] && !seen[j] {
				seen[j] = true
				members = append(members, j)
			}
		}
	}
	return members, free
}

// dead marks the stones of groups without an empty neighbour among cells
// (of player only when only is set).
func (b *board) dead(cells []int, only func(stone int) bool) map[int]bool {
	out := map[int]bool{}
	for i, c := range cells {
		if c == 0 || out[i] || only != nil && !only(c) {
			continue
		}
		if m, free := b.group(cells, i); !free {
			for _, j := range m {
				out[j] = true
			}
		}
	}
	return out
}

// move is a stone of c at i: the board after it, what it removed (a
// group dead before the move stays and counts for no move) and the
// points it makes.
func (b *board) move(c, i int) (after []int, removed map[int]bool, pts int, own bool) {
	unreachable := b.dead(b.cells, nil)
	after = append([]int(nil), b.cells...)
	after[i] = c
	if *capture == "others-first" {
		removed = b.dead(after, func(s int) bool { return s != c })
		for j := range unreachable {
			delete(removed, j)
		}
		for j := range removed {
			after[j] = 0
		}
		if m, free := b.group(after, i); !free {
			for _, j := range m {
				removed[j] = true
			}
		}
	} else {
		removed = b.dead(after, nil)
	}
	for j := range removed {
		if unreachable[j] && *bug != "unreach" {
			delete(removed, j)
			continue
		}
		if j == i || b.cells[j] == c {
			pts--
			own = true
		} else {
			pts++
		}
		after[j] = 0
	}
	return after, removed, pts, own
}

// points is what a stone of c at i makes, and whether the move is legal.
func (b *board) points(c, i int) (int, bool) {
	_, _, pts, own := b.move(c, i)
	return pts, !own || *suicide || *bug == "suicide"
}

// best is c's best points and every vertex reaching them, in reading
// order.
func (b *board) best(c int) (int, []int) {
	best, at := 0, []int(nil)
	for i, s := range b.cells {
		if s != 0 {
			continue
		}
		p, legal := b.points(c, i)
		switch {
		case !legal:
		case at == nil || p > best:
			best, at = p, []int{i}
		case p == best:
			at = append(at, i)
		}
	}
	return best, at
}

func readBoard(in *bufio.Reader) (*board, int) {
	var n, c int
	if _, err := fmt.Fscan(in, &n, &c); err != nil || n == 0 {
		return nil, 0
	}
	return readCells(in, n), c
}

// readCells reads the cells of a board of n rows.
func readCells(in *bufio.Reader, n int) *board {
	b := &board{n: n}
	count := n * (n + 1) / 2
	if *grid == "square" {
		count = n * n
	}
	b.cells = make([]int, count)
	for i := range b.cells {
		fmt.Fscan(in, &b.cells[i])
	}
	return b
}

func lifelineMain(in *bufio.Reader, out *bufio.Writer) {
	for {
		b, c := readBoard(in)
		if b == nil {
			return
		}
		best, at := b.best(c)
		if *bug == "zero" || *bug == "n1" && b.n == 1 {
			best = 0
		}
		if *format != "json" {
			fmt.Fprintln(out, best)
			continue
		}
		if *bug == "tie" {
			at = at[:1]
		}
		vs := make([]string, len(at))
		for k, i := range at {
			r, p := b.coord(i)
			vs[k] = fmt.Sprintf("[%d,%d]", r, p)
		}
		fmt.Fprintf(out, `{"n":%d,"player":%d,"best":%d,"moves":[%s]}`+"\n", b.n, c, best, strings.Join(vs, ","))
	}
}
