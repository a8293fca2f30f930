package lifeline

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseBoard: any size and text parse or fail with a *ParseError that
// points into the text; a parsed board has its size's cells, each 0..9.
func FuzzParseBoard(f *testing.F) {
	f.Fuzz(func(t *testing.T, n uint16, text string) {
		b, err := ParseBoard(int(n), text)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("%d %q: %T is not a *ParseError", n, text, err)
			}
			if pe.Offset < 0 || pe.Offset > len(text) || !strings.HasPrefix(text[pe.Offset:], pe.Text) {
				t.Fatalf("%d %q: offset %d does not point at %q", n, text, pe.Offset, pe.Text)
			}
			return
		}
		if b.N != int(n) || len(b.Cells) != CellCount(int(n)) {
			t.Fatalf("%d %q: board of size %d with %d cells", n, text, b.N, len(b.Cells))
		}
		for i, c := range b.Cells {
			if c > 9 {
				t.Fatalf("%d %q: cell %d is %d", n, text, i, c)
			}
		}
	})
}
