package display

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"
)

// Bars is a simple bar chart, such as a what-if sweep.
type Bars struct {
	Labels []string
	Values []float64 // where each bar ends: a pixel needs no more exactness
	// Texts, when set, writes value i exactly where its float would not
	// ("9007199254740993", 10^1000's digits): "" or a short Texts keeps
	// the float's own text.
	Texts   []string
	Caption string
	// XLabel and YLabel, when set, name the axes: what the bars are and
	// what their values measure.
	XLabel, YLabel string
}

// label is the label of bar i: its own, or its number when Labels is short.
func (x Bars) label(i int) string {
	if i < len(x.Labels) {
		return x.Labels[i]
	}
	return strconv.Itoa(i + 1)
}

// valueText is the text of bar i's value: its exact text when it has one.
func (x Bars) valueText(i int) string {
	if i < len(x.Texts) && x.Texts[i] != "" {
		return x.Texts[i]
	}
	return value(x.Values[i])
}

// value formats a bar's value in the shortest exact form ("488", "0.1").
// Whole numbers print in full up to 10^18, where 'g' would switch to
// exponents.
func value(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e18 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// finite reports whether v can be drawn.
func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// span is the value range the bars cover; it always contains 0, so every
// bar starts at the zero line, and is never empty. check is polled.
func (x Bars) span(check func(i int)) (lo, hi float64) {
	for i, v := range x.Values {
		check(i)
		if finite(v) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo == hi {
		hi = lo + 1
	}
	return lo, hi
}

// barCols is the length of the longest text bar.
const barCols = 40

// blanks is n spaces, blocks n full blocks: a line of a chart of ten
// million bars is written without making either.
func blanks(n int) string {
	const s = "                                                                                "
	if n <= len(s) {
		return s[:max(n, 0)]
	}
	return strings.Repeat(" ", n)
}

func blocks(n int) string {
	if n*len("█") <= len(fullBlocks) {
		return fullBlocks[:n*len("█")]
	}
	return strings.Repeat("█", n)
}

// fullBlocks is the longest bar.
var fullBlocks = strings.Repeat("█", barCols)

// Text draws one horizontal bar per value, labels on the left and values
// on the right; negative values extend left of the zero line. A value that
// is not finite gets no bar.
func (x Bars) Text() string { return render(x.WriteText) }

// WriteText writes Text's drawing to w, a line at a time.
func (x Bars) WriteText(w io.Writer) error {
	check := checker(w)
	b := bufio.NewWriterSize(w, 64<<10)
	if x.Caption != "" {
		b.WriteString(x.Caption + "\n")
	}
	if len(x.Values) == 0 {
		b.WriteString("(no bars)\n")
		return b.Flush()
	}
	if x.XLabel != "" || x.YLabel != "" {
		b.WriteString(x.XLabel + " / " + x.YLabel + "\n")
	}
	lw := 0
	for i := range x.Values {
		check(i)
		lw = max(lw, runeWidth(x.label(i)))
	}
	lo, hi := x.span(check)
	scale := barCols / (hi - lo)
	zero := int(math.Round(-lo * scale))
	for i, v := range x.Values {
		check(i)
		k := 0
		if finite(v) {
			k = int(math.Round(math.Abs(v) * scale))
		}
		label := x.label(i)
		b.WriteString(label)
		b.WriteString(blanks(lw - runeWidth(label) + 1))
		// Left of the zero line blanks, then a negative bar; right of it a
		// positive one.
		if v < 0 && k > 0 {
			b.WriteString(blanks(zero - k))
			b.WriteString(blocks(k))
			b.WriteString("│")
		} else {
			b.WriteString(blanks(zero))
			b.WriteString("│")
			b.WriteString(blocks(k))
		}
		b.WriteString(" ")
		b.WriteString(x.valueText(i))
		b.WriteString("\n")
	}
	return b.Flush()
}

const (
	barFill = "#4e79a7"
	barNeg  = "#e15759"
)

// SVG draws vertical bars over their labels, each value written at the
// bar's end, negative bars in red below the zero line.
func (x Bars) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (x Bars) WriteSVG(w io.Writer) error {
	n := len(x.Values)
	if n == 0 {
		return writeEmptySVG(w, x.Caption, "no bars")
	}
	check := checker(w)
	bw := clamp(640/float64(n), 4, 48) // bar pitch
	longest := 0.0
	for i := range x.Values {
		check(i)
		longest = max(longest, textWidth(x.label(i), 11))
	}
	rotate := longest > bw-4 // labels turn when they do not fit under a bar
	labelH := 18.0
	if rotate {
		labelH = min(longest, 160)*0.87 + 16
	}
	showValues := bw >= 24
	const plotH = 220.0
	top := 24.0
	if x.Caption != "" {
		top = 48
	}
	left := 16.0
	if x.YLabel != "" {
		left = 34 // room for the y axis title
	}
	if rotate { // a label turned by 60° reaches half its length to the left
		left = max(left, min(longest, 160)*0.5+8)
	}
	W := max(2*left+float64(n)*bw, titleWidth(x.Caption))
	lo, hi := x.span(check)
	below := 14.0 // room for the values under negative bars
	if lo == 0 {
		below = 0
	}
	H := top + plotH + below + labelH + 8
	if x.XLabel != "" {
		H += 18
	}
	scale := plotH / (hi - lo)
	zeroY := top + hi*scale
	d := newSVG(w, W, H)
	if x.Caption != "" {
		d.title(W, x.Caption)
	}
	for i, v := range x.Values {
		bx := left + float64(i)*bw
		cx := bx + bw/2
		check(i)
		d.printf(`<g><title>%s: %s</title>`, esc(x.label(i)), esc(x.valueText(i)))
		if finite(v) {
			y, h, fill := zeroY-v*scale, v*scale, barFill
			if v < 0 {
				y, h, fill = zeroY, -v*scale, barNeg
			}
			d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, num(bx+bw*0.12), num(y), num(bw*0.76), num(h), fill)
			if showValues {
				ty := y - 4
				if v < 0 {
					ty = y + h + 12
				}
				d.text(cx, ty, 10, `text-anchor="middle" fill="`+ink+`"`, short(x.valueText(i)))
			}
		} else {
			d.text(cx, zeroY-4, 10, `text-anchor="middle" fill="`+faint+`"`, value(v))
		}
		ly := top + plotH + below + 14
		if rotate {
			d.printf(`<text x="%s" y="%s" font-size="11" text-anchor="end" fill="%s" transform="rotate(-60 %s %s)">%s</text>`,
				num(cx), num(ly-6), ink, num(cx), num(ly-6), esc(x.label(i)))
		} else {
			d.text(cx, ly, 11, `text-anchor="middle" fill="`+ink+`"`, x.label(i))
		}
		d.printf("</g>\n")
	}
	d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`+"\n", num(left), num(zeroY), num(left+float64(n)*bw), num(zeroY), ink)
	if x.XLabel != "" {
		d.text(left+float64(n)*bw/2, H-10, 12, `text-anchor="middle" fill="`+ink+`"`, x.XLabel)
	}
	if x.YLabel != "" {
		d.printf(`<text x="14" y="%s" font-size="12" text-anchor="middle" fill="%s" transform="rotate(-90 14 %s)">%s</text>`+"\n",
			num(top+plotH/2), ink, num(top+plotH/2), esc(x.YLabel))
	}
	return d.end()
}
