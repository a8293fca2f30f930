package kit

import (
	"fmt"
	"io"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/printer"
)

// Big values (a 2000-row board is two million vertices) are shown as a card
// that says what the value is and how to see more: their drawings would be
// megabytes of text and SVG that nobody can read on a screen. Each value
// writes its text and SVG cut to a screen (full false: what the REPL and a
// notebook show) or whole (full true: text(x), svg(x), save(x, file)),
// streaming to a writer, so asking for all of a big value costs time and
// memory linear in its size.

// Texter is implemented by every value of this package that has a text.
type Texter interface {
	WriteText(w io.Writer, full bool) error
}

// SVGer is implemented by every value of this package that has a picture.
type SVGer interface {
	WriteSVG(w io.Writer, full bool) error
}

// PictureTexter is implemented by the results: the text drawing that goes
// with their SVG, which show and save put above the summary.
type PictureTexter interface {
	WritePicture(w io.Writer, full bool) error
}

// Drawing is a picture of package display.
type Drawing interface {
	WriteText(w io.Writer) error
	WriteSVG(w io.Writer) error
	TextFits() bool
	SVGFits() bool
}

// MakeCard says what a value too large to draw is; why is "more than 50 rows"
// or the like, see what the user can type to see more.
func MakeCard(caption string, facts []string, why, see string) display.Card {
	return display.Card{Caption: caption, Lines: append(facts, "too large to draw here ("+why+"); "+see)}
}

// TextWhy says which limit of a ring's or row's text drawing a value of n
// items (vertices, coins: unit) passes.
func TextWhy(n, maxN int, unit string) string {
	if n > maxN {
		return fmt.Sprintf("more than %d %s", maxN, unit)
	}
	return fmt.Sprintf("more than %d digits", display.MaxTextChars)
}

// Answered turns a game value's card into its result's: the caption gains
// the answer, the last line says how to see all of the result.
func Answered(c display.Card, answer, why, see string) display.Card {
	c.Caption += answer
	c.Lines[len(c.Lines)-1] = "too large to draw here (" + why + "); " + see
	return c
}

// DrawText writes d's text drawing, or the card when it does not fit and
// full is false. why names the text limit.
func DrawText(w io.Writer, d Drawing, full bool, c func(why string) display.Card, why string) error {
	if full || d.TextFits() {
		return d.WriteText(w)
	}
	return WriteString(w, c(why).Text())
}

// DrawSVG is drawText for the SVG.
func DrawSVG(w io.Writer, d Drawing, full bool, c func(why string) display.Card, why string) error {
	if full || d.SVGFits() {
		return d.WriteSVG(w)
	}
	return c(why).WriteSVG(w)
}

func WriteString(w io.Writer, s string) error {
	_, err := io.WriteString(w, s)
	return err
}

// Render runs a writer into a string.
func Render(write func(w io.Writer) error) string {
	var b strings.Builder
	_ = write(&b) // a strings.Builder does not fail
	return b.String()
}

// RenderIn runs a writer into a string under the cell's meter (env.Meter,
// when set) as printer.Render does: text(x) or svg(x) of a drawing of
// gigabytes is counted first, checking the cell every chunk, and made only
// when it fits in the memory budget, at once at its exact length; one that
// does not is a *printer.TooLarge error, none of it made.
func RenderIn(env *builtin.Env, write func(w io.Writer) error) (string, error) {
	return printer.Render(env.Meter, write)
}

func TextOf(x Texter, full bool) string {
	return Render(func(w io.Writer) error { return x.WriteText(w, full) })
}

func SVGOf(x SVGer, full bool) string {
	return Render(func(w io.Writer) error { return x.WriteSVG(w, full) })
}

// Shown lists are cut to this many items (the full list is a field away).
const MaxListed = 30

// ListCut writes the first maxListed of n items (item(i) writes item i),
// then how many more there are and where to find them; all when full.
func ListCut(n int, full bool, sep string, item func(i int) string, field string) string {
	var b strings.Builder
	for i := range n {
		if i == MaxListed && !full {
			fmt.Fprintf(&b, "%s… (%d more in %s)", sep, n-MaxListed, field)
			break
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(item(i))
	}
	return b.String()
}

// Peek writes the first and last few of n items as "a b c … y z".
func Peek(n int, item func(i int) string) string {
	const head, tail = 8, 3
	if n <= head+tail {
		return ListCut(n, true, " ", item, "")
	}
	parts := make([]string, 0, head+tail+1)
	for i := range head {
		parts = append(parts, item(i))
	}
	parts = append(parts, "…")
	for i := n - tail; i < n; i++ {
		parts = append(parts, item(i))
	}
	return strings.Join(parts, " ")
}

// Count writes "1 vertex", "5 vertices".
func Count(n int, one, many string) string { return fmt.Sprintf("%d %s", n, Plural(n, one, many)) }
