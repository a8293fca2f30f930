package lifeline

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseBoard: any size and text parse on either grid or fail with a
// *ParseError that points into the text; a parsed board has its size's
// cells, each 0..9, and reads back from its String.
func FuzzParseBoard(f *testing.F) {
	f.Add(uint16(3), "1 2 3\n4 5 6\n7 8 9")
	f.Add(uint16(2), "12 34")
	f.Add(uint16(46341), "1")
	f.Fuzz(func(t *testing.T, n uint16, text string) {
		for _, g := range []Grid{Triangle, Square} {
			b, err := g.ParseBoard(int(n), text)
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("%v %d %q: %T is not a *ParseError", g, n, text, err)
				}
				if pe.Offset < 0 || pe.Offset > len(text) || !strings.HasPrefix(text[pe.Offset:], pe.Text) {
					t.Fatalf("%v %d %q: offset %d does not point at %q", g, n, text, pe.Offset, pe.Text)
				}
				continue
			}
			if b.N != int(n) || b.Grid != g || len(b.Cells) != g.CellCount(int(n)) {
				t.Fatalf("%v %d %q: %v board of size %d with %d cells", g, n, text, b.Grid, b.N, len(b.Cells))
			}
			for i, c := range b.Cells {
				if c > 9 {
					t.Fatalf("%v %d %q: cell %d is %d", g, n, text, i, c)
				}
			}
			if back, err := g.ParseBoard(b.N, b.String()); err != nil || back.String() != b.String() {
				t.Fatalf("%v %d %q: String %q does not read back: %v", g, n, text, b.String(), err)
			}
		}
	})
}
