package display

import (
	"io"
	"strings"
)

// Limits of a readable drawing. Beyond them a terminal would scroll the text
// away and a notebook would choke on the SVG (a 2000-row board is two
// million vertices, hundreds of megabytes of SVG) while the cells shrink
// below a pixel, so the caller shows a summary instead (a Card); WriteText
// and WriteSVG still draw any size, streaming, for a user who asks.
//
// A game value has one limit, the same for its text and its picture, so a
// terminal and a notebook show the same card for it (a 100000-coin row said
// "more than 500 coins" in a notebook and "more than 200" in a terminal).
// The text sets it: its lines must stay readable in a terminal.
const (
	MaxTextVertices = 200             // Ring.Text: about 40 lines of chain
	MaxSVGVertices  = MaxTextVertices // Ring.SVG (arcs still a dozen pixels long up to 500)
	MaxTextCoins    = 200             // Row.Text: about 50 lines of boxes
	MaxSVGCoins     = MaxTextCoins    // Row.SVG: about 12 lines of discs
	MaxTextRows     = 50              // Triangle.Text: 100 columns in the compact layout
	MaxGridCells    = 24              // Grid: a DP table drawn with its numbers, rows and columns
	MaxSVGRows      = MaxTextRows     // Triangle.SVG: 1275 vertices
	MaxTextBars     = 200             // Bars.Text: one line a bar
	MaxSVGBars      = 2000            // Bars.SVG: bars a third of a pixel wide at most
	// MaxTextChars bounds the digits of a ring's or row's values in its
	// text, which prints every value whole: 80 full lines.
	MaxTextChars = 8000
)

// valueChars counts the characters of values, stopping once past the limit.
func valueChars(values []string) int {
	k := 0
	for _, v := range values {
		if k += len(v); k > MaxTextChars {
			break
		}
	}
	return k
}

// TextFits reports whether Text is short enough to show as it is.
func (x Ring) TextFits() bool {
	return len(x.Values) <= MaxTextVertices && valueChars(x.Values) <= MaxTextChars
}

// SVGFits reports whether SVG is small enough to show as it is.
func (x Ring) SVGFits() bool { return len(x.Values) <= MaxSVGVertices }

// TextFits reports whether Text is short enough to show as it is.
func (x Row) TextFits() bool {
	return len(x.Coins) <= MaxTextCoins && valueChars(x.Coins) <= MaxTextChars
}

// SVGFits reports whether SVG is small enough to show as it is.
func (x Row) SVGFits() bool { return len(x.Coins) <= MaxSVGCoins }

// TextFits reports whether Text is short enough to show as it is.
func (x Triangle) TextFits() bool { return x.N <= MaxTextRows }

// SVGFits reports whether SVG is small enough to show as it is.
func (x Triangle) SVGFits() bool { return x.N <= MaxSVGRows }

// TextFits reports whether Text is short enough to show as it is.
func (x Bars) TextFits() bool { return len(x.Values) <= MaxTextBars }

// SVGFits reports whether SVG is small enough to show as it is.
func (x Bars) SVGFits() bool { return len(x.Values) <= MaxSVGBars }

// WriteText writes Text's drawing to w.
func (x Ring) WriteText(w io.Writer) error { return writeString(w, x.Text()) }

// WriteText writes Text's drawing to w.
func (x Row) WriteText(w io.Writer) error { return writeString(w, x.Text()) }

// A Checker is a writer that a drawing's long loops, which write nothing
// for a while (measuring ten million labels), ask whether to stop: the
// games' writers check the cell's meter, which panics with the cell's
// error when it was interrupted or went over its memory budget.
type Checker interface {
	Check()
}

// checker is the check of w, when it is a Checker, for a loop to call
// with its index: it checks every 65536 items, a millisecond's work.
func checker(w io.Writer) func(i int) {
	c, ok := w.(Checker)
	if !ok {
		return func(int) {}
	}
	return func(i int) {
		if i&0xffff == 0xffff {
			c.Check()
		}
	}
}

func writeString(w io.Writer, s string) error {
	_, err := io.WriteString(w, s)
	return err
}

// Card is what stands in for a drawing too large to show: a caption and a
// few lines saying what the value is and how to see more.
type Card struct {
	Caption string
	Lines   []string
}

// Text is the caption and the lines.
func (c Card) Text() string {
	lines := c.Lines
	if c.Caption != "" {
		lines = append([]string{c.Caption}, lines...)
	}
	return strings.Join(lines, "\n") + "\n"
}

// SVG is a small picture of the same text, so a notebook shows the summary
// where the drawing would be.
func (c Card) SVG() string { return render(c.WriteSVG) }

// WriteSVG writes SVG's picture to w.
func (c Card) WriteSVG(w io.Writer) error {
	const lineH, font = 18.0, 12.0
	W := max(240, textWidth(c.Caption, 14)+24)
	for _, l := range c.Lines {
		W = min(max(W, textWidth(l, font)+24), 960)
	}
	top := 12.0
	if c.Caption != "" {
		top = 42
	}
	d := newSVG(w, W, top+float64(len(c.Lines))*lineH+6)
	d.printf(`<rect x="1" y="1" width="%s" height="%s" fill="none" stroke="%s" stroke-dasharray="4 3"/>`+"\n",
		num(W-2), num(top+float64(len(c.Lines))*lineH+4), lattice)
	if c.Caption != "" {
		d.text(12, 24, 14, `font-weight="bold" fill="`+ink+`"`, c.Caption)
	}
	for i, l := range c.Lines {
		d.text(12, top+float64(i)*lineH+lineH/2, font, `dy="0.35em" fill="`+ink+`"`, l)
	}
	return d.end()
}
