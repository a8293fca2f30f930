package kit

import (
	"fmt"
	"io"
	"math/big"
	"strings"

	"gamelab/kernel/printer"
)

// View is how a result writes its text: whole (print, text, save), or as
// the summary a screen shows (printer.ShownAs), whose long numbers are
// shortened, whose long lists are cut after MaxListed items, and whose
// notes name the variable that holds the value ("… (1469 more in
// s1.merges)"), or x standing for it when it is in none.
type View struct {
	Full bool
	Name string // the variable shown; "" none
}

// Viewer is a value that writes its text through a View. ShownAs gives it
// printer.ShownAs.
type Viewer interface {
	WriteView(w io.Writer, v View) error
}

// ShownAs is x's summary naming name (printer.ShownAs).
func ShownAs(x Viewer, name string) string {
	return Render(func(w io.Writer) error { return x.WriteView(w, View{Name: name}) })
}

// WholeText is x's whole text: what print and text(x) give.
func WholeText(x Viewer) string {
	return Render(func(w io.Writer) error { return x.WriteView(w, View{Full: true}) })
}

// Ref names a field of the value: "s1.merges", or "x.merges" when the
// value is in no variable.
func (v View) Ref(field string) string {
	name := v.Name
	if name == "" {
		name = "x"
	}
	return name + "." + field
}

// Number is n whole, or in a summary shortened past printer.LongDigits
// digits to its ends and its length.
func (v View) Number(n *big.Int) string {
	if v.Full {
		return n.String()
	}
	return printer.ShortNumber(n)
}

// Value is a game number (int or *big.Int) or any plain value as Number
// writes it.
func (v View) Value(x any) string {
	if b, ok := x.(*big.Int); ok {
		return v.Number(b)
	}
	return FormatValue(x)
}

// List writes n items (item(i) writes item i) joined by sep, a summary
// the first MaxListed of them and how many more the field holds.
func (v View) List(n int, sep string, item func(i int) string, field string) string {
	return ListCut(n, v.Full, sep, item, v.Ref(field))
}

// Numbers writes xs joined by spaces as List and Number do.
func (v View) Numbers(xs []*big.Int, field string) string {
	return v.List(len(xs), " ", func(i int) string { return v.Number(xs[i]) }, field)
}

// Cut is s whole, or in a summary its first max bytes (at a character)
// and how many of unit the field holds.
func (v View) Cut(s string, max int, field, unit string) string {
	if v.Full || len(s) <= max {
		return s
	}
	cut := strings.ToValidUTF8(s[:max], "")
	return fmt.Sprintf("%s… (%d %s in %s)", cut, len(s), unit, v.Ref(field))
}

// TextCall is how to get the whole of the value: "text(s1)", "text(x)".
func (v View) TextCall() string {
	name := v.Name
	if name == "" {
		name = "x"
	}
	return "text(" + name + ")"
}
