package all_test

import (
	"reflect"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
)

// The rules as a user meets them (issue 18): bad rules and moves the rules
// forbid, json's "rules", the texts that name a variant, with and rules.

type rules = map[string]any

func TestBadRules(t *testing.T) {
	c := gamestest.Must(t, "coins", []any{1, 2, 3, 7})
	b := gamestest.Must(t, "board", 3, "1 1 0 2 2 0")
	for _, tc := range []struct {
		fn   string
		args []any
		want string
	}{
		{"coins", []any{[]any{1}, rules{"tak": 2}}, "coins: argument 2 (rules) names tak, no rule of coins in a row (did you mean take?); its rules are take, ends and score"},
		{"polygon", []any{seedPolygon, rules{"gaol": "min"}}, "polygon: argument 2 (rules) names gaol, no rule of the polygon game (did you mean goal?); its rules are goal"},
		{"board", []any{3, rules{"captures": "together"}}, "board: argument 2 (rules) names captures, no rule of Life Line (did you mean capture?); its rules are grid, capture and suicide"},
		// a random constructor's options are its own and the game's rules
		{"randcoins", []any{5, 1, rules{"tak": 2}}, "randcoins: argument 3 (options) names tak, neither an option of randcoins nor a rule of coins in a row (did you mean take?); its options are values, and its rules take, ends and score"},
		{"randcoins", []any{5, 1, rules{"vals": 2}}, "randcoins: argument 3 (options) names vals, neither an option of randcoins nor a rule of coins in a row (did you mean values?); its options are values, and its rules take, ends and score"},
		{"randpolygon", []any{5, 1, rules{"opps": "+"}}, "randpolygon: argument 3 (options) names opps, neither an option of randpolygon nor a rule of the polygon game (did you mean ops?); its options are values and ops, and its rule goal"},
		{"randboard", []any{4, 1, rules{"stone": 2}}, "randboard: argument 3 (options) names stone, neither an option of randboard nor a rule of Life Line (did you mean stones?); its options are stones and empty, and its rules grid, capture and suicide"},
		{"randboard", []any{4, 1, rules{"take": 2}}, "randboard: argument 3 (options) names take, a rule of coins in a row, not of Life Line (whose rules are grid, capture and suicide)"},
		{"coins", []any{[]any{1}, rules{"take": 0}}, `coins: argument 2 (rules) gives take 0, but take must be an integer k ≥ 1 or "2M"`},
		{"coins", []any{[]any{1}, rules{"take": "3M"}}, `coins: argument 2 (rules) gives take "3M", but take must be an integer k ≥ 1 or "2M"`},
		{"coins", []any{[]any{1}, rules{"ends": "right"}}, `coins: argument 2 (rules) gives ends "right", but ends must be "both" or "left"`},
		{"coins", []any{[]any{1}, rules{"score": 1}}, `coins: argument 2 (rules) gives score 1, but score must be "taken" or "rest"`},
		{"polygon", []any{seedPolygon, rules{"goal": "mini"}}, `polygon: argument 2 (rules) gives goal "mini", but goal must be "max" or "min"`},
		{"board", []any{3, rules{"suicide": "no"}}, `board: argument 2 (rules) gives suicide "no", but suicide must be true or false`},
		{"board", []any{3, rules{"grid": "hex"}}, `board: argument 2 (rules) gives grid "hex", but grid must be "triangle" or "square"`},
		{"with", []any{c, rules{"take": -1}}, `with: argument 2 (rules) gives take -1, but take must be an integer k ≥ 1 or "2M"`},
		{"randpolygon", []any{5, 1, rules{"goal": "x"}}, `randpolygon: argument 3 (options) gives goal "x", but goal must be "max" or "min"`},
		{"coins", []any{[]any{1}, rules{"goal": "min"}}, "coins: argument 2 (rules) names goal, a rule of the polygon game, not of coins in a row (whose rules are take, ends and score)"},
		{"coins", []any{[]any{1}, rules{"suicide": false}}, "coins: argument 2 (rules) names suicide, a rule of Life Line, not of coins in a row (whose rules are take, ends and score)"},
		{"polygon", []any{seedPolygon, rules{"take": 2}}, "polygon: argument 2 (rules) names take, a rule of coins in a row, not of the polygon game (whose rules are goal)"},
		{"coins", []any{[]any{1}, 3}, "coins: argument 2 (rules) must be a map of rules like {take: 1}, got int"},
		{"with", []any{b, rules{"grid": "square"}}, `with: grid is the board's shape, which with cannot change; make a square board with board(N, cells, {grid: "square"})`},
		{"with", []any{3, rules{"take": 2}}, "with: argument 1 (x) must be " + gamestest.KindsOf[games.Position]() + ", got int"},
		{"rules", []any{3}, "rules: argument 1 (x) must be " + gamestest.KindsOf[games.Position]() + ", got int"},
	} {
		if err := gamestest.MustErr(t, tc.fn, tc.args...); err.Error() != tc.want {
			t.Errorf("%s%v:\n got %v\nwant %s", tc.fn, tc.args, err, tc.want)
		}
	}
	if err := gamestest.MustErr(t, "coins", []any{1}, rules{"take": nil}); !strings.Contains(err.Error(), `gives take nil, but take must be an integer k ≥ 1 or "2M"`) {
		t.Errorf("take nil: %v", err)
	}
}

// A move the rules forbid is an error that says why, in the rules' words.
func TestMovesTheRulesForbid(t *testing.T) {
	c := gamestest.Must(t, "coins", []any{1, 2, 3, 7})
	for _, tc := range []struct {
		x     any
		moves any
		want  string
	}{
		{gamestest.Must(t, "with", c, rules{"take": 2}), "L3", `after: argument 2 (moves) has an illegal move 1 ("L3"): L3 takes 3 coins, but the rules allow 1 to 2 (take 2)`},
		{gamestest.Must(t, "with", c, rules{"take": 2}), "L2R3", `after: argument 2 (moves) has an illegal move 2 ("R3"): R3 takes 3 coins, but the rules allow 1 to 2 (take 2)`},
		{c, "L2", `after: argument 2 (moves) has an illegal move 1 ("L2"): L2 takes 2 coins, but the rules allow 1 (take 1)`},
		{gamestest.Must(t, "with", c, rules{"ends": "left"}), "R", `after: argument 2 (moves) has an illegal move 1 ("R"): R takes from the right, but the rules take from the left end only (ends "left")`},
		{gamestest.Must(t, "with", c, rules{"take": "2M"}), "L2L5", `after: argument 2 (moves) has an illegal move 2 ("L5"): L5 takes 5 coins, but with M = 2 a move takes 1 to 4 (take "2M")`},
		{gamestest.Must(t, "with", c, rules{"take": 3}), "L2L3", `after: argument 2 (moves) has an illegal move 2 ("L3"): L3 takes 3 coins, but only 2 are left`},
		{gamestest.Must(t, "board", 2, "2 0 2", rules{"suicide": false}), []any{[]any{2, 1, 1}},
			"after: argument 2 (moves) has an illegal move 1 (stone 1 at (2,1)): a stone there would remove 1 stone of player 1's own, and the rules forbid it (suicide: false)"},
	} {
		if err := gamestest.MustErr(t, "after", tc.x, tc.moves); err.Error() != tc.want {
			t.Errorf("after(%s, %v):\n got %v\nwant %s", kit.TypeName(tc.x), tc.moves, err, tc.want)
		}
		if err := gamestest.MustErr(t, "analyze", tc.x, tc.moves); err.Error() != strings.Replace(tc.want, "after", "analyze", 1) {
			t.Errorf("analyze(%s, %v): %v", kit.TypeName(tc.x), tc.moves, err)
		}
	}
	// The suicide is legal where the rules allow it, and under Go's
	// capture order it is no suicide: the 2s go first.
	for _, tc := range []struct {
		rules  rules
		points int
	}{{rules{}, 1}, {rules{"capture": "others-first", "suicide": false}, 2}} {
		a := gamestest.Must(t, "analyze", gamestest.Must(t, "board", 2, "2 0 2", tc.rules), []any{2, 1, 1}).(*tools.Analysis)
		if a.Totals["1"] != tc.points {
			t.Errorf("under %v the stone scores %v, want %d", tc.rules, a.Totals, tc.points)
		}
	}
	// A board whose every empty vertex is a suicide has no move.
	if err := gamestest.MustErr(t, "solve", gamestest.Must(t, "board", 2, "1 1 0", rules{"suicide": false}), 1); !strings.Contains(err.Error(), "no move") {
		t.Errorf("no legal move: %v", err)
	}
	// A stone 1 at (2,1) would have no empty neighbour: not offered.
	r := gamestest.Must(t, "solve", gamestest.Must(t, "board", 4, "2  0 2  2 2 0  0 0 0 0", rules{"suicide": false}), 1).(*lifeline.Result)
	if !reflect.DeepEqual(r.Illegal, [][]int{{2, 1}}) || !reflect.DeepEqual(r.Moves, [][]int{{3, 3}, {4, 1}, {4, 2}, {4, 3}, {4, 4}}) {
		t.Errorf("illegal %v, best moves %v", r.Illegal, r.Moves)
	}
}

// json carries "rules" when, and only when, they are not the defaults:
// the default game's outputs are what they always were.
func TestJSONRules(t *testing.T) {
	c := gamestest.Must(t, "coins", []any{1, 2, 3, 7})
	c3 := gamestest.Must(t, "with", c, rules{"take": 3, "ends": "left"})
	p := gamestest.Must(t, "polygon", seedPolygon)
	pmin := gamestest.Must(t, "with", p, rules{"goal": "min"})
	b := gamestest.Must(t, "board", 3, "1 1 0 2 2 0")
	bs := gamestest.Must(t, "with", b, rules{"suicide": false})
	for _, tc := range []struct {
		x    any
		want string
	}{
		{c, `{"n":4,"values":[1,2,3,7]}`},
		{gamestest.Must(t, "with", c3, rules{"take": 1, "ends": "both"}), `{"n":4,"values":[1,2,3,7]}`},
		{gamestest.Must(t, "coins", []any{1, 2, 3, 7}, rules{"score": "taken"}), `{"n":4,"values":[1,2,3,7]}`},
		{gamestest.Must(t, "solve", c), `{"n":4,"best":9,"second":4,"diff":5,"moves":"RRRL"}`},
		{gamestest.Must(t, "after", c, "L"), `{"n":3,"values":[2,3,7],"a":1,"b":0,"turn":"B","moves":"L"}`},
		// Issue 18: solve of a position lists the moves from there, and
		// the moves played before it, and every optimal move.
		{gamestest.Must(t, "solve", gamestest.Must(t, "after", c, "L")), `{"n":3,"best":4,"second":9,"diff":-5,"moves":"RRL","optimal":["R"],"played":"L"}`},
		{p, `{"n":5,"ops":"*+**+","values":[-5,-2,-8,-5,8]}`},
		{gamestest.Must(t, "after", p, []any{3}), `{"n":5,"values":[-8,-5,8,-5,-2],"edges":[4,5,1,2],"ops":"*+*+","moves":[3]}`},
		{b, `{"n":3,"rows":[[1],[1,0],[2,2,0]]}`},
		{gamestest.Must(t, "solve", b, 2), `{"n":3,"player":2,"best":2,"moves":[[2,2]]}`},
		// Issue 18: a board after moves has its moves record.
		{gamestest.Must(t, "after", b, []any{3, 3, 2}), `{"n":3,"rows":[[1],[1,0],[2,2,2]],"moves":[[3,3,2]],"turns":[{"move":[3,3,2],"points":0,"removed":[]}]}`},

		{c3, `{"n":4,"values":[1,2,3,7],"rules":{"ends":"left","take":3}}`},
		{gamestest.Must(t, "solve", c3), `{"n":4,"best":6,"second":7,"diff":-1,"moves":"L3L","rules":{"ends":"left","take":3}}`},
		{gamestest.Must(t, "after", c3, "L2"), `{"n":2,"values":[3,7],"a":3,"b":0,"turn":"B","moves":"L2","rules":{"ends":"left","take":3}}`},
		{gamestest.Must(t, "solve", gamestest.Must(t, "after", c3, "L2")), `{"n":2,"best":3,"second":10,"diff":-7,"moves":"L2","optimal":["L2"],"played":"L2","rules":{"ends":"left","take":3}}`},
		{gamestest.Must(t, "after", gamestest.Must(t, "with", c, rules{"take": "2M"}), "L2"), `{"n":2,"values":[3,7],"a":3,"b":0,"turn":"B","moves":"L2","m":2,"rules":{"take":"2M"}}`},
		{pmin, `{"n":5,"ops":"*+**+","values":[-5,-2,-8,-5,8],"rules":{"goal":"min"}}`},
		{gamestest.Must(t, "solve", pmin), `{"n":5,"scores":[-336,-720,-336,-29,-2240],"best":-2240,"optimal":[5],"first":5,"merges":[2,1,3,4],"rules":{"goal":"min"}}`},
		{gamestest.Must(t, "solve", gamestest.Must(t, "after", pmin, []any{3})), `{"n":5,"best":-336,"worst":488,"optimal":[2,4],"merges":[2,4,5,1],"expr":"((-8*-5)+8)*(-5+-2)","played":[3],"rules":{"goal":"min"}}`},
		{bs, `{"n":3,"rows":[[1],[1,0],[2,2,0]],"rules":{"suicide":false}}`},
		{gamestest.Must(t, "solve", bs, 2), `{"n":3,"player":2,"best":2,"moves":[[2,2]],"rules":{"suicide":false}}`},
	} {
		if got := gamestest.Must(t, "json", tc.x); got != tc.want {
			t.Errorf("json(%s):\n got %s\nwant %s", kit.TypeName(tc.x), got, tc.want)
		}
	}
}

// A value under a variant says so in its text and picture; x.rules is the
// map of every rule; rules(x) says them in words.
func TestVariantTexts(t *testing.T) {
	c := gamestest.Must(t, "coins", []any{1, 2, 3, 7})
	c3 := gamestest.Must(t, "with", c, rules{"take": 3, "ends": "left"}).(*coins.Coins)
	pmin := gamestest.Must(t, "with", gamestest.Must(t, "polygon", seedPolygon), rules{"goal": "min"}).(*polygon.Polygon)
	bs := gamestest.Must(t, "board", 3, "1 1 0 2 2 0", rules{"suicide": false, "capture": "others-first"}).(*lifeline.Board)
	for _, tc := range []struct {
		x    any
		want string
	}{
		{gamestest.Must(t, "solve", c3), "rules: take 1..3 from the left"},
		{gamestest.Must(t, "solve", gamestest.Must(t, "with", c, rules{"score": "rest"})), "rules: take 1 from either end, scoring the coins left after the move"},
		{gamestest.Must(t, "solve", pmin), "rules: goal min: the smallest last value"},
		{gamestest.Must(t, "solve", bs, 2), "rules: others captured first, no suicide"},
	} {
		text, svg := gamestest.Must(t, "text", tc.x).(string), gamestest.Must(t, "svg", tc.x).(string)
		desc := strings.TrimPrefix(tc.want, "rules: ")
		if !strings.Contains(text, tc.want) || !strings.Contains(svg, desc) {
			t.Errorf("%s: text\n%s\nor picture lacks %q", kit.TypeName(tc.x), text, tc.want)
		}
	}
	for _, tc := range []struct {
		x    any
		want string
	}{
		{gamestest.Must(t, "heat", bs, 2), "others captured first, no suicide"},
		{gamestest.Must(t, "solve", gamestest.Must(t, "after", pmin, 3)), "goal min: the smallest last value"},
		{gamestest.Must(t, "after", c3, "L"), "take 1..3 from the left"},
	} {
		if svg := gamestest.Must(t, "svg", tc.x).(string); !strings.Contains(svg, tc.want) {
			t.Errorf("%s: picture lacks %q", kit.TypeName(tc.x), tc.want)
		}
	}
	for _, x := range []any{c, gamestest.Must(t, "solve", c), gamestest.Must(t, "polygon", seedPolygon), gamestest.Must(t, "board", 2)} {
		if text := gamestest.Must(t, "text", x).(string); strings.Contains(text, "rules") {
			t.Errorf("%s under the default rules names them:\n%s", kit.TypeName(x), text)
		}
	}
	if want := (rules{"take": 3, "ends": "left", "score": "taken"}); !reflect.DeepEqual(c3.RuleMap, want) {
		t.Errorf("c.rules = %v", c3.RuleMap)
	}
	if want := (rules{"grid": "triangle", "capture": "others-first", "suicide": false}); !reflect.DeepEqual(bs.RuleMap, want) {
		t.Errorf("b.rules = %v", bs.RuleMap)
	}
	game := games.Lookup("coins")
	if got := gamestest.Must(t, "rules", c).(*tools.RuleSheet).Words; got != game.Title+": "+game.Rules {
		t.Errorf("rules(c) = %q", got)
	}
	if got := gamestest.Must(t, "rules", c3).(*tools.RuleSheet).Words; !strings.Contains(got, "\nThese rules change that: a move takes 1 to 3 coins from one end") || !strings.Contains(got, "left end only") {
		t.Errorf("rules(c3) = %q", got)
	}
	if got := gamestest.Must(t, "rules", pmin).(*tools.RuleSheet).Words; !strings.Contains(got, "These rules change that: the player wants the smallest last value") {
		t.Errorf("rules(pmin) = %q", got)
	}
}

// The random constructors take rules beside their own options, and make
// the instances they always made.
func TestRandomUnderRules(t *testing.T) {
	for _, tc := range []struct {
		fn    string
		n     int
		rules rules
	}{{"randcoins", 10, rules{"take": 2}}, {"randpolygon", 8, rules{"goal": "min"}}, {"randboard", 5, rules{"capture": "others-first"}}} {
		plain, ruled := gamestest.Must(t, tc.fn, tc.n, 1), gamestest.Must(t, tc.fn, tc.n, 1, tc.rules)
		if kit.Format(plain) != strings.Replace(kit.Format(ruled), " ("+ruled.(games.Position).Rules().Describe()+")", "", 1) ||
			!ruled.(games.Position).Rules().Equal(gamestest.Must(t, "with", plain, tc.rules).(games.Position).Rules()) {
			t.Errorf("%s(%d, 1, %v):\n%s\nwant\n%s", tc.fn, tc.n, tc.rules, kit.Format(ruled), kit.Format(plain))
		}
	}
	sq := gamestest.Must(t, "randboard", 4, 1, rules{"grid": "square"}).(*lifeline.Board)
	if len(sq.Rows) != 4 || len(sq.Rows[0]) != 4 || sq.RuleMap["grid"] != "square" {
		t.Errorf("a square random board: %v", sq.Rows)
	}
	// The triangle's rows are bounded as they always were; the square's
	// by its own limit.
	if err := gamestest.MustErr(t, "randboard", 3000, 1); err.Error() != "randboard: argument 1 (N) must be 1..2000, got 3000" {
		t.Error(err)
	}
	if err := gamestest.MustErr(t, "board", 3000); err.Error() != "board: argument 1 (N) must be 1..2000, got 3000" {
		t.Error(err)
	}
	if err := gamestest.MustErr(t, "board", 50000, rules{"grid": "square"}); err.Error() != "board: argument 1 (N) must be 1..46340, got 50000" {
		t.Error(err)
	}
}

// The rules as the batch commands' --rules write them.
func TestRulesText(t *testing.T) {
	r, err := games.Lookup("coins").Default().ParseText("take=3, ends=left")
	if err != nil || r.Text() != "take=3,ends=left" || r.Describe() != "take 1..3 from the left" {
		t.Errorf("ParseText: %v %q %q", err, r.Text(), r.Describe())
	}
	b, err := games.Lookup("lifeline").Default().ParseText("suicide=false,grid=square")
	if err != nil || b.Get("suicide") != false || b.Text() != "grid=square,suicide=false" {
		t.Errorf("ParseText: %v %q", err, b.Text())
	}
	for text, want := range map[string]string{
		"take":                    `has "take", which is not name=value`,
		"take=0":                  `gives take 0, but take must be an integer k ≥ 1 or "2M"`,
		"goal=min":                "names goal, a rule of the polygon game, not of coins in a row",
		"takes=2M,":               "did you mean take?",
		"take=2,ends=left,take=3": "gives take twice; give each rule once",
	} {
		if _, err := games.Lookup("coins").Default().ParseText(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseText(%q): %v, want %q", text, err, want)
		}
	}
	if d := games.Lookup("polygon").Default(); d.Text() != "" || d.Describe() != "" || !d.IsDefault() || len(d.Changed()) != 0 {
		t.Errorf("the default rules: %q %q %v", d.Text(), d.Describe(), d.Changed())
	}
}
