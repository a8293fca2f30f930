package polygon

// Tests of Parse and Validate: errors, forms, sizes refused.

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		token      int
		offset     int
	}{
		{"", "empty polygon (n = 0)", 0, 0},
		{" \r\n\t", "empty polygon (n = 0)", 0, 4},
		{"* 1 + 2 *", `token 5 "*": odd number of tokens (5): operator 3 has no value after it`, 5, 8},
		{"* 1 y 2", `token 3 "y": unknown operator (want + * - t x)`, 3, 4},
		{"* 1 + 2.5", `token 4 "2.5": not an integer`, 4, 6},
		{"*\r\n1 + x", `token 4 "x": not an integer`, 4, 7},
	} {
		_, err := Parse(tc.text)
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.want) || pe.Token != tc.token || pe.Offset != tc.offset {
			t.Errorf("Parse(%q) = %v (%+v), want %q at token %d offset %d", tc.text, err, pe, tc.want, tc.token, tc.offset)
		}
	}
}

func TestParseForms(t *testing.T) {
	p := mustParse(t, "x 2\r\n x\t3 t -1 + +4 * 123456789012345678901234567890")
	if got := p.String(); got != "* 2 * 3 + -1 + 4 * 123456789012345678901234567890" {
		t.Errorf("String() = %q", got)
	}
	if q := mustParse(t, p.String()); q.String() != p.String() {
		t.Errorf("round trip changed %q to %q", p, q)
	}
}

func TestValidate(t *testing.T) {
	bad := []*Polygon{{}, {Ops: []byte("+"), Values: bigs(1, 2)}, {Ops: []byte("/"), Values: bigs(1)}}
	for _, p := range bad {
		if _, err := Solve(context.Background(), p); err == nil {
			t.Errorf("Solve(%+v) accepted an invalid polygon", p)
		}
	}
}

func TestSizeRefused(t *testing.T) {
	p := genPolygon(2000, "*", -1, 1)
	_, err := SolveWith(context.Background(), p, Options{MaxTableBytes: 1 << 20})
	var se *SizeError
	if !errors.As(err, &se) || se.N != 2000 || !strings.Contains(err.Error(), "n = 2000 needs about 183.1 MiB") {
		t.Fatalf("got %v, want a SizeError saying what n = 2000 needs", err)
	}
}

// The budget covers the big numbers too: randpolygon(300, 1) fits tables of
// 12.5 MiB but not its 200-digit numbers besides; it is refused once they
// would pass the budget, with a SizeError, and solved with room for them.
func TestSizeRefusedForBigNumbers(t *testing.T) {
	p := kernelRandPolygon(300, 1, "mixed")
	limit := genBytes(300) + fastBytes(300)
	_, err := SolveWith(context.Background(), p, Options{MaxTableBytes: limit})
	var se *SizeError
	if !errors.As(err, &se) || se.N != 300 || se.Limit != limit || se.Need <= limit {
		t.Fatalf("got %v, want a SizeError for n = 300 needing more than %d bytes", err, limit)
	}
	if _, err := SolveWith(context.Background(), p, Options{MaxTableBytes: 2 * se.Need}); err != nil {
		t.Fatalf("with twice the %d bytes it was said to need: %v", se.Need, err)
	}
}
