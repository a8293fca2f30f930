package display

import (
	"io"
	"strconv"
	"strings"
)

// Histogram is how often each range of a quantity came up, for one or more
// series side by side (a tournament's losses, one series per side): the
// ranges along the x axis, a bar per series in each, its height the count.
type Histogram struct {
	Caption string
	Bins    []string // the ranges, in order: "0", "1–5", "6–10", …
	Series  []Series
	XLabel  string // what the ranges are of: "loss per game"
}

// Series is one series of a histogram: its name and its count per bin.
type Series struct {
	Name   string
	Counts []int
}

// seriesFills colour the series in turn.
var seriesFills = []string{barFill, "#f28e2b", "#59a14f", barNeg, "#b07aa1", "#76b7b2"}

// Text draws each series as horizontal bars, one per bin, its count at
// the end; all series share one scale.
func (h Histogram) Text() string {
	var out []string
	if h.Caption != "" {
		out = append(out, h.Caption)
	}
	top := h.top()
	lw := 0
	for _, b := range h.Bins {
		lw = max(lw, runeWidth(b))
	}
	for _, s := range h.Series {
		out = append(out, s.Name+" ("+h.XLabel+")")
		for i, b := range h.Bins {
			c := s.count(i)
			bar := strings.Repeat("█", (c*barCols+top-1)/top)
			out = append(out, b+strings.Repeat(" ", lw-runeWidth(b))+" │"+bar+" "+strconv.Itoa(c))
		}
	}
	return strings.Join(out, "\n") + "\n"
}

// count is the series' count in bin i (0 past its end).
func (s Series) count(i int) int {
	if i < len(s.Counts) {
		return s.Counts[i]
	}
	return 0
}

// top is the largest count, at least 1.
func (h Histogram) top() int {
	top := 1
	for _, s := range h.Series {
		for _, c := range s.Counts {
			top = max(top, c)
		}
	}
	return top
}

// SVG draws the bins along the x axis, the series' bars side by side in
// each, and a legend of the series.
func (h Histogram) SVG() string { return render(h.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (h Histogram) WriteSVG(w io.Writer) error {
	n, k := len(h.Bins), max(len(h.Series), 1)
	if n == 0 {
		return writeEmptySVG(w, h.Caption, "no games")
	}
	pitch := clamp(640/float64(n), 16, 30*float64(k)+12) // one bin's width
	bw := (pitch - 6) / float64(k)
	longest := 0.0
	for _, b := range h.Bins {
		longest = max(longest, textWidth(b, 11))
	}
	rotate := longest > pitch-4
	labelH := 18.0
	if rotate {
		labelH = min(longest, 120)*0.87 + 16
	}
	const plotH = 200.0
	top := 30.0
	if h.Caption != "" {
		top = 52
	}
	left := 44.0 // room for the count axis
	W := max(left+float64(n)*pitch+16, titleWidth(h.Caption))
	var items []legendItem
	for i, s := range h.Series {
		fill := seriesFills[i%len(seriesFills)]
		items = append(items, legendItem{s.Name, func(d *svgDoc, x, y float64) {
			d.printf(`<rect x="%s" y="%s" width="22" height="10" fill="%s"/>`, num(x), num(y-5), fill)
		}})
	}
	legendH := float64(legendRows(items, W)) * legendRow
	H := top + plotH + labelH + 18 + legendH + 8
	d := newSVG(w, W, H)
	if h.Caption != "" {
		d.title(W, h.Caption)
	}
	maxCount := h.top()
	scale := plotH / float64(maxCount)
	base := top + plotH
	d.text(left-6, top+4, 10, `text-anchor="end" fill="`+faint+`"`, strconv.Itoa(maxCount))
	d.text(left-6, base, 10, `text-anchor="end" fill="`+faint+`"`, "0")
	for i, b := range h.Bins {
		x0 := left + float64(i)*pitch + 3
		for j, s := range h.Series {
			c := s.count(i)
			x := x0 + float64(j)*bw
			d.printf(`<g><title>%s, %s: %d</title>`, esc(s.Name), esc(b), c)
			d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/></g>`+"\n",
				num(x), num(base-float64(c)*scale), num(bw*0.9), num(float64(c)*scale), seriesFills[j%len(seriesFills)])
		}
		cx := x0 + (pitch-6)/2
		ly := base + 14
		if rotate {
			d.printf(`<text x="%s" y="%s" font-size="11" text-anchor="end" fill="%s" transform="rotate(-60 %s %s)">%s</text>`+"\n",
				num(cx), num(ly-6), ink, num(cx), num(ly-6), esc(b))
		} else {
			d.text(cx, ly, 11, `text-anchor="middle" fill="`+ink+`"`, b)
		}
	}
	d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(left), num(base), num(left+float64(n)*pitch), num(base), ink)
	if h.XLabel != "" {
		d.text(left+float64(n)*pitch/2, base+labelH+12, 12, `text-anchor="middle" fill="`+ink+`"`, h.XLabel)
	}
	d.legend(items, base+labelH+18+legendRow/2, W)
	return d.end()
}
