package tools

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"

	"gamelab/internal/files"
	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
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
			`ends in .txt, json(x) when it ends in .json; whole however large, a chunk at a time (a table too large to hold as a string ` +
			`in the memory budget is saved within it). A relative name is relative to the current directory; only a regular file is ` +
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
		Returns: []any{&kit.Chart{}, &LinePlot{}},
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
		Streams: true, // printer.Render counts the text before making it
	})
	register(&builtin.Builtin{
		Name:      "text",
		Signature: `text(x)`,
		Doc:       `x's text drawing (what the REPL prints for it) as a string; for a value too large to draw on a screen, the whole drawing the REPL leaves out.`,
		Example:   `text(coins([10, 80, 90, 30]))`,
		Returns:   []any{""},
		Fn:        fnText,
		Streams:   true, // printer.Render counts the text before making it
	})
	register(&builtin.Builtin{
		Name:      "svg",
		Signature: `svg(x)`,
		Doc:       `x's picture as an SVG string, whole however large; an error for a value without a picture.`,
		Example:   `svg(coins([10, 80, 90, 30]))`,
		Returns:   []any{""},
		Fn:        fnSVG,
		Streams:   true, // printer.Render counts the text before making it
	})
}

func fnShow(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := kit.Unpack("show", args, "x", &x); err != nil {
		return nil, err
	}
	text := kit.FormatShown(x)
	if p, ok := x.(kit.PictureTexter); ok {
		pic := kit.Render(func(w io.Writer) error { return p.WritePicture(w, false) })
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
	if err := kit.Unpack("save", args, "x", &x, "file", &file); err != nil {
		return nil, err
	}
	// The whole drawing, however large, streams to the file.
	var write func(w io.Writer) error
	switch ext := strings.ToLower(filepath.Ext(file)); ext {
	case ".svg":
		p, ok := x.(kit.SVGer)
		if !ok {
			return nil, builtin.ArgError("save", 1, "x", "has no picture (%s); save a polygon, coins, board, result, trace, heat map or plot", builtin.WithArticle(kit.TypeName(x)))
		}
		write = func(w io.Writer) error { return p.WriteSVG(w, true) }
	case ".txt":
		write = func(w io.Writer) error {
			if p, ok := x.(kit.PictureTexter); ok {
				if err := p.WritePicture(w, true); err != nil {
					return err
				}
			}
			return writeFullText(w, x, env.Meter)
		}
	case ".json":
		write = func(w io.Writer) error {
			err := printer.WriteJSON(w, x, "", env.Meter)
			if nj := (*printer.NotJSON)(nil); errors.As(err, &nj) {
				return builtin.ArgError("save", 1, "x", "(%s) cannot be written as JSON: %v", builtin.WithArticle(kit.TypeName(x)), nj.Err)
			} else if err != nil {
				return err
			}
			return kit.WriteString(w, "\n")
		}
	default:
		return nil, builtin.ArgError("save", 2, "file", "must end in .svg, .txt or .json, got %q", file)
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
	t, ok := x.(kit.Texter)
	if !ok {
		if err := printer.Write(w, x, m); err != nil {
			return err
		}
		return kit.WriteString(w, "\n")
	}
	// Text drawings end in one newline already; Format trims it, and the
	// file gets it back.
	return t.WriteText(w, true)
}

func fnPlot(env *builtin.Env, args ...any) (any, error) {
	var first, second any
	if err := kit.Unpack("plot", args, "values", &first, "values?", &second); err != nil {
		return nil, err
	}
	if a, ok := first.(*Analysis); ok && len(args) == 1 {
		return a.plot(), nil
	}
	if p, ok := first.(games.Plottable); ok && len(args) == 1 {
		return p.Plot()
	}
	labelArg, valueArg, k := any(nil), first, 1
	if len(args) == 2 {
		labelArg, valueArg, k = first, second, 2
	}
	vals, texts, err := kit.ChartNumbers(env.Meter, "plot", k, valueArg)
	if err != nil {
		return nil, err
	}
	var labels []string // none: the bars are numbered 1..n as they are drawn
	if labelArg != nil {
		ll, ok := kit.AsList(labelArg)
		if !ok {
			return nil, kit.BadType("plot", 1, "labels", "an array", labelArg)
		}
		if len(ll) != len(vals) {
			return nil, builtin.ArgError("plot", 1, "labels", "must hold one label per value (%d), got %d", len(vals), len(ll))
		}
		labels = make([]string, len(ll))
		for i, l := range ll {
			kit.Poll(env.Meter, i)
			labels[i] = kit.Format(l)
		}
	}
	return kit.NewChart(display.Bars{Labels: labels, Values: vals, Texts: texts}), nil
}

func fnJSON(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := kit.Unpack("json", args, "x", &x); err != nil {
		return nil, err
	}
	out, err := printer.JSON(x, "", env.Meter) // each game value's JSONValue asked as it is written
	var tl *printer.TooLarge
	switch {
	case errors.As(err, &tl):
		return nil, printer.MemoryError(err, "json", env.Headroom(), `save(x, "x.json") writes it to a file a chunk at a time`)
	case err != nil:
		return nil, fmt.Errorf("json: %s cannot be written as JSON: %v", kit.TypeName(x), err)
	}
	return out, nil
}

func fnText(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := kit.Unpack("text", args, "x", &x); err != nil {
		return nil, err
	}
	var text string
	var err error
	if t, ok := x.(kit.Texter); ok {
		text, err = kit.RenderIn(env, func(w io.Writer) error { return t.WriteText(w, true) })
	} else {
		text, err = printer.TextOf(x, env.Meter)
	}
	return strings.TrimRight(text, "\n"), printer.MemoryError(err, "text", env.Headroom(), `save(x, "x.txt") writes it to a file a chunk at a time`)
}

func fnSVG(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := kit.Unpack("svg", args, "x", &x); err != nil {
		return nil, err
	}
	p, ok := x.(kit.SVGer)
	if !ok {
		return nil, builtin.ArgError("svg", 1, "x", "has no picture (%s)", builtin.WithArticle(kit.TypeName(x)))
	}
	svg, err := kit.RenderIn(env, func(w io.Writer) error { return p.WriteSVG(w, true) })
	return svg, printer.MemoryError(err, "svg", env.Headroom(), `save(x, "x.svg") writes it to a file a chunk at a time`)
}
