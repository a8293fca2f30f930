package coins

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamelab/internal/decimal"
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
	text := e.Text
	if len(text) > maxQuoted { // a 10-million-digit number is not quoted whole
		text = strings.ToValidUTF8(text[:maxQuoted], "") + "…"
	}
	// Offset is the column (from 0) the caller points at: a caret in a
	// session, "(line 2, column 5)" in a batch; the message does not repeat it.
	return fmt.Sprintf("token %d %q: %s", e.Token, text, e.Msg)
}

// maxQuoted is how much of a token an error quotes.
const maxQuoted = 40

// ParseRow reads a row of coins: integers of any size and sign ("+7" and
// "-7" included), separated by any white space. A row without a single
// integer is an error too, since a game needs n ≥ 1 coins; batch readers that
// want to skip blank lines check for them before calling ParseRow.
//
// Numbers are those of the language: at most decimal.MaxDigits digits
// (2^20 bits); a longer one is refused as soon as it is read, naming it,
// and long numbers are read in time near-linear in their length.
func ParseRow(line string) ([]*big.Int, error) {
	return ParseRowContext(context.Background(), line)
}

// ParseRowContext is ParseRow, stopping with ctx's error once ctx is done:
// a row of fifty numbers of 300,000 digits takes seconds to read.
func ParseRowContext(ctx context.Context, line string) ([]*big.Int, error) {
	var row []*big.Int
	for off, digits := 0, 0; ; {
		start, end := nextToken(line, off)
		if start == end {
			break
		}
		tok := line[start:end]
		if digits += len(tok); digits > checkDigits {
			digits = 0
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		v, ok := decimal.Parse(tok)
		if !ok {
			msg := "not an integer"
			if decimal.TooLong(tok) {
				msg = fmt.Sprintf("%d digits, more than the %d an integer may have (%d bits)",
					len(strings.TrimLeft(tok, "+-0")), decimal.MaxDigits, decimal.MaxBits)
			}
			return nil, &ParseError{Token: len(row) + 1, Offset: start, Text: tok, Msg: msg}
		}
		row = append(row, v)
		off = end
	}
	if len(row) == 0 {
		return nil, &ParseError{Offset: len(line), Msg: "empty row: a game needs at least one coin"}
	}
	return row, nil
}

// checkDigits is how many digits a parser reads between looks at its
// context: a millisecond's work.
const checkDigits = 10000

// nextToken returns the byte span of the first token at or after off, or an
// empty span at len(s) when only white space is left. Any Unicode white space
// separates tokens, so CRLF line ends and tabs need no special case; ASCII
// is looked at byte by byte, so a token of ten million digits is scanned in
// milliseconds.
func nextToken(s string, off int) (start, end int) {
	start = off
	for start < len(s) {
		space, size := spaceAt(s, start)
		if !space {
			break
		}
		start += size
	}
	end = start
	for end < len(s) {
		space, size := spaceAt(s, end)
		if space {
			break
		}
		end += size
	}
	return start, end
}

// asciiSpace marks the ASCII bytes unicode.IsSpace counts as space.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// spaceAt says whether the character at s[i] is white space, and its size.
func spaceAt(s string, i int) (bool, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return asciiSpace[c], 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r), size
}
