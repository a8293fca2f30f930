package tools

import (
	"fmt"
	"io"
	"math/big"

	"gamelab/kernel/display"
	"gamelab/kernel/games/kit"
)

// LinePlot is plot(analyze(…)): the value along a line of play, turns
// across, every move that lost points marked and labelled.
type LinePlot struct {
	chart display.LineChart
}

func (c *LinePlot) TypeName() string { return "line plot" }

// plot draws the analysis: in a game of two alternating players, the
// first player's final margin still guaranteed before each turn and at the
// end (so the other's losses show as rises); in a game scored at its end,
// the best final value still reachable; where each turn is scored alone
// (Life Line), each turn's best points with the points the move got beside
// them. The game words the caption and the axis.
func (a *Analysis) plot() *LinePlot {
	ch := display.LineChart{XLabel: "turn", Caption: a.game.Words.PlotCaption, YLabel: a.game.Words.PlotY}
	marks := func(at func(i int) int) {
		for i, t := range a.turns {
			if t.loss.Sign() > 0 {
				size, _ := new(big.Float).SetInt(t.loss).Float64()
				ch.Marks = append(ch.Marks, display.LineMark{At: at(i), Label: fmt.Sprintf("%d: %s −%s", t.turn, a.moveName(t), t.loss), Size: size})
			}
		}
	}
	points := func(vs []*big.Int) {
		for _, v := range vs {
			f, _ := new(big.Float).SetInt(v).Float64()
			ch.Y = append(ch.Y, f)
			ch.YText = append(ch.YText, v.String())
		}
	}
	if a.alone {
		ch.OtherName = "points got"
		for _, t := range a.turns {
			ch.X = append(ch.X, fmt.Sprint(t.turn))
			f, _ := new(big.Float).SetInt(t.after).Float64()
			ch.Other = append(ch.Other, f)
		}
		points(a.side[:len(a.turns)])
		marks(func(i int) int { return i })
	} else {
		for _, t := range a.turns {
			ch.X = append(ch.X, fmt.Sprint(t.turn))
		}
		if len(a.turns) > 0 {
			ch.X = append(ch.X, "end")
		}
		points(a.side)
		// The loss shows as the step down (for the second player, up)
		// from the point before the move to the point after it.
		marks(func(i int) int { return i + 1 })
	}
	if len(a.turns) > 0 {
		ch.Caption += fmt.Sprintf(" (loss %s)", a.byPlayer(kit.View{Full: true}, a.Loss))
	}
	return &LinePlot{chart: ch}
}

// Text lists the points with bars and the marked moves.
func (c *LinePlot) Text() string { return kit.TextOf(c, false) }

// SVG draws the chart (a card when there are too many points).
func (c *LinePlot) SVG() string { return kit.SVGOf(c, false) }

func (c *LinePlot) WriteText(w io.Writer, full bool) error {
	return kit.DrawText(w, c.chart, full, c.card, fmt.Sprintf("more than %d points", display.MaxTextBars))
}

func (c *LinePlot) WriteSVG(w io.Writer, full bool) error {
	return kit.DrawSVG(w, c.chart, full, c.card, fmt.Sprintf("more than %d points", display.MaxSVGBars))
}

func (c *LinePlot) card(why string) display.Card {
	return kit.MakeCard(c.chart.Caption, []string{fmt.Sprintf("%s, %s marked", kit.Count(len(c.chart.Y), "point", "points"), kit.Count(len(c.chart.Marks), "move", "moves"))}, why,
		`text(x) or save(x, "plot.txt") or save(x, "plot.svg") draws it all`)
}

// JSONValue is the points, exact, and which of them (from 1) are marked.
func (c *LinePlot) JSONValue() any {
	y := make([]any, len(c.chart.YText))
	for i, s := range c.chart.YText {
		v, _ := new(big.Int).SetString(s, 10)
		y[i] = kit.Number(v)
	}
	return struct {
		X     []string `json:"x"`
		Y     []any    `json:"y"`
		Marks []int    `json:"marks"`
	}{c.chart.X, y, markIndices(c.chart.Marks)}
}

func markIndices(ms []display.LineMark) []int {
	out := []int{}
	for _, m := range ms {
		out = append(out, m.At+1)
	}
	return out
}

// moveName names a turn's move for a chart label: "A L", "edge 3",
// "4 at (3,2)".
func (a *Analysis) moveName(t turnRec) string {
	if a.game.Words.MoveLabel != nil {
		return a.game.Words.MoveLabel(t.player, t.move)
	}
	return t.player + " " + t.move
}
