package polygon_test

import (
	"context"
	"errors"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
)

func TestSolvePolygonSeed(t *testing.T) {
	tests := []struct {
		text   string
		best   int
		first  int
		merges []int
	}{
		{seedPolygon, 488, 3, []int{2, 1, 5, 4}},
		{"* -6 + -7 * 0 * 4 + -2", 48, 5, []int{3, 2, 4, 1}},
		{"+ 5 * 3 + -2 + 1 * -10 * -2", 280, 1, []int{6, 4, 2, 3, 5}},
		{"+ -2 + 9 * -5 + -4 * -5 * 0 + 7 * -5", 5080, 4, []int{1, 8, 7, 6, 2, 3, 5}},
		{"* 0 * -10 + 8 * -4 + 3 * -7 + 7 * -3 * -4", 19257, 7, []int{4, 2, 3, 1, 5, 6, 9, 8}},
		{"+ -7 + 4 * 2 * 5", 33, 1, []int{4, 3, 2}},
	}
	for _, tc := range tests {
		r := gamestest.Must(t, "solve", gamestest.Must(t, "polygon", tc.text)).(*polygon.Result)
		if r.Best != tc.best || r.First != tc.first || !slices.Equal(r.Merges, tc.merges) {
			t.Errorf("%s: best %v first %d merges %v", tc.text, r.Best, r.First, r.Merges)
		}
	}
	r := gamestest.Must(t, "solve", gamestest.Must(t, "polygon", seedPolygon)).(*polygon.Result)
	if !reflect.DeepEqual(r.Scores, []any{168, 480, 488, 488, 120}) || !slices.Equal(r.Optimal, []int{3, 4}) ||
		r.Expr != "-8*(-5+(8*(-5+-2)))" || r.N != 5 {
		t.Errorf("seed polygon: %+v", r)
	}
	if got := gamestest.Must(t, "json", r); got != `{"n":5,"scores":[168,480,488,488,120],"best":488,"optimal":[3,4],"first":3,"merges":[2,1,5,4]}` {
		t.Errorf("json = %s", got)
	}
}

func TestSolvePolygonBig(t *testing.T) {
	// 30 vertices of 10^18 joined by *: the product overflows int64 many times over.
	p := gamestest.Must(t, "polygon", strings.Repeat("* 1000000000000000000 ", 30)).(*polygon.Polygon)
	r := gamestest.Must(t, "solve", p).(*polygon.Result)
	want := new(big.Int).Exp(big.NewInt(10), big.NewInt(18*30), nil)
	if b, ok := r.Best.(*big.Int); !ok || b.Cmp(want) != 0 {
		t.Errorf("best = %v, want 10^540", r.Best)
	}
	if j := gamestest.Must(t, "json", r).(string); !strings.Contains(j, `"best":1`+strings.Repeat("0", 540)+`,`) {
		t.Errorf("json not exact: %.80s…", j)
	}
}

// TestSolvePolygonWithinBudget: a polygon whose tables would pass what the
// session's memory budget has left is refused as a MemoryError before the
// tables are allocated; with room it is solved.
func TestSolvePolygonWithinBudget(t *testing.T) {
	p := gamestest.Must(t, "randpolygon", 1500, 1)
	env := &builtin.Env{Ctx: context.Background(), Available: func() int64 { return 50 << 20 }}
	_, err := gamestest.Tool("solve").Fn(env, p)
	var be *builtin.Error
	if !errors.As(err, &be) || be.Kind != builtin.MemoryError || !strings.Contains(be.Msg, "the memory budget has left") {
		t.Fatalf("solve within 50 MB: %v", err)
	}
	env.Available = func() int64 { return 1 << 30 }
	if _, err := gamestest.Tool("solve").Fn(env, gamestest.Must(t, "randpolygon", 100, 1)); err != nil {
		t.Fatal(err)
	}
}

// The bars of a chart, read through json (the chart's fields are its
// own): its labels and values.
func TestPlot(t *testing.T) {
	c := gamestest.Must(t, "plot", []any{-3, -2}, []any{5, big.NewInt(7)})
	if got := gamestest.Must(t, "json", c); got != `{"labels":["-3","-2"],"values":[5,7]}` {
		t.Errorf("plot = %s", got)
	}
	r := gamestest.Must(t, "plot", gamestest.Must(t, "solve", gamestest.Must(t, "polygon", seedPolygon)))
	if got := gamestest.Must(t, "json", r); got != `{"labels":["1","2","3","4","5"],"values":[168,480,488,488,120]}` {
		t.Errorf("plot(result) = %s", got)
	}
}

// A polygon result's chart names its axes.
func TestPlotResultAxes(t *testing.T) {
	c := gamestest.Must(t, "plot", gamestest.Must(t, "solve", gamestest.Must(t, "polygon", seedPolygon))).(*kit.Chart)
	for _, s := range []string{">first edge deleted<", ">best final score<", ">best score by first edge (best 488)<"} {
		if !strings.Contains(c.SVG(), s) {
			t.Errorf("chart lacks %q", s)
		}
	}
	if !strings.Contains(c.Text(), "first edge deleted / best final score") {
		t.Errorf("text:\n%s", c.Text())
	}
}

// A chain's trace plays its own plan: a step per merge, as text, frames
// and JSON.
func TestChainTrace(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	tr := gamestest.Must(t, "trace", gamestest.Must(t, "after", p, []any{3})).(*polygon.ChainTrace)
	if len(tr.Steps) != 4 || tr.Steps[3]["value"] != 488 || tr.Steps[0]["move"] != 2 {
		t.Fatalf("steps %v", tr.Steps)
	}
	if text := tr.Text(); !strings.Contains(text, "5     4     -8 * -61 = 488  488") {
		t.Errorf("text:\n%s", text)
	}
	doc := tr.SVG()
	if err := gamestest.WellFormed(doc); err != nil || !strings.Contains(doc, ">step 4<") || !strings.Contains(doc, "merge edge 4: -8 * -61 = 488") {
		t.Errorf("picture: %v", err)
	}
	if j := gamestest.Must(t, "json", tr).(string); !strings.Contains(j, `"edges":[]`) {
		t.Errorf("json %s", j)
	}
	over := gamestest.Must(t, "trace", gamestest.Must(t, "after", p, []any{3, 2, 1, 5, 4})).(*polygon.ChainTrace)
	if len(over.Steps) != 0 || !strings.Contains(over.Text(), "the game is over: score 488") {
		t.Errorf("a finished game's trace:\n%s", over.Text())
	}
}
