package all_test

import (
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
	"strings"
	"testing"
)

// plot(analyze(…)) draws the value along the line with a title, labelled
// axes and every losing move marked and labelled.
func TestPlotAnalysis(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	b := must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	for _, tc := range []struct {
		a     any
		texts []string
	}{
		{must(t, "analyze", p, []any{1, 2, 3, 4, 5}), []string{"best final score along the line", "best score reachable", ">turn<", "1: edge 1 −320", "4: edge 4 −440", ">end<"}},
		{must(t, "analyze", must(t, "coins", "10 80 90 30"), "LRLR"), []string{"final margin along the line", "A − B guaranteed", "1: A L −20", "3: A L −20"}},
		{must(t, "analyze", b, []any{[]any{3, 2, 4}, []any{4, 4, 1}}), []string{"best points", "points got", "2: 1 at (4,4) −1"}},
	} {
		pl := must(t, "plot", tc.a).(*tools.LinePlot)
		doc := pl.SVG()
		if err := wellFormed(doc); err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.texts {
			if !strings.Contains(doc, s) {
				t.Errorf("%s: plot lacks %q", tc.a.(*tools.Analysis).Game, s)
			}
		}
		if w := svgWidth(t, doc); w > 1000 {
			t.Errorf("plot %v px wide", w)
		}
		if text := pl.Text(); !strings.Contains(text, "✗") {
			t.Errorf("text lacks the marks:\n%s", text)
		}
	}
	// An optimal line has nothing to mark.
	r := must(t, "solve", p).(*polygon.Result)
	pl := must(t, "plot", must(t, "analyze", p, toAny(append([]int{r.First}, r.Merges...)))).(*tools.LinePlot)
	if j := must(t, "json", pl).(string); !strings.HasSuffix(j, `"marks":[]}`) || strings.Contains(pl.Text(), "✗") {
		t.Errorf("optimal line marked:\n%s", pl.Text())
	}
}

// A polygon result's chart names its axes.
func TestPlotResultAxes(t *testing.T) {
	c := must(t, "plot", must(t, "solve", must(t, "polygon", seedPolygon))).(*kit.Chart)
	for _, s := range []string{">first edge deleted<", ">best final score<", ">best score by first edge (best 488)<"} {
		if !strings.Contains(c.SVG(), s) {
			t.Errorf("chart lacks %q", s)
		}
	}
	if !strings.Contains(c.Text(), "first edge deleted / best final score") {
		t.Errorf("text:\n%s", c.Text())
	}
}
