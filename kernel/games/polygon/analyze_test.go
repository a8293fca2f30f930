package polygon_test

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
	solpolygon "gamelab/solvers/polygon"
)

// after, analyze and solve of positions on small rings and chains, against
// the brute force of brute_test.go (the default rules; laws_test.go has
// every variant against the exhaustive solver).

// randPoly is a ring of n values in -4..4 (zeros and negatives: the ties
// that matter) joined by operators from ops.
func randPoly(r *rand.Rand, n int, ops string) *polygon.Polygon {
	p := &solpolygon.Polygon{Ops: make([]byte, n), Values: make([]*big.Int, n)}
	for i := range n {
		p.Ops[i] = ops[r.IntN(len(ops))]
		p.Values[i] = big.NewInt(int64(r.IntN(9) - 4))
	}
	return polygon.NewPolygon(p)
}

func TestAnalyzePolygonAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 1))
	for trial := range 150 {
		p := randPoly(r, 1+r.IntN(7), "+*")
		// A random line: sometimes the whole game, sometimes part of it.
		line, positions := gamestest.Walk(t, r, p, r.IntN(p.N+1))
		end := positions[len(positions)-1]
		a := gamestest.Must(t, "analyze", p, gamestest.MoveValues(line)).(*tools.Analysis)
		gamestest.CheckRecord(t, a, false)
		brute := newPolyBrute(nil)
		var pos games.Position = p
		for i, m := range a.Moves {
			value, best := gamestest.BruteBest(brute.At(pos), false)
			after := brute.value(gamestest.Must(t, "after", pos, []any{line[i].Value()}).(games.Position))
			if gamestest.MustBig(t, m["value"]).Cmp(value) != 0 || gamestest.MustBig(t, m["after"]).Cmp(after) != 0 || !reflect.DeepEqual(m["best"], best) {
				t.Fatalf("trial %d, %s, line %v, turn %d: got %v; brute force value %s, after %s, best %v", trial, p, line, i+1, m, value, after, best)
			}
			pos, _ = pos.Play(line[i])
		}
		// solve of the position reached agrees too, and its plan reaches its best.
		c, ok := end.(*polygon.Polygon)
		if !ok || len(c.Moves) == 0 {
			continue
		}
		res := gamestest.Must(t, "solve", c).(*polygon.ChainResult)
		best := brute.value(c)
		if gamestest.MustBig(t, res.Best).Cmp(best) != 0 {
			t.Fatalf("%s after %v: solve best %v, brute force %s", p, line, res.Best, best)
		}
		var opt []int
		if c.N > 1 {
			_, at := gamestest.BruteBest(brute.At(c), false)
			for _, e := range at {
				opt = append(opt, e.(int))
			}
		}
		if !slices.Equal(res.Optimal, kit.NonNil(opt)) || !slices.Equal(res.Played, c.Moves) {
			t.Fatalf("%s after %v: optimal %v (played %v), brute force %v", p, line, res.Optimal, res.Played, opt)
		}
		plan := gamestest.Must(t, "analyze", c, gamestest.ToAny(res.Merges)).(*tools.Analysis)
		if !gamestest.IsZero(plan.Loss) || len(res.Merges) > 0 && gamestest.MustBig(t, plan.Score).Cmp(best) != 0 {
			t.Fatalf("%s after %v: the plan %v loses %v, scores %v", p, line, res.Merges, plan.Loss, plan.Score)
		}
	}
}

// A chain solves as the ring does with its first edge known: its best and
// worst are the ring's score and worst for that edge, past 64 bits too.
func TestChainAgainstRingSolver(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 2))
	for range 60 {
		n := 2 + r.IntN(30)
		p := randPoly(r, n, "+*")
		if r.IntN(3) == 0 { // big values: beyond 64 bits
			vals := slices.Clone(p.Solver().Values)
			for i := range vals {
				vals[i] = new(big.Int).Lsh(vals[i], 70)
			}
			p = polygon.NewPolygon(&solpolygon.Polygon{Ops: p.Solver().Ops, Values: vals})
		}
		res := gamestest.Must(t, "solve", p).(*polygon.Result)
		for e := 1; e <= n; e++ {
			cr := gamestest.Must(t, "solve", gamestest.Must(t, "after", p, e)).(*polygon.ChainResult)
			if !reflect.DeepEqual(cr.Best, res.Scores[e-1]) || !reflect.DeepEqual(cr.Worst, res.Worst[e-1]) {
				t.Fatalf("%s, edge %d: chain %v..%v, ring solver %v..%v", p, e, cr.Worst, cr.Best, res.Worst[e-1], res.Scores[e-1])
			}
		}
		// The optimal line the solver names has no loss.
		a := gamestest.Must(t, "analyze", p, gamestest.ToAny(append([]int{res.First}, res.Merges...))).(*tools.Analysis)
		if !gamestest.IsZero(a.Loss) || !reflect.DeepEqual(a.Score, res.Best) {
			t.Fatalf("%s: the solver's plan loses %v, scores %v", p, a.Loss, a.Score)
		}
	}
}

// A polygon line that has not ended has no score, and says why in words
// true of every ring: for n = 1 one value is left before the edge is
// deleted.
func TestAnalyzeUnfinishedPolygonSaysWhy(t *testing.T) {
	for text, want := range map[string]string{
		"+ 1 * 2 + 3": "score: none yet (not over: an edge is deleted, then merges leave one value)",
		"* 5":         "score: 5", // one vertex: no move, the game is over
	} {
		p := gamestest.Must(t, "polygon", text)
		a := gamestest.Must(t, "analyze", p, []any{}).(*tools.Analysis)
		if got := a.Text(); !strings.Contains(got, want) {
			t.Errorf("analyze(polygon(%q), []):\n%s", text, got)
		}
	}
}

// A long analysis stops soon after the cell is interrupted: the interrupt
// comes with the line's first progress report, and at most a few more
// follow it. (The old test timed the stop; the progress reports measure
// the same without a clock.)
func TestAnalyzeInterruptedMidway(t *testing.T) {
	p := gamestest.Must(t, "randpolygon", 150, 1)
	line := []any{}
	for e := 1; e <= 150; e++ {
		line = append(line, e)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reports, after := 0, 0
	env := &builtin.Env{Ctx: ctx, Progress: func(done, total int64) {
		if reports++; ctx.Err() != nil {
			after++
		} else if done > 0 {
			cancel()
		}
	}}
	done := make(chan error, 1)
	go func() {
		_, err := gamestest.Tool("analyze").Fn(env, p, line)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("interrupted analyze: %v", err)
		}
		if after > 2 {
			t.Errorf("%d progress reports after the interrupt (of %d)", after, reports)
		}
	case <-time.After(time.Minute): // a hang, not a speed limit
		t.Fatal("analyze did not stop")
	}
}
