package coins_test

import (
	"context"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
)

func TestIntegerForms(t *testing.T) {
	c := gamestest.Must(t, "coins", []any{1, 2, 3}).(*coins.Coins)
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	for _, v := range []any{int64(9), 9.0, float32(9), big.NewInt(9), uint8(9), huge} {
		got := gamestest.Must(t, "setv", c, 2, v).(*coins.Coins)
		if got.Row()[1].Cmp(gamestest.MustBig(t, v)) != 0 {
			t.Errorf("setv(c, 2, %T %v) = %v", v, v, got.Row()[1])
		}
	}
	// A big value is kept exact and shown as *big.Int; small ones are ints.
	got := gamestest.Must(t, "setv", c, 2, huge).(*coins.Coins)
	if got.Values[1].(*big.Int).Cmp(huge) != 0 || got.Values[0] != 1 {
		t.Errorf("values %v", got.Values)
	}
	// An index given as a float or a big.Int that fits works too.
	if v := gamestest.Must(t, "at", c, 3.0); v != 3 {
		t.Errorf("at(c, 3.0) = %v", v)
	}
	if v := gamestest.Must(t, "at", c, big.NewInt(1)); v != 1 {
		t.Errorf("at(c, big 1) = %v", v)
	}
}

func TestSolveCoins(t *testing.T) {
	for _, in := range []any{[]any{10, 80, 90, 30}, "10 80 90 30", []int{10, 80, 90, 30}} {
		r := gamestest.Must(t, "solve", gamestest.Must(t, "coins", in)).(*coins.Result)
		if r.Best != 110 || r.Second != 100 || r.Diff != 10 || r.Moves != "RRRL" || r.N != 4 {
			t.Errorf("coins(%v): %+v", in, r)
		}
		if got := gamestest.Must(t, "json", r); got != `{"n":4,"best":110,"second":100,"diff":10,"moves":"RRRL"}` {
			t.Errorf("json = %s", got)
		}
	}
}

// TestSolveWarnsOfHugeTables: a row of coins whose solve is estimated at
// over ten seconds says the estimate before the solve starts (here it stops
// at once: the cell was interrupted); smaller ones say nothing, nor do
// larger ones, which the solver refuses.
func TestSolveWarnsOfHugeTables(t *testing.T) {
	for _, tc := range []struct {
		n    int
		warn string
	}{
		{100000, "solve: 100000 coins (a move table of 596 MiB) take about 25 s; Ctrl-C stops the solve"},
		{60000, ""},
		{140000, ""},
	} {
		row := make([]*big.Int, tc.n)
		for i := range row {
			row[i] = big.NewInt(1)
		}
		env, _ := gamestest.Recording()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		env.Ctx = ctx
		var warned []string
		env.Warn = func(msg string) { warned = append(warned, msg) }
		if _, err := gamestest.Tool("solve").Fn(env, coins.NewCoins(row)); err == nil {
			t.Errorf("n=%d: solved a cancelled cell", tc.n)
		}
		if got := strings.Join(warned, "\n"); got != tc.warn {
			t.Errorf("n=%d warned %q, want %q", tc.n, got, tc.warn)
		}
	}
}

// TestJSONNested: a result inside a list or map is written with the same
// keys as on its own (encoding/json alone would write its Go field names).
func TestJSONNested(t *testing.T) {
	r := gamestest.Must(t, "solve", gamestest.Must(t, "coins", "10 80 90 30"))
	one := gamestest.Must(t, "json", r).(string)
	if got := gamestest.Must(t, "json", []any{r}).(string); got != "["+one+"]" {
		t.Errorf("json([r]) = %s, want [%s]", got, one)
	}
	if got := gamestest.Must(t, "json", map[string]any{"r": r}).(string); got != `{"r":`+one+"}" {
		t.Errorf("json({r: r}) = %s", got)
	}
}

// TestStoneGames: LeetCode's problems are coins in a row under variants
// (SPEC §6.2), solved through the builtins as a user would.
func TestStoneGames(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values []any
		rules  map[string]any
		field  string // "diff": the first player's margin; "best": their total
		want   int    // the value, or for "sign" its sign
		sign   bool
	}{
		{"Stone Game III: the second player wins", []any{1, 2, 3, 7}, map[string]any{"take": 3, "ends": "left"}, "diff", -1, true},
		{"Stone Game III: the first player wins", []any{1, 2, 3, -9}, map[string]any{"take": 3, "ends": "left"}, "diff", 1, true},
		{"Stone Game III: a tie", []any{1, 2, 3, 6}, map[string]any{"take": 3, "ends": "left"}, "diff", 0, true},
		{"Stone Game VII", []any{5, 3, 1, 4, 2}, map[string]any{"score": "rest"}, "diff", 6, false},
		{"Stone Game VII, longer", []any{7, 90, 5, 1, 100, 10, 10, 2}, map[string]any{"score": "rest"}, "diff", 122, false},
		{"Stone Game II", []any{2, 7, 9, 4, 4}, map[string]any{"take": "2M", "ends": "left"}, "best", 10, false},
		{"Stone Game II, longer", []any{1, 2, 3, 4, 5, 100}, map[string]any{"take": "2M", "ends": "left"}, "best", 104, false},
		{"Stone Game (the default game)", []any{5, 3, 4, 5}, nil, "diff", 1, true},
	} {
		args := []any{tc.values}
		if tc.rules != nil {
			args = append(args, tc.rules)
		}
		r := gamestest.Must(t, "solve", gamestest.Must(t, "coins", args...)).(*coins.Result)
		got := r.Diff
		if tc.field == "best" {
			got = r.Best
		}
		g := got.(int)
		if tc.sign {
			g = big.NewInt(int64(g)).Sign()
		}
		if g != tc.want {
			t.Errorf("%s: %v under %v: %s %v", tc.name, tc.values, tc.rules, tc.field, got)
		}
		// The same through with(): a rule is swept like a value.
		if tc.rules != nil {
			w := gamestest.Must(t, "solve", gamestest.Must(t, "with", gamestest.Must(t, "coins", tc.values), tc.rules)).(*coins.Result)
			if !reflect.DeepEqual(w.Best, r.Best) || !reflect.DeepEqual(w.Diff, r.Diff) {
				t.Errorf("%s: with gives %v %v, the constructor %v %v", tc.name, w.Best, w.Diff, r.Best, r.Diff)
			}
		}
	}
	// A sweep over take, as the issue writes it: map(1..4, solve(with(c,
	// {take: #})).diff). With every coin within reach the first player
	// takes all the positive ones.
	c := gamestest.Must(t, "coins", []any{3, 9, 1, 2})
	var diffs []any
	for k := 1; k <= 4; k++ {
		diffs = append(diffs, gamestest.Must(t, "solve", gamestest.Must(t, "with", c, map[string]any{"take": k})).(*coins.Result).Diff)
	}
	if !reflect.DeepEqual(diffs, []any{7, 9, 11, 15}) {
		t.Errorf("diff by take: %v", diffs)
	}
}

func TestExplainAndPlotJSON(t *testing.T) {
	c := gamestest.Must(t, "coins", "10 80 90 30")
	if j := gamestest.Must(t, "json", gamestest.Must(t, "explain", c, 1)).(string); !strings.Contains(j, `"kids":[{"text":"A L (10) → A's margin -10, loses 20`) {
		t.Errorf("explain json %s", j)
	}
	if j := gamestest.Must(t, "json", gamestest.Must(t, "plot", gamestest.Must(t, "analyze", c, "LR"))).(string); j != `{"x":["1","2","end"],"y":[10,-10,-10],"marks":[2]}` {
		t.Errorf("plot json %s", j)
	}
}
