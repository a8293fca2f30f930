package display

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Chain is the polygon game after its first move: values left to right and
// the edges between them, by their original numbers.
type Chain struct {
	Values  []string
	Ops     []byte   // Ops[k] joins Values[k] and Values[k+1]
	Edges   []int    // the original number of each of those edges
	New     int      // the value the last merge made, from 1 (0: none)
	Optimal []int    // edges whose merge is optimal next, marked ○
	Notes   []string // lines under the picture
	Caption string
	Marks   map[int]Mark // moves to mark on the edges in the SVG (the explorer's), by edge number; nil for none
}

func (x Chain) op(k int) string {
	if k < len(x.Ops) && (x.Ops[k] == '+' || x.Ops[k] == '*' || x.Ops[k] == '-') {
		return string(x.Ops[k])
	}
	return "?"
}

func (x Chain) edge(k int) int {
	if k < len(x.Edges) {
		return x.Edges[k]
	}
	return k + 1
}

// value is value k as drawn in the text: the new one in brackets.
func (x Chain) value(k int) string {
	if k+1 == x.New {
		return "[" + x.Values[k] + "]"
	}
	return x.Values[k]
}

// Text draws the chain as the ring's text does, "-8 ──*── -5", edge numbers
// above their operators (○ for an optimal next merge), wrapping rows at
// the terminal width.
func (x Chain) Text() string {
	var out []string
	if x.Caption != "" {
		out = append(out, x.Caption)
	}
	if len(x.Values) == 0 {
		return strings.Join(append(out, "(empty chain)"), "\n") + "\n"
	}
	var row []chainItem
	width := 0
	flush := func() {
		labels, body := textRow("", row)
		if labels != "" { // a single value has no edge to number
			out = append(out, labels)
		}
		out = append(out, body)
		row, width = nil, 0
	}
	for k := range x.Values {
		it := chainItem{text: x.value(k)}
		if k < len(x.Values)-1 {
			mark := ""
			if slices.Contains(x.Optimal, x.edge(k)) {
				mark = markOptimal
			}
			it.label = strconv.Itoa(x.edge(k)) + mark
			it.labelCol = runeWidth(it.text) + 3
			it.text += " ──" + x.op(k) + "── "
		}
		if len(row) > 0 && width+runeWidth(it.text) > maxTextWidth {
			flush()
		}
		row = append(row, it)
		width += runeWidth(it.text)
	}
	flush()
	if len(x.Optimal) > 0 {
		out = append(out, markOptimal+" optimal next merges: "+listInts(x.Optimal, 20))
	}
	out = append(out, x.Notes...)
	for i := range out {
		out[i] = strings.TrimRight(out[i], " ")
	}
	return strings.Join(out, "\n") + "\n"
}

// SVG draws the values as discs in a row, wrapping into lines, joined by
// edges coloured by operator with the operator and edge number on each;
// optimal next merges underlaid in gold, the new value outlined in red.
func (x Chain) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (x Chain) WriteSVG(w io.Writer) error {
	n := len(x.Values)
	if n == 0 {
		return writeEmptySVG(w, x.Caption, "empty chain")
	}
	const (
		h       = 36.0  // disc height
		link    = 46.0  // edge length between discs
		lineH   = 74.0  // one line of the chain
		maxLine = 940.0 // wrap width
		font    = 13.0
	)
	y0 := 34.0
	if x.Caption != "" {
		y0 = 58
	}
	widths := make([]float64, n)
	for k, v := range x.Values {
		widths[k] = max(h, boldWidth(short(v), font)+14)
	}
	discs, widest := flow(widths, 12, y0, link, lineH, maxLine)
	cy := discs[n-1].y
	W := max(widest+12, 200, titleWidth(x.Caption))
	for _, l := range x.Notes {
		W = max(W, textWidth(l, 12)+24)
	}
	H := cy + lineH + float64(len(x.Notes))*18 + 4
	d := newSVG(w, W, H)
	if x.Caption != "" {
		d.title(W, x.Caption)
	}
	for k := 0; k+1 < n; k++ {
		a, b := discs[k], discs[k+1]
		x1, y1 := a.x+a.w, a.y+h/2
		x2, y2 := b.x, b.y+h/2
		if b.y != a.y { // the edge wraps to the next line: a short stub on each end
			x2, y2 = x1+link, y1
			d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2" stroke-dasharray="3 3"/>`,
				num(b.x-link/2), num(b.y+h/2), num(b.x), num(b.y+h/2), opColour[x.op(k)])
		}
		e := x.edge(k)
		glyphFill := "#ffffff"
		if mk, ok := x.Marks[e]; ok { // the edge is the move's: a wide line in the move's colour under it
			glyphFill = esc(mk.Fill)
			d.openMark("g", "", mk, fmt.Sprintf("edge %d (%s) joins %s and %s", e, x.op(k), x.Values[k], x.Values[k+1]))
			d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="14"/>`, num(x1), num(y1), num(x2), num(y2), glyphFill)
		} else {
			d.printf(`<g><title>edge %d (%s) joins %s and %s</title>`, e, esc(x.op(k)), esc(x.Values[k]), esc(x.Values[k+1]))
		}
		if slices.Contains(x.Optimal, e) {
			d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-opacity="0.5" stroke-width="11"/>`,
				num(x1), num(y1), num(x2), num(y2), goldMark)
		}
		d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"/>`, num(x1), num(y1), num(x2), num(y2), opColour[x.op(k)])
		mx, my := (x1+x2)/2, (y1+y2)/2
		d.printf(`<circle cx="%s" cy="%s" r="8" fill="%s" stroke="%s" stroke-width="1.5"/>`, num(mx), num(my), glyphFill, opColour[x.op(k)])
		d.text(mx, my, 12, `text-anchor="middle" dy="0.35em" fill="`+opColour[x.op(k)]+`"`, opGlyph[x.op(k)])
		d.text(mx, my-14, 10, `text-anchor="middle" fill="`+faint+`"`, strconv.Itoa(e))
		d.printf("</g>\n")
	}
	for k, c := range discs {
		stroke, sw := ink, "1.5"
		if k+1 == x.New {
			stroke, sw = redMark, "3"
		}
		d.printf(`<g><title>%s</title>`, esc(x.Values[k]))
		d.printf(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#f2f2f2" stroke="%s" stroke-width="%s"/>`,
			num(c.x), num(c.y), num(c.w), num(h), num(h/2), stroke, sw)
		d.text(c.x+c.w/2, c.y+h/2, font, `text-anchor="middle" dy="0.35em" font-weight="bold" fill="`+ink+`"`, short(x.Values[k]))
		d.printf("</g>\n")
	}
	for i, l := range x.Notes {
		d.text(12, cy+lineH-8+float64(i)*18, 12, `fill="`+ink+`"`, l)
	}
	return d.end()
}

// TextFits reports whether Text is short enough to show as it is.
func (x Chain) TextFits() bool {
	return len(x.Values) <= MaxTextVertices && valueChars(x.Values) <= MaxTextChars
}

// SVGFits reports whether SVG is small enough to show as it is.
func (x Chain) SVGFits() bool { return len(x.Values) <= MaxSVGVertices }

// WriteText writes Text's drawing to w.
func (x Chain) WriteText(w io.Writer) error { return writeString(w, x.Text()) }
