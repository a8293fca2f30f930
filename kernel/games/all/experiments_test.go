package all_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// Issue 22's experiments, under every variant of every game, on random
// small instances: the strategies play what they say (optimal the moves
// the brute force finds optimal, greedy the largest immediate gain, the
// random ones reproducibly), a tournament's rows are the matches' analyze
// records, and shrink's result keeps its property and is 1-minimal.

// strategy is the named strategy value, or random(seed) and the like.
func strategy(t testing.TB, name string, args ...any) *tools.Strategy {
	t.Helper()
	if len(args) == 0 {
		return lookup(t, name).Value.(*tools.Strategy)
	}
	return must(t, name, args...).(*tools.Strategy)
}

// bareInstance is a random instance of v with no player to move (a Life
// Line board made again from its cells), as a user makes one for a match.
func bareInstance(t *testing.T, r *rand.Rand, v variant) games.Position {
	x := v.instance(t, r)
	if v.game != "lifeline" {
		return x
	}
	var flat []any
	for _, row := range fieldOf(x, "rows").([][]int) {
		for _, c := range row {
			flat = append(flat, c)
		}
	}
	return must(t, "board", fieldOf(x, "n"), flat, v.rules).(games.Position)
}

// sidesFor is {A: a, B: b} for coins, a for the polygon, stones 1..3 by
// turn for Life Line.
func sidesFor(game string, a, b *tools.Strategy) any {
	switch game {
	case "coins":
		return map[string]any{"A": a, "B": b}
	case "polygon":
		return a
	}
	return map[string]any{"1": a, "2": b, "3": a}
}

// replayed is every position of a's line, from its start.
func replayed(t *testing.T, a *tools.Analysis) []games.Position {
	t.Helper()
	_, positions, err := tools.PlayLine(a.Start.(games.Position), "test", 1, lineOfRecord(t, a))
	if err != nil {
		t.Fatal(err)
	}
	return positions
}

// TestStrategiesAgainstBruteForce: optimal plays only moves the brute
// force finds optimal and loses nothing; greedy plays the first move of
// largest immediate gain; every strategy's moves are legal and a match's
// record scores them as analyze does.
func TestStrategiesAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 1))
	env, _ := testEnv()
	for _, v := range variants() {
		bf := bruteFor(v.game, v.rules)
		for range 12 {
			x := bareInstance(t, r, v)
			opt, greedy := strategy(t, "optimal"), strategy(t, "greedy")
			a := must(t, "match", x, sidesFor(v.game, opt, opt)).(*tools.Analysis)
			positions := replayed(t, a)
			for i, turn := range a.Moves {
				if turn["loss"] != 0 {
					t.Errorf("%v %s: optimal lost %v at turn %d", v, x.Text(), turn["loss"], i+1)
				}
				_, best := bruteBest(bf.at(positions[i]), positions[i].Minimizes())
				if !slices.ContainsFunc(best, func(b any) bool { return fmt.Sprint(b) == fmt.Sprint(turn["move"]) }) {
					t.Errorf("%v: optimal played %v at turn %d, the brute force's best are %v", v, turn["move"], i+1, best)
				}
			}
			g := must(t, "match", x, sidesFor(v.game, greedy, greedy)).(*tools.Analysis)
			positions = replayed(t, g)
			for i, turn := range g.Moves {
				if want := greediest(positions[i]); fmt.Sprint(want.Value()) != fmt.Sprint(turn["move"]) {
					t.Errorf("%v: greedy played %v at turn %d, the largest gain is %v's", v, turn["move"], i+1, want)
				}
			}
			// A random line is legal, and the record scores it as analyze does.
			rl := must(t, "match", x, sidesFor(v.game, strategy(t, "random", r.IntN(100)), strategy(t, "skill", 0.5, 3))).(*tools.Analysis)
			again, err := tools.Analyze(env, "test", rl.Start.(games.Position), lineOfRecord(t, rl))
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
// smallest for a minimiser): coins' and Life Line's reward; the value a
// polygon merge makes, worked out from the chain's values and operators.
func greediest(p games.Position) games.Move {
	var best games.Move
	var bestGain *big.Int
	for _, m := range p.Legal() {
		gain := p.Step(m).Reward
		if p.Game().Name == "polygon" {
			gain = mergeGain(p, m)
		}
		if best == nil || (gain.Cmp(bestGain) > 0 && !p.Minimizes()) || (gain.Cmp(bestGain) < 0 && p.Minimizes()) {
			best, bestGain = m, gain
		}
	}
	return best
}

// mergeGain is what merging edge m makes on a chain (0 on the ring).
func mergeGain(p games.Position, m games.Move) *big.Int {
	if p.History().Len() == 0 {
		return new(big.Int) // the ring: deleting an edge makes nothing
	}
	vals, _ := kit.AsList(fieldOf(p, "values"))
	edges := fieldOf(p, "edges").([]int)
	ops := fieldOf(p, "ops").(string)
	k := slices.Index(edges, m.Value().(int))
	return applyOp(ops[k], bigs(vals)[k], bigs(vals)[k+1])
}

// lineOfRecord is the moves of an analyze record (a Life Line vertex with
// the player who placed it).
func lineOfRecord(t *testing.T, a *tools.Analysis) []games.Move {
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

// TestRandomStrategiesRepeat: random(seed) and skill(p, seed) play the
// same line on every run; skill(1, s) plays as optimal, skill(0, s) as
// random(s); different seeds play differently; the line of one seed is
// pinned, as every machine plays it.
func TestRandomStrategiesRepeat(t *testing.T) {
	x := must(t, "randcoins", 12, 4)
	line := func(a, b *tools.Strategy) string {
		return fmt.Sprint(lineOfRecord(t, must(t, "match", x, a, b).(*tools.Analysis)))
	}
	opt := strategy(t, "optimal")
	r7 := line(strategy(t, "random", 7), opt)
	if r7 != line(strategy(t, "random", 7), opt) {
		t.Error("random(7) plays two lines")
	}
	if got := line(strategy(t, "skill", 0, 7), opt); got != r7 {
		t.Errorf("skill(0, 7) plays %s, random(7) %s", got, r7)
	}
	if got, want := line(strategy(t, "skill", 1, 7), opt), line(opt, opt); got != want {
		t.Errorf("skill(1, 7) plays %s, optimal %s", got, want)
	}
	seen := map[string]bool{}
	for s := range 10 {
		seen[line(strategy(t, "random", s), opt)] = true
	}
	if len(seen) < 3 {
		t.Errorf("ten seeds play %d lines", len(seen))
	}
	if want := "[R R L R L R R R L L R L]"; r7 != want {
		t.Errorf("random(7) against optimal on randcoins(12, 4) plays %s, pinned %s", r7, want)
	}
}

// TestTournamentIsItsMatches: every row of a tournament has the outcome and
// the losses of match on its instance, under every variant; the summary
// adds them up.
func TestTournamentIsItsMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 2))
	for _, v := range variants() {
		var xs []any
		for range 8 {
			x := bareInstance(t, r, v)
			xs = append(xs, x)
		}
		sides := sidesFor(v.game, strategy(t, "greedy"), strategy(t, "skill", 0.5, r.IntN(9)))
		tour := must(t, "tournament", xs, sides).(*tools.Tournament)
		total := map[string]*big.Int{}
		for i, x := range xs {
			a := must(t, "match", x, sides).(*tools.Analysis)
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

// TestTournamentGreedyAgainstOptimal: over rows of 20 coins greedy (A)
// loses something in most games and optimal (B) nothing; the table's text,
// json and histogram agree with the rows.
func TestTournamentGreedyAgainstOptimal(t *testing.T) {
	var xs []any
	for i := range 200 {
		xs = append(xs, must(t, "randcoins", 20, i+1))
	}
	tour := must(t, "tournament", xs, map[string]any{"A": strategy(t, "greedy"), "B": strategy(t, "optimal")}).(*tools.Tournament)
	a, b := tour.Summary["A"].(map[string]any), tour.Summary["B"].(map[string]any)
	if b["lost"] != 0 || b["total"] != 0 || a["lost"].(int) < 100 || a["worst"].(int) <= 0 {
		t.Fatalf("summary %v", tour.Summary)
	}
	worst := tour.Rows[a["worstAt"].(int)-1]["loss"].(map[string]any)["A"]
	if worst != a["worst"] {
		t.Errorf("worst %v at %v, that row's loss %v", a["worst"], a["worstAt"], worst)
	}
	text := tour.Text()
	for _, want := range []string{"instance  outcome", "A: mean ", "lost something in", "losses over 200 games", "A (loss per game)"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	js := must(t, "json", tour).(string)
	for _, want := range []string{`{"rows":[{"instance":1,"moves":"`, `"summary":{"A":{"games":200,`} {
		if !strings.Contains(js, want) {
			t.Errorf("json lacks %q: %.300s", want, js)
		}
	}
	if svg := tour.SVG(); !strings.Contains(svg, "<svg") || !strings.Contains(svg, "loss per game") {
		t.Errorf("svg %.200s", svg)
	}
}

// TestShrinkIsMinimal: under every variant, shrink's result keeps the
// property, is no larger than the instance, and no single deletion of a
// part, value one step nearer 0, nor simpler form (a polygon's edge made
// '+') keeps the property.
func TestShrinkIsMinimal(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 3))
	env, _ := testEnv()
	for _, v := range variants() {
		for range 6 {
			x := bareInstance(t, r, v)
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

// TestShrinkBuiltin: shrink(x, {…}) through its builtin, its errors in
// the user's words.
func TestShrinkBuiltin(t *testing.T) {
	x := must(t, "coins", []any{5, 30, 1, 7, 40, 2, 9})
	holds := predicate(func(p any) (any, error) {
		a := must(t, "solve", p).(interface{ Text() string })
		return strings.Contains(a.Text(), "A − B = "), nil
	})
	out := must(t, "shrink", x, holds).(games.Position)
	if out.(games.Shrinkable).Parts() != 1 || out.(games.Shrinkable).ShrinkValues()[0].Sign() != 0 {
		t.Errorf("shrink to anything: %s", out.Text())
	}
	for _, tc := range []struct {
		pred predicate
		want string
	}{
		{func(any) (any, error) { return false, nil }, "is false for x itself"},
		{func(any) (any, error) { return 3, nil }, "returned int, not true or false"},
		{func(any) (any, error) { return nil, errors.New("boom") }, "fails on x itself: boom"},
	} {
		if _, err := call(t, "shrink", x, tc.pred); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("shrink: %v, want %q", err, tc.want)
		}
	}
	if _, err := call(t, "shrink", x, 3); err == nil || !strings.Contains(err.Error(), "must be a predicate {…}") {
		t.Errorf("shrink(x, 3): %v", err)
	}
}

// predicate is a Go function as a {…}, for the builtins' tests.
type predicate func(x any) (any, error)

func (p predicate) Text() string            { return "{…}" }
func (p predicate) Call(x any) (any, error) { return p(x) }

// TestStrategyErrors: a rule's illegal move, a move of no kind and a
// failing rule are errors that name the position and the move; sides are
// checked against the game's players.
func TestStrategyErrors(t *testing.T) {
	c := must(t, "coins", []any{10, 80, 90, 30})
	rule := func(f predicate) *tools.Strategy { return must(t, "strategy", f).(*tools.Strategy) }
	opt := strategy(t, "optimal")
	for _, tc := range []struct {
		args []any
		want string
	}{
		{[]any{c, rule(func(any) (any, error) { return "L2", nil }), opt}, `chose "L2" at A to move, coins 1..4, which is illegal: L2 takes 2 coins`},
		{[]any{c, rule(func(x any) (any, error) {
			if fieldOf(x.(games.Position), "n") == 2 {
				return "X", nil
			}
			return "L", nil
		}), opt}, `returned "X" at A to move, coins 2..3 after LR, which is no move`},
		{[]any{c, rule(func(any) (any, error) { return nil, errors.New("boom") }), opt}, "failed at A to move, coins 1..4: boom"},
		{[]any{c, map[string]any{"A": opt}}, "gives no strategy for B"},
		{[]any{c, map[string]any{"A": opt, "B": opt, "C": opt}}, "names C, who does not play coins in a row"},
		{[]any{c, opt, 3}, "argument 3 (sB) must be a strategy"},
		{[]any{must(t, "board", 2, []any{0, 1, 0}), opt}, "nobody is to move on this board"},
		{[]any{must(t, "polygon", []any{1, 2}, "+*"), opt, opt}, "has no two players in turn"},
	} {
		if _, err := call(t, "match", tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("match%v: %v, want %q", tc.args[1:], err, tc.want)
		}
	}
	if _, err := call(t, "tournament", []any{}, opt); err == nil || !strings.Contains(err.Error(), "is empty") {
		t.Errorf("tournament([]): %v", err)
	}
	if _, err := call(t, "tournament", []any{c, must(t, "randpolygon", 3, 1)}, opt); err == nil || !strings.Contains(err.Error(), "mixes games") {
		t.Errorf("tournament of two games: %v", err)
	}
	if _, err := call(t, "skill", 1.5, 1); err == nil || !strings.Contains(err.Error(), "probability from 0 to 1") {
		t.Errorf("skill(1.5, 1): %v", err)
	}
}

// fieldOf reads a value's field by its expr name, as a user does.
func fieldOf(x any, name string) any {
	rv := reflect.ValueOf(x).Elem()
	for i := range rv.NumField() {
		if rv.Type().Field(i).Tag.Get("expr") == name {
			return rv.Field(i).Interface()
		}
	}
	panic(fmt.Sprintf("%T has no field %s", x, name))
}

// TestExperimentValuesHaveFields: the fields of a strategy and a
// tournament are what expr reads.
func TestExperimentValuesHaveFields(t *testing.T) {
	tour := must(t, "tournament", []any{must(t, "randcoins", 5, 1)}, strategy(t, "greedy"))
	for _, v := range []any{strategy(t, "greedy"), tour} {
		rv := reflect.ValueOf(v).Elem()
		for i := range rv.NumField() {
			f := rv.Type().Field(i)
			if f.IsExported() && f.Tag.Get("expr") == "" {
				t.Errorf("%T.%s has no expr tag", v, f.Name)
			}
		}
	}
}

// TestExperimentsInterrupted: a tournament, a match of exhaustive play and
// shrink stop at once when the cell is interrupted.
func TestExperimentsInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env, _ := testEnv()
	env.Ctx = ctx
	xs := []any{must(t, "randcoins", 20, 1), must(t, "randcoins", 20, 2)}
	opt := strategy(t, "optimal")
	if _, err := lookup(t, "tournament").Fn(env, xs, opt); !errors.Is(err, context.Canceled) {
		t.Errorf("tournament: %v", err)
	}
	if _, err := lookup(t, "match").Fn(env, xs[0], opt, opt); !errors.Is(err, context.Canceled) {
		t.Errorf("match: %v", err)
	}
	if _, err := lookup(t, "shrink").Fn(env, xs[0], predicate(func(any) (any, error) { return true, nil })); !errors.Is(err, context.Canceled) {
		t.Errorf("shrink: %v", err)
	}
}

// TestOracleIsEvaluate: where a game solves every position at once (the
// coins oracle a match uses), each position's value, optimal moves and
// plan's choice are the ones its own solver gives position by position,
// under every variant.
func TestOracleIsEvaluate(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 4))
	env, _ := testEnv()
	checked := 0
	for _, v := range variants() {
		for range 10 {
			x := bareInstance(t, r, v)
			o, ok := x.(games.Oracled)
			if !ok {
				continue
			}
			oracle, err := o.Oracle(env)
			if err != nil || oracle == nil {
				t.Fatalf("%v: no oracle for %s: %v", v, x.Text(), err)
			}
			_, positions := walk(t, r, x, 1+r.IntN(8))
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

// TestLongRowsHaveAnOracle: past the int64 margins' 2896 coins, the
// row's table is the oracle while it fits the budget (a match of 6000
// coins solved every position as it came, O(n³), 50 s); past the budget
// there is none, and positions are solved one by one.
func TestLongRowsHaveAnOracle(t *testing.T) {
	env, _ := testEnv()
	for _, n := range []int{3000, 6000} {
		o, err := must(t, "randcoins", n, 1).(games.Oracled).Oracle(env)
		if err != nil || o == nil {
			t.Errorf("%d coins: no oracle (%v)", n, err)
		}
	}
	env.Available = func() int64 { return 64 << 20 }
	if o, err := must(t, "randcoins", 6000, 1).(games.Oracled).Oracle(env); err != nil || o != nil {
		t.Errorf("6000 coins in 64 MiB: an oracle (%v)", err)
	}
}

// TestHistoriesBranch: the histories of a line share their storage, and
// two lines from one position keep their own moves, however they are
// extended, interleaved.
func TestHistoriesBranch(t *testing.T) {
	c := must(t, "coins", []any{1, 2, 3, 4, 5, 6}).(games.Position)
	a := must(t, "after", c, "LR").(games.Position)
	l1 := must(t, "after", a, "L").(games.Position)
	r1 := must(t, "after", a, "R").(games.Position)
	l2 := must(t, "after", l1, "L").(games.Position)
	r2 := must(t, "after", r1, "RL").(games.Position)
	l3 := must(t, "after", l1, "R").(games.Position)
	for _, tc := range []struct {
		p    games.Position
		want string
	}{{a, "LR"}, {l1, "LRL"}, {r1, "LRR"}, {l2, "LRLL"}, {r2, "LRRRL"}, {l3, "LRLR"}} {
		if got := games.LineText(c.Game(), tc.p.History().Moves); got != tc.want {
			t.Errorf("moves %s, want %s", got, tc.want)
		}
		if got := fieldOf(tc.p, "moves"); got != tc.want {
			t.Errorf("the position's moves %v, want %s", got, tc.want)
		}
	}
}
