package coins_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/tools"
)

// Issue 22's experiments on rows of coins, through their builtins:
// strategies that repeat, a tournament of greedy against optimal, shrink,
// the oracle a match uses, histories that branch.

// TestRandomStrategiesRepeat: random(seed) and skill(p, seed) play the
// same line on every run; skill(1, s) plays as optimal, skill(0, s) as
// random(s); different seeds play differently; the line of one seed is
// pinned, as every machine plays it.
func TestRandomStrategiesRepeat(t *testing.T) {
	x := gamestest.Must(t, "randcoins", 12, 4)
	line := func(a, b *tools.Strategy) string {
		return fmt.Sprint(gamestest.LineOfRecord(t, gamestest.Must(t, "match", x, a, b).(*tools.Analysis)))
	}
	opt := gamestest.Strategy(t, "optimal")
	r7 := line(gamestest.Strategy(t, "random", 7), opt)
	if r7 != line(gamestest.Strategy(t, "random", 7), opt) {
		t.Error("random(7) plays two lines")
	}
	if got := line(gamestest.Strategy(t, "skill", 0, 7), opt); got != r7 {
		t.Errorf("skill(0, 7) plays %s, random(7) %s", got, r7)
	}
	if got, want := line(gamestest.Strategy(t, "skill", 1, 7), opt), line(opt, opt); got != want {
		t.Errorf("skill(1, 7) plays %s, optimal %s", got, want)
	}
	seen := map[string]bool{}
	for s := range 10 {
		seen[line(gamestest.Strategy(t, "random", s), opt)] = true
	}
	if len(seen) < 3 {
		t.Errorf("ten seeds play %d lines", len(seen))
	}
	if want := "[R R L R L R R R L L R L]"; r7 != want {
		t.Errorf("random(7) against optimal on randcoins(12, 4) plays %s, pinned %s", r7, want)
	}
}

// TestTournamentGreedyAgainstOptimal: over rows of 20 coins greedy (A)
// loses something in most games and optimal (B) nothing; the table's text,
// json and histogram agree with the rows.
func TestTournamentGreedyAgainstOptimal(t *testing.T) {
	var xs []any
	for i := range 200 {
		xs = append(xs, gamestest.Must(t, "randcoins", 20, i+1))
	}
	tour := gamestest.Must(t, "tournament", xs, map[string]any{"A": gamestest.Strategy(t, "greedy"), "B": gamestest.Strategy(t, "optimal")}).(*tools.Tournament)
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
	js := gamestest.Must(t, "json", tour).(string)
	for _, want := range []string{`{"rows":[{"instance":1,"moves":"`, `"summary":{"A":{"games":200,`} {
		if !strings.Contains(js, want) {
			t.Errorf("json lacks %q: %.300s", want, js)
		}
	}
	if svg := tour.SVG(); !strings.Contains(svg, "<svg") || !strings.Contains(svg, "loss per game") {
		t.Errorf("svg %.200s", svg)
	}
}

// TestShrinkBuiltin: shrink(x, {…}) through its builtin, its errors in
// the user's words.
func TestShrinkBuiltin(t *testing.T) {
	x := gamestest.Must(t, "coins", []any{5, 30, 1, 7, 40, 2, 9})
	holds := gamestest.Predicate(func(p any) (any, error) {
		a := gamestest.Must(t, "solve", p).(interface{ Text() string })
		return strings.Contains(a.Text(), "A − B = "), nil
	})
	out := gamestest.Must(t, "shrink", x, holds).(games.Position)
	if out.(games.Shrinkable).Parts() != 1 || out.(games.Shrinkable).ShrinkValues()[0].Sign() != 0 {
		t.Errorf("shrink to anything: %s", out.Text())
	}
	for _, tc := range []struct {
		pred gamestest.Predicate
		want string
	}{
		{func(any) (any, error) { return false, nil }, "is false for x itself"},
		{func(any) (any, error) { return 3, nil }, "returned int, not true or false"},
		{func(any) (any, error) { return nil, errors.New("boom") }, "fails on x itself: boom"},
	} {
		if _, err := gamestest.Try(t, "shrink", x, tc.pred); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("shrink: %v, want %q", err, tc.want)
		}
	}
	if _, err := gamestest.Try(t, "shrink", x, 3); err == nil || !strings.Contains(err.Error(), "must be a predicate {…}") {
		t.Errorf("shrink(x, 3): %v", err)
	}
}

// TestExperimentValuesHaveFields: the fields of a strategy and a
// tournament are what expr reads.
func TestExperimentValuesHaveFields(t *testing.T) {
	tour := gamestest.Must(t, "tournament", []any{gamestest.Must(t, "randcoins", 5, 1)}, gamestest.Strategy(t, "greedy"))
	for _, v := range []any{gamestest.Strategy(t, "greedy"), tour} {
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
	env, _ := gamestest.Recording()
	env.Ctx = ctx
	xs := []any{gamestest.Must(t, "randcoins", 20, 1), gamestest.Must(t, "randcoins", 20, 2)}
	opt := gamestest.Strategy(t, "optimal")
	if _, err := gamestest.Tool("tournament").Fn(env, xs, opt); !errors.Is(err, context.Canceled) {
		t.Errorf("tournament: %v", err)
	}
	if _, err := gamestest.Tool("match").Fn(env, xs[0], opt, opt); !errors.Is(err, context.Canceled) {
		t.Errorf("match: %v", err)
	}
	if _, err := gamestest.Tool("shrink").Fn(env, xs[0], gamestest.Predicate(func(any) (any, error) { return true, nil })); !errors.Is(err, context.Canceled) {
		t.Errorf("shrink: %v", err)
	}
}

// TestLongRowsHaveAnOracle: past the int64 margins' 2896 coins, the
// row's table is the oracle while it fits the budget (a match of 6000
// coins solved every position as it came, O(n³), 50 s); past the budget
// there is none, and positions are solved one by one.
func TestLongRowsHaveAnOracle(t *testing.T) {
	env, _ := gamestest.Recording()
	for _, n := range []int{3000, 6000} {
		o, err := gamestest.Must(t, "randcoins", n, 1).(games.Oracled).Oracle(env)
		if err != nil || o == nil {
			t.Errorf("%d coins: no oracle (%v)", n, err)
		}
	}
	env.Available = func() int64 { return 64 << 20 }
	if o, err := gamestest.Must(t, "randcoins", 6000, 1).(games.Oracled).Oracle(env); err != nil || o != nil {
		t.Errorf("6000 coins in 64 MiB: an oracle (%v)", err)
	}
}

// TestHistoriesBranch: the histories of a line share their storage, and
// two lines from one position keep their own moves, however they are
// extended, interleaved.
func TestHistoriesBranch(t *testing.T) {
	c := gamestest.Must(t, "coins", []any{1, 2, 3, 4, 5, 6}).(games.Position)
	a := gamestest.Must(t, "after", c, "LR").(games.Position)
	l1 := gamestest.Must(t, "after", a, "L").(games.Position)
	r1 := gamestest.Must(t, "after", a, "R").(games.Position)
	l2 := gamestest.Must(t, "after", l1, "L").(games.Position)
	r2 := gamestest.Must(t, "after", r1, "RL").(games.Position)
	l3 := gamestest.Must(t, "after", l1, "R").(games.Position)
	for _, tc := range []struct {
		p    games.Position
		want string
	}{{a, "LR"}, {l1, "LRL"}, {r1, "LRR"}, {l2, "LRLL"}, {r2, "LRRRL"}, {l3, "LRLR"}} {
		if got := games.LineText(c.Game(), tc.p.History().Moves); got != tc.want {
			t.Errorf("moves %s, want %s", got, tc.want)
		}
		if got := gamestest.FieldOf(tc.p, "moves"); got != tc.want {
			t.Errorf("the position's moves %v, want %s", got, tc.want)
		}
	}
}
