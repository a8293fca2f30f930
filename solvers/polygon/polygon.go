// Package polygon solves the polygon game (IOI 1998 "Polygon"; rules in
// docs/rules.md) exactly at every size.
//
// A ring of n vertices holds integers of any size; its n edges hold '+',
// '*' or '-'. Move 1 deletes an edge; every later move merges the two ends
// of an edge into one vertex holding their sum, product or difference (the
// vertex before the edge minus the one after it, clockwise). Solve finds,
// for every first edge, the best and worst final value under the goal
// (the largest last value by default, or the smallest), the best score,
// every optimal first edge and one optimal plan chosen with the
// tie-breaking of the program the problem was first published with, so
// that program's output is reproduced byte for byte. SolveChain solves a
// position (the chain left after the first move and some merges) with the
// same engines, SolveLine every position of a line of play, and
// Options.KeepTable keeps the DP table itself (Table). EstimateSolve,
// EstimateChain and EstimateLine say before the work what it will take;
// RandomRange makes seeded rings with value ranges and operator alphabets.
//
// The interval DP runs on plain int64 while a level provably cannot overflow,
// on overflow-checked int64 when it might, and otherwise on exact integers
// ranked by float64 approximations: split points dominated by another (by
// associativity) are skipped, only those whose approximate value can still
// win are computed exactly, and exact equality of candidates is proved with
// residues where it can be, so big-number arithmetic stays rare (see
// exact.go). Every optimal next merge of a chain comes from one top-down
// pass over the filled table (optimal.go).
// The package does no I/O.
package polygon

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamelab/internal/decimal"
)

// Polygon is one instance of the game.
type Polygon struct {
	// Ops[i] is edge i+1: '+', '*' or '-'. Edge i joins v(i-1) and v(i);
	// edge 1 joins vn and v1. Merging edge i gives v(i-1) op v(i).
	Ops []byte
	// Values[i] is vertex i+1.
	Values []*big.Int
}

// N is the number of vertices (and edges).
func (p *Polygon) N() int { return len(p.Values) }

// Clone returns a deep copy, so callers can change one without the other.
func (p *Polygon) Clone() *Polygon {
	return &Polygon{Ops: append([]byte(nil), p.Ops...), Values: cloneInts(p.Values)}
}

// cloneInts copies every number of vs.
func cloneInts(vs []*big.Int) []*big.Int {
	out := make([]*big.Int, len(vs))
	for i, v := range vs {
		out[i] = new(big.Int).Set(v)
	}
	return out
}

// Validate reports a polygon that Solve cannot accept: no vertices, a
// different number of edges and vertices, an operator other than '+', '*'
// and '-', or a missing value.
func (p *Polygon) Validate() error {
	if p == nil || len(p.Values) == 0 {
		return fmt.Errorf("polygon: empty polygon (n = 0): a ring needs at least one vertex")
	}
	if len(p.Ops) != len(p.Values) {
		return fmt.Errorf("polygon: %d edges but %d vertices: a ring has as many edges as vertices", len(p.Ops), len(p.Values))
	}
	for i, op := range p.Ops {
		if !validOp(op) {
			return fmt.Errorf("polygon: edge %d has operator %q, want '+', '*' or '-'", i+1, op)
		}
		if p.Values[i] == nil {
			return fmt.Errorf("polygon: vertex %d has no value", i+1)
		}
	}
	return nil
}

// String is the canonical text form, "op1 v1 op2 v2 …", e.g.
// "* -5 + -2 * -8 * -5 + 8"; Parse reads it back.
func (p *Polygon) String() string {
	var sb strings.Builder
	for i, v := range p.Values {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteByte(p.Ops[i])
		sb.WriteByte(' ')
		sb.WriteString(v.String())
	}
	return sb.String()
}

// ParseError is a problem in the text form. Token and Offset let a caller
// point into the original text.
type ParseError struct {
	Token  int    // 1-based index of the offending token; 0 when the text has no tokens
	Offset int    // 0-based byte offset of that token in the text (len(text) when there is none)
	Text   string // the token as written
	Msg    string // what is wrong
}

func (e *ParseError) Error() string {
	if e.Token == 0 {
		return e.Msg
	}
	return fmt.Sprintf("token %d %q: %s", e.Token, ShortToken(e.Text), e.Msg)
}

// ShortToken is a token as an error quotes it: whole, unless it is longer
// than a line, when its first and last digits and its length stand for it.
func ShortToken(text string) string {
	const keep = 20
	if len(text) <= 3*keep {
		return text
	}
	return fmt.Sprintf("%s…%s (%d characters)", text[:keep], text[len(text)-keep:], len(text))
}

// Parse reads the text form "op1 v1 op2 v2 … opn vn": operators '+', '*'
// and '-', or the IOI 1998 letters 't' (add) and 'x' (multiply), values
// integers of at most decimal.MaxDigits digits, tokens separated by any
// white space (CRLF line ends included). A lone "-" where an operator is
// due is the operator; "-5" where a value is due is a number. Errors are
// *ParseError: no tokens at all (n = 0), an odd number of tokens, an
// unknown operator, a value that is not an integer or has too many digits.
// It takes time about linear in the text (math/big's multiplication for
// long numbers, where big.Int.SetString is quadratic).
func Parse(text string) (*Polygon, error) {
	return ParseContext(context.Background(), text)
}

// ParseContext is Parse, stopping with ctx's error once ctx is done: a
// ring of fifty numbers of 300,000 digits takes seconds to read.
func ParseContext(ctx context.Context, text string) (*Polygon, error) {
	p := &Polygon{}
	tok, count := 0, 0
	lastStart, lastWord := 0, ""
	for off, digits := 0, 0; ; {
		start, end := nextToken(text, off)
		if start == end {
			break
		}
		// A look at ctx every ten thousand characters, a millisecond's work.
		if digits += end - start; digits > 10000 {
			digits = 0
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		off = end
		count++
		word := text[start:end]
		lastStart, lastWord = start, word
		if tok%2 == 0 {
			op, ok := opOf(word)
			if !ok {
				return nil, &ParseError{Token: count, Offset: start, Text: word, Msg: "unknown operator (want + * - t x)"}
			}
			p.Ops = append(p.Ops, op)
		} else {
			v, ok := decimal.Parse(word)
			if !ok {
				msg := "not an integer"
				if decimal.TooLong(word) {
					msg = fmt.Sprintf("number too long: more than the %d digits a number may have (2^%d bits)", decimal.MaxDigits, bits.Len(decimal.MaxBits)-1)
				}
				return nil, &ParseError{Token: count, Offset: start, Text: word, Msg: msg}
			}
			p.Values = append(p.Values, v)
		}
		tok++
	}
	if count == 0 {
		return nil, &ParseError{Offset: len(text), Msg: "empty polygon (n = 0): want op1 v1 … opn vn with n ≥ 1"}
	}
	if count%2 == 1 {
		return nil, &ParseError{Token: count, Offset: lastStart, Text: lastWord,
			Msg: fmt.Sprintf("odd number of tokens (%d): operator %d has no value after it", count, len(p.Ops))}
	}
	return p, nil
}

// opOf maps an operator token to '+', '*' or '-'.
func opOf(word string) (byte, bool) {
	switch word {
	case "+", "t", "T":
		return '+', true
	case "*", "x", "X":
		return '*', true
	case "-":
		return '-', true
	}
	return 0, false
}

// validOp says op is one of the game's operators.
func validOp(op byte) bool { return op == '+' || op == '*' || op == '-' }

// nextToken returns the byte range of the first token at or after off; an
// empty range at the end means there is none.
func nextToken(s string, off int) (int, int) {
	for off < len(s) {
		r, w := utf8.DecodeRuneInString(s[off:])
		if !unicode.IsSpace(r) {
			break
		}
		off += w
	}
	start := off
	for off < len(s) {
		r, w := utf8.DecodeRuneInString(s[off:])
		if unicode.IsSpace(r) {
			break
		}
		off += w
	}
	return start, off
}

// SeedDiagram returns the two ASCII lines the original program's showPolygon prints before
// each answer: the vertices joined by edges 2..n, and below them a bracket
// carrying edge 1 that closes the ring. The algorithm is that program's, character
// for character (including its placement of edge 1's operator at the middle
// and its shape for n = 1 and 2).
func (p *Polygon) SeedDiagram() (top, bottom string) {
	var mid strings.Builder
	n := len(p.Values)
	for i := 0; i < n-1; i++ {
		mid.WriteString("|" + p.Values[i].String() + "|")
		if p.Ops[i+1] == '-' {
			// "-----" would hide the operator among the dashes; the seed
			// drew only + and *, so this form is gamelab's, as wide.
			mid.WriteString("-(-)-")
		} else {
			mid.WriteString("--" + string(p.Ops[i+1]) + "--")
		}
	}
	mid.WriteString("|" + p.Values[n-1].String() + "|")
	top = mid.String()
	bot := []byte{' '}
	L := len(top)
	for i := 1; i < L-1; i++ {
		switch {
		case i == 1 || i == L-2:
			bot = append(bot, '|')
		case i == (L-1)/2:
			bot = append(bot, p.Ops[0])
		default:
			bot = append(bot, '_')
		}
	}
	return top, string(bot)
}
