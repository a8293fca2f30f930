package display

import (
	"fmt"
	"io"
	"strings"
)

// Grid is a table of cells with a heat map: a DP table (rows by start,
// columns by length or end) whose cells carry their text, a tooltip, a
// place on the heat scale and a mark for the cells a plan uses.
type Grid struct {
	Caption   string
	Corner    string   // the label over the row labels: "i\\j"
	RowLabels []string // one per row
	ColLabels []string // one per column
	Cells     [][]GridCell
	// CellText, when Cells is nil, gives the text of cell r, c (rows of
	// RowLabels and columns of ColLabels, from 0; "" no cell) as the text
	// drawing writes it: a table of millions of cells (a 3000-coin DP) is
	// never held as GridCells. Such a grid has only its text drawing; its
	// heat map is Binned's or BinnedRanks'.
	CellText    func(r, c int) string
	Notes       []string // lines under the grid
	HeatCaption string   // what the colours mean: "colour: the cell's max"
	// CellW is the width of every cell in the picture, in pixels; 0: as
	// wide as the widest text (CellWidth). The frames of one table's
	// filling take the whole table's, so that its columns stay put.
	CellW float64
}

// GridCell is one cell of a Grid. An empty Text is no cell (a chain's
// lengths that run past its end).
type GridCell struct {
	Text   string  // what the cell shows, exactly
	Title  string  // its tooltip in the picture: the candidates compared
	Heat   float64 // 0..1 on the heat scale; NaN none
	Marked bool    // the plan uses it
}

// Text is the grid as aligned columns, marked cells shown as the caller
// wrote them (the caller brackets the value the plan uses).
func (g Grid) Text() string { return render(g.WriteText) }

// rows is how many rows the grid has.
func (g Grid) rows() int {
	if g.Cells == nil && g.CellText != nil {
		return len(g.RowLabels)
	}
	return len(g.Cells)
}

// text is the text of cell r, c.
func (g Grid) text(r, c int) string {
	if g.Cells == nil && g.CellText != nil {
		return g.CellText(r, c)
	}
	if c < len(g.Cells[r]) {
		return g.Cells[r][c].Text
	}
	return ""
}

// WriteText writes Text to w a line at a time: one pass over the cells
// measures the columns, a second writes them, so a grid of CellText holds
// no more than a line. The passes check the cell when w is a Checker, and
// a w that is an Expecter is told the text's length between them.
func (g Grid) WriteText(w io.Writer) error {
	rows, cols := g.rows(), len(g.ColLabels)
	check := checker(w)
	widths := make([]int, cols+1)
	widths[0] = runeWidth(g.Corner)
	for _, l := range g.RowLabels {
		widths[0] = max(widths[0], runeWidth(l))
	}
	for c, l := range g.ColLabels {
		widths[c+1] = runeWidth(l)
	}
	header := measure(cols, func(c int) string { return g.ColLabels[c] })
	ends := make([]lineEnd, rows)
	k := 0
	for r := range rows {
		ends[r] = measure(cols, func(c int) string {
			check(k)
			k++
			s := g.text(r, c)
			widths[c+1] = max(widths[c+1], runeWidth(s))
			return s
		})
	}
	if e, ok := w.(Expecter); ok {
		total := header.bytes(g.Corner, widths)
		for r, end := range ends {
			total += end.bytes(g.RowLabels[r], widths)
		}
		if g.Caption != "" {
			total += int64(len(g.Caption)) + 1
		}
		for _, n := range g.Notes {
			total += int64(len(n)) + 1
		}
		e.Expect(total)
	}
	if g.Caption != "" {
		if err := writeString(w, g.Caption+"\n"); err != nil {
			return err
		}
	}
	var line []byte
	pad := func(n int) {
		for range n {
			line = append(line, ' ')
		}
	}
	write := func(first string, cell func(c int) string) error {
		line = append(line[:0], first...)
		pad(widths[0] - runeWidth(first))
		for c := range cols {
			check(k)
			k++
			s := cell(c)
			line = append(line, "  "...)
			pad(widths[c+1] - runeWidth(s))
			line = append(line, s...)
		}
		for len(line) > 0 && line[len(line)-1] == ' ' {
			line = line[:len(line)-1]
		}
		line = append(line, '\n')
		_, err := w.Write(line)
		return err
	}
	if err := write(g.Corner, func(c int) string { return g.ColLabels[c] }); err != nil {
		return err
	}
	for r := range rows {
		if err := write(g.RowLabels[r], func(c int) string { return g.text(r, c) }); err != nil {
			return err
		}
	}
	for _, n := range g.Notes {
		if err := writeString(w, n+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// An Expecter is a writer that wants to know how much a drawing will write
// before it writes it: a text made in memory is refused at once when it
// would not fit in the budget (printer.Render), rather than after the work
// of writing most of it.
type Expecter interface {
	Expect(bytes int64)
}

// lineEnd is what a line of a grid's text needs of its cells to know its
// length before the columns' widths are known: its last cell that is not
// blank (-1 none), the bytes its cells up to that one take beyond their
// widths (characters of more than a byte), and the spaces that end that
// cell, which the line's end trims.
type lineEnd struct {
	last, extra, trail int
}

// measure reads the cells of a line (cell(c) for each of cols columns).
func measure(cols int, cell func(c int) string) lineEnd {
	end, extra := lineEnd{last: -1}, 0
	for c := range cols {
		s := cell(c)
		extra += len(s) - runeWidth(s)
		if t := strings.TrimRight(s, " "); t != "" {
			end = lineEnd{last: c, extra: extra, trail: len(s) - len(t)}
		}
	}
	return end
}

// bytes is the length of the line that starts with first, its newline
// included, once the columns' widths (widths[0] first's) are known.
func (e lineEnd) bytes(first string, widths []int) int64 {
	if e.last < 0 {
		return int64(len(strings.TrimRight(first, " "))) + 1
	}
	n := len(first) + widths[0] - runeWidth(first)
	for c := 0; c <= e.last; c++ {
		n += 2 + widths[c+1]
	}
	return int64(n+e.extra-e.trail) + 1
}

// TextFits says the grid is small enough to read on a terminal.
func (g Grid) TextFits() bool {
	return len(g.ColLabels) <= MaxGridCells && g.rows() <= MaxGridCells
}

// SVGFits says the grid is small enough to draw with its numbers.
func (g Grid) SVGFits() bool {
	return (g.Cells != nil || g.CellText == nil) && len(g.ColLabels) <= MaxGridCells && len(g.Cells) <= MaxGridCells
}

// SVG draws the grid as a heat map: each cell coloured on the scale, its
// text written while it fits, the plan's cells outlined, a tooltip on each.
func (g Grid) SVG() string { return render(g.WriteSVG) }

// CellWidth is the width of the picture's cells, in pixels: the widest
// text's (at least 28), or a share of 900 for a heat map without numbers.
func (g Grid) CellWidth() float64 {
	if len(g.ColLabels) > MaxGridCells || len(g.Cells) > MaxGridCells {
		return max(2, 900/float64(max(len(g.ColLabels), 1)))
	}
	w := 28.0
	for _, row := range g.Cells {
		for _, c := range row {
			w = max(w, textWidth(c.Text, 11)+10)
		}
	}
	return w
}

// WriteSVG writes SVG to w. A grid of more cells than MaxGridCells a side
// is drawn as a heat map without numbers (the tooltips keep them).
func (g Grid) WriteSVG(w io.Writer) error {
	rows, cols := len(g.Cells), len(g.ColLabels)
	if rows == 0 || cols == 0 {
		return writeEmptySVG(w, g.Caption, "no cells")
	}
	labelled := cols <= MaxGridCells && rows <= MaxGridCells
	cellW := g.CellW
	if cellW == 0 {
		cellW = g.CellWidth()
	}
	cellH := 22.0
	if !labelled {
		cellH = cellW
	}
	left := 12 + textWidth(strings.Repeat("0", len(fmt.Sprint(rows))), 11) + 8
	top := 30.0
	if g.Caption != "" {
		top += 24
	}
	W := max(left+float64(cols)*cellW+12, titleWidth(g.Caption), 200)
	H := top + float64(rows)*cellH + 12 + float64(len(g.Notes)+1)*16
	d := newSVG(w, W, H)
	if g.Caption != "" {
		d.title(W, g.Caption)
	}
	if labelled {
		for c, l := range g.ColLabels {
			d.text(left+float64(c)*cellW+cellW/2, top-8, 11, `text-anchor="middle" fill="`+faint+`"`, l)
		}
		for r, l := range g.RowLabels {
			d.text(left-6, top+float64(r)*cellH+cellH/2, 11, `text-anchor="end" dy="0.35em" fill="`+faint+`"`, l)
		}
	}
	for r, row := range g.Cells {
		for c, cell := range row {
			if cell.Text == "" {
				continue
			}
			x, y := left+float64(c)*cellW, top+float64(r)*cellH
			fill := "#f4f4f4"
			if cell.Heat == cell.Heat { // not NaN
				fill = mix("#ffffff", heatGood, 0.1+0.75*clamp(cell.Heat, 0, 1))
			}
			d.printf(`<g><title>%s</title>`, esc(cell.Title))
			stroke, sw := "#ffffff", 1.0
			if cell.Marked {
				stroke, sw = ink, 2.5
			}
			d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="%s"/>`,
				num(x), num(y), num(cellW), num(cellH), fill, stroke, num(sw))
			if labelled {
				d.text(x+cellW/2, y+cellH/2, 11, `text-anchor="middle" dy="0.35em" fill="`+ink+`"`, cell.Text)
			}
			d.printf("</g>\n")
		}
	}
	y := top + float64(rows)*cellH + 18
	for _, n := range append([]string{g.HeatCaption}, g.Notes...) {
		if n != "" {
			d.text(12, y, 11, `fill="`+ink+`"`, n)
			y += 16
		}
	}
	return d.end()
}
