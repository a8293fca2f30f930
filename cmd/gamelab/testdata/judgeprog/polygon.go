package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"
)

// ring is a polygon: ops[i] is edge i+1, joining vals[i-1] and vals[i].
type ring struct {
	ops  []string
	vals []int64
}

func readRing(in *bufio.Reader) ring {
	var n int
	fmt.Fscan(in, &n)
	r := ring{ops: make([]string, n), vals: make([]int64, n)}
	for i := range n {
		fmt.Fscan(in, &r.ops[i], &r.vals[i])
		r.ops[i] = strings.NewReplacer("t", "+", "x", "*").Replace(r.ops[i])
	}
	return r
}

// chain is the chain left by deleting edge e (from 0): its vertices and
// the op and edge number between vertex k and k+1.
type chain struct {
	v    []int64
	op   []string // op[k] joins v[k] and v[k+1]
	edge []int
}

func (r ring) chain(e int) chain {
	n := len(r.vals)
	c := chain{v: make([]int64, n), op: make([]string, n-1), edge: make([]int, n-1)}
	for k := range n {
		c.v[k] = r.vals[(e+k)%n]
		if k < n-1 {
			c.op[k] = r.ops[(e+k+1)%n]
			c.edge[k] = (e+k+1)%n + 1
		}
	}
	return c
}

// table is a chain's DP: hi and lo of every sub-chain.
type table struct {
	c      chain
	hi, lo [][]int64
}

func apply(op string, a, b int64) int64 {
	var x int64
	switch op {
	case "+":
		x = a + b
	case "*":
		x = a * b
	case "-":
		x = a - b
		if *bug == "minus" {
			x = b - a
		}
	}
	if *bug == "int32" {
		x = int64(int32(x))
	}
	return x
}

// cands are the values a split of sub-chains [i..k] and [k+1..j] may give
// at their bounds.
func (t *table) cands(i, k, j int) []int64 {
	a := []int64{t.lo[i][k], t.hi[i][k]}
	b := []int64{t.lo[k+1][j], t.hi[k+1][j]}
	if *bug == "nomin" {
		a, b = a[1:], b[1:]
	}
	var out []int64
	for _, x := range a {
		for _, y := range b {
			out = append(out, apply(t.c.op[k], x, y))
		}
	}
	return out
}

func solveChain(c chain) *table {
	n := len(c.v)
	t := &table{c: c, hi: make([][]int64, n), lo: make([][]int64, n)}
	for i := range n {
		t.hi[i], t.lo[i] = make([]int64, n), make([]int64, n)
		t.hi[i][i], t.lo[i][i] = c.v[i], c.v[i]
	}
	for size := 2; size <= n; size++ {
		for i := 0; i+size <= n; i++ {
			j, first := i+size-1, true
			for k := i; k < j; k++ {
				for _, x := range t.cands(i, k, j) {
					if first || x > t.hi[i][j] {
						t.hi[i][j] = x
					}
					if first || x < t.lo[i][j] {
						t.lo[i][j] = x
					}
					first = false
				}
			}
			if *bug == "nomin" {
				t.lo[i][j] = t.hi[i][j]
			}
		}
	}
	return t
}

// minimise says the player wants the smallest last value.
func minimise() bool { return *goal == "min" && *bug != "goal" }

func (t *table) best(i, j int) int64 {
	if minimise() {
		return t.lo[i][j]
	}
	return t.hi[i][j]
}

// plan appends the merges that make sub-chain [i..j] worth want.
func (t *table) plan(i, j int, want int64, merges *[]int) {
	if i == j {
		return
	}
	ks := []int{}
	for k := i; k < j; k++ {
		ks = append(ks, k)
	}
	if *tie == "last" {
		for a, b := 0, len(ks)-1; a < b; a, b = a+1, b-1 {
			ks[a], ks[b] = ks[b], ks[a]
		}
	}
	for _, k := range ks {
		for _, x := range []int64{t.lo[i][k], t.hi[i][k]} {
			for _, y := range []int64{t.lo[k+1][j], t.hi[k+1][j]} {
				if apply(t.c.op[k], x, y) == want {
					t.plan(i, k, x, merges)
					t.plan(k+1, j, y, merges)
					*merges = append(*merges, t.c.edge[k])
					return
				}
			}
		}
	}
}

func polygonMain(in *bufio.Reader, out *bufio.Writer) {
	r := readRing(in)
	n := len(r.vals)
	switch {
	case *bug == "crash" && n >= 3:
		os.Exit(3)
	case *bug == "sleep" && n >= 4:
		time.Sleep(time.Hour)
	case *bug == "spin" && n >= 4:
		for {
		}
	case *bug == "slow" && n >= 4:
		spin(350 * time.Millisecond)
	}
	scores := make([]int64, n)
	tables := make([]*table, n)
	for e := range n {
		tables[e] = solveChain(r.chain(e))
		scores[e] = tables[e].best(0, n-1)
	}
	if *bug == "n1" && n == 1 {
		scores[0] = 0
	}
	best := scores[0]
	for _, s := range scores {
		if minimise() && s < best || !minimise() && s > best {
			best = s
		}
	}
	var optimal []int
	for e, s := range scores {
		if s == best {
			optimal = append(optimal, e+1)
		}
	}
	if *bug == "tie" {
		optimal = optimal[:1]
	}
	first := optimal[0]
	if *tie == "last" {
		first = optimal[len(optimal)-1]
	}
	merges := []int{}
	if *bug == "plan" {
		c := r.chain(first - 1)
		for k := range c.edge {
			merges = append(merges, c.edge[k])
		}
	} else {
		tables[first-1].plan(0, n-1, best, &merges)
	}
	switch *format {
	case "ioi":
		fmt.Fprintf(out, "%d\r\n%s\r\n", best, ints(optimal, " "))
	case "json":
		fmt.Fprintf(out, `{"n":%d,"scores":[%s],"best":%d,"optimal":[%s],"first":%d,"merges":[%s]}`+"\n",
			n, ints64(scores), best, ints(optimal, ","), first, ints(merges, ","))
	default:
		for e, s := range scores {
			fmt.Fprintf(out, "i=%d %d\n", e+1, s)
		}
		fmt.Fprintf(out, "firstDelEdge=%d\n", first)
		for _, m := range merges {
			fmt.Fprintf(out, "stack--> %d\n", m)
		}
		fmt.Fprintf(out, "BestScore=%d\n", best)
	}
}

// spin uses d of CPU time.
func spin(d time.Duration) {
	for {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		if time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) >= d {
			return
		}
		for x := 0; x < 1e6; x++ {
		}
	}
}

func ints(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, sep)
}

func ints64(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}
