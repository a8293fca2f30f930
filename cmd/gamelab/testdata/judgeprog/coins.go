package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// move takes n coins from one end.
type move struct {
	left bool
	n    int
}

// row is a game of coins from lo to hi (from 0, inclusive).
type row struct {
	c    []int64
	memo map[[2]int]int64
}

func (r *row) sum(lo, hi int) int64 {
	s := int64(0)
	for i := lo; i <= hi; i++ {
		s += r.c[i]
	}
	return s
}

// moves are the legal moves at lo..hi in the order ties are broken in.
func (r *row) moves(lo, hi int) []move {
	left := hi - lo + 1
	var ls, rs []move
	for n := 1; n <= min(*take, left); n++ {
		ls = append(ls, move{true, n})
		if *ends == "both" && n < left {
			rs = append(rs, move{false, n})
		}
	}
	if *tie == "R" {
		return append(rs, ls...)
	}
	return append(ls, rs...)
}

// play is what m scores for its mover and the coins it leaves.
func (r *row) play(lo, hi int, m move) (gain int64, nlo, nhi int) {
	nlo, nhi = lo, hi
	if m.left {
		nlo += m.n
	} else {
		nhi -= m.n
	}
	if *score == "rest" {
		return r.sum(nlo, nhi), nlo, nhi
	}
	return r.sum(lo, hi) - r.sum(nlo, nhi), nlo, nhi
}

// value is the mover's margin at lo..hi.
func (r *row) value(lo, hi int) int64 {
	if lo > hi {
		return 0
	}
	if v, ok := r.memo[[2]int{lo, hi}]; ok {
		return v
	}
	best, first := int64(0), true
	for _, m := range r.moves(lo, hi) {
		g, nlo, nhi := r.play(lo, hi, m)
		if v := g - r.value(nlo, nhi); first || v > best {
			best, first = v, false
		}
	}
	if *bug == "int32" {
		best = int64(int32(best))
	}
	r.memo[[2]int{lo, hi}] = best
	return best
}

// choose is the mover's move at lo..hi: the first optimal one, or
// greedy's.
func (r *row) choose(lo, hi int, greedy bool) move {
	ms := r.moves(lo, hi)
	if greedy {
		if r.c[lo] >= r.c[hi] || *ends == "left" {
			return move{true, 1}
		}
		return move{false, 1}
	}
	v := r.value(lo, hi)
	for _, m := range ms {
		g, nlo, nhi := r.play(lo, hi, m)
		if g-r.value(nlo, nhi) == v {
			return m
		}
	}
	return ms[0]
}

func (m move) String() string {
	s := "R"
	if m.left {
		s = "L"
	}
	if m.n > 1 {
		s += strconv.Itoa(m.n)
	}
	return s
}

// line plays the row out: the moves and each player's total.
func (r *row) line(greedy bool) (moves string, a, b int64) {
	lo, hi, turn := 0, len(r.c)-1, 0
	for lo <= hi {
		m := r.choose(lo, hi, greedy)
		g, nlo, nhi := r.play(lo, hi, m)
		if turn%2 == 0 {
			a += g
		} else {
			b += g
		}
		moves += m.String()
		lo, hi, turn = nlo, nhi, turn+1
	}
	return moves, a, b
}

func newRow(c []int64) *row { return &row{c: c, memo: map[[2]int]int64{}} }

func coinsMain(in *bufio.Reader, out *bufio.Writer) {
	var c []int64
	if *format == "deque" {
		var n int
		fmt.Fscan(in, &n)
		c = make([]int64, n)
		for i := range c {
			fmt.Fscan(in, &c[i])
		}
	} else {
		line, _ := in.ReadString('\n')
		for _, f := range strings.Fields(line) {
			x, _ := strconv.ParseInt(f, 10, 64)
			c = append(c, x)
		}
	}
	r := newRow(c)
	moves, a, b := r.line(*bug == "greedy")
	if *bug == "totals" && len(c) > 1 { // the totals of the line that breaks ties the other way
		*tie = map[string]string{"L": "R", "R": "L", "first": "R"}[*tie]
		r2 := newRow(c)
		_, a, b = r2.line(false)
	}
	diff := r.value(0, len(c)-1)
	if *bug == "n1" && len(c) == 1 {
		a, diff = 0, 0
	}
	switch *format {
	case "deque":
		if *bug == "int32" {
			diff = int64(int32(diff))
		}
		fmt.Fprintln(out, diff)
	case "json":
		fmt.Fprintf(out, `{"n":%d,"best":%d,"second":%d,"diff":%d,"moves":%q}`+"\n", len(c), a, b, diff, moves)
	default:
		fmt.Fprintf(out, "%d %s\n", a, moves)
	}
}
