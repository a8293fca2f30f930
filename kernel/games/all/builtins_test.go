package all_test

import (
	"context"
	"errors"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"

	"github.com/expr-lang/expr"
)

// TestBuiltinTable: the kernel's table lists every builtin once, each
// complete, every registered game's among them (read from the registry:
// no test pins the list of games) with the tools'.
func TestBuiltinTable(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range tools.Builtins() {
		if seen[b.Name] {
			t.Errorf("%s registered twice", b.Name)
		}
		seen[b.Name] = true
		if b.Value != nil { // a named value (optimal, greedy): no call
			if b.Signature != b.Name || b.Doc == "" || !strings.Contains(b.Example, b.Name) || b.Fn != nil {
				t.Errorf("%s: incomplete entry %+v", b.Name, b)
			}
			continue
		}
		if !strings.HasPrefix(b.Signature, b.Name+"(") || b.Doc == "" || !strings.Contains(b.Example, b.Name+"(") || len(b.Returns) == 0 || b.Fn == nil {
			t.Errorf("%s: incomplete entry %+v", b.Name, b)
		}
	}
	want := []string{"at", "setv", "insert", "remove", "rotate", "reverse", "solve", "trace", "show", "save", "plot", "json", "text", "svg"}
	for _, g := range games.All() {
		for _, b := range g.Builtins {
			want = append(want, b.Name)
		}
	}
	for _, name := range want {
		if !seen[name] {
			t.Errorf("builtin %s missing", name)
		}
	}
}

func TestArgumentErrors(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	c := gamestest.Must(t, "coins", []any{10, 80, 90, 30})
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	one := gamestest.Must(t, "coins", []any{7})
	tests := []struct {
		name string
		args []any
		want string
	}{
		{"solve", []any{b, 12}, "solve: argument 2 (player) must be 1..9, got 12"},
		{"solve", []any{b}, "solve: takes 2 arguments (b, player), got 1"},
		{"solve", []any{p, 1}, "solve: takes 1 argument (p), got 2"},
		{"solve", []any{"x"}, "solve: argument 1 (x) must be " + gamestest.KindsOf[games.Position]() + ", got string"},
		{"solve", nil, "solve: missing arguments, want solve(x) or solve(board, player)"},
		{"solve", []any{b, 2.5}, "solve: argument 2 (player) must be an integer, got 2.5"},
		{"setv", []any{p, 7, 2}, "setv: argument 2 (i) must be 1..5, got 7"},
		{"setv", []any{p, 0, 2}, "setv: argument 2 (i) must be 1..5, got 0"},
		{"setv", []any{p}, "setv: takes 3 arguments (p, i, v), got 1"},
		{"setv", []any{c, 1, "a"}, "setv: argument 3 (v) must be an integer, got string"},
		{"setv", []any{c, 1, 1e20}, "setv: argument 3 (v) must be an exact integer, got 1e+20 (a float above 2^53; write the number as a string for any size)"},
		{"setv", []any{b, 1, 1}, "setv: argument 1 (x) is a board: use setcell(b, r, p, v)"},
		{"setv", []any{[]any{1}, 1, 1}, "setv: argument 1 (x) must be " + gamestest.KindsOf[games.Editor]() + ", got array"},
		// Issue 18: "-" is an operator, so setop, insert and polygon take it
		// and name it among the ones they allow.
		{"setop", []any{p, 2, "/"}, `setop: argument 3 (op) must be "+", "*" or "-", got "/"`},
		{"setop", []any{c, 2, "+"}, "setop: argument 1 (p) must be a polygon, got coins"},
		{"setcell", []any{b, 5, 1, 1}, "setcell: argument 2 (r) must be 1..4, got 5"},
		{"setcell", []any{b, 3, 4, 1}, "setcell: argument 3 (p) must be 1..3, got 4"},
		{"setcell", []any{b, 3, 2, 10}, "setcell: argument 4 (v) must be 0..9, got 10"},
		{"insert", []any{p, 1, 2}, "insert: takes 4 arguments (p, i, op, v), got 3"},
		{"insert", []any{c, 6, 2}, "insert: argument 2 (i) must be 1..5, got 6"},
		{"insert", []any{p, 1, "/", 2}, `insert: argument 3 (op) must be "+", "*" or "-", got "/"`},
		{"remove", []any{one, 1}, "remove: argument 1 (x) has only one coin, which must stay"},
		{"remove", []any{c, 5}, "remove: argument 2 (i) must be 1..4, got 5"},
		{"rotate", []any{p}, "rotate: takes 2 arguments (x, k), got 1"},
		{"rotate", []any{3, 1}, "rotate: argument 1 (x) must be " + gamestest.KindsOf[games.Editor]() + ", got int"},
		{"reverse", []any{nil}, "reverse: argument 1 (x) must be " + gamestest.KindsOf[games.Editor]("array") + ", got nil"},
		{"at", []any{b, 1, 2}, "at: argument 3 (p) must be 1..1, got 2"},
		{"at", []any{c, 9}, "at: argument 2 (i) must be 1..4, got 9"},
		{"polygon", []any{[]any{1, 2}, "+"}, "polygon: argument 2 (ops) must hold one operator per vertex (2), got 1"},
		{"polygon", []any{[]any{1, 2}, "+/"}, `polygon: argument 2 (ops) operator 2 is "/", not +, * or - (t or x)`},
		{"polygon", []any{[]any{1}}, `polygon: argument 1 (text) is an array: give the operators too, polygon(values, "+*…")`},
		{"polygon", []any{[]any{}, ""}, "polygon: argument 1 (values) is empty: a game needs at least one"},
		// Issue 18: a constructor's last argument is its rules.
		{"polygon", []any{1, 2, 3, 4}, "polygon: takes 1 to 3 arguments (text, ops, rules), got 4"},
		{"polygon", []any{1, 2, 3}, `polygon: argument 3 (rules) must be a map of rules like {goal: "max"}, got int`},
		{"coins", []any{[]any{1, "x"}}, "coins: argument 1 (values) element 2 must be an integer, got string"},
		{"coins", []any{map[string]any{}}, "coins: argument 1 (values) must be an array or a string, got map"},
		{"board", []any{0, ""}, "board: argument 1 (N) must be 1..2000, got 0"},
		{"board", []any{2, []any{1, 0}}, "board: argument 2 (cells) must hold 3 cells for 2 rows, got 2"},
		{"board", []any{2, []any{[]any{1}, []any{0, 12}}}, "board: argument 2 (cells) cell (2,2) must be 0..9, got 12"},
		{"board", []any{[]any{[]any{1}, []any{0}}}, "board: argument 1 (rows) row 2 must hold 2 cells, got 1"},
		{"board", []any{[]any{1, 2, 3}}, "board: argument 1 (rows) must be an array of rows, one array per row (for the cells in one array, use board(N, cells))"},
		{"randpolygon", []any{0, 1}, "randpolygon: argument 1 (n) must be 1..10000, got 0"},
		{"randcoins", []any{5, "s"}, "randcoins: argument 2 (seed) must be an integer, got string"},
		{"randboard", []any{3, new(big.Int).Lsh(big.NewInt(1), 70)}, "randboard: argument 2 (seed) must fit 64 bits, got 1180591620717411303424"},
		{"randboard", []any{new(big.Int).Lsh(big.NewInt(1), 70), 1}, "randboard: argument 1 (N) must be 1..2000, got 1180591620717411303424"},
		{"save", []any{3, "x.svg"}, "save: argument 1 (x) has no picture (an int); save a polygon, coins, board, result, trace, heat map or plot"},
		{"save", []any{p, "x.png"}, `save: argument 2 (file) must end in .svg, .txt or .json, got "x.png"`},
		{"svg", []any{"s"}, "svg: argument 1 (x) has no picture (a string)"},
		{"plot", []any{[]any{1, "a"}}, "plot: argument 1 (values) element 2 must be a number, got string"},
		{"plot", []any{[]any{"a"}, []any{1, 2}}, "plot: argument 1 (labels) must hold one label per value (2), got 1"},
		{"heat", []any{p, 1}, "heat: argument 1 (board) must be a board, got polygon"},
	}
	for _, tc := range tests {
		_, err := gamestest.Try(t, tc.name, tc.args...)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s%v:\n got %v\nwant %s", tc.name, tc.args, err, tc.want)
		}
	}
}

func TestInputErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []any
		arg    int
		offset int
		msg    string
	}{
		{"polygon", []any{"* -5 + x2"}, 1, 7, `polygon: token 4 "x2": not an integer`},
		{"polygon", []any{"* -5 / 2"}, 1, 5, `polygon: token 3 "/": unknown operator (want + * - t x)`},
		{"coins", []any{"1 2 zz"}, 1, 4, `coins: token 3 "zz": not an integer`},
		{"board", []any{2, "1 2 x"}, 2, 4, ""},
	}
	for _, tc := range tests {
		_, err := gamestest.Try(t, tc.name, tc.args...)
		var ie *builtin.Error
		if !errors.As(err, &ie) || ie.Arg != tc.arg || ie.Offset != tc.offset || (tc.msg != "" && err.Error() != tc.msg) {
			t.Errorf("%s%q: %#v (%v)", tc.name, tc.args, err, err)
		}
	}
}

func TestEditsReturnCopies(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon).(*polygon.Polygon)
	c := gamestest.Must(t, "coins", "10 80 90 30").(*coins.Coins)
	b := gamestest.Must(t, "board", 3, "1  2 3  4 5 6").(*lifeline.Board)
	tests := []struct {
		name string
		args []any
		want string // the result's String
	}{
		{"setv", []any{p, 1, 0}, "* 0 + -2 * -8 * -5 + 8"},
		{"setv", []any{c, 4, -1}, "10 80 90 -1"},
		{"setop", []any{p, 1, "+"}, "+ -5 + -2 * -8 * -5 + 8"},
		{"setop", []any{p, 2, "x"}, "* -5 * -2 * -8 * -5 + 8"},
		{"setcell", []any{b, 3, 2, 0}, "1\n2 3\n4 0 6"},
		{"insert", []any{p, 1, "+", 7}, "+ 7 * -5 + -2 * -8 * -5 + 8"},
		{"insert", []any{p, 6, "t", 7}, "* -5 + -2 * -8 * -5 + 8 + 7"},
		{"insert", []any{c, 3, 5}, "10 80 5 90 30"},
		{"remove", []any{p, 1}, "+ -2 * -8 * -5 + 8"},
		{"remove", []any{p, 5}, "* -5 + -2 * -8 * -5"},
		{"remove", []any{c, 2}, "10 90 30"},
		{"rotate", []any{p, 2}, "* -8 * -5 + 8 * -5 + -2"},
		{"rotate", []any{p, -1}, "+ 8 * -5 + -2 * -8 * -5"},
		{"rotate", []any{p, 12}, "* -8 * -5 + 8 * -5 + -2"},
		{"rotate", []any{c, 1}, "80 90 30 10"},
		{"rotate", []any{b, 1}, "6\n3 5\n1 2 4"},
		{"rotate", []any{b, 3}, "1\n2 3\n4 5 6"},
		{"rotate", []any{b, -1}, "4\n5 2\n6 3 1"},
		{"reverse", []any{p}, "* 8 + -5 * -8 * -2 + -5"},
		{"reverse", []any{c}, "30 90 80 10"},
		{"reverse", []any{b}, "1\n3 2\n6 5 4"},
	}
	for _, tc := range tests {
		got := gamestest.Must(t, tc.name, tc.args...)
		if s := got.(interface{ String() string }).String(); s != tc.want {
			t.Errorf("%s%v = %q, want %q", tc.name, tc.args[1:], s, tc.want)
		}
	}
	if p.String() != seedPolygon || c.String() != "10 80 90 30" || b.String() != "1\n2 3\n4 5 6" {
		t.Errorf("receivers changed: %q %q %q", p, c, b)
	}
	if got := gamestest.Must(t, "reverse", []any{1, "a", 3}); !reflect.DeepEqual(got, []any{3, "a", 1}) {
		t.Errorf("reverse(array) = %v", got)
	}
}

// The game is the same after a rotation or a reflection, so the best score
// and the multiset of scores (points) must not change.
func TestSymmetries(t *testing.T) {
	p := gamestest.Must(t, "randpolygon", 9, 7)
	base := gamestest.Must(t, "solve", p).(*polygon.Result)
	for _, q := range []any{gamestest.Must(t, "rotate", p, 4), gamestest.Must(t, "reverse", p), gamestest.Must(t, "reverse", gamestest.Must(t, "rotate", p, -2))} {
		r := gamestest.Must(t, "solve", q).(*polygon.Result)
		if !reflect.DeepEqual(r.Best, base.Best) || !sameMultiset(r.Scores, base.Scores) {
			t.Errorf("%v: best %v scores %v, want %v %v", q, r.Best, r.Scores, base.Best, base.Scores)
		}
	}
	c := gamestest.Must(t, "randcoins", 11, 3)
	cb := gamestest.Must(t, "solve", c).(*coins.Result)
	if r := gamestest.Must(t, "solve", gamestest.Must(t, "reverse", c)).(*coins.Result); r.Best != cb.Best {
		t.Errorf("reversed coins: best %v, want %v", r.Best, cb.Best)
	}
	b := gamestest.Must(t, "randboard", 7, 5)
	bb := gamestest.Must(t, "solve", b, 2).(*lifeline.Result)
	for _, q := range []any{gamestest.Must(t, "rotate", b, 1), gamestest.Must(t, "rotate", b, 2), gamestest.Must(t, "reverse", b)} {
		r := gamestest.Must(t, "solve", q, 2).(*lifeline.Result)
		if r.Best != bb.Best || !sameMultiset(flat(r.Points), flat(bb.Points)) {
			t.Errorf("board turned: best %d, want %d", r.Best, bb.Best)
		}
	}
}

func flat(rows [][]any) []any { return slices.Concat(rows...) }

func sameMultiset(a, b []any) bool {
	key := func(xs []any) []string {
		out := make([]string, len(xs))
		for i, x := range xs {
			out[i] = kit.FormatValue(x)
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

func TestIndexing(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon).(*polygon.Polygon)
	q, err := p.SetIndex([]any{2}, 7)
	if err != nil || q.(*polygon.Polygon).String() != "* -5 + 7 * -8 * -5 + 8" || p.String() != seedPolygon {
		t.Errorf("p[2] = 7: %v %v, p = %v", q, err, p)
	}
	if v, err := p.GetIndex([]any{5}); v != 8 || err != nil {
		t.Errorf("p[5] = %v %v", v, err)
	}
	c := gamestest.Must(t, "coins", "1 2 3").(*coins.Coins)
	d, err := c.SetIndex([]any{3}, big.NewInt(9))
	if err != nil || d.(*coins.Coins).String() != "1 2 9" || c.String() != "1 2 3" {
		t.Errorf("c[3] = 9: %v %v", d, err)
	}
	b := gamestest.Must(t, "board", 2, "0 0 0").(*lifeline.Board)
	e, err := b.SetIndex([]any{2, 2}, 5)
	if err != nil || e.(*lifeline.Board).String() != "0\n0 5" || b.String() != "0\n0 0" {
		t.Errorf("b[2, 2] = 5: %v %v", e, err)
	}
	if v, err := p.GetIndex([]any{-1}); v != 8 || err != nil {
		t.Errorf("p[-1] = %v %v, want v5", v, err)
	}
	if v, err := e.(*lifeline.Board).GetIndex([]any{2, 2}); v != 5 || err != nil {
		t.Errorf("b[2, 2] = %v %v", v, err)
	}
	errs := []struct {
		x     builtin.Indexable
		index []any
		v     any
		want  string
	}{
		{p, []any{6}, 1, "p[i] = v: the index must be 1..5, got 6 (or -5..-1 from the end)"},
		{p, []any{-6}, 1, "p[i] = v: the index must be 1..5, got -6 (or -5..-1 from the end)"},
		{p, []any{1, 2}, 1, "p[i] = v: wants one index, got 2"},
		{p, []any{1}, "x", "p[1] = v: the value must be an integer, got string"},
		{c, []any{"a"}, 1, "c[i] = v: the index must be an integer, got string"},
		{b, []any{1}, 1, "b[r, p] = v: wants two indices, row and position, got 1"},
		{b, []any{3, 1}, 1, "b[r, p] = v: the row must be 1..2, got 3"},
		{b, []any{2, 3}, 1, "b[r, p] = v: the position in row 2 must be 1..2, got 3"},
		{b, []any{2, 1}, 10, "b[2, 1] = v: the stone must be 0..9, got 10"},
	}
	for _, tc := range errs {
		if _, err := tc.x.SetIndex(tc.index, tc.v); err == nil || err.Error() != tc.want {
			t.Errorf("SetIndex(%v, %v) = %v, want %s", tc.index, tc.v, err, tc.want)
		}
	}
}

// The random constructors are pinned: a change in the generator shows here.
func TestRandomInstances(t *testing.T) {
	if got := gamestest.Must(t, "randpolygon", 8, 1).(*polygon.Polygon).String(); got != "* -3 + 4 * -8 * -7 + -6 * 6 + 3 + 1" {
		t.Errorf("randpolygon(8, 1) = %q", got)
	}
	if got := gamestest.Must(t, "randcoins", 10, 1).(*coins.Coins).String(); got != "66 20 91 36 62 49 46 34 21 51" {
		t.Errorf("randcoins(10, 1) = %q", got)
	}
	if got := gamestest.Must(t, "randboard", 5, 1).(*lifeline.Board).String(); got != "4\n0 2\n2 1 0\n0 3 4 2\n0 1 1 4 4" {
		t.Errorf("randboard(5, 1) = %q", got)
	}
	if got := gamestest.Must(t, "randcoins", 3, -5).(*coins.Coins).String(); got == gamestest.Must(t, "randcoins", 3, 5).(*coins.Coins).String() {
		t.Errorf("seeds -5 and 5 give the same row %q", got)
	}
	// Every random board can arise in play and has a move.
	for n := 1; n <= 12; n++ {
		for seed := range 20 {
			b := gamestest.Must(t, "randboard", n, seed)
			r := gamestest.Must(t, "solve", b, 1+seed%9).(*lifeline.Result)
			if len(r.Unreachable) > 0 {
				t.Fatalf("randboard(%d, %d) has dead groups %v", n, seed, r.Unreachable)
			}
		}
	}
}

func TestCancelled(t *testing.T) {
	env, _ := gamestest.Recording()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env.Ctx = ctx
	for _, args := range [][]any{
		{gamestest.Must(t, "randpolygon", 30, 1)}, {gamestest.Must(t, "randcoins", 30, 1)}, {gamestest.Must(t, "randboard", 5, 1), 1},
	} {
		for _, name := range []string{"solve", "trace"} {
			if _, err := gamestest.Tool(name).Fn(env, args...); !errors.Is(err, context.Canceled) {
				t.Errorf("%s(%v) with a cancelled context: %v", name, args[0], err)
			}
		}
	}
	for _, name := range []string{"randpolygon", "randcoins", "randboard"} {
		if _, err := gamestest.Tool(name).Fn(env, 5, 1); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: %v", name, err)
		}
	}
}

func TestFieldsAndConstructors(t *testing.T) {
	p := gamestest.Must(t, "polygon", []any{-5, -2, -8, -5, 8}, []any{"*", "+", "*", "*", "+"}).(*polygon.Polygon)
	if p.String() != seedPolygon || p.N != 5 || p.Ops != "*+**+" || !reflect.DeepEqual(p.Values, []any{-5, -2, -8, -5, 8}) {
		t.Errorf("polygon(list) = %q %+v", p, p)
	}
	if q := gamestest.Must(t, "polygon", []any{1, 2}, "t x").(*polygon.Polygon); q.String() != "+ 1 * 2" {
		t.Errorf("polygon([1, 2], \"t x\") = %q", q)
	}
	want := "2\n2 3\n1 0 4\n1 1 4 0"
	for _, b := range []any{
		gamestest.Must(t, "board", 4, "2231041140"),
		gamestest.Must(t, "board", 4, []any{2, 2, 3, 1, 0, 4, 1, 1, 4, 0}),
		gamestest.Must(t, "board", []any{[]any{2}, []any{2, 3}, []any{1, 0, 4}, []any{1, 1, 4, 0}}),
		gamestest.Must(t, "board", 4.0, []any{[]any{2}, []any{2, 3}, []any{1, 0, 4}, []any{1, 1, 4, 0}}),
	} {
		if b.(*lifeline.Board).String() != want {
			t.Errorf("board = %q", b)
		}
	}
	b := gamestest.Must(t, "board", 4, want).(*lifeline.Board)
	if !reflect.DeepEqual(b.Rows, [][]int{{2}, {2, 3}, {1, 0, 4}, {1, 1, 4, 0}}) || b.N != 4 {
		t.Errorf("rows = %v", b.Rows)
	}
	if e := gamestest.Must(t, "board", 3).(*lifeline.Board); e.String() != "0\n0 0\n0 0 0" {
		t.Errorf("board(3) = %q", e)
	}
	if v := gamestest.Must(t, "at", b, 3, 3); v != 4 {
		t.Errorf("at(b, 3, 3) = %v", v)
	}
}

// Every exported field of every value has an expr tag, no two the same,
// and expr reads each by its tag where the checker knows the value's type.
// (Where it does not, the kernel reads members itself by the same rule,
// exported fields by tag, because runtime.Fetch finds neither field when an
// unexported one is named like a tag, as Polygon.rules and RuleMap's
// "rules" are: the kernel's tests pin that path.)
func TestExprFetchesEveryField(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	c := gamestest.Must(t, "coins", "10 80 90 30")
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	chain := gamestest.Must(t, "after", p, []any{3, 2})
	c3 := gamestest.Must(t, "coins", "10 80 90 30", map[string]any{"take": 3})
	values := []any{p, c, b, gamestest.Must(t, "solve", p), gamestest.Must(t, "solve", c), gamestest.Must(t, "solve", b, 4),
		gamestest.Must(t, "trace", p), gamestest.Must(t, "trace", c), gamestest.Must(t, "trace", b, 4), gamestest.Must(t, "heat", b, 4),
		chain, gamestest.Must(t, "after", c, "LR"), gamestest.Must(t, "solve", chain), gamestest.Must(t, "analyze", c, "LR"), gamestest.Must(t, "analyze", p, []any{3}),
		gamestest.Must(t, "trace", chain), gamestest.Must(t, "after", c3, "L2"), gamestest.Must(t, "solve", gamestest.Must(t, "after", c3, "L2")), gamestest.Must(t, "trace", c3),
		gamestest.Must(t, "after", b, []any{3, 2, 4}), gamestest.Must(t, "trace", gamestest.Must(t, "polygon", "+ 1 * 2 + 3")), gamestest.Must(t, "analyze", b, []any{3, 2, 4})}
	for _, v := range values {
		rv := reflect.ValueOf(v).Elem()
		tags := map[string]bool{}
		for i := range rv.NumField() {
			f := rv.Type().Field(i)
			tag := f.Tag.Get("expr")
			if tag == "" {
				if f.IsExported() {
					t.Errorf("%T.%s has no expr tag", v, f.Name)
				}
				continue
			}
			if tags[tag] {
				t.Errorf("%T: two fields are tagged %q", v, tag)
			}
			tags[tag] = true
			prog, err := expr.Compile("x."+tag, expr.Env(map[string]any{"x": v}))
			if err != nil {
				t.Errorf("%T.%s: expr cannot compile x.%s: %v", v, f.Name, tag, err)
				continue
			}
			got, err := expr.Run(prog, map[string]any{"x": v})
			if err != nil || !reflect.DeepEqual(got, rv.Field(i).Interface()) {
				t.Errorf("%T: x.%s gives %v, %v", v, tag, got, err)
			}
		}
	}
}

// TestSolveReportsProgress: solving a polygon or coins tells the cell's
// Progress how far it has come, ending at the whole.
func TestSolveReportsProgress(t *testing.T) {
	for _, x := range []any{gamestest.Must(t, "randpolygon", 60, 1), gamestest.Must(t, "randcoins", 3000, 1)} {
		var last, total int64
		env := &builtin.Env{Ctx: context.Background(), Progress: func(done, all int64) { last, total = done, all }}
		if _, err := gamestest.Tool("solve").Fn(env, x); err != nil {
			t.Fatal(err)
		}
		if total == 0 || last != total {
			t.Errorf("%s: progress ended at %d of %d", x.(builtin.Value).Text()[:20], last, total)
		}
	}
}
