package display

import (
	"strings"
	"testing"
)

// TestHistogram: the text draws each series' bars on one scale, the
// largest count 40 columns; the picture has a bar per series and bin, the
// bins' labels and a legend of the series.
func TestHistogram(t *testing.T) {
	h := Histogram{Caption: "losses over 10 games", Bins: []string{"0", "1–5"}, XLabel: "loss per game",
		Series: []Series{{Name: "A", Counts: []int{4, 6}}, {Name: "B", Counts: []int{10}}}}
	want := "losses over 10 games\n" +
		"A (loss per game)\n" +
		"0   │" + strings.Repeat("█", 16) + " 4\n" +
		"1–5 │" + strings.Repeat("█", 24) + " 6\n" +
		"B (loss per game)\n" +
		"0   │" + strings.Repeat("█", 40) + " 10\n" +
		"1–5 │ 0\n"
	if got := h.Text(); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
	svg := h.SVG()
	for _, s := range []string{"<title>A, 0: 4</title>", "<title>B, 1–5: 0</title>", ">loss per game<", ">1–5<", ">B<"} {
		if !strings.Contains(svg, s) {
			t.Errorf("svg lacks %q", s)
		}
	}
	if got := strings.Count(svg, "<rect"); got != 1+4+2 { // the page, the bars, the legend's samples
		t.Errorf("svg has %d rects", got)
	}
	if empty := (Histogram{Caption: "none"}).SVG(); !strings.Contains(empty, "no games") {
		t.Errorf("an empty histogram: %s", empty)
	}
}
