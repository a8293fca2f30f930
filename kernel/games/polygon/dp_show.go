package polygon

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/printer"
	solver "gamelab/solvers/polygon"
)

// grid is the table as a picture, through length upTo (the filling's
// frames; d.N for all of it): each cell its min/max pair, the extreme the
// plan uses bracketed, coloured by the rank of its max, its tooltip the
// splits compared. Past MaxGridCells vertices it is a heat map of blocks
// without numbers (display.BinnedRanks): a 1000-gon's million cells of
// hundred-digit pairs would be gigabytes of SVG nobody reads; numbers is
// its text.
func (d *DP) grid(upTo int) display.Grid {
	g := d.frame(upTo)
	if d.N > display.MaxGridCells {
		// one scale for every frame of the filling: the ranks among all
		// the cells
		return display.BinnedRanks(g, d.N, d.N, func(add func(r, c int, key float64, marked bool)) {
			d.cells(upTo, func(i, j int, key float64) { add(i-1, j-1, key, d.inPlan[[2]int{i, j}] != "") })
		}, func(add func(key float64)) {
			d.cells(d.N, func(_, _ int, key float64) { add(key) })
		})
	}
	rank := d.maxRanks(d.N)
	for j := 1; j <= d.N; j++ {
		g.ColLabels = append(g.ColLabels, strconv.Itoa(j))
	}
	for i := 1; i <= d.N; i++ {
		g.RowLabels = append(g.RowLabels, strconv.Itoa(i))
		row := make([]display.GridCell, d.N)
		for j := range row {
			row[j] = display.GridCell{Heat: math.NaN()}
		}
		g.Cells = append(g.Cells, row)
	}
	d.cells(upTo, func(i, j int, key float64) {
		c, err := d.table.Cell(i, j)
		if err != nil {
			return
		}
		plan := d.inPlan[[2]int{i, j}]
		g.Cells[i-1][j-1] = display.GridCell{Text: d.cellText(i, j, c.Min, c.Max), Heat: rank(key), Marked: plan != "", Title: d.cellTitle(c)}
	})
	return g
}

// frame is the grid's caption, corner and notes, through length upTo.
func (d *DP) frame(upTo int) display.Grid {
	g := display.Grid{Corner: "i\\j", HeatCaption: "colour: the rank of the cell's max; outlined: the cells the optimal plan uses"}
	what := "ring"
	if !d.Ring {
		what = "chain"
	}
	g.Caption = fmt.Sprintf("dp of the %s: m[i][j] = min/max of j vertices from v(i); [·] the extreme the plan takes", what)
	if upTo < d.N {
		g.Caption += fmt.Sprintf(" (filled to length %d)", upTo)
	}
	g.Notes = []string{fmt.Sprintf("best %s (goal %s); at(d, i, j) has a cell's splits and candidates, position(d, i, j) its chain", d.best, d.Goal)}
	return g
}

// cellText is the text of cell (i, j) with extremes lo and hi: "lo/hi",
// one vertex's value alone, the extreme the plan uses bracketed.
func (d *DP) cellText(i, j int, lo, hi *big.Int) string {
	plan := d.inPlan[[2]int{i, j}]
	if j == 1 {
		if plan != "" {
			return "[" + lo.String() + "]"
		}
		return lo.String()
	}
	l, h := lo.String(), hi.String()
	if plan == "min" {
		l = "[" + l + "]"
	}
	if plan == "max" {
		h = "[" + h + "]"
	}
	return l + "/" + h
}

// numbers is the text of a table past MaxGridCells vertices, cell by cell
// as it is written (display.Grid.CellText): its cells are never held.
func (d *DP) numbers() display.Grid {
	g := d.frame(d.N)
	g.RowLabels, g.ColLabels = kit.Labels1(d.N), kit.Labels1(d.N)
	g.CellText = func(r, c int) string {
		lo, hi, err := d.table.Extremes(r+1, c+1)
		if err != nil {
			return "" // past a chain's end
		}
		return d.cellText(r+1, c+1, lo, hi)
	}
	return g
}

// cells calls f on every cell through length upTo, by start then length,
// with the key of its max (solver.Table.MaxKey).
func (d *DP) cells(upTo int, f func(i, j int, key float64)) {
	for i := 1; i <= d.N; i++ {
		for j := 1; j <= min(d.lengths(i), upTo); j++ {
			if k, err := d.table.MaxKey(i, j); err == nil {
				f(i, j, k)
			}
		}
	}
}

// maxRanks places a cell's max on the heat scale by the key of its max:
// its rank among the maxes of the cells through length upTo.
func (d *DP) maxRanks(upTo int) func(float64) float64 {
	var keys []float64
	d.cells(upTo, func(_, _ int, k float64) { keys = append(keys, k) })
	slices.Sort(keys)
	return func(k float64) float64 {
		if len(keys) < 2 {
			return 0.5
		}
		at, _ := slices.BinarySearch(keys, k)
		return float64(at) / float64(len(keys)-1)
	}
}

// cellTitle is a cell's tooltip: its extremes with the splits reaching
// them, then every split's range.
func (d *DP) cellTitle(c solver.Cell) string {
	t := fmt.Sprintf("m[%d][%d]: min %s, max %s", c.Start, c.Length, c.Min, c.Max)
	if c.Length == 1 {
		return t + " (one vertex)"
	}
	t += fmt.Sprintf(" (splits %d and %d)", c.MinAt, c.MaxAt)
	cands, err := d.table.Candidates(c.Start, c.Length)
	if err != nil {
		return t
	}
	for _, k := range cands {
		t += fmt.Sprintf("\ns=%d %c: %s..%s", k.S, k.Op, k.Min, k.Max)
	}
	return t
}

// Text is the table, or a card for a table too big to read.
func (d *DP) Text() string { return kit.TextOf(d, false) }

func (d *DP) WriteText(w io.Writer, full bool) error {
	switch {
	case d.N <= display.MaxGridCells:
		return d.grid(d.N).WriteText(w)
	case !full:
		return kit.WriteString(w, d.card(fmt.Sprintf("more than %d vertices", display.MaxGridCells)).Text())
	}
	return d.numbers().WriteText(w)
}

// SVG is the table as a heat map.
func (d *DP) SVG() string { return kit.SVGOf(d, false) }

func (d *DP) WriteSVG(w io.Writer, full bool) error {
	// Past MaxGridCells a side the grid draws itself as a heat map without
	// numbers, the tooltips keeping them.
	return d.grid(d.N).WriteSVG(w)
}

// HTML is the table as a notebook shows it beside the heat map: the
// cells' exact pairs on their colours, the plan's outlined, every split in
// a cell's title; "" past MaxGridCells vertices (the heat map and card),
// without ranking the cells of a heat map that has no HTML.
func (d *DP) HTML() string {
	if d.N > display.MaxGridCells {
		return ""
	}
	return d.grid(d.N).HTML()
}

func (d *DP) card(why string) display.Card {
	return kit.MakeCard(fmt.Sprintf("dp of a polygon of %s", kit.Count(d.N, "vertex", "vertices")),
		[]string{fmt.Sprintf("best %s (goal %s); %d cells, %d on the plan", d.best, d.Goal, d.N*d.N, len(d.Plan))}, why,
		`at(d, i, j) reads a cell; text(d) or save(d, "d.txt") shows it all; svg(d) is its heat map`)
}

// JSONValue is the table as json writes it: the answer, the plan's cells
// and every cell's extremes and splits, each cell made as it is written
// (printer.Seq).
func (d *DP) JSONValue() any {
	cells := func(yield func(any) bool) {
		for i := 1; i <= d.N; i++ {
			for j := 1; j <= d.lengths(i); j++ {
				c, err := d.table.Cell(i, j)
				if err != nil {
					continue
				}
				// the keys in order, as a map's are written
				if !yield(printer.Object{{Key: "length", Value: j}, {Key: "max", Value: kit.Number(c.Max)}, {Key: "maxAt", Value: c.MaxAt},
					{Key: "min", Value: kit.Number(c.Min)}, {Key: "minAt", Value: c.MinAt}, {Key: "start", Value: i}}) {
					return
				}
			}
		}
	}
	return printer.Object{{Key: "n", Value: d.N}, {Key: "ring", Value: d.Ring}, {Key: "best", Value: d.Best}, {Key: "goal", Value: d.Goal},
		{Key: "plan", Value: d.Plan}, {Key: "cells", Value: printer.Seq(cells)}}
}

// Cell's text is its extremes, splits and candidates as a table.
func (c *Cell) Text() string {
	s := fmt.Sprintf("m[%d][%d]: min %s (split %d), max %s (split %d)", c.Start, c.Length, kit.FormatValue(c.Min), c.MinAt, kit.FormatValue(c.Max), c.MaxAt)
	if c.Plan != "" {
		s += fmt.Sprintf("; the plan uses its %s", c.Plan)
	}
	s += "\n" + c.Why + "\n"
	for _, k := range c.Candidates {
		s += fmt.Sprintf("  s=%v %s: first part %v..%v, second %v..%v →", k["s"], k["op"], kit.FormatValue(k["a"]), kit.FormatValue(k["b"]), kit.FormatValue(k["c"]), kit.FormatValue(k["d"]))
		for _, name := range []string{"ac", "ad", "bc", "bd"} {
			if v, ok := k[name]; ok {
				s += fmt.Sprintf(" %s %s", name, kit.FormatValue(v))
			}
		}
		s += fmt.Sprintf("  (min %s, max %s)\n", kit.FormatValue(k["min"]), kit.FormatValue(k["max"]))
	}
	return s
}

func (c *Cell) JSONValue() any {
	return struct {
		Start      int              `json:"start"`
		Length     int              `json:"length"`
		Min        any              `json:"min"`
		Max        any              `json:"max"`
		MinAt      int              `json:"minAt"`
		MaxAt      int              `json:"maxAt"`
		Candidates []map[string]any `json:"candidates"`
		Why        string           `json:"why"`
		Plan       string           `json:"plan,omitempty"`
	}{c.Start, c.Length, c.Min, c.Max, c.MinAt, c.MaxAt, c.Candidates, c.Why, c.Plan}
}

// Trace is trace(dp(p)): the table filling length by length, a frame per
// length.
func (d *DP) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, "d", new(any)); err != nil {
		return nil, err
	}
	return &Filling{d: d}, nil
}

// Filling is trace(dp(p)): the table after each length is filled.
type Filling struct{ d *DP }

func (f *Filling) TypeName() string { return "dp filling" }

func (f *Filling) Text() string { return kit.TextOf(f, false) }

// WriteText writes the table after each length, the first and last ones
// of a long filling.
func (f *Filling) WriteText(w io.Writer, full bool) error {
	if !full && f.d.N > display.MaxGridCells {
		return kit.WriteString(w, f.d.card(fmt.Sprintf("more than %d vertices", display.MaxGridCells)).Text())
	}
	steps, omitted, gap := kit.PickFrames(f.d.N, full)
	for k, i := range steps {
		if omitted > 0 && k == gap {
			if err := kit.WriteString(w, fmt.Sprintf("… %d lengths more …\n", omitted)); err != nil {
				return err
			}
		}
		g := f.d.grid(i + 1)
		g.Notes = nil
		if err := g.WriteText(w); err != nil {
			return err
		}
	}
	return nil
}

func (f *Filling) SVG() string { return kit.SVGOf(f, false) }

// WriteSVG draws the filling as small multiples, a frame per length.
func (f *Filling) WriteSVG(w io.Writer, full bool) error {
	length := func(i int) string { return fmt.Sprintf("filled to length %d", i+1) }
	return kit.Filling(length, f.d.N, full, f.d.grid).WriteSVG(w)
}
