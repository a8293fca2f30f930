package all_test

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
)

// What the tools show of every game's values: their texts, pictures, what
// show and save write, and how long values are cut when shown.

func TestTexts(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	tests := []struct {
		v    builtin.Value
		want string
	}{
		{gamestest.Must(t, "solve", p).(builtin.Value), `best 488: delete edge 3 first (optimal first edges: 3 4)
then merge edges 2 1 5 4
plan -8*(-5+(8*(-5+-2)))
scores by first edge: 168 480 488 488 120
worst by first edge: -336 -720 -336 -29 -2240
`},
		{gamestest.Must(t, "trace", p).(builtin.Value), `move  edge  does            chain after the move
1     3     delete -2 * -8  -8 * -5 + 8 * -5 + -2
2     2     -5 + -2 = -7    -8 * -5 + 8 * -7
3     1     8 * -7 = -56    -8 * -5 + -56
4     5     -5 + -56 = -61  -8 * -61
5     4     -8 * -61 = 488  488
best 488: delete edge 3 first (optimal first edges: 3 4)
then merge edges 2 1 5 4
plan -8*(-5+(8*(-5+-2)))
scores by first edge: 168 480 488 488 120
worst by first edge: -336 -720 -336 -29 -2240
`},
		{gamestest.Must(t, "trace", gamestest.Must(t, "coins", "10 80 90 30")).(builtin.Value), `  turn  player  side  coin  at    A    B  mover ends with  other end gives
     1       A     R    30   4   30    0              110              100
     2       B     R    90   3   30   90              100               90
     3       A     R    80   2  110   90              110               40
     4       B     L    10   1  110  100              100                –
A 110, B 100, A − B = 10
moves RRRL
`},
		{gamestest.Must(t, "solve", gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0"), 4).(builtin.Value), `player 4: best 6 at (3,2)
a stone at (3,2) removes 3 of stone 1 (3,1) (4,1) (4,2); 2 of stone 2 (1,1) (2,1); 1 of stone 3 (2,2)
`},
		{gamestest.Must(t, "solve", gamestest.Must(t, "board", 4, "1  1 1  1 1 1  1 1 1 0"), 2).(builtin.Value), `player 2: best 8 at (4,4)
a stone at (4,4) removes 9 of stone 1 (1,1) (2,1) (2,2) (3,1) (3,2) (3,3) (4,1) (4,2) (4,3); and the new stone itself
`},
		{gamestest.Must(t, "solve", gamestest.Must(t, "board", 1), 3).(builtin.Value), `player 3: best -1 at (1,1)
a stone at (1,1) removes only the new stone itself
`},
		{gamestest.Must(t, "solve", gamestest.Must(t, "board", 2, "0 0 0"), 3).(builtin.Value), `player 3: best 0 at (1,1) (2,1) (2,2)
a stone at (1,1) removes nothing
`},
	}
	for _, tc := range tests {
		if got := tc.v.Text(); got != tc.want {
			t.Errorf("%T text:\n%s\nwant:\n%s", tc.v, got, tc.want)
		}
	}
	// The game values' drawings come from kernel/display (pinned there);
	// here, that each carries the text form to copy back.
	for _, c := range []struct {
		v    builtin.Value
		want string
	}{
		{p.(builtin.Value), `polygon("* -5 + -2 * -8 * -5 + 8")`},
		{gamestest.Must(t, "coins", "10 80 90 30").(builtin.Value), `coins("10 80 90 30")`},
	} {
		if !strings.Contains(c.v.Text(), c.want) {
			t.Errorf("%T text lacks %s:\n%s", c.v, c.want, c.v.Text())
		}
	}
}

// Every value with a picture gives well-formed SVG.
func TestSVGWellFormed(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	c := gamestest.Must(t, "coins", "10 80 90 30")
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	values := []any{p, c, b, gamestest.Must(t, "solve", p), gamestest.Must(t, "solve", c), gamestest.Must(t, "solve", b, 4),
		gamestest.Must(t, "trace", p), gamestest.Must(t, "trace", c), gamestest.Must(t, "trace", b, 4), gamestest.Must(t, "heat", b, 4),
		gamestest.Must(t, "plot", []any{1, -2, 3.5}), gamestest.Must(t, "plot", gamestest.Must(t, "solve", p)),
		gamestest.Must(t, "randpolygon", 40, 2), gamestest.Must(t, "randboard", 12, 2)}
	for _, v := range values {
		svg := gamestest.Must(t, "svg", v).(string)
		if err := gamestest.WellFormed(svg); err != nil || !strings.HasPrefix(svg, "<svg") {
			t.Errorf("%s: SVG not well-formed: %v\n%.200s", kit.TypeName(v), err, svg)
		}
	}
}

func TestShowSaveText(t *testing.T) {
	env, log := gamestest.Recording()
	r := gamestest.Must(t, "solve", gamestest.Must(t, "polygon", seedPolygon)).(*polygon.Result)
	if v, err := gamestest.Tool("show").Fn(env, r); v != nil || err != nil {
		t.Fatalf("show = %v, %v", v, err)
	}
	if v, err := gamestest.Tool("show").Fn(env, []any{1, "a"}); v != nil || err != nil {
		t.Fatalf("show = %v, %v", v, err)
	}
	if len(*log) != 2 {
		t.Fatalf("show displayed %d items", len(*log))
	}
	first := (*log)[0]
	if !strings.Contains(first.Text, "✗") || !strings.HasSuffix(first.Text, strings.TrimRight(r.Text(), "\n")) || !strings.HasPrefix(first.SVG, "<svg") {
		t.Errorf("show(result): %q / %.40q", first.Text, first.SVG)
	}
	if (*log)[1] != (gamestest.Shown{Text: `[1, "a"]`}) {
		t.Errorf("show(array) = %+v", (*log)[1])
	}
	env.Pictures = false // a terminal: the text only, nothing drawn
	if _, err := gamestest.Tool("show").Fn(env, r); err != nil || (*log)[2] != (gamestest.Shown{Text: first.Text}) {
		t.Errorf("show without pictures = %v, %+v", err, (*log)[2:])
	}

	dir := t.TempDir()
	for _, name := range []string{"ring.svg", "ring.txt"} {
		file := filepath.Join(dir, name)
		if got := gamestest.Must(t, "save", r, file); got != file {
			t.Errorf("save returned %v", got)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".svg") && string(data) != r.SVG() {
			t.Errorf("%s holds something else than the SVG", name)
		}
		if strings.HasSuffix(name, ".txt") && !strings.Contains(string(data), "plan -8*(-5+(8*(-5+-2)))") {
			t.Errorf("%s:\n%s", name, data)
		}
	}
	if _, err := gamestest.Try(t, "save", r, filepath.Join(dir, "no", "such", "dir.svg")); err == nil || !strings.HasPrefix(err.Error(), "save: ") {
		t.Errorf("save into a missing directory: %v", err)
	}
	if got := gamestest.Must(t, "text", gamestest.Must(t, "coins", "1 2")).(string); !strings.Contains(got, `coins("1 2")`) {
		t.Errorf("text(coins) = %q", got)
	}
	if got := gamestest.Must(t, "json", gamestest.Must(t, "polygon", "+ 1 * 2")); got != `{"n":2,"ops":"+*","values":[1,2]}` {
		t.Errorf("json(polygon) = %s", got)
	}
	if got := gamestest.Must(t, "json", gamestest.Must(t, "board", 2, "1 0 2")); got != `{"n":2,"rows":[[1],[0,2]]}` {
		t.Errorf("json(board) = %s", got)
	}
	if got := gamestest.Must(t, "json", gamestest.Must(t, "trace", gamestest.Must(t, "coins", "5 7"))); got != `{"turns":[`+
		`{"a":7,"b":0,"coin":7,"final":7,"index":2,"other":5,"player":"A","side":"R","turn":1},`+
		`{"a":7,"b":5,"coin":5,"final":5,"index":1,"other":null,"player":"B","side":"L","turn":2}]}` {
		t.Errorf("json(trace(coins)) = %s", got)
	}
	if got := gamestest.Must(t, "json", gamestest.Must(t, "heat", gamestest.Must(t, "board", 2, "1 0 0"), 1)); got != `{"player":1,"points":[[null],[0,0]]}` {
		t.Errorf("json(heat) = %s", got)
	}
}

// TestFormatShown: a value of more than MaxShownItems items shows the ends
// of each part longer than CutItems and says how many it showed; anything
// smaller, and Format always, is whole.
func TestFormatShown(t *testing.T) {
	upto := func(n int) []any {
		xs := make([]any, n)
		for i := range xs {
			xs[i] = i + 1
		}
		return xs
	}
	const note = `; print(x), text(x), json(x) or save(x, "x.txt") give them all)`
	for _, tc := range []struct {
		name string
		x    any
		want string
	}{
		{"at the limit", upto(1000), kit.Format(upto(1000))},
		{"past it", upto(1001), "[1, 2, 3, …, 999, 1000, 1001]\n(6 of 1001" + " items shown" + note},
		{"short parts whole", []any{upto(10), upto(1000)}, "[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 2, 3, …, 998, 999, 1000]]\n(16 of 1010 items shown" + note},
		{"typed rows", [][]int{{1}, make([]int, 2000)}, "[[1], [0, 0, 0, …, 0, 0, 0]]\n(7 of 2001 items shown" + note},
		{"a map", map[string]any{"a": upto(2000), "b": "x"}, `{"a": [1, 2, 3, …, 1998, 1999, 2000], "b": "x"}` + "\n(7 of 2001 items shown" + note},
		{"a long map", func() map[string]any {
			m := map[string]any{}
			for i := range 1001 {
				m[fmt.Sprintf("k%04d", i)] = i
			}
			return m
		}(), `{"k0000": 0, "k0001": 1, "k0002": 2, …, "k0998": 998, "k0999": 999, "k1000": 1000}` + "\n(6 of 1001 items shown" + note},
		{"big numbers", []any{new(big.Int).Lsh(big.NewInt(1), 70)}, "[1180591620717411303424]"},
	} {
		if got := kit.FormatShown(tc.x); got != tc.want {
			t.Errorf("%s: FormatShown = %.300q, want %.300q", tc.name, got, tc.want)
		}
	}
	whole := kit.Format(upto(5000))
	if strings.Contains(whole, "…") || strings.Count(whole, ",") != 4999 {
		t.Errorf("Format cut a list: %.100q", whole)
	}
}
