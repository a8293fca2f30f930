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

// FuzzParseLine: any text reads as a line of moves or fails with a
// *MoveError that points at the move; a line reads back the same from
// LineString.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"LRL", "l2 r, L1 R10", "L0", "Lé", "R99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		line, err := ParseLine(s)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Offset < 0 || me.Offset > len(s) || !strings.HasPrefix(s[me.Offset:], me.Text) {
				t.Fatalf("%q: %v does not point at its move", s, err)
			}
			return
		}
		again, err := ParseLine(LineString(line))
		if err != nil || LineString(again) != LineString(line) || len(again) != len(line) {
			t.Fatalf("%q: %q reads back as %v, %v", s, LineString(line), again, err)
		}
	})
}
