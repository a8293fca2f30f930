// Command judgeprog is a contestant's solver with a mistake chosen by
// -bug, for the tests of gamelab judge: each must be caught (or, for a
// difference the judging rules allow, passed).
//
//	-game polygon (IOI 1998's POLYGON.IN / POLYGON.OUT)
//	    -bug none     correct, in int64
//	    -bug int32    the DP in int32, which wraps around
//	    -bug nomin    a DP that keeps only each chain's maximum
//	    -bug tie      prints only the first optimal edge
//	    -bug crash    exits with status 3 on rings of 3 or more vertices
//	    -bug sleep    hangs on rings of 4 or more vertices
//	-game coins (seed 003: one row per line, "score moves")
//	    -bug none     correct, ties as the seed breaks them
//	    -bug tieL     takes L on every tie: other optimal moves, still right
//	    -bug greedy   the right score, but the moves of greedy play
//	-game deque (AtCoder DP L: N, the coins, X − Y)
//	    -bug none, int32
//	-game lifeline (the judge's datasets)
//	    -bug zero     answers 0 for every dataset
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	game := flag.String("game", "polygon", "polygon, coins, deque or lifeline")
	bug := flag.String("bug", "none", "the mistake")
	flag.Parse()
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	switch *game {
	case "polygon":
		polygon(in, out, *bug)
	case "coins":
		coins(in, out, *bug)
	case "deque":
		deque(in, out, *bug)
	case "lifeline":
		for {
			var n, c int
			if _, err := fmt.Fscan(in, &n, &c); err != nil || n == 0 {
				return
			}
			for range n * (n + 1) / 2 {
				var x int
				fmt.Fscan(in, &x)
			}
			fmt.Fprintln(out, 0)
		}
	}
}

// polygon solves one IOI ring.
func polygon(in *bufio.Reader, out *bufio.Writer, bug string) {
	var n int
	fmt.Fscan(in, &n)
	ops := make([]string, n)
	vals := make([]int64, n)
	for i := range n {
		fmt.Fscan(in, &ops[i], &vals[i])
	}
	switch {
	case bug == "crash" && n >= 3:
		os.Exit(3)
	case bug == "sleep" && n >= 4:
		time.Sleep(time.Hour)
	}
	wrap := func(x int64) int64 {
		if bug == "int32" {
			return int64(int32(x))
		}
		return x
	}
	scores := make([]int64, n)
	for e := range n { // delete edge e+1: the chain starts at v(e+1)
		v := make([]int64, n)
		op := make([]string, n)
		for k := range n {
			v[k] = vals[(e+k)%n]
			op[k] = ops[(e+k)%n] // op[k] joins v[k-1] and v[k]
		}
		hi := make([][]int64, n)
		lo := make([][]int64, n)
		for i := range n {
			hi[i], lo[i] = make([]int64, n), make([]int64, n)
			hi[i][i], lo[i][i] = v[i], v[i]
		}
		for size := 2; size <= n; size++ {
			for i := 0; i+size <= n; i++ {
				j := i + size - 1
				first := true
				for k := i; k < j; k++ {
					var cands []int64
					if op[k+1] == "t" {
						cands = []int64{hi[i][k] + hi[k+1][j], lo[i][k] + lo[k+1][j]}
					} else {
						cands = []int64{hi[i][k] * hi[k+1][j], lo[i][k] * lo[k+1][j], hi[i][k] * lo[k+1][j], lo[i][k] * hi[k+1][j]}
					}
					if bug == "nomin" {
						cands = cands[:1]
					}
					for _, c := range cands {
						c = wrap(c)
						if first || c > hi[i][j] {
							hi[i][j] = c
						}
						if first || c < lo[i][j] {
							lo[i][j] = c
						}
						first = false
					}
				}
				if bug == "nomin" {
					lo[i][j] = hi[i][j]
				}
			}
		}
		scores[e] = hi[0][n-1]
	}
	best := scores[0]
	for _, s := range scores {
		best = max(best, s)
	}
	fmt.Fprintf(out, "%d\n", best)
	sep := ""
	for e, s := range scores {
		if s == best {
			fmt.Fprintf(out, "%s%d", sep, e+1)
			sep = " "
			if bug == "tie" {
				break
			}
		}
	}
	fmt.Fprintln(out)
}

// coins answers each row: A's total and both players' moves.
func coins(in *bufio.Reader, out *bufio.Writer, bug string) {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		var row []int64
		text := sc.Text()
		for {
			var x int64
			k, err := fmt.Sscan(text, &x)
			if k == 0 || err != nil {
				break
			}
			row = append(row, x)
			text = skipField(text)
		}
		if len(row) == 0 {
			continue
		}
		n := len(row)
		d := margins(row, false)
		lo, hi := 0, n-1
		moves := ""
		for lo <= hi {
			takeL := lo == hi || row[lo]-at(d, lo+1, hi) > row[hi]-at(d, lo, hi-1)
			switch bug {
			case "tieL":
				takeL = lo == hi || row[lo]-at(d, lo+1, hi) >= row[hi]-at(d, lo, hi-1)
			case "greedy":
				takeL = row[lo] >= row[hi]
			}
			if takeL {
				moves, lo = moves+"L", lo+1
			} else {
				moves, hi = moves+"R", hi-1
			}
		}
		sum := int64(0)
		for _, c := range row {
			sum += c
		}
		fmt.Fprintf(out, "%d %s\n", (sum+at(d, 0, n-1))/2, moves)
	}
}

// skipField drops the first field of text.
func skipField(text string) string {
	i := 0
	for i < len(text) && text[i] == ' ' {
		i++
	}
	for i < len(text) && text[i] != ' ' {
		i++
	}
	return text[i:]
}

// margins is the mover's margin on every interval, in int32 when asked.
func margins(row []int64, int32s bool) [][]int64 {
	n := len(row)
	d := make([][]int64, n)
	for i := range d {
		d[i] = make([]int64, n)
		d[i][i] = row[i]
	}
	for size := 2; size <= n; size++ {
		for i := 0; i+size <= n; i++ {
			j := i + size - 1
			d[i][j] = max(row[i]-d[i+1][j], row[j]-d[i][j-1])
			if int32s {
				d[i][j] = int64(int32(row[i]) - int32(d[i+1][j])) // wraps
				if r := int64(int32(row[j]) - int32(d[i][j-1])); r > d[i][j] {
					d[i][j] = r
				}
			}
		}
	}
	return d
}

// at is d[i][j], 0 for an empty interval.
func at(d [][]int64, i, j int) int64 {
	if i > j {
		return 0
	}
	return d[i][j]
}

// deque answers AtCoder's instance: X − Y.
func deque(in *bufio.Reader, out *bufio.Writer, bug string) {
	var n int
	fmt.Fscan(in, &n)
	row := make([]int64, n)
	for i := range row {
		fmt.Fscan(in, &row[i])
	}
	d := margins(row, bug == "int32")
	if bug == "int32" {
		fmt.Fprintln(out, int32(d[0][n-1]))
		return
	}
	fmt.Fprintln(out, d[0][n-1])
}
