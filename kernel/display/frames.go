package display

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Frames is small multiples: one small picture per step of a game, each
// labelled ("step 1", "step 2", …), laid out in rows no wider than about
// 1000 pixels. A long game keeps its first and last steps; Omitted says
// how many steps between them are left out.
type Frames struct {
	Caption string
	Frames  []Frame
	// Omitted steps are left out before Frames[Gap].
	Omitted, Gap int
	Notes        []string // lines under the frames
}

// Frame is one step: its label and its picture.
type Frame struct {
	Label string
	Pic   Drawing
}

// Drawing is what a frame can hold: any picture of this package.
type Drawing interface {
	Text() string
	WriteSVG(w io.Writer) error
}

// Lazy is a drawing made each time it is drawn: the frames of a long trace
// (200 rows of 20000 coins) are made one at a time, not all first.
type Lazy func() Drawing

func (l Lazy) Text() string               { return l().Text() }
func (l Lazy) WriteSVG(w io.Writer) error { return l().WriteSVG(w) }

// Layout of the frames: each picture is scaled to fit a cell of at most
// frameW × frameH pixels (never enlarged), but never below minFrameScale,
// so that its 11–12 px text stays readable (a coin row scaled to fit 310
// pixels drew its text 7 px high), unless it is wider than framesW; rows
// hold as many cells as fit in framesW.
const (
	frameW, frameH = 310.0, 300.0
	minFrameScale  = 0.85
	framesW        = 1000.0
	frameGap       = 14.0
	frameLabelH    = 22.0
)

// frameScale is how much a frame of w × h pixels is scaled.
func frameScale(w, h float64) float64 {
	return min(1, max(min(frameW/w, frameH/h), minFrameScale), (framesW-24)/w)
}

// gapNote says how many steps are not drawn.
func (x Frames) gapNote() string {
	return fmt.Sprintf("… %s not shown …", plural(x.Omitted, "step", "steps"))
}

// Text writes each step's label and text drawing in turn.
func (x Frames) Text() string {
	var b strings.Builder
	if x.Caption != "" {
		b.WriteString(x.Caption + "\n")
	}
	for i, f := range x.Frames {
		if x.Omitted > 0 && i == x.Gap {
			b.WriteString("\n" + x.gapNote() + "\n")
		}
		b.WriteString("\n" + f.Label + "\n" + f.Pic.Text())
	}
	for _, n := range x.Notes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

// SVG lays the frames out in rows, each under its label.
func (x Frames) SVG() string { return render(x.WriteSVG) }

// WriteSVG writes SVG's picture to w. It draws each frame twice, once for
// its size (the layout needs all of them first) and once to write it, so
// that it holds one frame at a time: a trace of 200 frames of 20000 coins
// each is 800 MB of SVG, which a first version held whole before writing
// any. Each frame checks w (a Checker) before it is drawn.
func (x Frames) WriteSVG(w io.Writer) error {
	type cell struct {
		label    string
		pic      Drawing // nil for the gap
		w, h     float64
		scale    float64
		x, y, cw float64
	}
	check := func() {
		if c, ok := w.(Checker); ok {
			c.Check()
		}
	}
	var cells []cell
	for i, f := range x.Frames {
		if x.Omitted > 0 && i == x.Gap {
			cells = append(cells, cell{label: x.gapNote(), w: 160, h: 60, scale: 1})
		}
		check()
		fw, fh := svgSize(svgHead(f.Pic))
		cells = append(cells, cell{label: f.Label, pic: f.Pic, w: fw, h: fh, scale: frameScale(fw, fh)})
	}
	// Rows: cells left to right while they fit; each row as high as its
	// tallest cell. The caption goes over them, on as many lines as it
	// takes (it is said nowhere else); the rows move down under it.
	cx, cy, rowH, W := 12.0, 0.0, 0.0, 0.0
	for i := range cells {
		c := &cells[i]
		c.cw = max(c.w*c.scale, textWidth(c.label, 12))
		if cx > 12 && cx+c.cw > framesW {
			cx, cy, rowH = 12, cy+rowH+frameGap, 0
		}
		c.x, c.y = cx, cy
		cx += c.cw + frameGap
		rowH = max(rowH, frameLabelH+c.h*c.scale)
		W = max(W, cx)
	}
	W = max(W, titleWidth(x.Caption))
	top := 12.0
	if x.Caption != "" {
		top = 40 + 20*float64(len(wrappedLines(x.Caption, W))-1)
	}
	for i := range cells {
		cells[i].y += top
	}
	cy += top
	H := cy + rowH + 16 + float64(len(x.Notes))*18
	d := newSVG(w, W, H)
	d.wrappedTitle(W, x.Caption)
	for _, c := range cells {
		d.text(c.x, c.y+14, 12, `font-weight="bold" fill="`+ink+`"`, c.label)
		if c.pic == nil {
			continue
		}
		check()
		d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s"/>`+"\n",
			num(c.x-1), num(c.y+frameLabelH-1), num(c.w*c.scale+2), num(c.h*c.scale+2), lattice)
		d.b.WriteString(embed(render(c.pic.WriteSVG), c.x, c.y+frameLabelH, c.w*c.scale, c.h*c.scale))
	}
	for i, n := range x.Notes {
		d.text(12, cy+rowH+20+float64(i)*18, 12, `fill="`+ink+`"`, n)
	}
	return d.end()
}

// svgHead is the opening of pic's SVG document, its <svg …> tag with its
// size: the drawing is stopped once its first chunk is written, so a
// frame of 20000 coins costs a chunk's work here, not the whole drawing's.
func svgHead(pic Drawing) (head string) {
	h := &headWriter{}
	defer func() {
		if r := recover(); r != nil && r != errEnough {
			panic(r) // the cell's stop (a Checker's panic), or a bug
		}
		head = string(h.b)
	}()
	_ = pic.WriteSVG(h)
	return
}

// headWriter keeps what is written until it holds the first tag, then
// stops the drawing by panicking with errEnough (a drawing does not look
// at its writes' errors until it ends).
type headWriter struct{ b []byte }

var errEnough = errors.New("the head is written")

func (h *headWriter) Write(p []byte) (int, error) {
	h.b = append(h.b, p...)
	if bytes.IndexByte(h.b, '>') >= 0 {
		panic(errEnough)
	}
	return len(p), nil
}

// svgSize reads the width and height of a document this package wrote.
func svgSize(doc string) (w, h float64) {
	attr := func(name string) float64 {
		i := strings.Index(doc, name+`="`)
		if i < 0 {
			return 1
		}
		rest := doc[i+len(name)+2:]
		v, _ := strconv.ParseFloat(rest[:strings.IndexByte(rest, '"')], 64)
		return max(v, 1)
	}
	return attr("width"), attr("height")
}

// embed turns a standalone document into a nested <svg> drawn at (x, y) in
// w × h pixels: its viewBox stays, so the browser scales it.
func embed(doc string, x, y, w, h float64) string {
	end := strings.IndexByte(doc, '>')
	open := doc[:end]
	i := strings.Index(open, ` width="`)
	j := strings.Index(open, ` viewBox="`)
	return open[:i] + fmt.Sprintf(` x="%s" y="%s" width="%s" height="%s"`, num(x), num(y), num(w), num(h)) + open[j:] + doc[end:]
}
