package lifeline

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


func analyzeBoard(env *builtin.Env, fn string, b *Board, ms []stoneMove) (*Analysis, error) {
	a := &Analysis{Game: "lifeline", Start: b}
	cur := b.b
	points := map[string]*big.Int{}
	var players []string
	for t, m := range ms {
		if m.player < 1 || m.player > 9 {
			return nil, illegal(fn, 2, t+1, fmt.Sprintf("stone %d at (%d,%d)", m.player, m.r, m.p), fmt.Sprintf("players are 1..9, got %d", m.player))
		}
		if cur.Contains(m.r, m.p) && cur.At(m.r, m.p) == 0 {
			// Only a legal move is worth solving; placeStone says why not.
			res, err := lifeline.Solve(env.Ctx, cur, m.player)
			if err != nil {
				return nil, SolverError(fn, err)
			}
			if t == 0 && len(res.Unreachable) > 0 {
				env.Warning((&LifelineResult{res: res}).unreachableWarning())
			}
			rec := turnRec{turn: t + 1, player: strconv.Itoa(m.player), move: fmt.Sprintf("(%d,%d)", m.r, m.p),
				moveVal: []int{m.r, m.p}, value: big.NewInt(int64(res.Best)),
				after: big.NewInt(int64(res.Points[cur.Index(m.r, m.p)])), bestVal: []any{}}
			for _, v := range res.Moves {
				rec.best = append(rec.best, fmt.Sprintf("(%d,%d)", v[0], v[1]))
				rec.bestVal = append(rec.bestVal, []int{v[0], v[1]})
			}
			a.add(rec)
			a.side = append(a.side, rec.value)
		}
		mv, err := placeStone(env, fn, t+1, cur, m)
		if err != nil {
			return nil, err
		}
		p := strconv.Itoa(m.player)
		if points[p] == nil {
			points[p] = new(big.Int)
			players = append(players, p)
		}
		points[p].Add(points[p], big.NewInt(int64(mv.Points)))
		cur = mv.After
	}
	if len(a.turns) > 0 {
		a.side = append(a.side, a.turns[len(a.turns)-1].after)
	}
	a.Totals = map[string]any{}
	for p, v := range points {
		a.Totals[p] = Number(v)
	}
	a.End = NewBoard(cur)
	a.finish(players)
	return a, nil
}
