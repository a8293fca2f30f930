package polygon

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// A ring short of tokens in batch input is reported at its own line, and
// the ring after it is still read and answered: a line that starts with a
// count where an operator is due is the next ring's header (the short
// ring swallowed it, and that ring was never answered).
func TestBatchShortRingLeavesTheNextOne(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 9))
	for trial := range 300 {
		type want struct {
			line  int
			text  string // the ring's text form, "" for the short one
			short bool
		}
		var b strings.Builder
		var wants []want
		for k := range 1 + r.IntN(5) {
			n := 1 + r.IntN(5)
			var toks []string
			for range n {
				toks = append(toks, []string{"+", "*", "-", "t", "x"}[r.IntN(5)], fmt.Sprint(r.IntN(21)-10))
			}
			short := k > 0 && r.IntN(3) == 0 || r.IntN(4) == 0
			keep := toks
			if short {
				keep = toks[:2*r.IntN(n)] // whole op v pairs missing at the end
			}
			wants = append(wants, want{line: strings.Count(b.String(), "\n") + 1, short: short})
			if !short {
				p, err := readOne(strings.Join(toks, " "))
				if err != nil {
					t.Fatal(err)
				}
				wants[len(wants)-1].text = p
			}
			// The header, then the tokens over one or more lines.
			b.WriteString(fmt.Sprint(n))
			for i, tok := range keep {
				if i%2 == 0 && r.IntN(3) == 0 || i == 0 && r.IntN(2) == 0 {
					b.WriteString("\n")
				} else {
					b.WriteString(" ")
				}
				b.WriteString(tok)
			}
			b.WriteString("\n")
		}
		rings := readRings(b.String())
		if len(rings) != len(wants) {
			t.Fatalf("trial %d: %d rings read from\n%s\nwant %d", trial, len(rings), b.String(), len(wants))
		}
		for i, w := range wants {
			got := rings[i]
			if got.line != w.line {
				t.Fatalf("trial %d, ring %d: read at line %d, want %d:\n%s", trial, i+1, got.line, w.line, b.String())
			}
			if w.short != (got.err != nil) {
				t.Fatalf("trial %d, ring %d: error %v, short %v:\n%s", trial, i+1, got.err, w.short, b.String())
			}
			if !w.short && got.poly.String() != w.text {
				t.Fatalf("trial %d, ring %d: read %s, want %s:\n%s", trial, i+1, got.poly, w.text, b.String())
			}
			if w.short && i < len(wants)-1 && !strings.Contains(got.err.Error(), "before the next ring's count") {
				t.Fatalf("trial %d, ring %d: %v", trial, i+1, got.err)
			}
		}
	}
}

// readOne is the text form of the ring written as tokens.
func readOne(tokens string) (string, error) {
	rs := readRings(fmt.Sprintf("%d %s\n", len(strings.Fields(tokens))/2, tokens))
	if rs[0].err != nil {
		return "", rs[0].err
	}
	return rs[0].poly.String(), nil
}
