package lifeline

import (
	"errors"
	"reflect"
	"testing"
)

func TestParseBoardForms(t *testing.T) {
	want := []uint8{2, 2, 3, 1, 0, 4, 1, 1, 4, 0}
	for _, text := range []string{
		"2\n2 3\n1 0 4\n1 1 4 0",            // judge layout
		"   2\n  2 3\n 1 0 4\n1 1 4 0\n",    // with the statement's indentation
		"2\r\n2 3\r\n1\t0 4\r\n1 1 4 0\r\n", // CRLF and tabs
		"2 2 3 1 0 4 1 1 4 0",               // one line
		"2231041140",                        // compact
		"2\n23\n104\n1140",                  // compact, one row per line
		"+2 2 3 1 0 4 1 1 4 00",             // tokens are numbers
	} {
		b, err := ParseBoard(4, text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if b.N != 4 || !reflect.DeepEqual(b.Cells, want) {
			t.Errorf("%q: got %v", text, b.Cells)
		}
	}
	b, _ := ParseBoard(4, "2231041140")
	if got := b.String(); got != "2\n2 3\n1 0 4\n1 1 4 0" {
		t.Errorf("String %q", got)
	}
	if back, err := ParseBoard(4, b.String()); err != nil || !reflect.DeepEqual(back, b) {
		t.Errorf("String does not read back: %v, %v", back, err)
	}
}

func TestParseBoardErrors(t *testing.T) {
	for _, tc := range []struct {
		n    int
		text string
		want ParseError
		msg  string
	}{
		{4, "2 2 3 1 0 12 1 1 4 0", ParseError{Token: 6, Offset: 10, Text: "12", Row: 3, Pos: 3, Msg: `cell "12" outside 0..9`},
			`lifeline: token 6 at byte 10 (row 3, position 3): cell "12" outside 0..9`},
		{3, "1 -1 0 0 0 0", ParseError{Token: 2, Offset: 2, Text: "-1", Row: 2, Pos: 1, Msg: `cell "-1" outside 0..9`}, ""},
		{3, "1 1 x 0 0 0", ParseError{Token: 3, Offset: 4, Text: "x", Msg: `cell "x" is not a number 0..9`},
			`lifeline: token 3 at byte 4: cell "x" is not a number 0..9`},
		{3, "1 1 0 0 0", ParseError{Offset: 9, Msg: "board of size 3 needs 6 cells, got 5"},
			"lifeline: byte 9: board of size 3 needs 6 cells, got 5"},
		{3, "1 1 0 0 0 0 5 6", ParseError{Token: 7, Offset: 12, Text: "5", Msg: "board of size 3 needs 6 cells, got 8 (the extra ones start here)"}, ""},
		{3, "1 10 0 0", ParseError{Offset: 8, Msg: "board of size 3 needs 6 cells, got 4, or 5 digits in compact form"}, ""},
		{3, "10 0 0", ParseError{Offset: 6, Msg: "board of size 3 needs 6 cells, got 3, or 4 digits in compact form"}, ""},
		{3, "1 0", ParseError{Offset: 3, Msg: "board of size 3 needs 6 cells, the text has only 3 bytes"}, ""},
		{0, "", ParseError{Msg: "board size 0 outside 1..65535"}, "lifeline: byte 0: board size 0 outside 1..65535"},
		{MaxN, "0", ParseError{Offset: 1, Msg: "board of size 65535 needs 2147450880 cells, the text has only 1 bytes"}, ""},
	} {
		_, err := ParseBoard(tc.n, tc.text)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%d %q: error %v is not a *ParseError", tc.n, tc.text, err)
			continue
		}
		if *pe != tc.want {
			t.Errorf("%d %q: got %+v\nwant %+v", tc.n, tc.text, *pe, tc.want)
		}
		if tc.msg != "" && pe.Error() != tc.msg {
			t.Errorf("%d %q: message %q, want %q", tc.n, tc.text, pe.Error(), tc.msg)
		}
	}
}

func TestParseCell(t *testing.T) {
	for tok, want := range map[string]string{
		"0": "", "9": "", "+3": "", "007": "",
		"10": `cell "10" outside 0..9`, "-0x1": `cell "-0x1" is not a number 0..9`,
		"99999999999999999999999": `cell "99999999999999999999999" outside 0..9`,
		"":                        `cell "" is not a number 0..9`,
	} {
		_, err := ParseCell(tok)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("ParseCell(%q): %q, want %q", tok, got, want)
		}
	}
}

// Every board reads back from String and from its compact form.
func TestParseBoardRoundTrip(t *testing.T) {
	for n := 1; n <= 40; n++ {
		b := RandomBoard(n, uint64(n))
		compact := make([]byte, len(b.Cells))
		for i, c := range b.Cells {
			compact[i] = '0' + c
		}
		for _, text := range []string{b.String(), string(compact)} {
			back, err := ParseBoard(n, text)
			if err != nil || !reflect.DeepEqual(back, b) {
				t.Fatalf("size %d: %q reads as %v, %v", n, text, back, err)
			}
		}
	}
}
