package all_test

import (
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/lifeline"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
	"gamelab/kernel/printer"
)

// A value past a drawing's limit shows a short card saying what it is and
// how to see more; text, svg and save still give the whole drawing.
func TestLargeValuesShowACard(t *testing.T) {
	dir := t.TempDir()
	env, _ := gamestest.Recording()
	board := gamestest.Must(t, "randboard", 81, 1).(*lifeline.Board) // past both board limits
	res := gamestest.Must(t, "solve", board, 3).(*lifeline.Result)
	row := gamestest.Must(t, "randcoins", 501, 1).(*coins.Coins)
	cres := gamestest.Must(t, "solve", row).(*coins.Result)
	poly := gamestest.Must(t, "randpolygon", 501, 1).(*polygon.Polygon)
	heat := gamestest.Must(t, "heat", board, 3).(*lifeline.Heat)
	ctrace := gamestest.Must(t, "trace", row).(*coins.Trace)
	zeros := make([]any, 2001)
	for i := range zeros {
		zeros[i] = 0
	}
	chart := gamestest.Must(t, "plot", zeros).(*kit.Chart)
	for _, tc := range []struct {
		name  string
		x     builtin.Value
		facts []string // in the card
		full  string   // in the whole text only
	}{
		{"board", board, []string{"board of size 81", "3321 vertices", "empty", "at(b, r, p)", "more than 50 rows"}, "·"},
		{"lifeline result", res, []string{"player 3: best"}, ""},
		{"coins", row, []string{"coins of 501 coins", "(sum ", "more than 200 coins", "at(c, i)"}, "┌"},
		{"coins result", cres, []string{"moves ", "… (501 letters in x.moves)"}, cres.Moves},
		{"polygon", poly, []string{"polygon of 501 vertices", "values -10..10", "more than 200 vertices"}, "──"},
		{"heat", heat, []string{"points for player 3", "empty vertices", "more than 50 rows"}, "points of a stone at each empty vertex"},
		{"coins trace", ctrace, []string{"(471 turns not shown", "A "}, "\n   250 "},
		{"chart", chart, []string{"2001 bars from 0 to 0", "more than 200 bars"}, "│"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := kit.FormatShown(tc.x)
			if len(text) > 4000 {
				t.Errorf("shown text is %d bytes", len(text))
			}
			for _, f := range tc.facts {
				if !strings.Contains(text, f) {
					t.Errorf("shown text lacks %q:\n%s", f, text)
				}
			}
			whole, err := gamestest.Tool("text").Fn(env, tc.x)
			if err != nil {
				t.Fatal(err)
			}
			if tc.full != "" && (strings.Contains(text, tc.full) || !strings.Contains(whole.(string), tc.full) ||
				kit.Format(tc.x) != whole && strings.Contains(kit.Format(tc.x), "more in")) {
				t.Errorf("%q should be in text(x) only", tc.full)
			}
			file := filepath.Join(dir, tc.name+".txt")
			if _, err := gamestest.Tool("save").Fn(env, tc.x, file); err != nil {
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
			full, err := gamestest.Tool("svg").Fn(env, tc.x)
			if err != nil {
				t.Fatal(err)
			}
			file = filepath.Join(dir, tc.name+".svg")
			if _, err := gamestest.Tool("save").Fn(env, tc.x, file); err != nil {
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
		gamestest.Must(t, "randboard", 50, 1).(*lifeline.Board),
		gamestest.Must(t, "randcoins", 200, 1).(*coins.Coins),
		gamestest.Must(t, "randpolygon", 200, 1).(*polygon.Polygon),
		gamestest.Must(t, "trace", gamestest.Must(t, "randcoins", 200, 1)).(*coins.Trace),
	} {
		if text := x.Text(); strings.Contains(text, "too large") || strings.Contains(text, "not shown") {
			t.Errorf("%s: not drawn:\n%.400s", kit.TypeName(x), text)
		}
	}
}

// A big result shown by a variable is a summary that names it: long
// numbers shortened to their ends and digit count, long lists cut saying
// which field of that variable holds them; print (games.Format), text and
// json keep every digit and item.
func TestBigResultsNameTheirVariable(t *testing.T) {
	ring := gamestest.Must(t, "solve", gamestest.Must(t, "randpolygon", 300, 1)).(*polygon.Result)
	chain := gamestest.Must(t, "solve", gamestest.Must(t, "after", gamestest.Must(t, "randpolygon", 300, 1), []any{204})).(*polygon.ChainResult)
	row := gamestest.Must(t, "solve", gamestest.Must(t, "randcoins", 501, 1)).(*coins.Result)
	line := append([]any{ring.First}, intsAny(ring.Merges)...)
	a := gamestest.Must(t, "analyze", gamestest.Must(t, "randpolygon", 300, 1), line[:40]).(*tools.Analysis)
	long := gamestest.Must(t, "analyze", gamestest.Must(t, "randcoins", 501, 1), row.Moves).(*tools.Analysis)
	best := ring.Best.(*big.Int).String()
	for _, tc := range []struct {
		name  string
		x     interface{ ShownAs(string) string }
		facts []string
		whole string // a piece only the whole text has
	}{
		{"ring", ring, []string{"best 1476802534…0000000000 (133 digits)", "(269 more in s1.merges)"}, best},
		{"chain", chain, []string{"(133 digits) from here", "more in s1.merges)", "characters in s1.expr)"}, best},
		{"coins", row, []string{"(501 letters in s1.moves)"}, row.Moves},
		{"analysis", a, []string{"(133 digits)"}, best},
		{"long analysis", long, []string{"(471 turns not shown: s1.moves[i] has each; text(s1) lists them all)"}, "\n250 "},
	} {
		shown := printer.Shown(tc.x, "s1")
		for _, f := range tc.facts {
			if !strings.Contains(shown, f) {
				t.Errorf("%s: shown as s1 lacks %q:\n%.2000s", tc.name, f, shown)
			}
		}
		if strings.Contains(shown, tc.whole) || strings.Contains(shown, "r.") || len(shown) > 12000 {
			t.Errorf("%s: shown as s1 (%d bytes) has the whole value or names r:\n%.2000s", tc.name, len(shown), shown)
		}
		if unnamed := printer.Shown(tc.x, ""); strings.Contains(unnamed, "s1") || tc.name != "analysis" && !strings.Contains(unnamed, "x.") {
			t.Errorf("%s: shown in no variable names s1 or no x:\n%.1000s", tc.name, unnamed)
		}
		whole := kit.Format(tc.x)
		if !strings.Contains(whole, tc.whole) || strings.Contains(whole, "…") {
			t.Errorf("%s: print leaves something out:\n%.1000s", tc.name, whole)
		}
	}
}

func intsAny(xs []int) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}
