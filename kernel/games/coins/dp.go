package coins

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/printer"
	solver "gamelab/solvers/coins"
)

// DP is dp(c): for every interval of coins from..to that can be left (and,
// under take "2M", every M that can occur there), the mover's best margin
// and the optimal moves, counting coins from 1.
type DP struct {
	N     int            `expr:"n"`     // coins in the row
	Value any            `expr:"value"` // the first mover's margin: the top cell's
	Plan  [][]int        `expr:"plan"`  // the cells the solve's line passes, [from, to] ([from, to, M] under take "2M")
	Rules map[string]any `expr:"rules"`
	Coins *Coins         `expr:"coins"`

	table  *solver.Table
	inPlan map[[3]int]bool
	twoM   bool
	startM int // the top cell's M: 1 from the start under take "2M", a position's own M; 0 under other rules
}

func (d *DP) TypeName() string { return "coins dp" }

// DP is dp(c): the table of the coins left (a row before any move: the
// row), as a row of their own numbered from 1 under the same rules, from
// the position's M.
func (c *Coins) DP(env *builtin.Env, args []any) (any, error) {
	if err := kit.Unpack("dp", args, "c", new(any)); err != nil {
		return nil, err
	}
	if !c.started() && c.st.at == c.Coins.st.at {
		return dpOf(env, c, 0)
	}
	if c.N == 0 {
		return nil, builtin.ArgError("dp", 1, "c", "has no coins left: the game is over")
	}
	return dpOf(env, newCoins(slices.Clone(c.st.left()), c.rules()), c.M)
}

// dpOf fills the table of the row c with M starting at m (0: the rules'
// own start).
func dpOf(env *builtin.Env, c *Coins, m int) (any, error) {
	g := solver.Game{Coins: c.Row(), Rules: solverRules(c.rules()), M: m}
	if err := env.Reserve(g.TableSize()); err != nil {
		return nil, err
	}
	t, err := g.Table(env.Ctx, env.Report)
	if err != nil {
		return nil, kit.SolverError("dp", err)
	}
	d := &DP{N: c.N, Plan: [][]int{}, Rules: c.RuleMap, Coins: c, table: t, inPlan: map[[3]int]bool{}, twoM: g.Rules.TwoM(),
		startM: g.Rules.Start(c.N, m).M}
	for _, cell := range t.Plan() {
		d.inPlan[[3]int{cell.From, cell.To, cell.M}] = true
		if d.twoM {
			d.Plan = append(d.Plan, []int{cell.From, cell.To, cell.M})
		} else {
			d.Plan = append(d.Plan, []int{cell.From, cell.To})
		}
	}
	top, err := t.At(1, c.N, d.startM)
	if err != nil {
		return nil, err
	}
	d.Value = kit.Number(top.Value)
	return d, nil
}

// ranks places a margin on the heat scale: its rank among every cell's.
func (d *DP) ranks() func(*big.Int) float64 {
	var all []*big.Int
	d.table.Cells(func(c *solver.Cell) bool {
		all = append(all, c.Value)
		return true
	})
	slices.SortFunc(all, (*big.Int).Cmp)
	return func(v *big.Int) float64 {
		if len(all) < 2 {
			return 0.5
		}
		k, _ := slices.BinarySearchFunc(all, v, (*big.Int).Cmp)
		return float64(k) / float64(len(all)-1)
	}
}

// cellMoves is a cell's tooltip line: its M and every move with what it
// keeps, the optimal ones starred.
func cellMoves(c *solver.Cell) string {
	var b strings.Builder
	if c.M > 0 {
		fmt.Fprintf(&b, "M %d: ", c.M)
	}
	best := map[string]bool{}
	for _, m := range c.Best() {
		best[m.String()] = true
	}
	for i, m := range c.Moves {
		if i > 0 {
			b.WriteString(", ")
		}
		star := ""
		if best[m.String()] {
			star = "*"
		}
		fmt.Fprintf(&b, "%s%s keeps %s", m, star, c.After[i])
	}
	return b.String()
}

// Cell is one entry of a coins DP, at(d, from, to) (at(d, from, to, M)
// under take "2M").
type Cell struct {
	From   int `expr:"from"`
	To     int `expr:"to"`
	M      int `expr:"m"`      // under take "2M"; 0 otherwise
	Margin any `expr:"margin"` // the mover's best margin over coins from..to
	// Best lists every optimal move there; Moves every legal move with what
	// it keeps (its after: the move's score minus the opponent's margin).
	Best  []string         `expr:"best"`
	Moves []map[string]any `expr:"moves"`
	Plan  bool             `expr:"plan"` // the solve's line passes it
}

func (c *Cell) TypeName() string { return "coins dp cell" }

// At is at(d, from, to) / at(d, from, to, M).
func (d *DP) At(args []any) (any, error) {
	var from, to int
	m := d.startM
	params := []any{"d", new(any), "from", &from, "to", &to}
	if d.twoM {
		params = append(params, "M?", &m)
	}
	if err := kit.Unpack("at", args, params...); err != nil {
		return nil, err
	}
	c, err := d.table.At(from, to, m)
	if err != nil {
		return nil, cellError("at", err)
	}
	return d.cell(c), nil
}

// cellError is the table's error for at(d, from, to, M) or position(…),
// blamed on the argument that names no cell.
func cellError(fn string, err error) error {
	var ce *solver.CellError
	if !errors.As(err, &ce) {
		return builtin.ArgError(fn, 2, "from", "%s", err.Error())
	}
	k := map[string]int{"from": 2, "to": 3, "M": 4}[ce.Arg]
	return builtin.ArgError(fn, k, ce.Arg, "%s", ce.Msg)
}

// GetIndex reads d[from, to] as at(d, from, to).
func (d *DP) GetIndex(index []any) (any, error) { return d.At(append([]any{d}, index...)) }

func (d *DP) cell(c *solver.Cell) *Cell {
	out := &Cell{From: c.From, To: c.To, M: c.M, Margin: kit.Number(c.Value), Best: []string{}, Moves: []map[string]any{},
		Plan: d.inPlan[[3]int{c.From, c.To, c.M}]}
	for _, m := range c.Best() {
		out.Best = append(out.Best, m.String())
	}
	for i, m := range c.Moves {
		out.Moves = append(out.Moves, map[string]any{"move": m.String(), "after": kit.Number(c.After[i]),
			"loss": kit.Number(new(big.Int).Sub(c.Value, c.After[i]))})
	}
	return out
}

// Position is position(d, from, to[, M]): the coins from..to as a row of
// their own under the same rules (with M set, under take "2M").
func (d *DP) Position(args []any) (any, error) {
	var from, to int
	m := d.startM
	params := []any{"d", new(any), "from", &from, "to", &to}
	if d.twoM {
		params = append(params, "M?", &m)
	}
	if err := kit.Unpack("position", args, params...); err != nil {
		return nil, err
	}
	if _, err := d.table.At(from, to, m); err != nil {
		return nil, cellError("position", err)
	}
	s := newCoins(slices.Clone(d.Coins.Row()[from-1:to]), d.Coins.rules()).st
	if d.twoM {
		s.at.M = m
	}
	return s.value(), nil
}

// grid is the table as a picture through intervals of upTo coins (the
// filling's frames; d.N for all of it): rows from, columns to, each cell
// the mover's margin, the plan's cells bracketed, coloured by the margin's
// rank, its tooltip every move there. Under take "2M" a cell shows its
// margin for each M, "M:margin". Past MaxGridCells coins it is a heat map
// of blocks without numbers (display.BinnedRanks); numbers is the text of
// such a table.
func (d *DP) grid(upTo int) display.Grid {
	n := d.N
	g := d.frame(upTo)
	cells := func(f func(c *solver.Cell)) {
		d.table.Cells(func(c *solver.Cell) bool {
			if c.To-c.From+1 <= upTo {
				f(c)
			}
			return true
		})
	}
	if n > display.MaxGridCells {
		return d.heatMap(g, upTo)
	}
	rank := d.ranks()
	for to := 1; to <= n; to++ {
		g.ColLabels = append(g.ColLabels, strconv.Itoa(to))
	}
	for from := 1; from <= n; from++ {
		g.RowLabels = append(g.RowLabels, strconv.Itoa(from))
		row := make([]display.GridCell, n)
		for to := range row {
			row[to] = display.GridCell{Heat: math.NaN()}
		}
		g.Cells = append(g.Cells, row)
	}
	cells(func(c *solver.Cell) {
		t := d.cellText(c.From, c.To, c.M, c.Value.String())
		cell := &g.Cells[c.From-1][c.To-1]
		if cell.Text == "" {
			// under take "2M" the first M's margin colours the cell
			cell.Heat, cell.Title = rank(c.Value), fmt.Sprintf("coins %d..%d", c.From, c.To)
		} else {
			cell.Text += " "
		}
		cell.Text += t
		cell.Title += "\n" + cellMoves(c)
		cell.Marked = cell.Marked || d.inPlan[[3]int{c.From, c.To, c.M}]
	})
	return g
}

// frame is the grid's caption, corner and notes, through intervals of
// upTo coins.
func (d *DP) frame(upTo int) display.Grid {
	g := display.Grid{Corner: "from\\to", Caption: "dp of the row: the mover's best margin on coins from..to; [·] the solve's line",
		HeatCaption: "colour: the rank of the cell's margin; outlined: the cells the solve's line passes"}
	if d.twoM {
		g.Caption = "dp of the row: M:margin for each M that can occur with coins from..to left; [·] the solve's line"
	}
	g.Caption += d.Coins.rulesNote()
	if upTo < d.N {
		g.Caption += fmt.Sprintf(" (filled to %s)", kit.Count(upTo, "coin", "coins"))
	}
	g.Notes = []string{fmt.Sprintf("the first mover's margin %s; at(d, from, to) has a cell's moves, position(d, from, to) its row", kit.FormatValue(d.Value))}
	return g
}

// heatMap is the grid of a table past MaxGridCells coins through
// intervals of upTo coins: a heat map of blocks (display.BinnedRanks), the
// cells ranked by their margins, which are read without the values of
// their moves (as int64s where the table keeps them: no allocation per
// cell of the millions).
func (d *DP) heatMap(g display.Grid, upTo int) display.Grid {
	key := func(from, to, m int) float64 {
		if v, ok := d.table.MarginInt64(from, to, m); ok {
			return float64(v)
		}
		f, _ := new(big.Float).SetInt(d.table.Margin(from, to, m)).Float64()
		return f
	}
	return display.BinnedRanks(g, d.N, d.N, func(add func(r, c int, key float64, marked bool)) {
		d.each(upTo, func(from, to, m int) { add(from-1, to-1, key(from, to, m), d.inPlan[[3]int{from, to, m}]) })
	}, func(add func(key float64)) {
		d.each(d.N, func(from, to, m int) { add(key(from, to, m)) })
	})
}

// cellText is the text of the cell of coins from..to at M m whose margin
// is v: "M:margin" under take "2M", bracketed where the solve's line
// passes.
func (d *DP) cellText(from, to, m int, v string) string {
	if d.twoM {
		v = strconv.Itoa(m) + ":" + v
	}
	if d.inPlan[[3]int{from, to, m}] {
		v = "[" + v + "]"
	}
	return v
}

// each calls f on every cell of intervals of up to upTo coins, by from,
// then to, then M.
func (d *DP) each(upTo int, f func(from, to, m int)) {
	for from := 1; from <= d.N; from++ {
		for to := from; to <= min(d.N, from+upTo-1); to++ {
			for _, m := range d.ms(from, to) {
				f(from, to, m)
			}
		}
	}
}

// zeroM is the M of every cell under rules without one.
var zeroM = []int{0}

// ms are the Ms of the cells of coins from..to: none when those coins
// cannot be left, 0 alone under rules without M.
func (d *DP) ms(from, to int) []int {
	switch {
	case d.Coins.rules().Get("ends") == "left" && to != d.N:
		return nil
	case d.twoM:
		return d.table.Ms(from, to)
	}
	return zeroM
}

// marginText is the margin of a cell, exact (solver.Table.Margin: no
// move's value made).
func (d *DP) marginText(from, to, m int) string {
	if v, ok := d.table.MarginInt64(from, to, m); ok {
		return strconv.FormatInt(v, 10)
	}
	return d.table.Margin(from, to, m).String()
}

// numbers is the text of a table past MaxGridCells coins, cell by cell as
// it is written (display.Grid.CellText): its millions of cells are never
// held.
func (d *DP) numbers() display.Grid {
	g := d.frame(d.N)
	g.RowLabels, g.ColLabels = kit.Labels1(d.N), kit.Labels1(d.N)
	g.CellText = func(r, c int) string {
		from, to := r+1, c+1
		if to < from {
			return ""
		}
		ms := d.ms(from, to)
		if len(ms) == 1 {
			return d.cellText(from, to, ms[0], d.marginText(from, to, ms[0]))
		}
		parts := make([]string, len(ms))
		for i, m := range ms {
			parts[i] = d.cellText(from, to, m, d.marginText(from, to, m))
		}
		return strings.Join(parts, " ")
	}
	return g
}

func (d *DP) Text() string { return kit.TextOf(d, false) }

func (d *DP) WriteText(w io.Writer, full bool) error {
	switch {
	case d.N <= display.MaxGridCells:
		return d.grid(d.N).WriteText(w)
	case !full:
		return kit.WriteString(w, d.card(fmt.Sprintf("more than %d coins", display.MaxGridCells)).Text())
	}
	return d.numbers().WriteText(w)
}

func (d *DP) SVG() string { return kit.SVGOf(d, false) }

// WriteSVG draws the table as a heat map (without its numbers past
// MaxGridCells coins: the tooltips keep them).
func (d *DP) WriteSVG(w io.Writer, full bool) error { return d.grid(d.N).WriteSVG(w) }

// HTML is the table as a notebook shows it beside the heat map: the
// cells' exact margins on their colours, the solve's line outlined, every
// move in a cell's title; "" past MaxGridCells coins (without ranking
// the millions of cells of a heat map that has no HTML).
func (d *DP) HTML() string {
	if d.N > display.MaxGridCells {
		return ""
	}
	return d.grid(d.N).HTML()
}

func (d *DP) card(why string) display.Card {
	return kit.MakeCard(fmt.Sprintf("dp of a row of %s", kit.Count(d.N, "coin", "coins")),
		[]string{fmt.Sprintf("the first mover's margin %s; %d cells, %d on the solve's line", kit.FormatValue(d.Value), d.table.Len(), len(d.Plan))}, why,
		`at(d, from, to) reads a cell; text(d) or save(d, "d.txt") shows it all; svg(d) is its heat map`)
}

// JSONValue is the table as json writes it; its cells are made one at a
// time as they are written (printer.Seq), in the order the DP fills them
// (solver.Table.Cells), their margins and optimal moves read without the
// values of every move.
func (d *DP) JSONValue() any {
	cells := func(yield func(any) bool) {
		var moves []solver.Move
		for rem := 1; rem <= d.N; rem++ {
			for from := 1; from+rem-1 <= d.N; from++ {
				to := from + rem - 1
				for _, m := range d.ms(from, to) {
					best := []string{}
					moves = d.table.AppendBest(moves[:0], from, to, m)
					for _, mv := range moves {
						best = append(best, mv.String())
					}
					var margin any
					if v, ok := d.table.MarginInt64(from, to, m); ok {
						margin = int(v)
					} else {
						margin = kit.Number(d.table.Margin(from, to, m))
					}
					var mm any = printer.Omit // M ≥ 1 under take "2M"; none otherwise
					if d.twoM {
						mm = m
					}
					// the keys in order, as a map's are written
					if !yield(printer.Object{{Key: "best", Value: best}, {Key: "from", Value: from}, {Key: "m", Value: mm},
						{Key: "margin", Value: margin}, {Key: "to", Value: to}}) {
						return
					}
				}
			}
		}
	}
	var rules any = printer.Omit
	if r := d.Coins.rules().Changed(); len(r) > 0 {
		rules = r
	}
	return printer.Object{{Key: "n", Value: d.N}, {Key: "value", Value: d.Value}, {Key: "plan", Value: d.Plan},
		{Key: "rules", Value: rules}, {Key: "cells", Value: printer.Seq(cells)}}
}

// Text of a cell: its margin, the plan mark and every move.
func (c *Cell) Text() string {
	s := fmt.Sprintf("coins %d..%d", c.From, c.To)
	if c.M > 0 {
		s += fmt.Sprintf(", M %d", c.M)
	}
	s += fmt.Sprintf(": the mover's best margin %s (optimal %s)", kit.FormatValue(c.Margin), kit.OrList(c.Best))
	if c.Plan {
		s += "; the solve's line passes here"
	}
	for _, m := range c.Moves {
		s += fmt.Sprintf("\n  %s keeps %s, loses %s", m["move"], kit.FormatValue(m["after"]), kit.FormatValue(m["loss"]))
	}
	return s + "\n"
}

func (c *Cell) JSONValue() any {
	return struct {
		From   int              `json:"from"`
		To     int              `json:"to"`
		M      int              `json:"m,omitempty"`
		Margin any              `json:"margin"`
		Best   []string         `json:"best"`
		Moves  []map[string]any `json:"moves"`
		Plan   bool             `json:"plan"`
	}{c.From, c.To, c.M, c.Margin, c.Best, c.Moves, c.Plan}
}

// Trace is trace(dp(c)): the table filling, one coin more at each frame.
func (d *DP) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, "d", new(any)); err != nil {
		return nil, err
	}
	return &Filling{d: d}, nil
}

// Filling is trace(dp(c)): the table after the intervals of each length.
type Filling struct{ d *DP }

func (f *Filling) TypeName() string { return "dp filling" }

func (f *Filling) Text() string { return kit.TextOf(f, false) }

// upTo is the grid with only the intervals of up to k coins.
func (f *Filling) upTo(k int) display.Grid {
	g := f.d.grid(k)
	g.Notes, g.HeatCaption = nil, ""
	return g
}

func (f *Filling) WriteText(w io.Writer, full bool) error {
	if !full && f.d.N > display.MaxGridCells {
		return kit.WriteString(w, f.d.card(fmt.Sprintf("more than %d coins", display.MaxGridCells)).Text())
	}
	steps, omitted, gap := kit.PickFrames(f.d.N, full)
	for k, i := range steps {
		if omitted > 0 && k == gap {
			if err := kit.WriteString(w, fmt.Sprintf("… %d lengths more …\n", omitted)); err != nil {
				return err
			}
		}
		if err := f.upTo(i + 1).WriteText(w); err != nil {
			return err
		}
	}
	return nil
}

func (f *Filling) SVG() string { return kit.SVGOf(f, false) }

func (f *Filling) WriteSVG(w io.Writer, full bool) error {
	coins := func(i int) string { return "filled up to " + kit.Count(i+1, "coin", "coins") }
	return kit.Filling(coins, f.d.N, full, f.d.grid).WriteSVG(w)
}
