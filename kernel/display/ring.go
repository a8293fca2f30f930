package display

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Ring is a polygon-game instance, optionally with a plan's marks.
type Ring struct {
	Values  []string // v1..vn in decimal, any length
	Ops     []byte   // Ops[i] is edge i+1, '+', '*' or '-'; edge i joins v(i-1) and v(i); edge 1 joins vn and v1
	First   int      // the plan's first deleted edge, to mark (0: none)
	Optimal []int    // all optimal first edges, marked more lightly (may be nil)
	Caption string
	Marks   map[int]Mark // moves to mark on the edges in the SVG (the explorer's), by edge number; nil for none
}

// maxTextWidth is the widest line the text drawings aim for; wider pictures
// wrap (ring, row) or switch to a compact layout (triangle).
const maxTextWidth = 100

// Marks in the ring's text form.
const (
	markFirst   = "✗"
	markOptimal = "○"
)

// op is the operator of edge i (1..n) as written in the text form; a missing
// or unknown operator shows as '?' rather than failing the picture.
func (x Ring) op(i int) string {
	if i-1 < len(x.Ops) && (x.Ops[i-1] == '+' || x.Ops[i-1] == '*' || x.Ops[i-1] == '-') {
		return string(x.Ops[i-1])
	}
	return "?"
}

// mark is the text mark of edge i: ✗ for the first deleted edge, ○ for the
// other optimal first edges.
func (x Ring) mark(i int) string {
	switch {
	case i == x.First:
		return markFirst
	case slices.Contains(x.Optimal, i):
		return markOptimal
	}
	return ""
}

// dash is the line glyph of edge i: dotted for the edge deleted first.
func (x Ring) dash(i int) string {
	if i == x.First {
		return "╌"
	}
	return "─"
}

// seg is edge i drawn between two values in the chain, " ──+── ", 7 columns
// with the operator at column 3.
func (x Ring) seg(i int) string {
	d := x.dash(i)
	return " " + d + d + x.op(i) + d + d + " "
}

// chainItem is one piece of a text row: its text and, optionally, an edge
// label to centre over column labelCol of the text.
type chainItem struct {
	text     string
	label    string
	labelCol int
}

// edgeItem is value vk followed by the edge e that leaves it.
func (x Ring) edgeItem(k, e int) chainItem {
	v := x.Values[k-1]
	return chainItem{
		text:     v + x.seg(e),
		label:    strconv.Itoa(e) + x.mark(e),
		labelCol: runeWidth(v) + 3,
	}
}

// labelStart is where a label starts so that its number (not its mark)
// sits centred over col.
func labelStart(label string, col int) int {
	digits := len(strings.TrimRight(label, markFirst+markOptimal))
	return col - (digits-1)/2
}

// textRow renders items after a prefix as a label line and a body line.
func textRow(prefix string, items []chainItem) (labels, body string) {
	var lc canvas
	var b strings.Builder
	b.WriteString(prefix)
	col := runeWidth(prefix)
	for _, it := range items {
		if it.label != "" {
			lc.put(labelStart(it.label, col+it.labelCol), it.label)
		}
		b.WriteString(it.text)
		col += runeWidth(it.text)
	}
	return lc.String(), strings.TrimRight(b.String(), " ")
}

// Text draws the ring as a chain v1 … vn closed by edge 1 underneath, with
// the edge numbers above their operators; a ring too wide for a terminal
// wraps into rows, each starting with the name of its first vertex. Values
// are printed in full.
func (x Ring) Text() string {
	var out []string
	if x.Caption != "" {
		out = append(out, x.Caption)
	}
	n := len(x.Values)
	if n == 0 {
		return strings.Join(append(out, "(empty ring)"), "\n") + "\n"
	}
	items := make([]chainItem, n)
	width := 0
	for k := 1; k <= n; k++ {
		if k < n {
			items[k-1] = x.edgeItem(k, k+1)
		} else {
			items[k-1] = chainItem{text: x.Values[n-1]}
		}
		width += runeWidth(items[k-1].text)
	}
	if width <= maxTextWidth {
		labels, body := textRow("", items)
		out = append(out, labels, body)
		out = append(out, x.closing(max(runeWidth(body), 5))...)
	} else {
		out = append(out, x.wrapped()...)
	}
	var legend []string
	if x.First > 0 {
		legend = append(legend, fmt.Sprintf("%s deleted first: edge %d", markFirst, x.First))
	}
	if len(x.Optimal) > 0 {
		legend = append(legend, fmt.Sprintf("%s optimal first edges: %s", markOptimal, listInts(x.Optimal, 20)))
	}
	if len(legend) > 0 {
		out = append(out, strings.Join(legend, "   "))
	}
	for i := range out {
		out[i] = strings.TrimRight(out[i], " ")
	}
	return strings.Join(out, "\n") + "\n"
}

// closing draws edge 1 as a bracket of width w under the chain, joining vn
// back to v1, with its number underneath.
func (x Ring) closing(w int) []string {
	var line canvas
	d := x.dash(1)
	line.put(0, "└"+strings.Repeat(d, w-2)+"┘")
	mid := w / 2
	line.put(mid, x.op(1))
	var lab canvas
	label := "1" + x.mark(1)
	lab.put(labelStart(label, mid), label)
	return []string{line.String(), lab.String()}
}

// wrapped lays a long ring out as rows of at most maxTextWidth columns; the
// last row ends with edge 1 leading back to v1.
func (x Ring) wrapped() []string {
	n := len(x.Values)
	nameW := len("v"+strconv.Itoa(n)) + 1
	var out []string
	var row []chainItem
	first, width := 1, 0
	flush := func() {
		prefix := fmt.Sprintf("%-*s", nameW, "v"+strconv.Itoa(first))
		labels, body := textRow(prefix, row)
		out = append(out, labels, body)
	}
	for k := 1; k <= n; k++ {
		it := x.edgeItem(k, k%n+1)
		if k == n {
			it.text += "v1"
		}
		w := runeWidth(it.text)
		if len(row) > 0 && nameW+width+w > maxTextWidth {
			flush()
			row, first, width = nil, k, 0
		}
		row = append(row, it)
		width += w
	}
	flush()
	return out
}

// Edge colours by operator in the SVG; the glyph is drawn too where there
// is room, so colour is never the only cue. '-' is purple, not the red of
// the edge deleted first (redMark), so the two never read alike.
var opColour = map[string]string{"+": "#1f77b4", "*": "#2ca02c", "-": "#9467bd", "?": faint}

// opGlyph is how an operator is written in the picture.
var opGlyph = map[string]string{"+": "+", "*": "×", "-": "−", "?": "?"}

// SVG draws the ring on a circle, v1 at the top and clockwise, each edge an
// arc coloured by its operator with the operator and edge number at its
// middle; the first deleted edge dashed red, the optimal first edges
// underlaid in gold. Large rings keep every vertex and edge but drop the
// per-edge numbers and turn the values radially.
func (x Ring) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (x Ring) WriteSVG(w io.Writer) error {
	n := len(x.Values)
	if n == 0 {
		return writeEmptySVG(w, x.Caption, "empty ring")
	}
	fn := float64(n)
	R := max(100, min(fn*9, 220+fn*1.4))
	step := 2 * math.Pi / fn // radians between vertices
	arc := R * step          // pixels between vertices along the ring

	// Value labels: horizontal while neighbours cannot collide, else radial.
	labels := make([]string, n)
	longest := 0.0
	fontV := 13.0
	for i, v := range x.Values {
		labels[i] = short(v)
		longest = max(longest, boldWidth(labels[i], fontV))
	}
	radial := n > 12 && longest > arc*0.9
	if radial {
		fontV = clamp(arc*0.75, 6, 12)
		longest *= fontV / 13
	}
	glyphs := n <= 60
	rg := clamp(arc/4, 5, 10)   // operator glyph radius
	names := func(k int) bool { // which vertices get a "vk" name
		switch {
		case n <= 24:
			return true
		case n <= 100:
			return k == 1 || k%5 == 0 && n-k >= 3
		}
		return k == 1 || k%10 == 0 && n-k >= 5
	}

	// Room outside the ring for the value labels: horizontal labels need
	// their width only at the sides.
	extX := longest + 14
	extY := fontV + 16
	if radial {
		extY = extX
	}
	top := 10.0
	if x.Caption != "" {
		top = 34
	}
	W := 2 * (R + extX + 12)
	W = max(W, titleWidth(x.Caption))
	cx, cy := W/2, top+extY+R
	legend := []legendItem{
		{"+ sum", lineSample(opColour["+"], `stroke-width="2"`)},
		{"× product", lineSample(opColour["*"], `stroke-width="2"`)},
	}
	if slices.Contains(x.Ops, '-') {
		legend = append(legend, legendItem{"− difference", lineSample(opColour["-"], `stroke-width="2"`)})
	}
	if x.First > 0 {
		legend = append(legend, legendItem{"deleted first", lineSample(redMark, `stroke-width="3" stroke-dasharray="7 5"`)})
	}
	if len(x.Optimal) > 0 {
		legend = append(legend, legendItem{"optimal first", lineSample(goldMark, `stroke-width="9" stroke-opacity="0.5"`)})
	}
	H := cy + R + extY + 16 + float64(legendRows(legend, W))*legendRow
	d := newSVG(w, W, H)
	if x.Caption != "" {
		d.title(W, x.Caption)
	}
	at := func(theta, r float64) (float64, float64) {
		return cx + r*math.Sin(theta), cy - r*math.Cos(theta)
	}
	// Edge e runs clockwise from v(e-1) to v(e): angles (e-2)·step .. (e-1)·step.
	arcPath := func(e int) string {
		if n == 1 {
			return fmt.Sprintf(`<circle cx="%s" cy="%s" r="%s" fill="none"`, num(cx), num(cy), num(R))
		}
		x0, y0 := at(float64(e-2)*step, R)
		x1, y1 := at(float64(e-1)*step, R)
		return fmt.Sprintf(`<path d="M %s %s A %s %s 0 0 1 %s %s" fill="none"`, num(x0), num(y0), num(R), num(R), num(x1), num(y1))
	}
	mid := func(e int) float64 { return (float64(e) - 1.5) * step }

	for _, e := range x.Optimal {
		if e >= 1 && e <= n {
			d.printf(`%s stroke="%s" stroke-opacity="0.5" stroke-width="11" stroke-linecap="round"/>`+"\n", arcPath(e), goldMark)
		}
	}
	for e := 1; e <= n; e++ {
		if e == x.First {
			d.printf(`%s stroke="%s" stroke-width="3" stroke-dasharray="7 5"/>`+"\n", arcPath(e), redMark)
		} else {
			d.printf(`%s stroke="%s" stroke-width="2"/>`+"\n", arcPath(e), opColour[x.op(e)])
		}
	}
	for e := 1; e <= n; e++ {
		theta := mid(e)
		colour := opColour[x.op(e)]
		if e == x.First {
			colour = redMark
		}
		glyphFill := "#ffffff"
		if mk, ok := x.Marks[e]; ok { // the edge is the move's: its arc in the move's colour, wide enough to click
			glyphFill = esc(mk.Fill)
			d.openMark("g", "", mk, fmt.Sprintf("edge %d (%s) joins v%d and v%d", e, x.op(e), (e+n-2)%n+1, e))
			d.printf(`%s stroke="%s" stroke-width="14"/>%s stroke="%s" stroke-width="2"/>`, arcPath(e), glyphFill, arcPath(e), opColour[x.op(e)])
		} else {
			d.printf(`<g><title>edge %d (%s) joins v%d and v%d</title>`, e, esc(x.op(e)), (e+n-2)%n+1, e)
		}
		if glyphs {
			gx, gy := at(theta, R)
			d.printf(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="1.5"/>`, num(gx), num(gy), num(rg), glyphFill, colour)
			d.text(gx, gy, rg*1.5, `text-anchor="middle" dy="0.35em" fill="`+colour+`"`, opGlyph[x.op(e)])
		} else if e == x.First {
			x0, y0 := at(theta, R-20)
			x1, y1 := at(theta, R-4)
			d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="3"/>`, num(x0), num(y0), num(x1), num(y1), redMark)
		}
		if n <= 24 {
			ex, ey := at(theta, R-rg-11)
			fill := faint
			if e == x.First {
				fill = redMark
			}
			d.text(ex, ey, 10, `text-anchor="middle" dy="0.35em" fill="`+fill+`"`, strconv.Itoa(e))
		}
		d.printf("</g>\n")
	}
	for k := 1; k <= n; k++ {
		theta := float64(k-1) * step
		vx, vy := at(theta, R)
		d.printf(`<g><title>v%d = %s</title>`, k, esc(x.Values[k-1]))
		d.printf(`<circle cx="%s" cy="%s" r="%s" fill="%s"/>`, num(vx), num(vy), num(clamp(arc/5, 2, 4.5)), ink)
		if names(k) {
			nx, ny := at(theta, R-15)
			d.text(nx, ny, 9, `text-anchor="middle" dy="0.35em" fill="`+faint+`"`, "v"+strconv.Itoa(k))
		}
		sin, cos := math.Sin(theta), math.Cos(theta)
		if radial {
			lx, ly := at(theta, R+9)
			deg := theta*180/math.Pi - 90
			anchor := "start"
			if sin < -1e-9 { // left half: turn the text so it is not upside down
				deg += 180
				anchor = "end"
			}
			d.printf(`<text x="%s" y="%s" font-size="%s" text-anchor="%s" dy="0.35em" fill="%s" transform="rotate(%s %s %s)">%s</text>`,
				num(lx), num(ly), num(fontV), anchor, ink, num(deg), num(lx), num(ly), esc(labels[k-1]))
		} else {
			lx, ly := at(theta, R+10)
			anchor := "middle"
			if sin > 0.25 {
				anchor = "start"
			} else if sin < -0.25 {
				anchor = "end"
			}
			ly -= cos * fontV * 0.55
			d.text(lx, ly, fontV, `text-anchor="`+anchor+`" dy="0.35em" font-weight="bold" fill="`+ink+`"`, labels[k-1])
		}
		d.printf("</g>\n")
	}

	// The centre of the ring holds the summary.
	lines := []struct{ s, fill string }{{plural(n, "vertex", "vertices"), faint}}
	if x.First > 0 {
		lines = append(lines, struct{ s, fill string }{fmt.Sprintf("deleted first: edge %d", x.First), redMark})
	}
	if len(x.Optimal) > 0 {
		lines = append(lines, struct{ s, fill string }{"optimal first: " + listInts(x.Optimal, 6), "#9a7400"})
	}
	y0 := cy - float64(len(lines)-1)*8
	for i, l := range lines {
		d.text(cx, y0+float64(i)*16, 11, `text-anchor="middle" dy="0.35em" fill="`+l.fill+`"`, l.s)
	}

	d.legend(legend, cy+R+extY+16, W)
	d.printf("\n")
	return d.end()
}

// writeEmptySVG writes the picture of an empty game value: a caption and a note.
func writeEmptySVG(out io.Writer, caption, note string) error {
	w := max(160, textWidth(caption, 14)+20, textWidth(note, 12)+20)
	d := newSVG(out, w, 60)
	if caption != "" {
		d.text(w/2, 22, 14, `text-anchor="middle" font-weight="bold" fill="`+ink+`"`, caption)
	}
	d.text(w/2, 44, 12, `text-anchor="middle" fill="`+faint+`"`, "("+note+")")
	return d.end()
}
