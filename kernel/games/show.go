package games

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/big"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"gamelab/internal/files"
	"gamelab/kernel/builtin"
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
			`ends in .txt, whole however large. A relative name is relative to the current directory; only a regular file is ` +
			`written (a named pipe or a device is refused). Returns the file name. ` +
			`To save the session itself as a script (IPython's %save), save_session(file).`,
		Example: `save(polygon("* -5 + -2 * -8 * -5 + 8"), "ring.svg")`,
		Returns: []any{""},
		Fn:      fnSave,
		Streams: true,
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
			return nil, builtin.ArgError("save", 1, "x", "has no picture (%s); save a polygon, coins, board, result, trace, heat map or plot", builtin.WithArticle(TypeName(x)))
		}
		write = func(w io.Writer) error { return p.WriteSVG(w, true) }
	case ".txt":
		write = func(w io.Writer) error {
			if p, ok := x.(PictureTexter); ok {
				if err := p.WritePicture(w, true); err != nil {
					return err
				}
			}
			return writeFullText(w, x, env.Meter)
		}
	default:
		return nil, builtin.ArgError("save", 2, "file", "must end in .svg or .txt, got %q", file)
	}
	if err := writeFile(env, file, write); err != nil {
		var be *builtin.Error
		if errors.As(err, &be) || env.Ctx.Err() != nil {
			return nil, err // the cell's stop: an interrupt or the budget
		}
		return nil, builtin.ArgError("save", 2, "file", "cannot be written: %s", files.Why(err))
	}
	return file, nil
}

// writeFile writes a regular file (files.Create: a named pipe or a device
// is refused, so nothing blocks) through a buffer, checking the cell
// between chunks, and reports the first error of writing, flushing or
// closing.
func writeFile(env *builtin.Env, name string, write func(w io.Writer) error) error {
	if runtime.GOOS == "js" {
		return fmt.Errorf("the web page has no files to write %s to; its output has a link that saves a picture", name)
	}
	f, err := files.Create(name)
	if err != nil {
		return err
	}
	bw := fileWriter{bufio.NewWriterSize(checkedWriter{f, env.Meter}, 256<<10), env.Meter}
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkedWriter checks the cell's meter (nil: never) before each write: a
// drawing of hundreds of megabytes stops within a chunk of an interrupt.
type checkedWriter struct {
	w io.Writer
	m builtin.Meter
}

func (c checkedWriter) Write(p []byte) (int, error) {
	c.Check()
	return c.w.Write(p)
}

// Check checks the cell (display.Checker: a drawing's long loops ask).
func (c checkedWriter) Check() {
	if c.m != nil {
		c.m.Check()
	}
}

// fileWriter is the buffer a file is written through, which a drawing's
// long loops can ask to check the cell.
type fileWriter struct {
	*bufio.Writer
	m builtin.Meter
}

func (w fileWriter) Check() { checkedWriter{nil, w.m}.Check() }

// writeFullText writes x's whole text, ending in one newline: a game value
// with nothing left out, anything else as Format writes it, a chunk at a
// time under the meter m.
func writeFullText(w io.Writer, x any, m builtin.Meter) error {
	t, ok := x.(Texter)
	if !ok {
		if err := printer.Write(w, x, m); err != nil {
			return err
		}
		return WriteString(w, "\n")
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
	vals, texts, err := chartNumbers(env.Meter, "plot", k, valueArg)
	if err != nil {
		return nil, err
	}
	var labels []string // none: the bars are numbered 1..n as they are drawn
	if labelArg != nil {
		ll, ok := AsList(labelArg)
		if !ok {
			return nil, BadType("plot", 1, "labels", "an array", labelArg)
		}
		if len(ll) != len(vals) {
			return nil, builtin.ArgError("plot", 1, "labels", "must hold one label per value (%d), got %d", len(vals), len(ll))
		}
		labels = make([]string, len(ll))
		for i, l := range ll {
			poll(env.Meter, i)
			labels[i] = Format(l)
		}
	}
	return &Chart{display.Bars{Labels: labels, Values: vals, Texts: texts}}, nil
}

// poll checks the cell (m, when set) every 65536 items of a loop.
func poll(m builtin.Meter, i int) {
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
	return chartNumbers(nil, fn, k, list)
}

// maxExactInt is 2^53: every integer up to it is a float exactly, and a
// float's text writes it in digits.
var maxExactInt = big.NewInt(1 << 53)

// chartNumbers is ChartData of any list, a range's []int without boxing
// it, polling m (nil: never).
func chartNumbers(m builtin.Meter, fn string, k int, arg any) (vals []float64, texts []string, err error) {
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
		poll(m, i)
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
	if m := reflect.ValueOf(x); m.Kind() == reflect.Map && m.Type().Key().Kind() != reflect.String {
		// A map keyed by any value (groupBy's): JSON's keys are strings, so
		// each key is written as print writes it.
		out := make(map[string]any, m.Len())
		for it := m.MapRange(); it.Next(); {
			out[Format(it.Key().Interface())] = JSONValue(it.Value().Interface())
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
	out, err := printer.JSON(JSONValue(x), "", env.Meter)
	if err != nil {
		return nil, fmt.Errorf("json: %s cannot be written as JSON: %v", TypeName(x), err)
	}
	return out, nil
}

func fnText(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := Unpack("text", args, "x", &x); err != nil {
		return nil, err
	}
	if t, ok := x.(Texter); ok {
		return strings.TrimRight(RenderIn(env, func(w io.Writer) error { return t.WriteText(w, true) }), "\n"), nil
	}
	return printer.TextOf(x, env.Meter), nil
}

func fnSVG(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := Unpack("svg", args, "x", &x); err != nil {
		return nil, err
	}
	p, ok := x.(SVGer)
	if !ok {
		return nil, builtin.ArgError("svg", 1, "x", "has no picture (%s)", builtin.WithArticle(TypeName(x)))
	}
	return RenderIn(env, func(w io.Writer) error { return p.WriteSVG(w, true) }), nil
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
