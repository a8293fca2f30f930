package all_test

import (
	"fmt"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
)

// A trace's picture is the game step by step, not the result's picture.
func TestTracePicturesAreFrames(t *testing.T) {
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	for _, tc := range []struct {
		tr    any
		steps int
		texts []string
	}{
		{gamestest.Must(t, "trace", gamestest.Must(t, "polygon", seedPolygon)), 5, []string{"delete edge 3", "merge edge 4: -8 * -61 = 488"}},
		{gamestest.Must(t, "trace", gamestest.Must(t, "coins", "10 80 90 30")), 4, []string{"turn 2: B takes R, coin 3 (90)", "A 110 · B 100 · A − B = 10"}},
		{gamestest.Must(t, "trace", b, 4), 3, []string{"player 4 to move: best 6", "stone 4 at (3,2) removes 6 stones", "after the move"}},
	} {
		doc := kit.SVGOf(tc.tr.(kit.SVGer), false)
		if err := gamestest.WellFormed(doc); err != nil {
			t.Fatalf("%s: %v", kit.TypeName(tc.tr), err)
		}
		for i := 1; i <= tc.steps; i++ {
			tc.texts = append(tc.texts, fmt.Sprintf(">step %d<", i))
		}
		for _, s := range append(tc.texts, ">step 1<") {
			if !strings.Contains(doc, s) {
				t.Errorf("%s: picture lacks %q", kit.TypeName(tc.tr), s)
			}
		}
		if strings.Contains(doc, fmt.Sprintf(">step %d<", tc.steps+1)) {
			t.Errorf("%s: more than %d steps", kit.TypeName(tc.tr), tc.steps)
		}
	}
}

// A long game shows its first and last steps and says how many are left
// out; the picture stays about 1000 px wide. save draws more of them.
func TestLongTraceFrames(t *testing.T) {
	for _, tc := range []struct {
		x     any
		steps int
	}{{gamestest.Must(t, "randpolygon", 40, 1), 40}, {gamestest.Must(t, "randcoins", 60, 1), 60}} {
		tr := gamestest.Must(t, "trace", tc.x).(kit.SVGer)
		doc := kit.SVGOf(tr, false)
		if err := gamestest.WellFormed(doc); err != nil {
			t.Fatal(err)
		}
		omitted := tc.steps - 6 - 5 // games' headFrames and tailFrames
		for _, s := range []string{">step 1<", ">step 6<", fmt.Sprintf(">step %d<", tc.steps), fmt.Sprintf("… %d steps not shown …", omitted)} {
			if !strings.Contains(doc, s) {
				t.Errorf("%s: lacks %q", kit.TypeName(tr), s)
			}
		}
		if strings.Contains(doc, ">step 7<") {
			t.Errorf("%s: step 7 drawn", kit.TypeName(tr))
		}
		if w := gamestest.SVGWidth(t, doc); w > 1000 {
			t.Errorf("%s: %v px wide", kit.TypeName(tr), w)
		}
		if full := kit.SVGOf(tr, true); !strings.Contains(full, ">step 7<") {
			t.Errorf("%s: save draws only some steps", kit.TypeName(tr))
		}
	}
}

// A value too large to draw shows the same card in a terminal and in a
// notebook: one limit for its text and its picture.
func TestCardsAgree(t *testing.T) {
	for _, tc := range []struct {
		x   any
		why string
	}{
		{gamestest.Must(t, "randcoins", 100000, 1), "more than 200 coins"},
		{gamestest.Must(t, "randpolygon", 300, 1), "more than 200 vertices"},
		{gamestest.Must(t, "randboard", 60, 1), "more than 50 rows"},
	} {
		text, svg := tc.x.(builtin.Value).Text(), tc.x.(builtin.Pictured).SVG()
		if !strings.Contains(text, tc.why) || !strings.Contains(svg, tc.why) {
			t.Errorf("%s: text and picture disagree on %q:\n%s\n%.300s", kit.TypeName(tc.x), tc.why, text, svg)
		}
	}
}
