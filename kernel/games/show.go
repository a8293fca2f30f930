package games

import (
	"bufio"
	"encoding/json"
	"fmt"
	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
	"io"
	"maps"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"gamelab/kernel/display"
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
			`ends in .txt, whole however large. A relative name is relative to the current directory. Returns the file name. ` +
			`To save the session itself as a script (IPython's %save), save_session(file).`,
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

// FormatValue writes a plain value whole; strings inside lists and maps
// are quoted (printer.Literal).
func FormatValue(x any) string { return printer.Literal(x) }

// SortedKeys are m's keys in order.
func SortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func fnShow(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := Unpack("show", args, "x", &x); err != nil {
		return nil, err
	}
	text := FormatShown(x)
	if p, ok := x.(PictureTexter); ok {
		pic := Render(func(w io.Writer) error { return p.WritePicture(w, false) })
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
	if err := Unpack("save", args, "x", &x, "file", &file); err != nil {
		return nil, err
	}
	// The whole drawing, however large, streams to the file.
	var write func(w io.Writer) error
	switch ext := strings.ToLower(filepath.Ext(file)); ext {
	case ".svg":
		p, ok := x.(SVGer)
		if !ok {
			return nil, builtin.ArgError("save", 1, "x", "has no picture (a %s); save a polygon, coins, board, result, trace, heat map or plot", TypeName(x))
		}
		write = func(w io.Writer) error { return p.WriteSVG(w, true) }
	case ".txt":
		write = func(w io.Writer) error {
			if p, ok := x.(PictureTexter); ok {
				if err := p.WritePicture(w, true); err != nil {
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
	if runtime.GOOS == "js" {
		return fmt.Errorf("the web page has no files to write %s to; its output has a link that saves a picture", name)
	}
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
	t, ok := x.(Texter)
	if !ok {
		return WriteString(w, Format(x)+"\n")
	}
	// Text drawings end in one newline already; Format trims it, and the
	// file gets it back.
	return t.WriteText(w, true)
}

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
	return MakeCard(caption, []string{fmt.Sprintf("%s from %v to %v", Count(len(c.bars.Values), "bar", "bars"), lo, hi)}, why,
		`text(x) or save(x, "chart.txt") or save(x, "chart.svg") draws them all`)
}

func fnPlot(env *builtin.Env, args ...any) (any, error) {
	var first, second any
	if err := Unpack("plot", args, "values", &first, "values?", &second); err != nil {
		return nil, err
	}
	if a, ok := first.(*Analysis); ok && len(args) == 1 {
		return a.plot(), nil
	}
	if p, ok := first.(Plottable); ok && len(args) == 1 {
		return p.Plot()
	}
	labelArg, valueArg, k := any(nil), first, 1
	if len(args) == 2 {
		labelArg, valueArg, k = first, second, 2
	}
	list, ok := AsList(valueArg)
	if !ok {
		return nil, BadType("plot", k, "values", "an array of numbers", valueArg)
	}
	vals, err := ChartValues("plot", k, list)
	if err != nil {
		return nil, err
	}
	labels := make([]string, len(vals))
	if labelArg == nil {
		for i := range labels {
			labels[i] = fmt.Sprint(i + 1)
		}
	} else {
		ll, ok := AsList(labelArg)
		if !ok {
			return nil, BadType("plot", 1, "labels", "an array", labelArg)
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

// NewChart is the chart that draws bars.
func NewChart(bars display.Bars) *Chart { return &Chart{bars} }

// Labels1 labels n bars 1..n.
func Labels1(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprint(i + 1)
	}
	return out
}

// ChartValues converts numbers for a chart. Bars are drawn to a pixel, so a
// big integer's nearest float is exact enough; the labels carry no values.
func ChartValues(fn string, k int, list []any) ([]float64, error) {
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
		b, msg := ToBig(x)
		if msg != "" {
			return nil, builtin.ArgError(fn, k, "values", "element %d must be a number, got %s", i+1, TypeName(x))
		}
		out[i], _ = new(big.Float).SetInt(b).Float64()
	}
	return out, nil
}

// JSONValued is implemented by the game values and results: the object
// json() writes. A result's object is the batch commands' --format json,
// written by gameio alone so the two cannot drift apart.
type JSONValued interface{ JSONValue() any }

// JSONValue is x ready for encoding/json: every game value and result in
// it, at any depth of lists and maps, replaced by its JSON object, so
// json([solve(c)]) writes the same keys as json(solve(c)).
func JSONValue(x any) any {
	switch v := x.(type) {
	case JSONValued:
		return v.JSONValue()
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
	if err := Unpack("json", args, "x", &x); err != nil {
		return nil, err
	}
	x = JSONValue(x)
	out, err := json.Marshal(x)
	if err != nil {
		return nil, fmt.Errorf("json: %s cannot be written as JSON: %w", TypeName(x), err)
	}
	return string(out), nil
}

func fnText(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := Unpack("text", args, "x", &x); err != nil {
		return nil, err
	}
	if t, ok := x.(Texter); ok {
		return strings.TrimRight(TextOf(t, true), "\n"), nil
	}
	return Format(x), nil
}

func fnSVG(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := Unpack("svg", args, "x", &x); err != nil {
		return nil, err
	}
	p, ok := x.(SVGer)
	if !ok {
		return nil, builtin.ArgError("svg", 1, "x", "has no picture (a %s)", TypeName(x))
	}
	return SVGOf(p, true), nil
}

func (c *Chart) JSONValue() any {
	return struct {
		Labels []string  `json:"labels"`
		Values []float64 `json:"values"`
	}{c.bars.Labels, c.bars.Values}
}
