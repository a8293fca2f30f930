package polygon

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse: any text parses or fails with a *ParseError that points at its
// token; a parsed polygon reads back the same from its canonical form.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Parse(text)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: %T is not a *ParseError", text, err)
			}
			if pe.Offset < 0 || pe.Offset > len(text) || !strings.HasPrefix(text[pe.Offset:], pe.Text) {
				t.Fatalf("%q: offset %d does not point at %q", text, pe.Offset, pe.Text)
			}
			return
		}
		if len(p.Ops) != len(p.Values) || len(p.Ops) == 0 {
			t.Fatalf("%q: %d operators, %d values", text, len(p.Ops), len(p.Values))
		}
		var b strings.Builder
		for i, op := range p.Ops {
			b.WriteString(string(op) + " " + p.Values[i].String() + " ")
		}
		q, err := Parse(b.String())
		if err != nil || string(q.Ops) != string(p.Ops) || len(q.Values) != len(p.Values) {
			t.Fatalf("%q: the canonical form %q reads as %v, %v", text, b.String(), q, err)
		}
		for i := range p.Values {
			if p.Values[i].Cmp(q.Values[i]) != 0 {
				t.Fatalf("%q: value %d is %v, then %v", text, i+1, p.Values[i], q.Values[i])
			}
		}
	})
}
