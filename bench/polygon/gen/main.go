// Command gen writes the deterministic polygon-game instances of the
// whole-process benchmarks (see polygonbench.Instance), e.g.
// `gen -n 500 -ops '*' -lo -1 -hi 1` or `gen -n 400 -ops mixed -lo -2 -hi 2`,
// or gamelab's randpolygon(n, seed) with -ops rand (see
// polygonbench.RandInstance; -lo and -hi are ignored), e.g.
// `gen -n 600 -ops rand | polygon_gmp`, to feed other programs by hand.
package main

import (
	"flag"
	"fmt"
	"os"

	polygonbench "gamelab/bench/polygon"
)

func main() {
	n := flag.Int("n", 500, "number of vertices")
	ops := flag.String("ops", "*", `operators: "*", "+", "mixed", or "rand" for randpolygon(n, seed)`)
	lo := flag.Int64("lo", -1, "smallest value")
	hi := flag.Int64("hi", 1, "largest value")
	seed := flag.Uint64("seed", 1, "generator seed")
	flag.Parse()
	in, err := polygonbench.Instance(*n, *ops, *lo, *hi, *seed)
	if *ops == "rand" {
		in, err = polygonbench.RandInstance(*n, *seed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	os.Stdout.Write(in)
}
