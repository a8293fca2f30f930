package polygon

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"sync/atomic"
)

// LinePosition is one position of a line of play and what it is worth
// under the goal.
type LinePosition struct {
	// Best is the goal's extreme of the last value still reachable (the
	// value of the position), Worst the other extreme.
	Best, Worst *big.Int
	// Optimal lists every optimal next move, increasing, named as the
	// line's moves are: at the ring, every optimal first edge; at a chain,
	// every merge after which Best is still reachable. Empty at the end.
	Optimal []int
}

// SolveLine solves every position of a line of play from ring p:
// positions[0] is p itself, positions[t] the chain after moves[:t].
// moves[0] is the first edge deleted and the others are merges, all by
// their original edge numbers (1..n), as Result names them; a move that is
// not legal where it is played is an error naming it, reported before any
// solving. Each position is solved by SolveChain's engines, so a full line
// of an n-vertex ring costs about n/12 solves of the ring (the chains'
// m³/6 splits summed); opts.Progress reports the whole line, in the units
// of SolveChain, and LineEstimate says up front what it takes.
func SolveLine(ctx context.Context, p *Polygon, moves []int, opts Options) ([]LinePosition, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.N()
	var chains []named
	if len(moves) > 0 {
		e := moves[0]
		if e < 1 || e > n {
			return nil, fmt.Errorf("polygon: move 1 deletes edge %d, which does not exist (the ring has edges 1..%d)", e, n)
		}
		names := make([]int, n-1) // the ring's number of each chain edge
		for k := range names {
			names[k] = (e+k)%n + 1
		}
		var err error
		if chains, err = lineChains(p.Open(e), names, moves[1:], 2); err != nil {
			return nil, err
		}
	}
	// Every position's progress in the units of levelUnits, with the
	// ring's growth.
	g := sampleGrowth(p.Values, func(x int) byte { return p.Ops[x%n] })
	ringUnits := progressUnits(n, false, g)
	total := ringUnits + lineUnits(chains, g)
	ring := Options{Workers: opts.Workers, MaxTableBytes: opts.MaxTableBytes, Goal: opts.Goal}
	if opts.Progress != nil {
		ring.Progress = func(done, _ int64) { opts.Progress(done, total) }
	}
	r, err := SolveWith(ctx, p, ring)
	if err != nil {
		return nil, err
	}
	worst := slices.MinFunc(r.Worst, (*big.Int).Cmp)
	if !opts.Goal.wantsMax() {
		worst = slices.MaxFunc(r.Worst, (*big.Int).Cmp)
	}
	out := []LinePosition{{Best: r.Best, Worst: worst, Optimal: r.Optimal}}
	rest, err := solveChains(ctx, chains, opts, g, ringUnits, total)
	if err != nil {
		return nil, err
	}
	return append(out, rest...), nil
}

// SolveChainLine is SolveLine from chain c: positions[0] is c, positions[t]
// the chain after merges[:t], each merge named by its edge number in c
// (1..m-1; the numbers stay with the edges as merges remove others).
func SolveChainLine(ctx context.Context, c *Chain, merges []int, opts Options) ([]LinePosition, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	names := make([]int, c.M()-1)
	for k := range names {
		names[k] = k + 1
	}
	chains, err := lineChains(c, names, merges, 1)
	if err != nil {
		return nil, err
	}
	g := sampleGrowth(c.Values, func(x int) byte { return c.Ops[x-1] })
	return solveChains(ctx, chains, opts, g, 0, lineUnits(chains, g))
}

// named is a chain of a line with the line's names for its edges.
type named struct {
	c     *Chain
	names []int
}

// lineChains plays merges (named by names) from c and returns c and every
// chain after it; move numbers in errors start at first.
func lineChains(c *Chain, names []int, merges []int, first int) ([]named, error) {
	out := []named{{c, names}}
	for t, e := range merges {
		cur := out[len(out)-1]
		k := slices.Index(cur.names, e)
		if k < 0 {
			return nil, fmt.Errorf("polygon: move %d merges edge %d, which is not an edge of the chain there (%v)", first+t, e, cur.names)
		}
		vals := slices.Concat(cur.c.Values[:k], []*big.Int{applyBig(cur.c.Ops[k], new(big.Int), cur.c.Values[k], cur.c.Values[k+1])}, cur.c.Values[k+2:])
		next := named{&Chain{Values: vals, Ops: slices.Concat(cur.c.Ops[:k], cur.c.Ops[k+1:])}, slices.Concat(cur.names[:k], cur.names[k+1:])}
		out = append(out, next)
	}
	return out, nil
}

// lineUnits is the progress units of solving the chains, whose numbers
// grow as g.
func lineUnits(chains []named, g growth) int64 {
	var u int64
	for _, c := range chains {
		u += progressUnits(c.c.M(), true, g)
	}
	return u
}

// solveChains solves each chain of a line, reporting progress from base of
// total units (the chains' numbers growing as g).
func solveChains(ctx context.Context, chains []named, opts Options, g growth, base, total int64) ([]LinePosition, error) {
	out := make([]LinePosition, 0, len(chains))
	for _, c := range chains {
		o := Options{Workers: opts.Workers, MaxTableBytes: opts.MaxTableBytes, Goal: opts.Goal}
		if opts.Progress != nil {
			at := base
			o.Progress = func(done, _ int64) { opts.Progress(at+done, total) }
		}
		r, err := runSolve(ctx, c.c.Values, &o, func(stop *atomic.Bool) (*ChainResult, error) {
			return solveChain(c.c, o, defaultConfig(), stop, &g)
		})
		if err != nil {
			return nil, err
		}
		pos := LinePosition{Best: r.Best, Worst: r.Worst, Optimal: make([]int, len(r.Optimal))}
		for k, e := range r.Optimal {
			pos.Optimal[k] = c.names[e-1]
		}
		slices.Sort(pos.Optimal)
		out = append(out, pos)
		base += progressUnits(c.c.M(), true, g)
	}
	return out, nil
}
