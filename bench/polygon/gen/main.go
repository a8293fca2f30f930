// Command gen writes deterministic polygon-game instances in seed 000's format
// (n, then "op v op v ...") for the whole-process benchmarks.
//
// The generator is splitmix64 seeded with -seed: for vertex i it draws one
// 64-bit word x; the operator is '*' when -ops is "*", '+' when "+", and for
// "mixed" '*' when x's top bit is set; the value is lo + (x>>1) mod (hi-lo+1).
// So `gen -n 500 -ops '*' -lo -1 -hi 1` and `gen -n 400 -ops mixed -lo -2 -hi 2`
// always print the same instances.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	n := flag.Int("n", 500, "number of vertices")
	ops := flag.String("ops", "*", `operators: "*", "+" or "mixed"`)
	lo := flag.Int64("lo", -1, "smallest value")
	hi := flag.Int64("hi", 1, "largest value")
	seed := flag.Uint64("seed", 1, "generator seed")
	flag.Parse()
	if *n < 1 || *hi < *lo || (*ops != "*" && *ops != "+" && *ops != "mixed") {
		fmt.Fprintln(os.Stderr, "gen: need -n >= 1, -lo <= -hi, -ops * + or mixed")
		os.Exit(2)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintln(w, *n)
	state := *seed
	for i := 0; i < *n; i++ {
		state += 0x9e3779b97f4a7c15
		x := state
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		x ^= x >> 31
		op := *ops
		if op == "mixed" {
			op = "+"
			if x>>63 == 1 {
				op = "*"
			}
		}
		v := *lo + int64((x>>1)%uint64(*hi-*lo+1))
		if i > 0 {
			w.WriteByte(' ')
		}
		fmt.Fprintf(w, "%s %d", op, v)
	}
	fmt.Fprintln(w)
}
