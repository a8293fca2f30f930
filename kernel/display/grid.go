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
	Caption     string
	Corner      string   // the label over the row labels: "i\\j"
	RowLabels   []string // one per row
	ColLabels   []string // one per column
	Cells       [][]GridCell
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

// WriteText writes Text to w.
func (g Grid) WriteText(w io.Writer) error {
	widths := make([]int, len(g.ColLabels)+1)
	widths[0] = runeWidth(g.Corner)
	for _, l := range g.RowLabels {
		widths[0] = max(widths[0], runeWidth(l))
	}
	for c, l := range g.ColLabels {
		widths[c+1] = runeWidth(l)
	}
	for _, row := range g.Cells {
		for c, cell := range row {
			widths[c+1] = max(widths[c+1], runeWidth(cell.Text))
		}
	}
	var b strings.Builder
	if g.Caption != "" {
		b.WriteString(g.Caption + "\n")
	}
	line := func(first string, rest func(c int) string) {
		var l strings.Builder
		l.WriteString(first + strings.Repeat(" ", widths[0]-runeWidth(first)))
		for c := range g.ColLabels {
			s := rest(c)
			l.WriteString("  " + strings.Repeat(" ", widths[c+1]-runeWidth(s)) + s)
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	line(g.Corner, func(c int) string { return g.ColLabels[c] })
	for r, row := range g.Cells {
		line(g.RowLabels[r], func(c int) string {
			if c < len(row) {
				return row[c].Text
			}
			return ""
		})
	}
	for _, n := range g.Notes {
		b.WriteString(n + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// TextFits says the grid is small enough to read on a terminal.
func (g Grid) TextFits() bool {
	return len(g.ColLabels) <= MaxGridCells && len(g.Cells) <= MaxGridCells
}

// SVGFits says the grid is small enough to draw with its numbers.
func (g Grid) SVGFits() bool { return len(g.ColLabels) <= MaxGridCells && len(g.Cells) <= MaxGridCells }

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
