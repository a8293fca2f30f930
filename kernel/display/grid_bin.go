package display

import (
	"fmt"
	"math"
	"strings"
)

// MaxHeatBins bounds the blocks a side of a heat map of a table too large
// to draw cell by cell: a million-cell DP table drawn one rectangle a cell
// is hundreds of megabytes of SVG, and its cells would be under a pixel.
const MaxHeatBins = 100

// HeatCell is one cell of a table for Binned: its place on the heat scale
// (NaN none) and whether the plan uses it.
type HeatCell struct {
	Heat   float64
	Marked bool
}

// Binned is a heat map of a rows×cols table whose cells each hands to add
// (rows and columns from 0; a cell not handed is not in the table, one
// handed twice counts at its larger heat), gathered into at most
// MaxHeatBins blocks a side: each block coloured by the largest heat of
// its cells, outlined when the plan uses any of them, its tooltip naming
// the rows and columns it covers. The caption, corner, notes and heat
// caption are g's.
func Binned(g Grid, rows, cols int, each func(add func(r, c int, h HeatCell))) Grid {
	rowStep, colStep := binStep(rows), binStep(cols)
	out := Grid{Caption: g.Caption, Corner: g.Corner, Notes: g.Notes, HeatCaption: g.HeatCaption}
	if rowStep > 1 || colStep > 1 {
		out.HeatCaption = strings.TrimSpace(out.HeatCaption + fmt.Sprintf(" (blocks of %d×%d cells, each its largest)", rowStep, colStep))
	}
	rowName, colName, _ := strings.Cut(g.Corner, "\\")
	span := func(lo, step, n int) string {
		if hi := min(lo+step, n); hi > lo+1 {
			return fmt.Sprintf("%d..%d", lo+1, hi)
		}
		return fmt.Sprint(lo + 1)
	}
	for r0 := 0; r0 < rows; r0 += rowStep {
		out.RowLabels = append(out.RowLabels, span(r0, rowStep, rows))
		line := make([]GridCell, 0, (cols+colStep-1)/colStep)
		for c0 := 0; c0 < cols; c0 += colStep {
			if r0 == 0 {
				out.ColLabels = append(out.ColLabels, span(c0, colStep, cols))
			}
			line = append(line, GridCell{Heat: math.NaN()})
		}
		out.Cells = append(out.Cells, line)
	}
	each(func(r, c int, h HeatCell) {
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return
		}
		block := &out.Cells[r/rowStep][c/colStep]
		if block.Text == "" {
			r0, c0 := r/rowStep*rowStep, c/colStep*colStep
			block.Text = "·" // drawn without numbers: the text marks a cell the table has
			block.Title = fmt.Sprintf("%s %s, %s %s", rowName, span(r0, rowStep, rows), colName, span(c0, colStep, cols))
		}
		if h.Heat == h.Heat && !(block.Heat >= h.Heat) {
			block.Heat = h.Heat
		}
		block.Marked = block.Marked || h.Marked
	})
	return out
}

// binStep is how many cells of n go in a block.
func binStep(n int) int { return max(1, (n+MaxHeatBins-1)/MaxHeatBins) }
