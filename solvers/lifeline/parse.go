package lifeline

import (
	"fmt"
	"strconv"
	"unicode/utf8"
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

// quoteMax is the longest token a message quotes whole; a longer one (a
// pasted megabyte of digits) is quoted by its start and its length.
const quoteMax = 40

// quote is s in Go quotes for a message, abbreviated past quoteMax bytes.
func quote(s string) string {
	if len(s) <= quoteMax {
		return strconv.Quote(s)
	}
	cut := quoteMax / 2
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut-- // do not split a character
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// ParseCell reads one cell token: a single number 0..9, optionally signed
// and with leading zeros ("+3", "007", "-0"). Its error says what is wrong
// with the token (`cell "12" outside 0..9`) without a position, for the
// caller to add one. Time is linear in the token's length, whatever it is.
func ParseCell(tok string) (uint8, error) {
	if len(tok) == 1 && tok[0] >= '0' && tok[0] <= '9' {
		return tok[0] - '0', nil // the common case
	}
	if !isInteger(tok) {
		return 0, fmt.Errorf("cell %s is not a number 0..9", quote(tok))
	}
	digits := tok
	if tok[0] == '+' || tok[0] == '-' {
		digits = tok[1:]
	}
	for len(digits) > 1 && digits[0] == '0' {
		digits = digits[1:]
	}
	if len(digits) > 1 || (tok[0] == '-' && digits != "0") {
		return 0, fmt.Errorf("cell %s outside 0..9", quote(tok))
	}
	return digits[0] - '0', nil
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

// nextToken returns the bounds of the first token at or after byte i of
// text; start == len(text) when there is none. The parser walks the text
// with it instead of splitting it, so a text of ten million one-byte cells
// needs no memory but the board's.
func nextToken(text string, i int) (start, end int) {
	for i < len(text) && IsSpace(text[i]) {
		i++
	}
	end = i
	for end < len(text) && !IsSpace(text[end]) {
		end++
	}
	return i, end
}

// ParseBoard reads a triangle board of size n (1..MaxN) in one of two forms:
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
// cell, its row and position. Grid.ParseBoard reads either grid.
func ParseBoard(n int, text string) (*Board, error) { return Triangle.ParseBoard(n, text) }

// ParseBoard reads a board of the grid of size n (1..g.MaxN()) as the
// package's ParseBoard does, from g.CellCount(n) cells (n² on the square,
// row by row). Time is linear in the length of the text and memory is the
// board's, whatever the text holds.
func (g Grid) ParseBoard(n int, text string) (*Board, error) {
	shape := &Board{N: n, Grid: g} // names the board in messages
	if !g.valid() {
		return nil, &ParseError{Msg: fmt.Sprintf("unknown grid %d", uint8(g))}
	}
	if msg := g.checkSize(n); msg != "" {
		return nil, &ParseError{Msg: msg}
	}
	want := g.CellCount(n)
	if len(text) < want {
		// Too short to hold the board in either form (compact needs one byte
		// a cell): say so before allocating for a huge n.
		return nil, &ParseError{Offset: len(text), Msg: fmt.Sprintf("%s needs %d cells, the text has only %d bytes", shape.describe(), want, len(text))}
	}
	// Pass 1: count the tokens and their digits; stop at one that is no number.
	count, digits, allDigits := 0, 0, true
	for i, j := nextToken(text, 0); i < len(text); i, j = nextToken(text, j) {
		tok := text[i:j]
		count++
		if !isInteger(tok) {
			_, err := ParseCell(tok)
			return nil, &ParseError{Token: count, Offset: i, Text: tok, Msg: err.Error()}
		}
		digits += len(tok)
		allDigits = allDigits && isDigits(tok)
	}
	switch {
	case count == want:
		b := &Board{N: n, Cells: make([]uint8, want), Grid: g}
		k := 0
		for i, j := nextToken(text, 0); i < len(text); i, j = nextToken(text, j) {
			c, err := ParseCell(text[i:j])
			if err != nil {
				r, p := b.Coord(k)
				return nil, &ParseError{Token: k + 1, Offset: i, Text: text[i:j], Row: r, Pos: p, Msg: err.Error()}
			}
			b.Cells[k] = c
			k++
		}
		return b, nil
	case allDigits && digits == want:
		b := &Board{N: n, Cells: make([]uint8, want), Grid: g}
		k := 0
		for i := 0; i < len(text); i++ {
			if !IsSpace(text[i]) {
				b.Cells[k] = text[i] - '0'
				k++
			}
		}
		return b, nil
	}
	e := &ParseError{Offset: len(text), Msg: fmt.Sprintf("%s needs %d cells, got %d", shape.describe(), want, count)}
	if count > want {
		k := 0
		for i, j := nextToken(text, 0); i < len(text); i, j = nextToken(text, j) {
			if k++; k == want+1 {
				e.Token, e.Offset, e.Text = k, i, text[i:j]
				break
			}
		}
		e.Msg += " (the extra ones start here)"
	}
	if allDigits && digits != count {
		e.Msg += fmt.Sprintf(", or %d digits in compact form", digits)
	}
	return nil, e
}
