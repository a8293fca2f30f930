package coins

import (
	"fmt"
	"math/big"
	"unicode"
	"unicode/utf8"
)

// ParseError reports a token of a row that is not an integer (or a row with no
// coins at all). Token and Offset let a caller point into the original text.
type ParseError struct {
	Token  int    // 1-based index of the bad token; 0 when the row is empty
	Offset int    // 0-based byte offset of the token in the line (len(line) for an empty row)
	Text   string // the token as written
	Msg    string // what is wrong with it
}

func (e *ParseError) Error() string {
	if e.Token == 0 {
		return e.Msg
	}
	// Columns count bytes from 1, as in Go's own position messages.
	return fmt.Sprintf("token %d %q at column %d: %s", e.Token, e.Text, e.Offset+1, e.Msg)
}

// ParseRow reads a row of coins: integers of any size and sign ("+7" and
// "-7" included), separated by any white space. A row without a single
// integer is an error too, since a game needs n ≥ 1 coins; batch readers that
// want to skip blank lines check for them before calling ParseRow.
func ParseRow(line string) ([]*big.Int, error) {
	var row []*big.Int
	for off := 0; ; {
		start, end := nextToken(line, off)
		if start == end {
			break
		}
		tok := line[start:end]
		v, ok := new(big.Int).SetString(tok, 10)
		if !ok {
			return nil, &ParseError{Token: len(row) + 1, Offset: start, Text: tok, Msg: "not an integer"}
		}
		row = append(row, v)
		off = end
	}
	if len(row) == 0 {
		return nil, &ParseError{Offset: len(line), Msg: "empty row: a game needs at least one coin"}
	}
	return row, nil
}

// nextToken returns the byte span of the first token at or after off, or an
// empty span at len(s) when only white space is left. Any Unicode white space
// separates tokens, so CRLF line ends and tabs need no special case.
func nextToken(s string, off int) (start, end int) {
	start = off
	for start < len(s) {
		r, size := utf8.DecodeRuneInString(s[start:])
		if !unicode.IsSpace(r) {
			break
		}
		start += size
	}
	end = start
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if unicode.IsSpace(r) {
			break
		}
		end += size
	}
	return start, end
}
