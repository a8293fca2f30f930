package display

import (
	"strings"
)

// HTML is the grid as Jupyter shows a table: a header of column labels, a
// row per row label, each cell's exact text on its heat colour, the plan's
// cells outlined and bold, the tooltip as the cell's title. A grid too
// large to read cell by cell (SVGFits false) has none: "" leaves the front
// end the heat map.
func (g Grid) HTML() string {
	if !g.SVGFits() || len(g.Cells) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<table style="border-collapse: collapse; font-variant-numeric: tabular-nums">` + "\n")
	if g.Caption != "" {
		b.WriteString(`<caption style="text-align: left">` + esc(g.Caption) + "</caption>\n")
	}
	b.WriteString("<thead><tr><th>" + esc(g.Corner) + "</th>")
	for _, l := range g.ColLabels {
		b.WriteString(`<th style="text-align: right">` + esc(l) + "</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for r, row := range g.Cells {
		b.WriteString("<tr><th>" + esc(g.RowLabels[r]) + "</th>")
		for c := range g.ColLabels {
			if c >= len(row) || row[c].Text == "" {
				b.WriteString("<td></td>")
				continue
			}
			cell := row[c]
			style := "text-align: right; padding: 2px 6px; color: " + ink
			if cell.Heat == cell.Heat { // not NaN
				style += "; background-color: " + mix("#ffffff", heatGood, 0.1+0.75*clamp(cell.Heat, 0, 1))
			}
			text := esc(cell.Text)
			if cell.Marked {
				style += "; outline: 2px solid " + ink + "; outline-offset: -2px"
				text = "<b>" + text + "</b>"
			}
			b.WriteString(`<td style="` + style + `"`)
			if cell.Title != "" {
				b.WriteString(` title="` + esc(cell.Title) + `"`)
			}
			b.WriteString(">" + text + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>")
	for _, n := range append([]string{g.HeatCaption}, g.Notes...) {
		if n != "" {
			b.WriteString("\n<p>" + esc(n) + "</p>")
		}
	}
	return b.String()
}
