// Command judgeprog is a contestant's solver, written apart from gamelab's
// solvers, with a mistake chosen by -bug, for the tests of gamelab judge:
// each mistake must be caught, and each way of breaking ties that the
// judging rules allow passed.
//
//	-game polygon -format seed|ioi|json [-goal min] [-tie last]
//	    -bug none    correct, in int64
//	    -bug int32   the DP in int32, which wraps around
//	    -bug nomin   keeps only each chain's maximum (minima ignored under *)
//	    -bug tie     lists only the first optimal edge
//	    -bug n1      answers 0 for a ring of one vertex
//	    -bug minus   computes a - b as b - a
//	    -bug goal    maximises under goal min too
//	    -bug plan    a plan that merges from the left, whatever it reaches
//	    -bug crash   exits with status 3 on rings of 3 or more vertices
//	    -bug sleep   hangs on rings of 4 or more vertices
//	    -bug spin    computes forever on rings of 4 or more vertices
//	    -bug slow    right, after 0.35 s of CPU time on rings of 4 or more
//	-game coins -format seed|deque|json [-take k] [-ends left] [-score rest] [-tie L|R]
//	    -bug none, greedy (the moves of greedy play), int32 (deque), n1 (a
//	    one-coin row is worth 0), totals (the totals of another optimal line
//	    than its moves')
//	-game lifeline -format seed|json [-suicide=false] [-capture others-first] [-grid square]
//	    -bug none, zero (0 for every dataset), unreach (unreachable groups
//	    removed by the move), tie (json: only the first best vertex), suicide
//	    (ignores suicide false), n1 (0 for a one-row board)
//	-game coins-play | polygon-play | lifeline-play (--interactive)
//	    -bug none, greedy (coins, Life Line: the first legal move; polygon:
//	    the plan merging from the left)
package main

import (
	"bufio"
	"flag"
	"os"
)

var (
	game    = flag.String("game", "polygon", "polygon, coins, lifeline or *-play")
	format  = flag.String("format", "seed", "the batch format")
	bug     = flag.String("bug", "none", "the mistake")
	tie     = flag.String("tie", "first", "how ties are broken: first, last (polygon), L or R (coins)")
	goal    = flag.String("goal", "max", "polygon: max or min")
	take    = flag.Int("take", 1, "coins: the most coins a move takes")
	ends    = flag.String("ends", "both", "coins: both or left")
	score   = flag.String("score", "taken", "coins: taken or rest")
	suicide = flag.Bool("suicide", true, "Life Line: whether a move may remove the mover's own stones")
	capture = flag.String("capture", "together", "Life Line: together or others-first")
	grid    = flag.String("grid", "triangle", "Life Line: triangle or square")
)

func main() {
	flag.Parse()
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	switch *game {
	case "polygon":
		polygonMain(in, out)
	case "coins":
		coinsMain(in, out)
	case "lifeline":
		lifelineMain(in, out)
	case "coins-play":
		coinsPlay(in, out)
	case "polygon-play":
		polygonPlay(in, out)
	case "lifeline-play":
		lifelinePlay(in, out)
	}
}
