package lifeline

import (
	"fmt"
	"strconv"
)

// ParseError says what is wrong with a board text and where.
type ParseError struct {
	Token  int    // 1-based index of the offending white-space-separated token; 0 for the text as a whole
	Offset int    // byte offset in the text of that token (len(text) when the text ends too early)
	Text   string // the offending token, "" when there is none
	Row    int    // the cell's row and position (1-based) when the error is about one cell, else 0
	Pos    int
	Msg    string
}

func (e *ParseError) Error() string {
	switch {
	case e.Row > 0:
		return fmt.Sprintf("lifeline: token %d at byte %d (row %d, position %d): %s", e.Token, e.Offset, e.Row, e.Pos, e.Msg)
	case e.Token > 0:
		return fmt.Sprintf("lifeline: token %d at byte %d: %s", e.Token, e.Offset, e.Msg)
	default:
		return fmt.Sprintf("lifeline: byte %d: %s", e.Offset, e.Msg)
	}
}

// ParseCell reads one cell token: a single number 0..9. Its error says what is
// wrong with the token (`cell "12" outside 0..9`) without a position, for the
// caller to add one.
func ParseCell(tok string) (uint8, error) {
	if len(tok) == 1 && tok[0] >= '0' && tok[0] <= '9' {
		return tok[0] - '0', nil // the common case, without strconv
	}
	if v, err := strconv.Atoi(tok); err != nil {
		if isInteger(tok) {
			return 0, fmt.Errorf("cell %q outside 0..9", tok) // too many digits for an int
		}
		return 0, fmt.Errorf("cell %q is not a number 0..9", tok)
	} else if v < 0 || v > 9 {
		return 0, fmt.Errorf("cell %q outside 0..9", tok)
	} else {
		return uint8(v), nil
	}
}

// isInteger reports whether tok is an optionally signed run of decimal digits.
func isInteger(tok string) bool {
	if len(tok) > 0 && (tok[0] == '+' || tok[0] == '-') {
		tok = tok[1:]
	}
	return tok != "" && isDigits(tok)
}

func isDigits(tok string) bool {
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return false
		}
	}
	return true
}

// IsSpace reports whether c separates tokens: ASCII white space, so CRLF line
// endings, tabs and the judge's indentation are all accepted.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f'
}

// token is one white-space-separated token of a board text.
type token struct {
	off  int
	text string
}

// tokens splits text at white space.
func tokens(text string) []token {
	var toks []token
	for i := 0; i < len(text); {
		if IsSpace(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && !IsSpace(text[j]) {
			j++
		}
		toks = append(toks, token{i, text[i:j]})
		i = j
	}
	return toks
}

// ParseBoard reads a board of size n (1..MaxN) in one of two forms:
//
//   - the judge layout: n(n+1)/2 cell tokens 0..9 in reading order (row 1,
//     then row 2 left to right, …) separated by any white space, e.g.
//     "2\n2 3\n1 0 4\n1 1 4 0" or "2 2 3 1 0 4 1 1 4 0";
//   - the compact form: the cells as digits, one digit per cell, in reading
//     order, with optional white space anywhere between digits, e.g.
//     "2231041140" or "2 23 104 1140" (one row per group).
//
// The two never disagree: a text with exactly n(n+1)/2 tokens is read in the
// judge layout (so "10" there is an out-of-range cell, not two cells); any other
// text made of digits is read as compact when it holds exactly n(n+1)/2 digits.
// Every error is a *ParseError naming the token, its byte offset and, for a bad
// cell, its row and position.
func ParseBoard(n int, text string) (*Board, error) {
	if n < 1 || n > MaxN {
		return nil, &ParseError{Msg: fmt.Sprintf("board size %d outside 1..%d", n, MaxN)}
	}
	want := CellCount(n)
	if len(text) < want {
		// Too short to hold the board in either form (compact needs one byte
		// a cell): say so before tokenising (and allocating for) a huge n.
		return nil, &ParseError{Offset: len(text), Msg: fmt.Sprintf("board of size %d needs %d cells, the text has only %d bytes", n, want, len(text))}
	}
	toks := tokens(text)
	digits, allDigits := 0, true
	for k, t := range toks {
		if !isInteger(t.text) {
			_, err := ParseCell(t.text)
			return nil, &ParseError{Token: k + 1, Offset: t.off, Text: t.text, Msg: err.Error()}
		}
		digits += len(t.text)
		allDigits = allDigits && isDigits(t.text)
	}
	b := &Board{N: n, Cells: make([]uint8, want)}
	switch {
	case len(toks) == want:
		for k, t := range toks {
			c, err := ParseCell(t.text)
			if err != nil {
				r, p := Coord(k)
				return nil, &ParseError{Token: k + 1, Offset: t.off, Text: t.text, Row: r, Pos: p, Msg: err.Error()}
			}
			b.Cells[k] = c
		}
		return b, nil
	case allDigits && digits == want:
		k := 0
		for _, t := range toks {
			for i := 0; i < len(t.text); i++ {
				b.Cells[k] = t.text[i] - '0'
				k++
			}
		}
		return b, nil
	}
	e := &ParseError{Offset: len(text), Msg: fmt.Sprintf("board of size %d needs %d cells, got %d", n, want, len(toks))}
	if len(toks) > want {
		t := toks[want]
		e.Token, e.Offset, e.Text = want+1, t.off, t.text
		e.Msg += " (the extra ones start here)"
	}
	if allDigits && digits != len(toks) {
		e.Msg += fmt.Sprintf(", or %d digits in compact form", digits)
	}
	return nil, e
}
