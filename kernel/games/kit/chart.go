package kit

import (
	"encoding/json"
	"fmt"
	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"io"
	"math"
	"math/big"
	"strconv"
)

// Chart is plot(…): a bar chart.
type Chart struct {
	bars display.Bars
}

func (c *Chart) TypeName() string { return "chart" }

// Text draws the bars with block characters (a card when there are too
// many to read).
func (c *Chart) Text() string { return TextOf(c, false) }

// SVG draws the bars (a card when there are too many).
func (c *Chart) SVG() string { return SVGOf(c, false) }

func (c *Chart) WriteText(w io.Writer, full bool) error {
	return DrawText(w, c.bars, full, c.card, fmt.Sprintf("more than %d bars", display.MaxTextBars))
}

func (c *Chart) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, c.bars, full, c.card, fmt.Sprintf("more than %d bars", display.MaxSVGBars))
}

// card stands in for a chart of too many bars: their range, exact.
func (c *Chart) card(why string) display.Card {
	lo, hi := -1, -1
	for i, v := range c.bars.Values {
		if math.IsNaN(v) {
			continue
		}
		if lo < 0 || v < c.bars.Values[lo] {
			lo = i
		}
		if hi < 0 || v > c.bars.Values[hi] {
			hi = i
		}
	}
	caption := c.bars.Caption
	if caption == "" {
		caption = "chart"
	}
	span := "none of them a number"
	if lo >= 0 {
		span = "from " + c.valueText(lo) + " to " + c.valueText(hi)
	}
	return MakeCard(caption, []string{Count(len(c.bars.Values), "bar", "bars") + " " + span}, why,
		`text(x) or save(x, "chart.txt") or save(x, "chart.svg") draws them all`)
}

// valueText is bar i's value as the chart writes it: exact.
func (c *Chart) valueText(i int) string {
	if i < len(c.bars.Texts) && c.bars.Texts[i] != "" {
		return c.bars.Texts[i]
	}
	return strconv.FormatFloat(c.bars.Values[i], 'g', -1, 64)
}

// Poll checks the cell (m, when set) every 65536 items of a loop.
func Poll(m builtin.Meter, i int) {
	if m != nil {
		m.Poll(i)
	}
}

// NewChart is the chart that draws bars.
func NewChart(bars display.Bars) *Chart { return &Chart{bars} }

// Labels1 labels n bars 1..n.
func Labels1(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// ChartValues converts numbers for a chart (see ChartData).
func ChartValues(fn string, k int, list []any) ([]float64, error) {
	vals, _, err := ChartData(fn, k, list)
	return vals, err
}

// ChartData converts numbers for a chart: the floats the bars are drawn
// to (a pixel needs no more; an integer past the floats' range as the
// largest float), and, for each integer past 2^53, which a float may not
// hold and whose float text is no longer digits, its exact text (texts is
// nil when there is none): 2**53 + 1, 10**20 + 1 and 10**1000 are
// labelled as they are.
func ChartData(fn string, k int, list []any) (vals []float64, texts []string, err error) {
	return ChartNumbers(nil, fn, k, list)
}

// maxExactInt is 2^53: every integer up to it is a float exactly, and a
// float's text writes it in digits.
var maxExactInt = big.NewInt(1 << 53)

// ChartNumbers is ChartData of any list, a range's []int without boxing
// it, polling m (nil: never).
func ChartNumbers(m builtin.Meter, fn string, k int, arg any) (vals []float64, texts []string, err error) {
	ints, isInts := arg.([]int)
	var list []any
	n := len(ints)
	if !isInts {
		var ok bool
		if list, ok = AsList(arg); !ok {
			return nil, nil, BadType(fn, k, "values", "an array of numbers", arg)
		}
		n = len(list)
	}
	if n == 0 {
		return nil, nil, builtin.ArgError(fn, k, "values", "is empty: nothing to plot")
	}
	vals = make([]float64, n)
	exactly := func(i int, text func() string) {
		if texts == nil {
			texts = make([]string, n)
		}
		texts[i] = text()
	}
	for i := range n {
		Poll(m, i)
		if isInts {
			v := ints[i]
			if vals[i] = float64(v); v > 1<<53 || v < -1<<53 {
				exactly(i, func() string { return strconv.Itoa(v) })
			}
			continue
		}
		switch v := list[i].(type) {
		case float64:
			vals[i] = v
			continue
		case float32:
			vals[i] = float64(v)
			continue
		}
		b, msg := ToBig(list[i])
		if msg != "" {
			return nil, nil, builtin.ArgError(fn, k, "values", "element %d must be a number, got %s", i+1, TypeName(list[i]))
		}
		f, _ := new(big.Float).SetInt(b).Float64()
		if math.IsInf(f, 0) {
			f = math.Copysign(math.MaxFloat64, f)
		}
		if vals[i] = f; b.CmpAbs(maxExactInt) > 0 {
			exactly(i, b.String)
		}
	}
	return vals, texts, nil
}

// JSONValue is the labels and the values, exact.
func (c *Chart) JSONValue() any {
	labels := c.bars.Labels
	if labels == nil {
		labels = Labels1(len(c.bars.Values))
	}
	values := make([]any, len(c.bars.Values))
	for i, v := range c.bars.Values {
		values[i] = v
		if i < len(c.bars.Texts) && c.bars.Texts[i] != "" {
			values[i] = json.Number(c.bars.Texts[i])
		}
	}
	return struct {
		Labels []string `json:"labels"`
		Values []any    `json:"values"`
	}{labels, values}
}
