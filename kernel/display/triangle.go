package display

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Triangle is a Life Line board, optionally with a move's marks: the
// judge's triangle, or with Square an N×N board.
type Triangle struct {
	N int
	// Square draws an N×N grid (Go's board): row r holds N cells at
	// Cells[(r-1)N : rN], each touching its four neighbours.
	Square  bool
	Cells   []uint8  // row-major: row r (1..N) holds r cells at Cells[r(r-1)/2 : ...]; 0 empty, 1..9 stone numbers
	Player  int      // the player to move, 1..9 (0: none)
	Best    [][2]int // best vertices [row, pos] to mark (may be nil)
	Placed  [2]int   // the stone just placed (row, pos), [0,0] none
	Removed []bool   // per cell: removed by the move (nil none)
	Heat    []int    // per cell: points of placing there, meaningful for empty cells (nil: no heat map)
	Illegal []bool   // per cell: a move the rules forbid there (suicide: false), drawn × (nil none)
	Caption string
	Marks   map[[2]int]Mark // moves to mark on empty vertices [row, pos] in the SVG (the explorer's); nil for none
}

// index is the position of vertex (r, p) in Cells.
func (x Triangle) index(r, p int) int {
	if x.Square {
		return (r-1)*x.N + p - 1
	}
	return r*(r-1)/2 + p - 1
}

// rowLen is how many vertices row r has.
func (x Triangle) rowLen(r int) int {
	if x.Square {
		return x.N
	}
	return r
}

// cell is the content of (r, p): 0..9, or -1 when Cells is too short.
func (x Triangle) cell(r, p int) int {
	if i := x.index(r, p); i < len(x.Cells) {
		return int(x.Cells[i])
	}
	return -1
}

func (x Triangle) removed(r, p int) bool {
	i := x.index(r, p)
	return i < len(x.Removed) && x.Removed[i]
}

// illegal says the rules forbid a move at the empty vertex (r, p).
func (x Triangle) illegal(r, p int) bool {
	i := x.index(r, p)
	return i < len(x.Illegal) && x.Illegal[i] && x.cell(r, p) == 0
}

// heat is the points of a move at (r, p), if the heat map has them (not
// where the move is illegal: its points are no move's).
func (x Triangle) heat(r, p int) (int, bool) {
	i := x.index(r, p)
	if i < len(x.Heat) && x.cell(r, p) == 0 && !x.illegal(r, p) {
		return x.Heat[i], true
	}
	return 0, false
}

func (x Triangle) placed(r, p int) bool { return x.Placed == [2]int{r, p} }

// glyph is the text of a cell's content: its stone number, · when empty.
func glyph(c int) string {
	switch {
	case c == 0:
		return "·"
	case c < 0 || c > 9:
		return "?"
	}
	return strconv.Itoa(c)
}

// coords writes vertices as "(3,2) (4,1)", up to limit of them.
func coords(vs [][2]int, limit int) string {
	var parts []string
	for i, v := range vs {
		if i == limit {
			parts = append(parts, fmt.Sprintf("… (%d in all)", len(vs)))
			break
		}
		parts = append(parts, fmt.Sprintf("(%d,%d)", v[0], v[1]))
	}
	return strings.Join(parts, " ")
}

// removedCount counts the stones the move removed.
func (x Triangle) removedCount() int {
	k := 0
	for r := 1; r <= x.N; r++ {
		for p := 1; p <= x.rowLen(r); p++ {
			if x.removed(r, p) {
				k++
			}
		}
	}
	return k
}

// pitch is the columns per vertex of boardText's layout for token.
func (x Triangle) pitch(token func(r, p int) string) int {
	w := 1
	for r := 1; r <= x.N; r++ {
		for p := 1; p <= x.rowLen(r); p++ {
			w = max(w, runeWidth(token(r, p)))
		}
	}
	pitch := w + 1
	if pitch%2 == 1 && !x.Square { // rows shift by half a pitch
		pitch++
	}
	return pitch
}

// boardText lays out one value per vertex as the judge prints a board:
// centred rows (a square board's are not shifted), each token padded to
// pitch columns. It hands the lines to emit one by one, so a big board is
// never held as text twice.
func (x Triangle) boardText(pitch int, token func(r, p int) string, emit func(line string)) {
	var b strings.Builder
	n := x.N
	for r := 1; r <= n; r++ {
		b.Reset()
		if !x.Square {
			b.WriteString(strings.Repeat(" ", (n-r)*pitch/2))
		}
		for p := 1; p <= x.rowLen(r); p++ {
			b.WriteString(center(token(r, p), pitch))
		}
		emit(strings.TrimRight(b.String(), " "))
	}
}

// marked is a Triangle with its best vertices indexed by cell, built once
// per drawing: looking each vertex up in Best would make a board where every
// vertex is best (an empty one) quadratic.
type marked struct {
	Triangle
	bestAt []bool
}

func (x Triangle) marked() marked {
	m := marked{Triangle: x}
	if len(x.Best) > 0 && x.N > 0 {
		m.bestAt = make([]bool, x.index(x.N, x.rowLen(x.N))+1)
		for _, v := range x.Best {
			if v[0] >= 1 && v[0] <= x.N && v[1] >= 1 && v[1] <= x.rowLen(v[0]) {
				m.bestAt[x.index(v[0], v[1])] = true
			}
		}
	}
	return m
}

func (x marked) best(r, p int) bool { return x.bestAt != nil && x.bestAt[x.index(r, p)] }

// Text draws the board in the judge's layout (centred rows, · for an empty
// vertex) with marks: [4] the stone just placed, (·) a best vertex, x3x a
// removed stone; a legend names the player and lists the marked vertices.
// Boards too wide for marks use one character per vertex (* best, x
// removed). The heat map follows as a second triangle of points.
func (x Triangle) Text() string { return render(x.WriteText) }

// WriteText writes Text's drawing to w, line by line.
func (x Triangle) WriteText(w io.Writer) error {
	out := bufio.NewWriterSize(w, 64<<10)
	line := func(s string) {
		out.WriteString(s)
		out.WriteByte('\n')
	}
	if x.Caption != "" {
		line(x.Caption)
	}
	if x.N <= 0 {
		line("(empty board)")
		return out.Flush()
	}
	m := x.marked()
	compact := x.N*4 > maxTextWidth
	token := func(r, p int) string {
		g := glyph(x.cell(r, p))
		switch {
		case compact && x.removed(r, p):
			return "x"
		case compact && m.best(r, p) && x.cell(r, p) == 0:
			return "*"
		case compact:
			return g
		case x.placed(r, p):
			return "[" + g + "]"
		case x.removed(r, p):
			return "x" + g + "x"
		case m.best(r, p):
			return "(" + g + ")"
		}
		return g
	}
	x.boardText(x.pitch(token), token, line)
	if x.Player > 0 {
		line(fmt.Sprintf("player %d to move", x.Player))
	}
	if len(x.Best) > 0 {
		mark := "(·)"
		if compact {
			mark = "*"
		}
		line(mark + " best: " + coords(x.Best, 20))
	}
	if x.Placed != [2]int{} {
		line(fmt.Sprintf("[%s] placed at (%d,%d)", glyph(x.cell(x.Placed[0], x.Placed[1])), x.Placed[0], x.Placed[1]))
	}
	if k := x.removedCount(); k > 0 {
		line("x removed: " + plural(k, "stone", "stones"))
	}
	if x.Heat != nil {
		x.heatText(line)
	}
	return out.Flush()
}

// heatText is the heat map: a triangle of points when it fits a terminal,
// else a list of the empty vertices' points, row by row.
func (x Triangle) heatText(emit func(string)) {
	tok := func(r, p int) string {
		if v, ok := x.heat(r, p); ok {
			return strconv.Itoa(v)
		}
		if x.illegal(r, p) {
			return "×"
		}
		return "·"
	}
	if slices.Contains(x.Illegal, true) {
		emit("points of a stone at each empty vertex (· occupied, × illegal):")
	} else {
		emit("points of a stone at each empty vertex (· occupied):")
	}
	// The widest line, the last row, is nearly n pitches wide: only a
	// triangle within a pitch of the limit needs laying out to decide.
	var lines []string
	if pt := x.pitch(tok); x.N*pt <= maxTextWidth+pt {
		x.boardText(pt, tok, func(l string) { lines = append(lines, l) })
		if !slices.ContainsFunc(lines, func(l string) bool { return runeWidth(l) > maxTextWidth }) {
			for _, l := range lines {
				emit(l)
			}
			return
		}
	}
	var b strings.Builder
	for r := 1; r <= x.N; r++ {
		b.Reset()
		for p := 1; p <= x.rowLen(r); p++ {
			v, ok := x.heat(r, p)
			if !ok && !x.illegal(r, p) {
				continue
			}
			if b.Len() == 0 {
				fmt.Fprintf(&b, "row %-*d", len(strconv.Itoa(x.N)), r)
			}
			if ok {
				fmt.Fprintf(&b, " %d:%d", p, v)
			} else {
				fmt.Fprintf(&b, " %d:×", p)
			}
		}
		if b.Len() > 0 {
			emit(b.String())
		}
	}
}

// Stone colours by number 1..9, with the ink that reads on each.
var (
	stoneFill = [10]string{"#f2f2f2", "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#9c755f", "#ff9da7", "#76b7b2", "#edc948"}
	stoneInk  = [10]string{ink, "#ffffff", ink, "#ffffff", "#ffffff", "#ffffff", "#ffffff", ink, ink, ink}
	stoneEdge [10]string // each fill darkened, the stone's outline
)

func init() {
	for c, f := range stoneFill {
		stoneEdge[c] = mix(f, "#000000", 0.35)
	}
}

// minLabel is the smallest font size, in pixels, a picture writes.
const minLabel = 6.0

const (
	bestRing   = "#c98a00"
	heatGood   = "#2b8cbe"
	heatBad    = "#d7301f"
	heatNeutre = "#f4f4f4"
)

// heatColour maps points v to a fill: shades of blue for gains and red for
// losses, the darkest at the largest magnitude m.
func heatColour(v, m int) string {
	if v == 0 || m == 0 {
		return heatNeutre
	}
	target := heatGood
	if v < 0 {
		target, v = heatBad, -v
	}
	return mix("#ffffff", target, 0.2+0.55*float64(v)/float64(m))
}

// mix blends two #rrggbb colours, t = 0 giving a and 1 giving b.
func mix(a, b string, t float64) string {
	var ca, cb [3]int
	fmt.Sscanf(a, "#%02x%02x%02x", &ca[0], &ca[1], &ca[2])
	fmt.Sscanf(b, "#%02x%02x%02x", &cb[0], &cb[1], &cb[2])
	var c [3]int
	for i := range c {
		c[i] = int(math.Round(float64(ca[i]) + t*float64(cb[i]-ca[i])))
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

// SVG draws the triangular lattice with the stones as coloured discs
// labelled by number, empty vertices as dots (or, with a heat map, as
// squares coloured and labelled by the points of a move there), best
// vertices ringed in gold, the placed stone ringed in black and removed
// stones faded and crossed out; the legend gives the player and the
// colours in use.
func (x Triangle) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (x Triangle) WriteSVG(w io.Writer) error {
	n := x.N
	if n <= 0 {
		return writeEmptySVG(w, x.Caption, "empty board")
	}
	d := 46.0
	if n > 12 {
		d = clamp(640/float64(n), 14, 46)
	}
	rs := d * 0.36 // stone radius
	dy := d * math.Sqrt(3) / 2
	if x.Square {
		dy = d
	}
	top := 20 + rs
	if x.Caption != "" {
		top += 24
	}
	left := 34 + rs
	W := 2*left + float64(n-1)*d
	pos := func(r, p int) (float64, float64) {
		if x.Square {
			return left + float64(p-1)*d, top + float64(r-1)*dy
		}
		return left + float64(n-r)*d/2 + float64(p-1)*d, top + float64(r-1)*dy
	}

	// Legend first: its size decides the picture's height.
	var legend []legendItem
	stone := func(c int) func(d *svgDoc, x, y float64) {
		return func(doc *svgDoc, x, y float64) {
			doc.printf(`<circle cx="%s" cy="%s" r="8" fill="%s"/>`, num(x+11), num(y), stoneFill[c])
			doc.text(x+11, y, 10, `text-anchor="middle" dy="0.35em" fill="`+stoneInk[c]+`"`, strconv.Itoa(c))
		}
	}
	if x.Player >= 1 && x.Player <= 9 {
		legend = append(legend, legendItem{fmt.Sprintf("player %d to move", x.Player), stone(x.Player)})
	}
	var used [10]bool
	for _, c := range x.Cells {
		if c >= 1 && c <= 9 {
			used[c] = true
		}
	}
	for c := 1; c <= 9; c++ {
		if used[c] && c != x.Player {
			legend = append(legend, legendItem{fmt.Sprintf("player %d", c), stone(c)})
		}
	}
	ring := func(stroke, attrs string) func(d *svgDoc, x, y float64) {
		return func(doc *svgDoc, x, y float64) {
			doc.printf(`<circle cx="%s" cy="%s" r="8" fill="none" stroke="%s" %s/>`, num(x+11), num(y), stroke, attrs)
		}
	}
	if len(x.Best) > 0 {
		legend = append(legend, legendItem{"best: " + coords(x.Best, 6), ring(bestRing, `stroke-width="3"`)})
	}
	if x.Placed != [2]int{} {
		legend = append(legend, legendItem{fmt.Sprintf("placed (%d,%d)", x.Placed[0], x.Placed[1]), ring(ink, `stroke-width="3"`)})
	}
	if k := x.removedCount(); k > 0 {
		legend = append(legend, legendItem{"removed: " + plural(k, "stone", "stones"), func(doc *svgDoc, x, y float64) {
			cross(doc, x+11, y, 7)
		}})
	}
	maxHeat := 0
	for r := 1; r <= n; r++ {
		for p := 1; p <= x.rowLen(r); p++ {
			if v, ok := x.heat(r, p); ok {
				maxHeat = max(maxHeat, v, -v)
			}
		}
	}
	if x.Heat != nil {
		square := func(v int) func(d *svgDoc, x, y float64) {
			return func(doc *svgDoc, x, y float64) {
				doc.printf(`<rect x="%s" y="%s" width="16" height="16" rx="3" fill="%s" stroke="#999999"/>`, num(x+3), num(y-8), heatColour(v, maxHeat))
			}
		}
		if maxHeat > 0 {
			legend = append(legend, legendItem{strconv.Itoa(-maxHeat), square(-maxHeat)})
		}
		legend = append(legend, legendItem{"0", square(0)})
		if maxHeat > 0 {
			legend = append(legend, legendItem{strconv.Itoa(maxHeat), square(maxHeat)})
		}
		legend = append(legend, legendItem{"points of a move there", func(*svgDoc, float64, float64) {}})
		if slices.Contains(x.Illegal, true) {
			legend = append(legend, legendItem{"illegal", func(doc *svgDoc, x, y float64) { forbidden(doc, x+11, y, 8) }})
		}
	}
	for _, it := range legend {
		W = max(W, it.width()+24)
	}
	W = max(W, titleWidth(x.Caption))
	left += (W - (2*left + float64(n-1)*d)) / 2 // centre the board in a wide picture
	legendTop := top + float64(n-1)*dy + rs + 24
	H := legendTop + float64(legendRows(legend, W))*legendRow

	doc := newSVG(w, W, H)
	if x.Caption != "" {
		doc.title(W, x.Caption)
	}
	// The lattice: every row, and the two families of diagonals.
	line := func(r0, p0, r1, p1 int) {
		x0, y0 := pos(r0, p0)
		x1, y1 := pos(r1, p1)
		doc.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x0), num(y0), num(x1), num(y1))
	}
	doc.printf(`<g stroke="%s" stroke-width="1.2">`, lattice)
	for k := 2; k <= n && !x.Square; k++ {
		line(k, 1, k, k)       // row k
		line(k-1, k-1, n, k-1) // down-left from the end of row k-1
		line(k-1, 1, n, n-k+2) // down-right from the start of row k-1
	}
	for k := 1; k <= n && x.Square && n > 1; k++ {
		line(k, 1, k, n) // row k
		line(1, k, n, k) // column k
	}
	doc.printf("</g>\n")
	label := d >= 20 // row numbers need room
	font := rs * 1.05
	m := x.marked()
	// Colours of the heat squares, worked out once per value.
	fills := map[int]string{}
	fill := func(v int) string {
		f, ok := fills[v]
		if !ok {
			f = heatColour(v, maxHeat)
			fills[v] = f
		}
		return f
	}
	for r := 1; r <= n; r++ {
		if label {
			lx, ly := pos(r, 1)
			doc.text(lx-rs-8, ly, min(11, font), `text-anchor="end" dy="0.35em" fill="`+faint+`"`, strconv.Itoa(r))
		}
		for p := 1; p <= x.rowLen(r); p++ {
			m.drawVertex(doc, r, p, pos, rs, font, fill)
		}
	}
	doc.legend(legend, legendTop, W)
	return doc.end()
}

// drawVertex draws (r, p) with its content and marks, in a group whose
// tooltip says what is there. A label smaller than minLabel pixels would be
// unreadable: it is left out (the tooltip and the colour still tell).
func (x marked) drawVertex(doc *svgDoc, r, p int, pos func(r, p int) (float64, float64), rs, font float64, heatFill func(int) string) {
	// This runs once per vertex, millions of times for a big board that
	// is saved whole, so it writes through put rather than fmt.
	cx, cy := pos(r, p)
	c := x.cell(r, p)
	mk, move := x.Marks[[2]int{r, p}]
	move = move && c == 0
	tip := append(doc.scratch[:0], "<g"...)
	if move { // the vertex is the move's
		tip = append(tip, mk.attrs()...)
	}
	tip = append(tip, "><title>("...)
	tip = strconv.AppendInt(tip, int64(r), 10)
	tip = append(tip, ',')
	tip = strconv.AppendInt(tip, int64(p), 10)
	tip = append(tip, ") "...)
	v, hot := x.heat(r, p)
	switch {
	case c == 0 && x.illegal(r, p):
		tip = append(tip, "empty: illegal"...)
	case c == 0 && hot:
		tip = append(tip, "empty: "...)
		tip = strconv.AppendInt(tip, int64(v), 10)
		tip = append(tip, " points"...)
	case c == 0:
		tip = append(tip, "empty"...)
	case c > 0 && c <= 9:
		tip = append(tip, "stone "...)
		tip = strconv.AppendInt(tip, int64(c), 10)
	default:
		tip = append(tip, "missing"...)
	}
	if x.removed(r, p) {
		tip = append(tip, ", removed"...)
	}
	if move {
		tip = append(tip, esc("\n"+mk.Title)...)
	}
	doc.scratch = append(tip, "</title>"...)
	doc.b.Write(doc.scratch) // digits and fixed words, and the move's title escaped
	if x.best(r, p) {
		doc.put(`<circle cx="%s" cy="%s" r="%s" fill="#ffffff" stroke="`+bestRing+`" stroke-width="%s"/>`, cx, cy, rs+rs*0.3, max(1.5, rs*0.2))
	}
	switch {
	case move:
		doc.put(`<circle cx="%s" cy="%s" r="%s" fill="`, cx, cy, rs*0.8)
		doc.b.WriteString(esc(mk.Fill) + `" stroke="#999999"/>`)
	case c == 0 && hot:
		s := rs * 1.6
		doc.put(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="`, cx-s/2, cy-s/2, s, s, s/6)
		doc.b.WriteString(heatFill(v) + `" stroke="#999999"/>`)
		t := strconv.Itoa(v)
		if size := min(font, s/(float64(len(t))*0.62+0.2)); size >= minLabel {
			doc.text(cx, cy, size, `text-anchor="middle" dy="0.35em" fill="`+ink+`"`, t)
		}
	case c == 0 && x.illegal(r, p):
		forbidden(doc, cx, cy, rs*0.8)
	case c == 0:
		doc.put(`<circle cx="%s" cy="%s" r="%s" fill="`+faint+`"/>`, cx, cy, max(2, rs*0.2))
	default:
		if c < 0 || c > 9 {
			c = 0
		}
		doc.b.WriteString("<g")
		if x.removed(r, p) {
			doc.b.WriteString(` opacity="0.6"`)
		}
		doc.put(`><circle cx="%s" cy="%s" r="%s" fill="`, cx, cy, rs)
		doc.b.WriteString(stoneFill[c] + `" stroke="` + stoneEdge[c] + `"/>`)
		if font >= minLabel {
			doc.text(cx, cy, font, `text-anchor="middle" dy="0.35em" font-weight="bold" fill="`+stoneInk[c]+`"`, glyph(x.cell(r, p)))
		}
		doc.b.WriteString(`</g>`)
	}
	if x.placed(r, p) {
		doc.put(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="`+ink+`" stroke-width="%s"/>`, cx, cy, rs+rs*0.18, max(1.5, rs*0.18))
	}
	if x.removed(r, p) {
		cross(doc, cx, cy, rs*0.85)
	}
	doc.b.WriteString("</g>\n")
}

// forbidden marks an empty vertex where the rules forbid a move: a grey
// square with a ×, half its side s.
func forbidden(doc *svgDoc, x, y, s float64) {
	doc.put(`<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#e6e6e6" stroke="#999999"/>`, x-s, y-s, 2*s, 2*s, s/3)
	doc.put(`<path d="M%s %sL%s %sM%s %sL%s %s" stroke="`+faint+`" stroke-width="%s"/>`, x-s/2, y-s/2, x+s/2, y+s/2, x-s/2, y+s/2, x+s/2, y-s/2, max(1, s/5))
}

// cross marks a removed stone of radius s centred at (x, y): a dashed red
// ring around it, so the stone's number stays readable (whose stone it was).
func cross(doc *svgDoc, x, y, s float64) {
	doc.put(`<circle cx="%s" cy="%s" r="%s" fill="none" stroke="`+redMark+`" stroke-width="%s" stroke-dasharray="%s %s"/>`,
		x, y, s*1.3, max(1.5, s*0.22), max(2, s*0.4), max(1.5, s*0.25))
}
