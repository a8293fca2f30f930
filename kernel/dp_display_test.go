package kernel

import (
	"strings"
	"testing"
)

// TestDPDisplay: a notebook shows a small DP table as an HTML table beside
// its heat map (the exact cells on their colours, the plan's outlined and
// bold, each cell's splits or moves in its title) and a large one as the
// heat map alone, its blocks bounded however many cells the table has.
func TestDPDisplay(t *testing.T) {
	s := newTestSession()
	out := run(t, s, `dp(polygon("* -5 + -2 * -8 * -5 + 8"))`)
	h := out.Result.HTML
	if out.Err != nil || !strings.HasPrefix(h, `<table`) || !strings.Contains(out.Result.SVG, "<svg") {
		t.Fatalf("small polygon dp: HTML %.200q, SVG %.100q (%v)", h, out.Result.SVG, out.Err)
	}
	// the seed's answer 488 is the plan's root, at the max of its cell
	for _, want := range []string{"<th>i\\j</th>", "/[488]</b>", `title="m[`, "s=1 *: ", "outline: 2px solid"} {
		if !strings.Contains(h, want) {
			t.Errorf("small polygon dp: no %q in\n%s", want, h)
		}
	}
	if strings.Count(h, "<b>") != 2*5-1 {
		t.Errorf("polygon dp: %d bold cells, the plan of 5 vertices has 9", strings.Count(h, "<b>"))
	}
	out = run(t, s, `dp(coins([10, 80, 90, 30]))`)
	if h := out.Result.HTML; !strings.Contains(h, "<b>[20]</b>") || !strings.Contains(h, "L* keeps") {
		t.Errorf("coins dp HTML:\n%s", h)
	}
	for _, cell := range []string{`dp(randpolygon(300, 1))`, `dp(randcoins(400, 1))`} {
		out = run(t, s, cell)
		if out.Err != nil || out.Result.HTML != "" || strings.Count(out.Result.SVG, "<rect") > 100*100+10 ||
			!strings.Contains(out.Result.SVG, "blocks of 3×3 cells") && !strings.Contains(out.Result.SVG, "blocks of 4×4 cells") || !strings.Contains(out.Result.Text, "too large to draw here") {
			t.Errorf("%s: HTML %d bytes, %d rects, text %.80q (%v)", cell, len(out.Result.HTML), strings.Count(out.Result.SVG, "<rect"), out.Result.Text, out.Err)
		}
	}
}
