package display

import (
	"fmt"
	"math"
	"slices"
	"sort"
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

// BinnedRanks is Binned for a table whose heat is each cell's rank among
// the keys of all its cells (the lowest is 0, the highest 1): each hands
// the cells drawn (rows and columns from 0, the cell's key, whether the
// plan uses it), all the keys the ranks are among (a filling's frame draws
// fewer cells than the table has). It holds no key of a cell but each
// block's largest, so a table of millions of cells is ranked in the memory
// of its blocks: each hands its cells once and all its keys once, and a
// block's heat is the rank of its largest key, as Binned's is the largest
// of its cells' ranks. The keys are floats, which order every integer up
// to 2^53 exactly and larger ones to a part in 2^52: a colour needs no
// more (and a function of one key type keeps the web page's engine small).
func BinnedRanks(g Grid, rows, cols int, each func(add func(r, c int, key float64, marked bool)), all func(add func(key float64))) Grid {
	type block struct {
		top            float64
		filled, marked bool
	}
	rowStep, colStep := binStep(rows), binStep(cols)
	perRow := (cols + colStep - 1) / colStep
	blocks := make([]block, ((rows+rowStep-1)/rowStep)*perRow)
	each(func(r, c int, key float64, marked bool) {
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return
		}
		b := &blocks[r/rowStep*perRow+c/colStep]
		if !b.filled || key > b.top {
			b.top = key
		}
		b.filled, b.marked = true, b.marked || marked
	})
	// below[i] counts the keys less than tops[i], the blocks' largest in
	// order: a key is below every top from the first one above it on.
	var tops []float64
	for _, b := range blocks {
		if b.filled {
			tops = append(tops, b.top)
		}
	}
	slices.Sort(tops)
	tops = slices.Compact(tops)
	below := make([]int, len(tops)+1)
	total := 0
	all(func(key float64) {
		below[sort.Search(len(tops), func(i int) bool { return tops[i] > key })]++
		total++
	})
	for i := 1; i < len(below); i++ {
		below[i] += below[i-1]
	}
	rank := func(key float64) float64 {
		if total < 2 {
			return 0.5
		}
		i, _ := slices.BinarySearch(tops, key)
		return float64(below[i]) / float64(total-1)
	}
	return Binned(g, rows, cols, func(add func(r, c int, h HeatCell)) {
		for i, b := range blocks {
			if b.filled {
				add(i/perRow*rowStep, i%perRow*colStep, HeatCell{Heat: rank(b.top), Marked: b.marked})
			}
		}
	})
}
