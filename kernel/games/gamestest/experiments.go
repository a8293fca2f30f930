package gamestest

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// Strategy is the named strategy value, or random(seed) and the like.
func Strategy(t testing.TB, name string, args ...any) *tools.Strategy {
	t.Helper()
	if len(args) == 0 {
		return Tool(name).Value.(*tools.Strategy)
	}
	return Must(t, name, args...).(*tools.Strategy)
}

// replayed is every position of a's line, from its start.
func replayed(t *testing.T, a *tools.Analysis) []games.Position {
	t.Helper()
	_, positions, err := tools.PlayLine(a.Start.(games.Position), "test", 1, LineOfRecord(t, a))
	if err != nil {
		t.Fatal(err)
	}
	return positions
}

// CheckStrategies, under every variant: optimal plays only moves the brute
// force finds optimal and loses nothing; greedy plays the first move of
// largest immediate gain; every strategy's moves are legal and a match's
// record scores them as analyze does.
func CheckStrategies(t *testing.T, l *Laws, r *rand.Rand) {
	env, _ := Recording()
	for _, v := range l.Variants() {
		bf := l.Brute(v.Rules)
		for range 12 {
			x := v.Bare(t, r)
			opt, greedy := Strategy(t, "optimal"), Strategy(t, "greedy")
			a := Must(t, "match", x, v.Laws.Sides(opt, opt)).(*tools.Analysis)
			positions := replayed(t, a)
			for i, turn := range a.Moves {
				if turn["loss"] != 0 {
					t.Errorf("%v %s: optimal lost %v at turn %d", v, x.Text(), turn["loss"], i+1)
				}
				_, best := BruteBest(bf.At(positions[i]), positions[i].Minimizes())
				if !slices.ContainsFunc(best, func(b any) bool { return fmt.Sprint(b) == fmt.Sprint(turn["move"]) }) {
					t.Errorf("%v: optimal played %v at turn %d, the brute force's best are %v", v, turn["move"], i+1, best)
				}
			}
			g := Must(t, "match", x, v.Laws.Sides(greedy, greedy)).(*tools.Analysis)
			positions = replayed(t, g)
			for i, turn := range g.Moves {
				if want := l.greediest(positions[i]); fmt.Sprint(want.Value()) != fmt.Sprint(turn["move"]) {
					t.Errorf("%v: greedy played %v at turn %d, the largest gain is %v's", v, turn["move"], i+1, want)
				}
			}
			// A random line is legal, and the record scores it as analyze does.
			rl := Must(t, "match", x, v.Laws.Sides(Strategy(t, "random", r.IntN(100)), Strategy(t, "skill", 0.5, 3))).(*tools.Analysis)
			again, err := tools.Analyze(env, "test", rl.Start.(games.Position), LineOfRecord(t, rl))
			if l, ok := again.Loss.(map[string]any); ok && err == nil { // a match lists every player, 0 for one who did not move
				for p := range rl.Loss.(map[string]any) {
					if l[p] == nil {
						l[p] = 0
					}
				}
			}
			if err != nil || fmt.Sprint(again.Loss) != fmt.Sprint(rl.Loss) {
				t.Errorf("%v: a random match's loss %v, analyze's %v (%v)", v, rl.Loss, again, err)
			}
		}
	}
}

// greediest is the first legal move of the largest immediate gain (the
// smallest for a minimiser): the game's Gain, or the move's reward.
func (l *Laws) greediest(p games.Position) games.Move {
	var best games.Move
	var bestGain *big.Int
	for _, m := range p.Legal() {
		gain := p.Step(m).Reward
		if l.Gain != nil {
			gain = l.Gain(p, m)
		}
		if best == nil || (gain.Cmp(bestGain) > 0 && !p.Minimizes()) || (gain.Cmp(bestGain) < 0 && p.Minimizes()) {
			best, bestGain = m, gain
		}
	}
	return best
}

// LineOfRecord is the moves of an analyze record (a Life Line vertex with
// the player who placed it).
func LineOfRecord(t *testing.T, a *tools.Analysis) []games.Move {
	x := a.Start.(games.Position)
	var line []games.Move
	for _, turn := range a.Moves {
		v := turn["move"]
		if rp, ok := v.([]int); ok {
			v = []int{rp[0], rp[1], turn["player"].(int)}
		}
		m, err := x.ParseMove(v)
		if err != nil {
			t.Fatalf("record move %v: %v", v, err)
		}
		line = append(line, m)
	}
	return line
}

// CheckTournaments: every row of a tournament has the outcome and
// the losses of match on its instance, under every variant; the summary
// adds them up.
func CheckTournaments(t *testing.T, l *Laws, r *rand.Rand) {
	for _, v := range l.Variants() {
		var xs []any
		for range 8 {
			x := v.Bare(t, r)
			xs = append(xs, x)
		}
		sides := v.Laws.Sides(Strategy(t, "greedy"), Strategy(t, "skill", 0.5, r.IntN(9)))
		tour := Must(t, "tournament", xs, sides).(*tools.Tournament)
		total := map[string]*big.Int{}
		for i, x := range xs {
			a := Must(t, "match", x, sides).(*tools.Analysis)
			row := tour.Rows[i]
			// A side that never moved (a Life Line stone on a full board) lost 0.
			if !sameBySide(row["loss"], a.Loss) {
				t.Errorf("%v row %d: loss %v, match's %v", v, i+1, row["loss"], a.Loss)
			}
			want := a.Score
			if a.Totals != nil {
				want = a.Totals
			}
			if !sameBySide(row["outcome"], want) {
				t.Errorf("%v row %d: outcome %v, match's %v", v, i+1, row["outcome"], want)
			}
			for side, l := range lossMap(a.Loss) {
				if total[side] == nil {
					total[side] = new(big.Int)
				}
				total[side].Add(total[side], l)
			}
		}
		for side, sum := range total {
			s := tour.Summary
			if side != "" {
				s = s[side].(map[string]any)
			}
			if fmt.Sprint(s["total"]) != sum.String() || s["games"] != len(xs) {
				t.Errorf("%v: summary %v, the matches' total %s", v, s, sum)
			}
		}
	}
}

// sameBySide says two numbers, or two maps of them by side, are equal,
// a side missing from one being 0.
func sameBySide(a, b any) bool {
	ma, mb := lossMap(a), lossMap(b)
	for k, v := range ma {
		if w := mb[k]; w == nil && v.Sign() != 0 || w != nil && w.Cmp(v) != 0 {
			return false
		}
	}
	for k, w := range mb {
		if v := ma[k]; v == nil && w.Sign() != 0 {
			return false
		}
	}
	return true
}

// lossMap is an analysis' loss by side ("" for a game of one player).
func lossMap(loss any) map[string]*big.Int {
	out := map[string]*big.Int{}
	if m, ok := loss.(map[string]any); ok {
		for k, v := range m {
			b, _ := builtin.AsBig(v)
			out[k] = b
		}
		return out
	}
	b, _ := builtin.AsBig(loss)
	out[""] = b
	return out
}

// CheckShrink: under every variant, shrink's result keeps the
// property, is no larger than the instance, and no single deletion of a
// part, value one step nearer 0, nor simpler form (a polygon's edge made
// '+') keeps the property.
func CheckShrink(t *testing.T, l *Laws, r *rand.Rand) {
	env, _ := Recording()
	for _, v := range l.Variants() {
		for range 6 {
			x := v.Bare(t, r)
			s, ok := x.(games.Shrinkable)
			if !ok {
				t.Fatalf("%v: %s is not shrinkable", v, kit.TypeName(x))
			}
			// The property: as many optimal first moves, by exhaustive search, as x has (for Life Line, for player 1).
			first := func(p games.Position) int {
				if ms, ok := p.(games.FreeTurns); ok {
					p, _ = ms.WithMover("1")
				}
				if games.Over(p) {
					return 0
				}
				ev, err := games.Exhaustive(context.Background(), p)
				if err != nil {
					return -1
				}
				return len(ev.Best)
			}
			want := first(x)
			keep := func(p games.Position) (bool, error) { return first(p) == want, nil }
			out, _, err := tools.Shrink(env.Ctx, x, kit.Bounds{}, keep)
			if err != nil {
				t.Fatal(err)
			}
			small := out.(games.Shrinkable)
			if first(out) != want || small.Parts() > s.Parts() {
				t.Fatalf("%v: shrink(%s) = %s, %d optimal first moves (want %d)", v, x.Text(), out.Text(), first(out), want)
			}
			for i := range small.Parts() {
				if c, ok := small.WithoutParts(i, i+1); ok && first(c) == want {
					t.Errorf("%v: %s is not minimal: without part %d it still holds", v, out.Text(), i+1)
				}
			}
			for i, val := range small.ShrinkValues() {
				if val.Sign() == 0 {
					continue
				}
				step := new(big.Int).Sub(val, big.NewInt(int64(val.Sign())))
				if c, ok := small.WithValue(i, step); ok && first(c) == want {
					t.Errorf("%v: %s is not minimal: value %d can be %s", v, out.Text(), i+1, step)
				}
			}
			if simp, ok := out.(games.Shrinkable); ok {
				for _, c := range simp.Simpler() {
					if first(c) == want {
						t.Errorf("%v: %s is not minimal: %s still holds", v, out.Text(), c.Text())
					}
				}
			}
		}
	}
}

// FieldOf reads a value's field by its expr name, as a user does.
func FieldOf(x any, name string) any {
	rv := reflect.ValueOf(x).Elem()
	for i := range rv.NumField() {
		if rv.Type().Field(i).Tag.Get("expr") == name {
			return rv.Field(i).Interface()
		}
	}
	panic(fmt.Sprintf("%T has no field %s", x, name))
}

// CheckOracle: where a game solves every position at once (the
// coins oracle a match uses), each position's value, optimal moves and
// plan's choice are the ones its own solver gives position by position,
// under every variant.
func CheckOracle(t *testing.T, l *Laws, r *rand.Rand) {
	env, _ := Recording()
	checked := 0
	for _, v := range l.Variants() {
		for range 10 {
			x := v.Bare(t, r)
			o, ok := x.(games.Oracled)
			if !ok {
				continue
			}
			oracle, err := o.Oracle(env)
			if err != nil || oracle == nil {
				t.Fatalf("%v: no oracle for %s: %v", v, x.Text(), err)
			}
			_, positions := Walk(t, r, x, 1+r.IntN(8))
			for _, p := range positions {
				got, ok := oracle(p)
				if games.Over(p) {
					continue
				}
				want, err := games.Evaluate(env, p)
				if !ok || err != nil {
					t.Fatalf("%v: the oracle has no %s (%v)", v, p.Text(), err)
				}
				checked++
				if got.Value.Cmp(want.Value) != 0 || fmt.Sprint(got.Best) != fmt.Sprint(want.Best) || got.Choice.String() != want.Choice.String() {
					t.Errorf("%v at %s: oracle %v %v %v, solver %v %v %v", v, p.Text(), got.Value, got.Best, got.Choice, want.Value, want.Best, want.Choice)
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d positions checked", checked)
	}
}

// CheckTraceOfAResult: trace(solve(x)) is trace(x), for trials random
// instances of every variant and a position one move in (a turn of a
// player named, for a game of free turns), at least least of them
// compared: a user who has a result traces it (it was "must be a
// polygon, coins or board, got polygon result").
func CheckTraceOfAResult(t *testing.T, l *Laws, r *rand.Rand, trials, least int) {
	compared := 0
	free := l.Game.Turns == games.Free
	for _, v := range l.Variants() {
		for range trials {
			x := v.Instance(t, r)
			args := []any{x}
			if free {
				args = append(args, 1+r.IntN(4))
			}
			xs := [][]any{args}
			if legal := x.Legal(); !free && len(legal) > 1 {
				xs = append(xs, []any{Must(t, "after", x, []any{legal[r.IntN(len(legal))].Value()})})
			}
			for _, a := range xs {
				want, err := Try(t, "trace", a...)
				if err != nil {
					continue // a board with no legal move for that player
				}
				got := Must(t, "trace", Must(t, "solve", a...))
				if wt, gt := want.(interface{ Text() string }).Text(), got.(interface{ Text() string }).Text(); wt != gt {
					t.Fatalf("%s %v: trace(solve(x)):\n%s\ntrace(x):\n%s", v, a[0], gt, wt)
				}
				compared++
			}
		}
	}
	if compared < least {
		t.Errorf("only %d compared, want %d", compared, least)
	}
}
