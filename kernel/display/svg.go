package display

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Shared look of every picture: a white page, dark ink, generic font families
// (Jupyter and browsers pick what the machine has).
const (
	ink      = "#222222"
	faint    = "#777777"
	lattice  = "#bbbbbb"
	redMark  = "#d62728"
	goldMark = "#f2b600"
	fontSans = "sans-serif"
)

// maxLabel is how many characters of a number a picture shows; longer ones
// end in an ellipsis and keep the full value in a <title> tooltip (the text
// form always prints it whole).
const maxLabel = 12

// svgDoc writes one standalone SVG document, buffered, to any writer: a
// strings.Builder for SVG(), a file for save(). Write errors stick in the
// buffer and come back from end.
type svgDoc struct {
	b       *bufio.Writer
	scratch []byte // for put
}

// newSVG starts a document of w×h pixels with a white background, so the
// picture stays readable on Jupyter's dark themes too.
func newSVG(out io.Writer, w, h float64) *svgDoc {
	d := &svgDoc{b: bufio.NewWriterSize(out, 64<<10)}
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		num(w), num(h), num(w), num(h), fontSans)
	d.printf(`<rect x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", num(w), num(h))
	return d
}

// printf writes markup; every argument must already be safe (numbers, fixed
// names): text content goes through text or esc.
func (d *svgDoc) printf(format string, args ...any) {
	fmt.Fprintf(d.b, format, args...)
}

// put writes markup whose every %s stands for the next of xs, formatted
// as num does, without fmt's allocations: the per-vertex path of a big
// picture.
func (d *svgDoc) put(format string, xs ...float64) {
	for _, x := range xs {
		i := strings.Index(format, "%s")
		d.b.WriteString(format[:i])
		d.scratch = appendNum(d.scratch[:0], x)
		d.b.Write(d.scratch)
		format = format[i+2:]
	}
	d.b.WriteString(format)
}

// text writes a <text> element at (x, y); attrs is extra markup such as
// `text-anchor="middle"`, s is escaped.
func (d *svgDoc) text(x, y, size float64, attrs, s string) {
	d.put(`<text x="%s" y="%s" font-size="%s"`, x, y, size) // no fmt: a big picture has thousands
	if attrs != "" {
		d.b.WriteByte(' ')
		d.b.WriteString(attrs)
	}
	d.b.WriteByte('>')
	d.b.WriteString(esc(s))
	d.b.WriteString("</text>\n")
}

// end closes the document and flushes it; the error is the writer's.
func (d *svgDoc) end() error {
	d.b.WriteString("</svg>\n")
	return d.b.Flush()
}

// render runs a picture's writer into a string.
func render(write func(io.Writer) error) string {
	var b strings.Builder
	_ = write(&b) // a strings.Builder does not fail
	return b.String()
}

// esc escapes s as XML character data.
// Escape is s as text or an attribute's value in SVG or HTML: markup and
// the white space XML would fold as character references. HTML tables
// use it too, rather than the html package, whose entity table (for
// UnescapeString) cost the web page's engine 71 kB.
func Escape(s string) string { return esc(s) }

func esc(s string) string {
	if plainXML(s) {
		return s // the common case, a number or a plain label: no copy
	}
	// As encoding/xml's EscapeText writes it, without linking encoding/xml
	// into the web page's engine: markup and the white space XML would fold
	// as character references, a rune XML does not allow as U+FFFD.
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\t':
			b.WriteString("&#x9;")
		case '\n':
			b.WriteString("&#xA;")
		case '\r':
			b.WriteString("&#xD;")
		default:
			if !xmlRune(r) {
				r = '\uFFFD'
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// xmlRune says XML allows r in character data.
func xmlRune(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF && r != utf8.RuneError ||
		r >= 0xE000 && r <= 0xFFFD && r != utf8.RuneError || r >= 0x10000 && r <= 0x10FFFF
}

// plainXML reports whether esc would leave s as it is: no
// markup characters, no white space it encodes, only runes XML allows.
func plainXML(s string) bool {
	for _, r := range s {
		switch {
		case r == '<' || r == '>' || r == '&' || r == '\'' || r == '"':
			return false
		case r >= 0x20 && r <= 0xD7FF && r != utf8.RuneError, r >= 0xE000 && r <= 0xFFFD && r != utf8.RuneError, r >= 0x10000 && r <= 0x10FFFF:
		default:
			return false
		}
	}
	return true
}

// num formats a coordinate with at most one decimal, the same on every
// machine, so goldens can pin whole documents.
func num(x float64) string { return string(appendNum(nil, x)) }

// appendNum appends num(x) to b.
func appendNum(b []byte, x float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, x, 'f', 1, 64)
	if n := len(b); n >= 2 && b[n-2] == '.' && b[n-1] == '0' {
		b = b[:n-2]
	}
	if string(b[start:]) == "-0" {
		b = append(b[:start], '0')
	}
	return b
}

// short cuts a label to maxLabel characters, ending in "…" when cut.
func short(s string) string {
	if utf8.RuneCountInString(s) <= maxLabel {
		return s
	}
	r := []rune(s)
	return string(r[:maxLabel-1]) + "…"
}

// textWidth estimates the rendered width of s at the given font size; an
// overestimate for digits in common sans-serif fonts, which is the safe side
// for layout.
func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * 0.62
}

// boldWidth is textWidth for bold text.
func boldWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * 0.72
}

// clamp limits x to [lo, hi].
func clamp(x, lo, hi float64) float64 {
	return max(lo, min(hi, x))
}

// runeWidth is the number of terminal columns of s (all our glyphs are
// single-width).
func runeWidth(s string) int { return utf8.RuneCountInString(s) }

// pad centres s in a field of w columns.
func center(s string, w int) string {
	gap := w - runeWidth(s)
	if gap <= 0 {
		return s
	}
	return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
}

// listInts writes up to limit numbers separated by ", ", then "… (k in all)".
func listInts(xs []int, limit int) string {
	var parts []string
	for i, x := range xs {
		if i == limit {
			parts = append(parts, fmt.Sprintf("… (%d in all)", len(xs)))
			break
		}
		parts = append(parts, strconv.Itoa(x))
	}
	return strings.Join(parts, ", ")
}

// canvas is a grid of terminal cells for text drawings that place labels at
// computed columns.
type canvas []rune

// put writes s starting at column col, growing the line as needed.
func (c *canvas) put(col int, s string) {
	if col < 0 {
		col = 0
	}
	for _, r := range s {
		for len(*c) <= col {
			*c = append(*c, ' ')
		}
		(*c)[col] = r
		col++
	}
}

func (c canvas) String() string { return strings.TrimRight(string(c), " ") }

// legendItem is one entry of a picture's legend: a 22-pixel sample drawn
// centred at (x+11, y), and its meaning.
type legendItem struct {
	label  string
	sample func(d *svgDoc, x, y float64)
}

// lineSample draws a short line in the given stroke as a legend sample.
func lineSample(stroke, attrs string) func(d *svgDoc, x, y float64) {
	return func(d *svgDoc, x, y float64) {
		d.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" %s/>`, num(x), num(y), num(x+22), num(y), stroke, attrs)
	}
}

const legendRow = 20.0

func (it legendItem) width() float64 { return 27 + textWidth(it.label, 11) + 14 }

// legendRows counts the rows the items take in a picture w pixels wide.
func legendRows(items []legendItem, w float64) int {
	rows, x := 1, 12.0
	for _, it := range items {
		if x > 12 && x+it.width() > w {
			rows, x = rows+1, 12
		}
		x += it.width()
	}
	return rows
}

// legend draws the items in rows starting at y, wrapping at width w.
func (d *svgDoc) legend(items []legendItem, y, w float64) {
	x := 12.0
	for _, it := range items {
		if x > 12 && x+it.width() > w {
			x, y = 12, y+legendRow
		}
		it.sample(d, x, y)
		d.text(x+27, y, 11, `dy="0.35em" fill="`+ink+`"`, it.label)
		x += it.width()
	}
}

// plural writes "1 vertex", "5 vertices".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
