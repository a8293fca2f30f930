package all_test

import (
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A value past a drawing's limit shows a short card saying what it is and
// how to see more; text, svg and save still give the whole drawing.
func TestLargeValuesShowACard(t *testing.T) {
	dir := t.TempDir()
	env, _ := testEnv()
	board := must(t, "randboard", 81, 1).(*lifeline.Board) // past both board limits
	res := must(t, "solve", board, 3).(*lifeline.Result)
	row := must(t, "randcoins", 501, 1).(*coins.Coins)
	cres := must(t, "solve", row).(*coins.Result)
	poly := must(t, "randpolygon", 501, 1).(*polygon.Polygon)
	heat := must(t, "heat", board, 3).(*lifeline.Heat)
	ctrace := must(t, "trace", row).(*coins.Trace)
	zeros := make([]any, 2001)
	for i := range zeros {
		zeros[i] = 0
	}
	chart := must(t, "plot", zeros).(*games.Chart)
	for _, tc := range []struct {
		name  string
		x     builtin.Value
		facts []string // in the card
		full  string   // in the whole text only
	}{
		{"board", board, []string{"board of size 81", "3321 vertices", "empty", "at(b, r, p)", "more than 50 rows"}, "·"},
		{"lifeline result", res, []string{"player 3: best"}, ""},
		{"coins", row, []string{"coins of 501 coins", "(sum ", "more than 200 coins", "at(c, i)"}, "┌"},
		{"coins result", cres, []string{"moves ", "… (501 letters in r.moves)"}, cres.Moves},
		{"polygon", poly, []string{"polygon of 501 vertices", "values -10..10", "more than 200 vertices"}, "──"},
		{"heat", heat, []string{"points for player 3", "empty vertices", "more than 50 rows"}, "points of a stone at each empty vertex"},
		{"coins trace", ctrace, []string{"(471 turns not shown", "A "}, "\n   250 "},
		{"chart", chart, []string{"2001 bars from 0 to 0", "more than 200 bars"}, "│"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := games.Format(tc.x)
			if len(text) > 4000 {
				t.Errorf("shown text is %d bytes", len(text))
			}
			for _, f := range tc.facts {
				if !strings.Contains(text, f) {
					t.Errorf("shown text lacks %q:\n%s", f, text)
				}
			}
			whole, err := lookup(t, "text").Fn(env, tc.x)
			if err != nil {
				t.Fatal(err)
			}
			if tc.full != "" && (strings.Contains(text, tc.full) || !strings.Contains(whole.(string), tc.full)) {
				t.Errorf("%q should be in text(x) only", tc.full)
			}
			file := filepath.Join(dir, tc.name+".txt")
			if _, err := lookup(t, "save").Fn(env, tc.x, file); err != nil {
				t.Fatal(err)
			}
			saved, _ := os.ReadFile(file)
			if !strings.HasSuffix(string(saved), whole.(string)+"\n") {
				t.Errorf("save(x, %q) does not end with text(x)", file)
			}
			p, ok := tc.x.(builtin.Pictured)
			if !ok {
				return
			}
			if svg := p.SVG(); len(svg) > 4000 || !strings.Contains(svg, "too large to draw here") {
				t.Errorf("shown SVG is %d bytes:\n%.300s", len(svg), svg)
			}
			full, err := lookup(t, "svg").Fn(env, tc.x)
			if err != nil {
				t.Fatal(err)
			}
			file = filepath.Join(dir, tc.name+".svg")
			if _, err := lookup(t, "save").Fn(env, tc.x, file); err != nil {
				t.Fatal(err)
			}
			if saved, _ := os.ReadFile(file); string(saved) != full.(string) || strings.Contains(string(saved), "too large") {
				t.Errorf("save(x, %q) and svg(x) differ or are not the whole picture", file)
			}
		})
	}
}

// At the limits the drawing is shown as it always was.
func TestValuesAtTheLimitsAreDrawn(t *testing.T) {
	for _, x := range []builtin.Value{
		must(t, "randboard", 50, 1).(*lifeline.Board),
		must(t, "randcoins", 200, 1).(*coins.Coins),
		must(t, "randpolygon", 200, 1).(*polygon.Polygon),
		must(t, "trace", must(t, "randcoins", 200, 1)).(*coins.Trace),
	} {
		if text := x.Text(); strings.Contains(text, "too large") || strings.Contains(text, "not shown") {
			t.Errorf("%s: not drawn:\n%.400s", games.TypeName(x), text)
		}
	}
}
