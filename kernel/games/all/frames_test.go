package all_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
)

// A trace's picture is the game step by step, not the result's picture.
func TestTracePicturesAreFrames(t *testing.T) {
	b := must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	for _, tc := range []struct {
		tr    any
		steps int
		texts []string
	}{
		{must(t, "trace", must(t, "polygon", seedPolygon)), 5, []string{"delete edge 3", "merge edge 4: -8 * -61 = 488"}},
		{must(t, "trace", must(t, "coins", "10 80 90 30")), 4, []string{"turn 2: B takes R, coin 3 (90)", "A 110 · B 100 · A − B = 10"}},
		{must(t, "trace", b, 4), 3, []string{"player 4 to move: best 6", "stone 4 at (3,2) removes 6 stones", "after the move"}},
	} {
		doc := kit.SVGOf(tc.tr.(kit.SVGer), false)
		if err := wellFormed(doc); err != nil {
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
	}{{must(t, "randpolygon", 40, 1), 40}, {must(t, "randcoins", 60, 1), 60}} {
		tr := must(t, "trace", tc.x).(kit.SVGer)
		doc := kit.SVGOf(tr, false)
		if err := wellFormed(doc); err != nil {
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
		if w := svgWidth(t, doc); w > 1000 {
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
		{must(t, "randcoins", 100000, 1), "more than 200 coins"},
		{must(t, "randpolygon", 300, 1), "more than 200 vertices"},
		{must(t, "randboard", 60, 1), "more than 50 rows"},
	} {
		text, svg := tc.x.(builtin.Value).Text(), tc.x.(builtin.Pictured).SVG()
		if !strings.Contains(text, tc.why) || !strings.Contains(svg, tc.why) {
			t.Errorf("%s: text and picture disagree on %q:\n%s\n%.300s", kit.TypeName(tc.x), tc.why, text, svg)
		}
	}
}

// A chain's trace plays its own plan: a step per merge, as text, frames
// and JSON.
func TestChainTrace(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	tr := must(t, "trace", must(t, "after", p, []any{3})).(*polygon.ChainTrace)
	if len(tr.Steps) != 4 || tr.Steps[3]["value"] != 488 || tr.Steps[0]["move"] != 2 {
		t.Fatalf("steps %v", tr.Steps)
	}
	if text := tr.Text(); !strings.Contains(text, "5     4     -8 * -61 = 488  488") {
		t.Errorf("text:\n%s", text)
	}
	doc := tr.SVG()
	if err := wellFormed(doc); err != nil || !strings.Contains(doc, ">step 4<") || !strings.Contains(doc, "merge edge 4: -8 * -61 = 488") {
		t.Errorf("picture: %v", err)
	}
	if j := must(t, "json", tr).(string); !strings.Contains(j, `"edges":[]`) {
		t.Errorf("json %s", j)
	}
	over := must(t, "trace", must(t, "after", p, []any{3, 2, 1, 5, 4})).(*polygon.ChainTrace)
	if len(over.Steps) != 0 || !strings.Contains(over.Text(), "the game is over: score 488") {
		t.Errorf("a finished game's trace:\n%s", over.Text())
	}
}

// trace(solve(x)) is trace(x), for a ring, a chain, a row, a position and a
// board's turn under every variant: a user who has a result traces it
// (it was "must be a polygon, coins or board, got polygon result").
func TestTraceOfAResult(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 2026))
	compared := map[string]int{}
	for _, v := range variants() {
		trials := 3
		if v.game == "polygon" { // two variants only
			trials = 12
		}
		for range trials {
			x := v.instance(t, r)
			args := []any{x}
			if v.game == "lifeline" {
				args = append(args, 1+r.IntN(4))
			}
			xs := [][]any{args}
			if legal := x.Legal(); v.game != "lifeline" && len(legal) > 1 {
				xs = append(xs, []any{must(t, "after", x, []any{legal[r.IntN(len(legal))].Value()})})
			}
			for _, a := range xs {
				want, err := call(t, "trace", a...)
				if err != nil {
					continue // a board with no legal move for that player
				}
				got := must(t, "trace", must(t, "solve", a...))
				if wt, gt := want.(interface{ Text() string }).Text(), got.(interface{ Text() string }).Text(); wt != gt {
					t.Fatalf("%s %v: trace(solve(x)):\n%s\ntrace(x):\n%s", v, a[0], gt, wt)
				}
				compared[v.game]++
			}
		}
	}
	if compared["polygon"] < 20 || compared["coins"] < 20 || compared["lifeline"] < 10 {
		t.Errorf("too few compared: %v", compared)
	}
}
