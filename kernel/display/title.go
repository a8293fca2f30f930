package display

import (
	"strings"
	"unicode/utf8"
)

// maxTitleWidth bounds the width a picture's title asks for: a title is one
// line (the row as coins() reads it, a ring's text form) and must not make
// a picture wider than its drawing; past this width it is cut, the whole
// title kept in a tooltip and in the value's text.
const maxTitleWidth = 960.0

// titleWidth is the width a title needs, at most maxTitleWidth.
func titleWidth(caption string) float64 { return min(boldWidth(caption, 14)+24, maxTitleWidth) }

// title draws caption centred at the top of a picture w pixels wide, cut
// with "…" to fit.
func (d *svgDoc) title(w float64, caption string) {
	fits := int((w-24)/(14*0.72) + 0.01) // titleWidth(caption) fits caption whole
	shown := caption
	if utf8.RuneCountInString(caption) > fits && fits > 1 {
		shown = string([]rune(caption)[:fits-1]) + "…"
		d.printf(`<g><title>%s</title>`, esc(caption))
		defer d.printf("</g>\n")
	}
	d.text(w/2, 22, 14, `text-anchor="middle" font-weight="bold" fill="`+ink+`"`, shown)
}

// wrappedTitle draws caption centred at the top of a picture w pixels
// wide as wrappedLines breaks it (which says how high it is), for a
// picture whose title must not be cut: the frames of a trace, whose
// caption is the only place it is said.
func (d *svgDoc) wrappedTitle(w float64, caption string) {
	for i, l := range wrappedLines(caption, w) {
		d.text(w/2, 22+20*float64(i), 14, `text-anchor="middle" font-weight="bold" fill="`+ink+`"`, l)
	}
}

// wrappedLines breaks a bold title into lines that fit a picture w pixels
// wide.
func wrappedLines(caption string, w float64) []string {
	return wrapText(caption, 14*0.72/0.62, w-24) // wrapText measures plain text; a bold glyph is wider
}

// wrapText breaks s into lines of at most w pixels at the given font size,
// at spaces (a word longer than a line gets a line of its own).
func wrapText(s string, size, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && textWidth(line+" "+word, size) > w {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// box is a laid-out item: its top-left corner and width.
type box struct{ x, y, w float64 }

// flow lays items of the given widths out left to right from (x0, y0),
// gap apart, starting a new line lineH lower whenever one would pass
// maxLine: coins in a row, values of a chain. right is where the widest
// line ends.
func flow(widths []float64, x0, y0, gap, lineH, maxLine float64) (boxes []box, right float64) {
	boxes = make([]box, len(widths))
	cx, cy := x0, y0
	for k, w := range widths {
		if cx > x0 && cx+w > maxLine {
			cx, cy = x0, cy+lineH
		}
		boxes[k] = box{cx, cy, w}
		cx += w + gap
		right = max(right, cx-gap)
	}
	return boxes, right
}
