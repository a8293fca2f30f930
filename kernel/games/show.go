package games

import (
	"bufio"
	"encoding/json"
	"fmt"
	"gamelab/kernel/builtin"
	"io"
	"maps"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gamelab/gameio"
	"gamelab/kernel/display"
	"gamelab/kernel/printer"
)

func init() {
	register(&builtin.Builtin{
		Name:      "show",
		Signature: `show(x)`,
		Doc: `Displays x in the cell's output: its text in a terminal, its picture in Jupyter. A ` +
			`result shows its picture with the plan or best move marked, then its summary. Returns nil.`,
		Example: `show(solve(polygon("* -5 + -2 * -8 * -5 + 8")))`,
		Returns: []any{nil},
		Fn:      fnShow,
	})
	register(&builtin.Builtin{
		Name:      "save",
		Signature: `save(x, file)`,
		Doc: `Writes x's picture to file: SVG when the name ends in .svg, the text drawing when it ` +
			`ends in .txt, whole however large. A relative name is relative to the current directory. Returns the file name.`,
		Example: `save(polygon("* -5 + -2 * -8 * -5 + 8"), "ring.svg")`,
		Returns: []any{""},
		Fn:      fnSave,
	})
	register(&builtin.Builtin{
		Name:      "plot",
		Signature: `plot(values) / plot(labels, values) / plot(polygon result) / plot(analysis)`,
		Doc: `A bar chart of numbers, labelled 1..n or by labels; a polygon result plots its scores by ` +
			`first edge; an analysis plots the value along its line, marking every move that lost points. ` +
			`Handy for sweeps: plot(-3..3, map(-3..3, solve(setv(p, 1, #)).best)).`,
		Example: `plot([168, 480, 488, 488, 120])`,
		Returns: []any{&Chart{}, &LinePlot{}},
		Fn:      fnPlot,
	})
	register(&builtin.Builtin{
		Name:      "json",
		Signature: `json(x)`,
		Doc: `x as one line of JSON, numbers exact: a result as the batch commands' --format json prints it ` +
			`(n, scores, best, optimal, first, merges / n, best, second, diff, moves / n, player, ` +
			`best, moves), a game value as its fields, arrays, maps and numbers as themselves.`,
		Example: `json(solve(coins([10, 80, 90, 30])))`,
		Returns: []any{""},
		Fn:      fnJSON,
	})
	register(&builtin.Builtin{
		Name:      "text",
		Signature: `text(x)`,
		Doc:       `x's text drawing (what the REPL prints for it) as a string; for a value too large to draw on a screen, the whole drawing the REPL leaves out.`,
		Example:   `text(coins([10, 80, 90, 30]))`,
		Returns:   []any{""},
		Fn:        fnText,
	})
	register(&builtin.Builtin{
		Name:      "svg",
		Signature: `svg(x)`,
		Doc:       `x's picture as an SVG string, whole however large; an error for a value without a picture.`,
		Example:   `svg(coins([10, 80, 90, 30]))`,
		Returns:   []any{""},
		Fn:        fnSVG,
	})
}

// Format renders any value as a terminal shows it, whole (printer.Text):
// what print, text and save write.
func Format(x any) string { return printer.Text(x) }

// The limits of a summarised value (see printer.Shown).
const (
	MaxShownItems = printer.MaxShownItems
	CutItems      = printer.CutItems
	EdgeItems     = printer.EdgeItems
)

// FormatShown is Format for a value shown as a result or by show(), in no
// variable (printer.Shown), but for a string, which it writes as it is.
func FormatShown(x any) string {
	if s, ok := x.(string); ok {
		return s
	}
	return printer.Shown(x, "")
}

// formatValue writes a plain value whole; strings inside lists and maps
// are quoted (printer.Literal).
func formatValue(x any) string { return printer.Literal(x) }

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }

func fnShow(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := unpack("show", args, "x", &x); err != nil {
		return nil, err
	}
	text := FormatShown(x)
	if p, ok := x.(pictureTexter); ok {
		pic := render(func(w io.Writer) error { return p.writePicture(w, false) })
		text = strings.TrimRight(pic, "\n") + "\n" + text
	}
	svg := ""
	if p, ok := x.(builtin.Pictured); ok && env.Pictures {
		svg = p.SVG()
	}
	env.Show(text, svg)
	return nil, nil
}

func fnSave(env *builtin.Env, args ...any) (any, error) {
	var x any
	var file string
	if err := unpack("save", args, "x", &x, "file", &file); err != nil {
		return nil, err
	}
	// The whole drawing, however large, streams to the file.
	var write func(w io.Writer) error
	switch ext := strings.ToLower(filepath.Ext(file)); ext {
	case ".svg":
		p, ok := x.(svger)
		if !ok {
			return nil, builtin.ArgError("save", 1, "x", "has no picture (a %s); save a polygon, coins, board, result, trace, heat map or plot", typeName(x))
		}
		write = func(w io.Writer) error { return p.writeSVG(w, true) }
	case ".txt":
		write = func(w io.Writer) error {
			if p, ok := x.(pictureTexter); ok {
				if err := p.writePicture(w, true); err != nil {
					return err
				}
			}
			return writeFullText(w, x)
		}
	default:
		return nil, builtin.ArgError("save", 2, "file", "must end in .svg or .txt, got %q", file)
	}
	if err := writeFile(file, write); err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	return file, nil
}

// writeFile writes a file through a buffer, reporting the first error of
// writing, flushing or closing.
func writeFile(name string, write func(w io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 256<<10)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeFullText writes x's whole text, ending in one newline: a game value
// with nothing left out, anything else as Format writes it.
func writeFullText(w io.Writer, x any) error {
	t, ok := x.(texter)
	if !ok {
		return writeString(w, Format(x)+"\n")
	}
	// Text drawings end in one newline already; Format trims it, and the
	// file gets it back.
	return t.writeText(w, true)
}

// Chart is plot(…): a bar chart.
type Chart struct {
	bars display.Bars
}

func (c *Chart) TypeName() string { return "chart" }

// Text draws the bars with block characters (a card when there are too
// many to read).
func (c *Chart) Text() string { return textOf(c, false) }

// SVG draws the bars (a card when there are too many).
func (c *Chart) SVG() string { return svgOf(c, false) }

func (c *Chart) writeText(w io.Writer, full bool) error {
	return drawText(w, c.bars, full, c.card, fmt.Sprintf("more than %d bars", display.MaxTextBars))
}

func (c *Chart) writeSVG(w io.Writer, full bool) error {
	return drawSVG(w, c.bars, full, c.card, fmt.Sprintf("more than %d bars", display.MaxSVGBars))
}

// card stands in for a chart of too many bars: their range.
func (c *Chart) card(why string) display.Card {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range c.bars.Values {
		if !math.IsNaN(v) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	caption := c.bars.Caption
	if caption == "" {
		caption = "chart"
	}
	return card(caption, []string{fmt.Sprintf("%s from %v to %v", count(len(c.bars.Values), "bar", "bars"), lo, hi)}, why,
		`text(x) or save(x, "chart.txt") or save(x, "chart.svg") draws them all`)
}

func fnPlot(env *builtin.Env, args ...any) (any, error) {
	var first, second any
	if err := unpack("plot", args, "values", &first, "values?", &second); err != nil {
		return nil, err
	}
	if a, ok := first.(*Analysis); ok && len(args) == 1 {
		return a.plot(), nil
	}
	if r, ok := first.(*PolygonResult); ok && len(args) == 1 {
		vals, _ := chartValues("plot", 1, r.Scores)
		return &Chart{display.Bars{Labels: edgeLabels(r.N), Values: vals,
			Caption: fmt.Sprintf("best score by first edge (best %s)", r.res.Best),
			XLabel:  "first edge deleted", YLabel: "best final score"}}, nil
	}
	labelArg, valueArg, k := any(nil), first, 1
	if len(args) == 2 {
		labelArg, valueArg, k = first, second, 2
	}
	list, ok := asList(valueArg)
	if !ok {
		return nil, badType("plot", k, "values", "an array of numbers", valueArg)
	}
	vals, err := chartValues("plot", k, list)
	if err != nil {
		return nil, err
	}
	labels := make([]string, len(vals))
	if labelArg == nil {
		for i := range labels {
			labels[i] = fmt.Sprint(i + 1)
		}
	} else {
		ll, ok := asList(labelArg)
		if !ok {
			return nil, badType("plot", 1, "labels", "an array", labelArg)
		}
		if len(ll) != len(vals) {
			return nil, builtin.ArgError("plot", 1, "labels", "must hold one label per value (%d), got %d", len(vals), len(ll))
		}
		for i, l := range ll {
			labels[i] = Format(l)
		}
	}
	return &Chart{display.Bars{Labels: labels, Values: vals}}, nil
}

func edgeLabels(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprint(i + 1)
	}
	return out
}

// chartValues converts numbers for a chart. Bars are drawn to a pixel, so a
// big integer's nearest float is exact enough; the labels carry no values.
func chartValues(fn string, k int, list []any) ([]float64, error) {
	if len(list) == 0 {
		return nil, builtin.ArgError(fn, k, "values", "is empty: nothing to plot")
	}
	out := make([]float64, len(list))
	for i, x := range list {
		switch v := x.(type) {
		case float64:
			out[i] = v
			continue
		case float32:
			out[i] = float64(v)
			continue
		}
		b, msg := toBig(x)
		if msg != "" {
			return nil, builtin.ArgError(fn, k, "values", "element %d must be a number, got %s", i+1, typeName(x))
		}
		out[i], _ = new(big.Float).SetInt(b).Float64()
	}
	return out, nil
}

// jsonValued is implemented by the game values and results: the object
// json() writes. A result's object is the batch commands' --format json,
// written by gameio alone so the two cannot drift apart.
type jsonValued interface{ jsonValue() any }

// JSONValue is x ready for encoding/json: every game value and result in
// it, at any depth of lists and maps, replaced by its JSON object, so
// json([solve(c)]) writes the same keys as json(solve(c)).
func JSONValue(x any) any {
	switch v := x.(type) {
	case jsonValued:
		return v.jsonValue()
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = JSONValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = JSONValue(e)
		}
		return out
	}
	return x
}

func fnJSON(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := unpack("json", args, "x", &x); err != nil {
		return nil, err
	}
	x = JSONValue(x)
	out, err := json.Marshal(x)
	if err != nil {
		return nil, fmt.Errorf("json: %s cannot be written as JSON: %w", typeName(x), err)
	}
	return string(out), nil
}

func (p *Polygon) jsonValue() any {
	return struct {
		N      int    `json:"n"`
		Ops    string `json:"ops"`
		Values []any  `json:"values"`
	}{p.N, p.Ops, p.Values}
}

func (c *Coins) jsonValue() any {
	return struct {
		N      int   `json:"n"`
		Values []any `json:"values"`
	}{c.N, c.Values}
}

func (b *Board) jsonValue() any {
	return struct {
		N    int     `json:"n"`
		Rows [][]int `json:"rows"`
	}{b.N, b.Rows}
}

func (r *PolygonResult) jsonValue() any {
	return json.RawMessage(gameio.AppendPolygonJSON(nil, r.res))
}

func (r *CoinsResult) jsonValue() any {
	return json.RawMessage(gameio.AppendCoinsJSON(nil, r.res))
}

func (r *LifelineResult) jsonValue() any {
	return json.RawMessage(gameio.AppendLifelineJSON(nil, r.res))
}

func fnText(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := unpack("text", args, "x", &x); err != nil {
		return nil, err
	}
	if t, ok := x.(texter); ok {
		return strings.TrimRight(textOf(t, true), "\n"), nil
	}
	return Format(x), nil
}

func fnSVG(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := unpack("svg", args, "x", &x); err != nil {
		return nil, err
	}
	p, ok := x.(svger)
	if !ok {
		return nil, builtin.ArgError("svg", 1, "x", "has no picture (a %s)", typeName(x))
	}
	return svgOf(p, true), nil
}

func (t *PolygonTrace) jsonValue() any {
	return struct {
		Steps []map[string]any `json:"steps"`
	}{t.Steps}
}

func (t *CoinsTrace) jsonValue() any {
	return struct {
		Turns []map[string]any `json:"turns"`
	}{t.Turns}
}

func (t *LifelineTrace) jsonValue() any { return t.Result.jsonValue() }

func (h *Heat) jsonValue() any {
	return struct {
		Player int     `json:"player"`
		Points [][]any `json:"points"`
	}{h.Result.Player, h.Result.Points}
}

func (c *Chart) jsonValue() any {
	return struct {
		Labels []string  `json:"labels"`
		Values []float64 `json:"values"`
	}{c.bars.Labels, c.bars.Values}
}
