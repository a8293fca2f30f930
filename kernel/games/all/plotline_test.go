package all_test

import (
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
)

// plot(analyze(…)) draws the value along the line with a title, labelled
// axes and every losing move marked and labelled.
func TestPlotAnalysis(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	b := gamestest.Must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	for _, tc := range []struct {
		a     any
		texts []string
	}{
		{gamestest.Must(t, "analyze", p, []any{1, 2, 3, 4, 5}), []string{"best final score along the line", "best score reachable", ">turn<", "1: edge 1 −320", "4: edge 4 −440", ">end<"}},
		{gamestest.Must(t, "analyze", gamestest.Must(t, "coins", "10 80 90 30"), "LRLR"), []string{"final margin along the line", "A − B guaranteed", "1: A L −20", "3: A L −20"}},
		{gamestest.Must(t, "analyze", b, []any{[]any{3, 2, 4}, []any{4, 4, 1}}), []string{"best points", "points got", "2: 1 at (4,4) −1"}},
	} {
		pl := gamestest.Must(t, "plot", tc.a).(*tools.LinePlot)
		doc := pl.SVG()
		if err := gamestest.WellFormed(doc); err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.texts {
			if !strings.Contains(doc, s) {
				t.Errorf("%s: plot lacks %q", tc.a.(*tools.Analysis).Game, s)
			}
		}
		if w := gamestest.SVGWidth(t, doc); w > 1000 {
			t.Errorf("plot %v px wide", w)
		}
		if text := pl.Text(); !strings.Contains(text, "✗") {
			t.Errorf("text lacks the marks:\n%s", text)
		}
	}
	// An optimal line has nothing to mark.
	r := gamestest.Must(t, "solve", p).(*polygon.Result)
	pl := gamestest.Must(t, "plot", gamestest.Must(t, "analyze", p, gamestest.ToAny(append([]int{r.First}, r.Merges...)))).(*tools.LinePlot)
	if j := gamestest.Must(t, "json", pl).(string); !strings.HasSuffix(j, `"marks":[]}`) || strings.Contains(pl.Text(), "✗") {
		t.Errorf("optimal line marked:\n%s", pl.Text())
	}
}
