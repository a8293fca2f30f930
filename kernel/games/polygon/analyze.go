package polygon

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"gamelab/kernel/builtin"
	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)


// polyTurn is what analyze needs of a polygon position: the best final
// score still reachable, and every optimal move.
func polyTurn(ctx context.Context, s polyPos) (value *big.Int, best []int, err error) {
	if s.isRing() {
		r, err := polygon.Solve(ctx, s.poly.p)
		if err != nil {
			return nil, nil, err
		}
		return r.Best, r.Optimal, nil
	}
	if s.over() {
		return s.vals[0], nil, nil
	}
	dp, err := solveChain(ctx, s.vals, s.ops())
	if err != nil {
		return nil, nil, err
	}
	opt, err := dp.optimalNext(ctx)
	if err != nil {
		return nil, nil, err
	}
	for k, ok := range opt {
		if ok {
			best = append(best, s.edges[k])
		}
	}
	slices.Sort(best)
	return dp.best(), best, nil
}

// analyzePolygon scores a polygon line. A move's after is the value of the
// position it leads to, so each position is solved once.
func analyzePolygon(ctx context.Context, fn string, s polyPos, es []int) (*Analysis, error) {
	a := &Analysis{Game: "polygon", Start: s.value()}
	// Check the whole line first, so an illegal move is reported before
	// any solving.
	positions := []polyPos{s}
	for t, e := range es {
		next, why := positions[t].play(e)
		if why != "" {
			return nil, illegal(fn, 2, t+1, "edge "+strconv.Itoa(e), why)
		}
		positions = append(positions, next)
	}
	value, best, err := polyTurn(ctx, s)
	if err != nil {
		return nil, SolverError(fn, err)
	}
	for t, e := range es {
		nextValue, nextBest, err := polyTurn(ctx, positions[t+1])
		if err != nil {
			return nil, SolverError(fn, err)
		}
		rec := turnRec{turn: len(positions[t].moves) + 1, player: "1", move: strconv.Itoa(e), moveVal: e,
			value: value, after: nextValue, bestVal: []any{}}
		for _, m := range best {
			rec.best = append(rec.best, strconv.Itoa(m))
			rec.bestVal = append(rec.bestVal, m)
		}
		a.add(rec)
		a.side = append(a.side, value)
		value, best = nextValue, nextBest
	}
	if len(a.turns) > 0 {
		a.side = append(a.side, value)
	}
	end := positions[len(es)]
	if end.over() {
		a.Score = Number(end.vals[0])
	}
	a.End = end.value()
	a.finish([]string{"1"})
	return a, nil
}
