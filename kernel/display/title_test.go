package display

import (
	"strconv"
	"strings"
	"testing"
)

// A long one-line title no longer widens a picture past maxTitleWidth; the
// whole title stays in a tooltip.
func TestLongTitlesAreCut(t *testing.T) {
	long := "coins(\"" + strings.Repeat("12 ", 200) + "\")"
	for _, pic := range []picture{
		Row{Coins: []string{"1", "2"}, Caption: long},
		Ring{Values: []string{"1", "2"}, Ops: []byte("+*"), Caption: long},
		Chain{Values: []string{"1", "2"}, Ops: []byte("+"), Caption: long},
		Triangle{N: 2, Cells: []uint8{0, 1, 2}, Caption: long},
		Bars{Values: []float64{1, 2}, Caption: long},
	} {
		root, text := parseSVG(t, pic.SVG())
		w, _ := strconv.ParseFloat(root["width"], 64)
		if w > maxTitleWidth {
			t.Errorf("%T: %v px wide", pic, w)
		}
		if !strings.Contains(text, long) || !strings.Contains(text, "…") {
			t.Errorf("%T: the title is not cut with its whole text kept", pic)
		}
	}
}
