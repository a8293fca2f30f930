package display

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// LineChart is a value along a line of play: one point per position, turns
// across, with the moves that lost points marked and labelled, as
// GAMESMAN's value-history chart.
type LineChart struct {
	Caption        string
	XLabel, YLabel string
	X              []string  // tick label of each point
	Y              []float64 // the value at each point
	YText          []string  // the exact value of each point, for tooltips and text
	// Other, when set, is a second series drawn as dots (Life Line: the
	// points each move got, beside the best it could have got), named
	// OtherName.
	Other     []float64
	OtherName string
	Marks     []LineMark
}

// LineMark marks point At (0-based) with Label: a move that lost points,
// Size of them (the larger losses are labelled first when labels would
// crowd).
type LineMark struct {
	At    int
	Label string
	Size  float64
}

// labelled says which marks get their label written: all while they are
// far enough apart, else the maxLabels largest losses.
func (x LineChart) labelled(pitch float64) []bool {
	const maxLabels = 8
	out := make([]bool, len(x.Marks))
	widest := 0.0
	for _, m := range x.Marks {
		widest = max(widest, textWidth(m.Label, 10))
	}
	if len(x.Marks) <= maxLabels && widest <= 2*pitch-4 {
		for k := range out {
			out[k] = true
		}
		return out
	}
	order := make([]int, len(x.Marks))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(x.Marks[b].Size, x.Marks[a].Size) })
	// Greedily, largest first: a label keeps clear of those written.
	var taken []float64
	for _, k := range order {
		at := float64(x.Marks[k].At) * pitch
		if len(taken) == maxLabels || slices.ContainsFunc(taken, func(t float64) bool { return math.Abs(t-at) < widest }) {
			continue
		}
		taken = append(taken, at)
		out[k] = true
	}
	return out
}

func count(bs []bool) int {
	k := 0
	for _, b := range bs {
		if b {
			k++
		}
	}
	return k
}

// Text lists the points, a bar for each, the marks beside them.
func (x LineChart) Text() string {
	var out []string
	if x.Caption != "" {
		out = append(out, x.Caption)
	}
	if len(x.Y) == 0 {
		return strings.Join(append(out, "(no points)"), "\n") + "\n"
	}
	marks := map[int]string{}
	for _, m := range x.Marks {
		marks[m.At] = m.Label
	}
	bars := Bars{Labels: x.X, Values: x.Y}
	lines := strings.Split(strings.TrimRight(bars.Text(), "\n"), "\n")
	out = append(out, x.XLabel+" / "+x.YLabel)
	for i, l := range lines {
		if i < len(x.YText) {
			l = l[:strings.LastIndex(l, " ")+1] + x.YText[i]
		}
		if m, ok := marks[i]; ok {
			l += "  ✗ " + m
		}
		if i < len(x.Other) {
			l += fmt.Sprintf("  (%s %s)", x.OtherName, value(x.Other[i]))
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n") + "\n"
}

// SVG draws the line with axes, ticks and their titles.
func (x LineChart) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (x LineChart) WriteSVG(w io.Writer) error {
	n := len(x.Y)
	if n == 0 {
		return writeEmptySVG(w, x.Caption, "no points")
	}
	const (
		left, right, plotH = 74.0, 24.0, 240.0
		bottom             = 52.0 // ticks and the x title
	)
	top := 24.0
	if x.Caption != "" {
		top = 48
	}
	pitch := clamp(860/float64(max(n-1, 1)), 4, 60)
	W := max(left+right+pitch*float64(max(n-1, 1)), 420, titleWidth(x.Caption))
	pitch = (W - left - right) / float64(max(n-1, 1)) // the points span the axis
	legend := []legendItem{{x.YLabel, lineSample(barFill, `stroke-width="2"`)}}
	if len(x.Marks) > 0 {
		what := "a move that lost points"
		if k := count(x.labelled(pitch)); k < len(x.Marks) {
			what += fmt.Sprintf(" (%d labelled, the largest first; hover for the others)", k)
		}
		legend = append(legend, legendItem{what, func(doc *svgDoc, lx, ly float64) {
			doc.printf(`<circle cx="%s" cy="%s" r="6" fill="none" stroke="%s" stroke-width="2"/>`, num(lx+11), num(ly), redMark)
		}})
	}
	if len(x.Other) > 0 {
		legend = append(legend, legendItem{x.OtherName, func(doc *svgDoc, lx, ly float64) {
			doc.printf(`<circle cx="%s" cy="%s" r="3.5" fill="none" stroke="%s" stroke-width="1.5"/>`, num(lx+11), num(ly), ink)
		}})
	}
	H := top + plotH + bottom + float64(legendRows(legend, W))*legendRow + 8
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range [][]float64{x.Y, x.Other} {
		for _, v := range s {
			if finite(v) {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	if lo == hi {
		lo, hi = lo-1, hi+1
	}
	pad := (hi - lo) * 0.12 // room for the mark labels
	lo, hi = lo-pad, hi+pad
	px := func(i int) float64 { return left + float64(i)*pitch }
	py := func(v float64) float64 { return top + (hi-v)/(hi-lo)*plotH }
	d := newSVG(w, W, H)
	if x.Caption != "" {
		d.title(W, x.Caption)
	}
	// Axes and y ticks at five round values.
	d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(left), num(top), num(left), num(top+plotH), ink)
	d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(left), num(top+plotH), num(W-right+8), num(top+plotH), ink)
	for _, v := range niceTicks(lo, hi, 5) {
		y := py(v)
		d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-dasharray="2 3"/>`+"\n", num(left), num(y), num(W-right), num(y), lattice)
		d.text(left-6, y, 10, `text-anchor="end" dy="0.35em" fill="`+faint+`"`, short(value(v)))
	}
	if lo < 0 && hi > 0 {
		d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(left), num(py(0)), num(W-right), num(py(0)), faint)
	}
	every := max(1, int(math.Ceil(32/pitch))) // x tick labels at least 32 px apart
	for i := 0; i < n; i++ {
		if i%every == 0 || i == n-1 {
			d.text(px(i), top+plotH+16, 10, `text-anchor="middle" fill="`+faint+`"`, x.xLabel(i))
		}
	}
	d.text(left+(W-left-right)/2, top+plotH+38, 12, `text-anchor="middle" fill="`+ink+`"`, x.XLabel)
	d.printf(`<text x="16" y="%s" font-size="12" text-anchor="middle" fill="%s" transform="rotate(-90 16 %s)">%s</text>`+"\n",
		num(top+plotH/2), ink, num(top+plotH/2), esc(x.YLabel))
	// The line, then a dot with a tooltip per point.
	var path strings.Builder
	for i, v := range x.Y {
		if !finite(v) {
			continue
		}
		cmd := "L"
		if path.Len() == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&path, "%s %s %s ", cmd, num(px(i)), num(py(v)))
	}
	d.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.TrimSpace(path.String()), barFill)
	for i, v := range x.Y {
		if !finite(v) {
			continue
		}
		d.printf(`<g><title>%s: %s</title><circle cx="%s" cy="%s" r="3" fill="%s"/></g>`+"\n",
			esc(x.xLabel(i)), esc(x.yText(i)), num(px(i)), num(py(v)), barFill)
	}
	for i, v := range x.Other {
		if finite(v) {
			d.printf(`<g><title>%s %s: %s</title><circle cx="%s" cy="%s" r="3.5" fill="none" stroke="%s" stroke-width="1.5"/></g>`+"\n",
				esc(x.OtherName), esc(x.xLabel(i)), esc(value(v)), num(px(i)), num(py(v)), ink)
		}
	}
	labelled := x.labelled(pitch)
	for k, m := range x.Marks {
		if m.At < 0 || m.At >= n || !finite(x.Y[m.At]) {
			continue
		}
		cx, cy := px(m.At), py(x.Y[m.At])
		d.printf(`<g><title>%s</title><circle cx="%s" cy="%s" r="6" fill="none" stroke="%s" stroke-width="2"/></g>`+"\n",
			esc(m.Label), num(cx), num(cy), redMark)
		if labelled[k] {
			d.text(cx, cy-10, 10, `text-anchor="middle" fill="`+redMark+`"`, m.Label)
		}
	}
	d.legend(legend, top+plotH+bottom+8, W)
	return d.end()
}

func (x LineChart) xLabel(i int) string {
	if i < len(x.X) {
		return x.X[i]
	}
	return fmt.Sprint(i + 1)
}

func (x LineChart) yText(i int) string {
	if i < len(x.YText) {
		return x.YText[i]
	}
	return value(x.Y[i])
}

// niceTicks is about k round values (1, 2 or 5 times a power of ten
// apart) within [lo, hi].
func niceTicks(lo, hi float64, k int) []float64 {
	raw := (hi - lo) / float64(k)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{2, 5, 10} {
		if step >= raw {
			break
		}
		step = mag * m
	}
	var out []float64
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		if math.Abs(v) < step/2 {
			v = 0 // not -0 or 1e-17 from the additions
		}
		out = append(out, v)
	}
	return out
}

// TextFits reports whether Text is short enough to show as it is.
func (x LineChart) TextFits() bool { return len(x.Y) <= MaxTextBars }

// SVGFits reports whether SVG is small enough to show as it is.
func (x LineChart) SVGFits() bool { return len(x.Y) <= MaxSVGBars }

// WriteText writes Text's drawing to w.
func (x LineChart) WriteText(w io.Writer) error { return writeString(w, x.Text()) }
