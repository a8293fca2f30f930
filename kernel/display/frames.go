package display

import (
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

// WriteSVG writes SVG's picture to w.
func (x Frames) WriteSVG(w io.Writer) error {
	type cell struct {
		label    string
		doc      string // the frame's own SVG document; "" for the gap
		w, h     float64
		scale    float64
		x, y, cw float64
	}
	var cells []cell
	for i, f := range x.Frames {
		if x.Omitted > 0 && i == x.Gap {
			cells = append(cells, cell{label: x.gapNote(), w: 160, h: 60, scale: 1})
		}
		doc := render(f.Pic.WriteSVG)
		fw, fh := svgSize(doc)
		scale := frameScale(fw, fh)
		cells = append(cells, cell{label: f.Label, doc: doc, w: fw, h: fh, scale: scale})
	}
	top := 12.0
	if x.Caption != "" {
		top = 40
	}
	// Rows: cells left to right while they fit; each row as high as its
	// tallest cell.
	cx, cy, rowH, W := 12.0, top, 0.0, 0.0
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
	H := cy + rowH + 10 + float64(len(x.Notes))*18
	d := newSVG(w, W, H)
	if x.Caption != "" {
		d.title(W, x.Caption)
	}
	for _, c := range cells {
		d.text(c.x, c.y+14, 12, `font-weight="bold" fill="`+ink+`"`, c.label)
		if c.doc == "" {
			continue
		}
		d.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s"/>`+"\n",
			num(c.x-1), num(c.y+frameLabelH-1), num(c.w*c.scale+2), num(c.h*c.scale+2), lattice)
		d.b.WriteString(embed(c.doc, c.x, c.y+frameLabelH, c.w*c.scale, c.h*c.scale))
	}
	for i, n := range x.Notes {
		d.text(12, cy+rowH+14+float64(i)*18, 12, `fill="`+ink+`"`, n)
	}
	return d.end()
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
