package coins

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseRow: any line parses or fails with a *ParseError that points at
// its token; a parsed row reads back the same from its canonical form.
func FuzzParseRow(f *testing.F) {
	f.Fuzz(func(t *testing.T, line string) {
		row, err := ParseRow(line)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: %T is not a *ParseError", line, err)
			}
			if pe.Offset < 0 || pe.Offset > len(line) || !strings.HasPrefix(line[pe.Offset:], pe.Text) {
				t.Fatalf("%q: offset %d does not point at %q", line, pe.Offset, pe.Text)
			}
			return
		}
		words := make([]string, len(row))
		for i, v := range row {
			words[i] = v.String()
		}
		again, err := ParseRow(strings.Join(words, " "))
		if err != nil || len(again) != len(row) {
			t.Fatalf("%q: the canonical form %q reads as %v, %v", line, strings.Join(words, " "), again, err)
		}
		for i := range row {
			if row[i].Cmp(again[i]) != 0 {
				t.Fatalf("%q: coin %d is %v, then %v", line, i+1, row[i], again[i])
			}
		}
	})
}
