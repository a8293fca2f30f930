package gamestest

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// RandValue is a small integer in lo..hi, or in wide mode often one far
// past 64 bits (a few apart from each other, so that ties still happen).
func RandValue(r *rand.Rand, lo, hi int, wide bool) any {
	v := big.NewInt(int64(lo + r.IntN(hi-lo+1)))
	if wide && r.IntN(2) == 0 {
		v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(64+r.IntN(40))))
		if r.IntN(2) == 0 {
			v.Neg(v)
		}
	}
	return kit.Number(v)
}

// CheckAnalyze: on trials random instances of every variant, analyze of a
// random line scores every turn as the exhaustive search does
// (checkAnalysis), its loss is its turns', and from a position part-way
// the turns are numbered and the totals counted from the moves already
// played: the record is the rest of the whole line's.
func CheckAnalyze(t *testing.T, l *Laws, r *rand.Rand, trials int) {
	for _, v := range l.Variants() {
		for trial := range trials {
			x := v.Instance(t, r)
			line, positions := Walk(t, r, x, 12)
			a := Must(t, "analyze", x, LineValues(line)).(*tools.Analysis)
			checkAnalysis(t, v, a, line, positions, 0, map[string]*big.Int{})
			if !reflect.DeepEqual(a.Loss, lossOf(l.Game, a.Moves)) {
				t.Fatalf("%s trial %d: loss %v, the turns' %v", v, trial, a.Loss, lossOf(l.Game, a.Moves))
			}
			k := r.IntN(len(line) + 1)
			mid := Must(t, "after", x, LineValues(line[:k])).(games.Position)
			b := Must(t, "analyze", mid, LineValues(line[k:])).(*tools.Analysis)
			if !reflect.DeepEqual(b.Moves, a.Moves[k:]) && len(line) > k {
				t.Fatalf("%s trial %d: from after %v the record is\n%v\nthe whole line's\n%v", v, trial, Strs(line[:k]), b.Moves, a.Moves[k:])
			}
			if !reflect.DeepEqual(b.Totals, a.Totals) || !reflect.DeepEqual(b.Score, a.Score) || !reflect.DeepEqual(b.Loss, lossOf(l.Game, b.Moves)) {
				t.Fatalf("%s trial %d: from after %v totals %v score %v loss %v, the whole line's %v %v, the turns' loss %v",
					v, trial, Strs(line[:k]), b.Totals, b.Score, b.Loss, a.Totals, a.Score, lossOf(l.Game, b.Moves))
			}
		}
	}
}

// checkAnalysis checks analyze's record of line from positions[0] turn by
// turn against the exhaustive solver: value, after (what the move scores,
// plus or minus the exhaustive value of what it leaves), loss ≥ 0 and zero
// exactly for an optimal move, the optimal moves, turn and player; and the
// totals (or the score) it ends with.
func checkAnalysis(t *testing.T, v Variant, a *tools.Analysis, line []games.Move, positions []games.Position, turn0 int, totals map[string]*big.Int) {
	t.Helper()
	ctx := context.Background()
	if len(a.Moves) != len(line) {
		t.Fatalf("%s: %d turns for %d moves", v, len(a.Moves), len(line))
	}
	for i, rec := range a.Moves {
		x, m := positions[i], line[i]
		ex, err := games.Exhaustive(ctx, x)
		if err != nil {
			t.Fatal(err)
		}
		st := x.Step(m)
		next, _ := x.Play(m)
		after := new(big.Int)
		if st.Reward != nil {
			after.Set(st.Reward)
		}
		if st.Carry != 0 {
			nv, err := games.ExhaustiveValue(ctx, next)
			if err != nil {
				t.Fatal(err)
			}
			after.Add(after, nv.Mul(nv, big.NewInt(int64(st.Carry))))
		}
		loss := new(big.Int).Sub(ex.Value, after)
		if x.Minimizes() {
			loss.Neg(loss)
		}
		where := fmt.Sprintf("%s: turn %d (%s) of %v from\n%s", v, i+1, m, Strs(line), positions[0].Text())
		if !reflect.DeepEqual(rec["value"], kit.Number(ex.Value)) || !reflect.DeepEqual(rec["after"], kit.Number(after)) ||
			!reflect.DeepEqual(rec["loss"], kit.Number(loss)) || loss.Sign() < 0 {
			t.Fatalf("%s\nrecord %v; exhaustive value %s, after %s, loss %s", where, rec, ex.Value, after, loss)
		}
		if err := SameOptimal(x, Parsed(t, x, rec["best"].([]any)), ex.Best); err != nil {
			t.Fatalf("%s\n%v", where, err)
		}
		optimal := slices.ContainsFunc(rec["best"].([]any), func(b any) bool { return reflect.DeepEqual(b, m.Value()) })
		if optimal != (loss.Sign() == 0) || rec["turn"] != turn0+i+1 || fmt.Sprint(rec["player"]) != x.Mover() || !reflect.DeepEqual(rec["move"], m.Value()) {
			t.Fatalf("%s\nrecord %v (turn %d, player %s)", where, rec, turn0+i+1, x.Mover())
		}
		if st.Reward != nil {
			if totals[x.Mover()] == nil {
				totals[x.Mover()] = new(big.Int)
			}
			totals[x.Mover()].Add(totals[x.Mover()], st.Reward)
		}
	}
	end := positions[len(line)]
	if v.Laws.Game.Scoring == games.AtEnd {
		var want any
		if games.Over(end) {
			want = kit.Number(end.Terminal())
		}
		if a.Totals != nil || !reflect.DeepEqual(a.Score, want) {
			t.Fatalf("%s: %v: totals %v, score %v, want %v", v, Strs(line), a.Totals, a.Score, want)
		}
		return
	}
	for p, sum := range totals {
		if !reflect.DeepEqual(a.Totals[p], kit.Number(sum)) {
			t.Fatalf("%s: %v: totals %v, want %v", v, Strs(line), a.Totals, totals)
		}
	}
}

// lossOf sums a record's losses by player, as analyze's loss has them:
// one number for a game of one player, every player of a fixed order
// listed (0 for one who did not move), the players who moved otherwise.
func lossOf(g *games.Game, moves []map[string]any) any {
	sums := map[string]*big.Int{}
	total := new(big.Int)
	for _, m := range moves {
		p := fmt.Sprint(m["player"])
		if sums[p] == nil {
			sums[p] = new(big.Int)
		}
		sums[p].Add(sums[p], BigOf(m["loss"]))
		total.Add(total, BigOf(m["loss"]))
	}
	if g.Turns == games.Solo {
		return kit.Number(total)
	}
	out := map[string]any{}
	if g.Turns == games.InTurn {
		for _, p := range g.Players {
			out[p] = 0
		}
	}
	for p, s := range sums {
		out[p] = kit.Number(s)
	}
	return out
}
