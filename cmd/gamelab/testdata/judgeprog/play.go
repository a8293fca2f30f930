package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// The interactive players (gamelab judge --interactive): each reads the
// game's header, then writes its own moves and reads gamelab's, a line
// each.

func readLine(in *bufio.Reader) (string, bool) {
	line, err := in.ReadString('\n')
	if err != nil && line == "" {
		return "", false
	}
	return strings.TrimSpace(line), true
}

func coinsPlay(in *bufio.Reader, out *bufio.Writer) {
	var n int
	fmt.Fscan(in, &n)
	c := make([]int64, n)
	for i := range c {
		fmt.Fscan(in, &c[i])
	}
	var side string
	fmt.Fscan(in, &side)
	in.ReadString('\n')
	r := newRow(c)
	lo, hi, turn := 0, n-1, 0
	for lo <= hi {
		mine := (turn%2 == 0) == (side == "A")
		var m move
		if mine {
			m = r.choose(lo, hi, *bug == "greedy")
			fmt.Fprintln(out, m)
			out.Flush()
		} else {
			line, ok := readLine(in)
			if !ok {
				return
			}
			m = move{left: line[0] == 'L', n: 1}
			if len(line) > 1 {
				m.n, _ = strconv.Atoi(line[1:])
			}
		}
		_, lo, hi = r.play(lo, hi, m)
		turn++
	}
}

func polygonPlay(in *bufio.Reader, out *bufio.Writer) {
	r := readRing(in)
	n := len(r.vals)
	best, first := int64(0), -1
	var tables []*table
	for e := range n {
		t := solveChain(r.chain(e))
		tables = append(tables, t)
		if s := t.best(0, n-1); first < 0 || minimise() && s < best || !minimise() && s > best {
			best, first = s, e
		}
	}
	merges := []int{}
	if *bug == "greedy" {
		merges = r.chain(first).edge
	} else {
		tables[first].plan(0, n-1, best, &merges)
	}
	fmt.Fprintln(out, first+1)
	for _, m := range merges {
		fmt.Fprintln(out, m)
	}
}

func lifelinePlay(in *bufio.Reader, out *bufio.Writer) {
	var n, c, d int
	fmt.Fscan(in, &n, &c, &d)
	b := readCells(in, n)
	in.ReadString('\n')
	empty := 0
	for _, s := range b.cells {
		if s == 0 {
			empty++
		}
	}
	for turn := 0; turn < empty; turn++ {
		stone := c
		var i int
		if turn%2 == 0 {
			_, at := b.best(c)
			if len(at) == 0 {
				return
			}
			i = at[len(at)-1] // any best vertex: the last, where gamelab takes the first
			if *bug == "greedy" {
				for k, s := range b.cells {
					if s == 0 {
						i = k
						break
					}
				}
			}
			r, p := b.coord(i)
			fmt.Fprintf(out, "%d %d\n", r, p)
			out.Flush()
		} else {
			stone = d
			line, ok := readLine(in)
			if !ok {
				return
			}
			var r, p int
			fmt.Sscan(line, &r, &p)
			i = b.index(r, p)
		}
		b.place(stone, i)
	}
}

// place puts stone at i and removes what the rules remove.
func (b *board) place(stone, i int) { b.cells, _, _, _ = b.move(stone, i) }
