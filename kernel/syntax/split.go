package syntax

// Splitting a cell into statements.
//
// A statement is one line, or several when a bracket, a string or a /* */
// comment is left open at the end of a line. `#` is expr's predicate element
// (`map(xs, # * 2)`), which is always inside brackets; so a `#` outside
// strings at bracket depth 0 starts a comment that runs to the end of the
// line, and inside brackets it is expr's `#`. Use expr's `//` for a comment
// inside brackets.

import (
	"strings"
	"unicode/utf8"
)

// piece is the text of one statement of a cell, before it is parsed.
type piece struct {
	line   int    // 1-based line in the cell where it starts
	column int    // the rune of that line it starts at, from 0 (after a ";")
	text   string // its source, lines joined by "\n", # comment blanked out
	raw    string // its source as typed, comments and all (rune for rune as text)
}

// scanState is what the scanner knows at a point of the input.
type scanState struct {
	stack   []rune // open brackets, innermost last
	quote   rune   // open string's quote, 0 outside strings
	escape  bool   // previous rune was a backslash inside a "…" or '…' string
	block   bool   // inside /* … */
	invalid bool   // a closing bracket that matches nothing
	// semis and lets are where, in the line scanned last, a ";" and the
	// word let stand outside brackets, strings and comments: the places a
	// line may be cut into statements (see cutAtSemicolons).
	semis, lets []int
}

func (st *scanState) open() bool {
	return len(st.stack) > 0 || st.quote != 0 || st.block
}

// scanLine advances st over one line (without its newline) and returns the
// line with a depth-0 `#` comment or a `//` comment replaced by spaces, so
// that columns still match the source.
func (st *scanState) scanLine(line string) string {
	cut := st.scan(line)
	// A "…" or '…' string cannot span lines in expr: the line ends it
	// (expr reports "literal not terminated"), so only raw strings continue.
	if st.quote == '"' || st.quote == '\'' {
		st.quote, st.escape = 0, false
	}
	if cut == len(line) {
		return line
	}
	return line[:cut] + strings.Repeat(" ", utf8.RuneCountInString(line[cut:]))
}

// scan advances st over line and returns the byte where a comment starts
// in it (len(line) if none); st.semis and st.lets count runes. Every
// character it looks for is ASCII, which no byte of another character's
// UTF-8 is, so it reads bytes: a line of 40 MB is not made 160 MB of
// runes to be read.
func (st *scanState) scan(line string) int {
	st.semis, st.lets = st.semis[:0], st.lets[:0]
	r := -1 // the rune that byte i is in
	for i := 0; i < len(line); i++ {
		b := line[i]
		if b&0xC0 != 0x80 {
			r++
		}
		next := byte(0)
		if i+1 < len(line) {
			next = line[i+1]
		}
		switch {
		case st.block:
			if b == '*' && next == '/' {
				st.block = false
				i++
				r++
			}
		case st.quote != 0:
			switch {
			case st.escape:
				st.escape = false
			case b == '\\' && st.quote != '`':
				st.escape = true
			case rune(b) == st.quote:
				st.quote = 0
			}
		case b == '"' || b == '\'' || b == '`':
			st.quote = rune(b)
		case b == '/' && next == '*':
			st.block = true
			i++
			r++
		case b == '/' && next == '/', b == '#' && len(st.stack) == 0:
			return i
		case b == ';' && len(st.stack) == 0:
			st.semis = append(st.semis, r)
		case b == 'l' && len(st.stack) == 0 && isWordAt(line, i, "let"):
			st.lets = append(st.lets, r)
		case b == '(' || b == '[' || b == '{':
			st.stack = append(st.stack, rune(b))
		case b == ')' || b == ']' || b == '}':
			if n := len(st.stack); n > 0 && st.stack[n-1] == opening(rune(b)) {
				st.stack = st.stack[:n-1]
			} else {
				st.invalid = true
			}
		}
	}
	return len(line)
}

func opening(r rune) rune {
	switch r {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// splitStatements cuts a cell into statements; blank and comment-only lines
// yield none. A statement still open at the end of the cell is returned as it
// is, and expr reports what is missing. A ";" outside brackets separates two
// statements on one line (as in IPython), except after a let, whose ";" is
// expr's own (`let x = 2; x * x`). The work is linear in the cell: each
// statement holds its own text only, not the line it shares with others.
func splitStatements(code string) []piece {
	code = strings.ReplaceAll(code, "\r\n", "\n")
	var (
		out   []piece
		st    scanState
		cur   []string // the statement's lines so far, comments blanked
		raw   []string // the same lines as typed
		start int
		semis []int // in the statement so far, in runes, where a ";" separates
		size  int   // runes in the statement so far, newlines included
		let   bool  // a let is open: its ";" belong to it
	)
	flush := func() {
		p := piece{line: start, text: strings.Join(cur, "\n"), raw: strings.Join(raw, "\n")}
		out = append(out, cutAtSemicolons(p, semis)...)
		cur, raw, semis, size, let = nil, nil, nil, 0, false
	}
	for i, line := range strings.Split(code, "\n") {
		if len(cur) == 0 {
			start = i + 1
		}
		scanned := st.scanLine(line)
		lets := st.lets
		for _, at := range st.semis {
			for len(lets) > 0 && lets[0] < at {
				let, lets = true, lets[1:]
			}
			if !let {
				semis = append(semis, size+at)
			}
		}
		let = let || len(lets) > 0
		cur, raw = append(cur, scanned), append(raw, line)
		size += utf8.RuneCountInString(scanned) + 1
		if !st.open() || st.invalid {
			flush()
			st = scanState{}
		}
	}
	if len(cur) > 0 {
		flush()
	}
	return out
}

// cutAtSemicolons cuts a statement at the ";" at rune offsets semis. Each
// part is its own text (a substring: no copy), with the line and column
// where it starts, so that errors point into the line as it was typed;
// blank parts are dropped.
func cutAtSemicolons(st piece, semis []int) []piece {
	if len(semis) == 0 {
		if strings.TrimSpace(st.text) == "" {
			return nil
		}
		return []piece{st}
	}
	// At rune r: its bytes in text and in raw, its line and column.
	r, tb, rb, line, col := 0, 0, 0, st.line, 0
	advance := func(to int) {
		for r < to && tb < len(st.text) {
			c, n := utf8.DecodeRuneInString(st.text[tb:])
			_, m := utf8.DecodeRuneInString(st.raw[rb:])
			tb, rb, r = tb+n, rb+m, r+1
			if col++; c == '\n' {
				line, col = line+1, 0
			}
		}
	}
	var out []piece
	for k := 0; k <= len(semis); k++ {
		fromT, fromR, fromLine, fromCol := tb, rb, line, col
		if k < len(semis) {
			advance(semis[k])
		} else {
			tb, rb = len(st.text), len(st.raw)
		}
		if text := st.text[fromT:tb]; strings.TrimSpace(text) != "" {
			out = append(out, piece{line: fromLine, column: fromCol, text: text, raw: st.raw[fromR:rb]})
		}
		advance(r + 1) // past the ";"
	}
	return out
}

// isWordAt reports whether word stands at byte i of s as a whole word.
func isWordAt(s string, i int, word string) bool {
	if !strings.HasPrefix(s[i:], word) {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	after, _ := utf8.DecodeRuneInString(s[i+len(word):])
	return !(i > 0 && IsNameRune(before)) && !(i+len(word) < len(s) && IsNameRune(after))
}

// Completeness says whether a piece of input can run as it is.
type Completeness int

const (
	Complete   Completeness = iota // runs as it is
	Incomplete                     // needs more lines (open bracket or string)
	Invalid                        // can never become valid by adding lines
)

// IsComplete decides whether code can run as it is (see Completeness):
// Incomplete while a bracket, a raw string or a /* comment is open at the end,
// Invalid when a closing bracket matches no opening one. indent is a suggested
// indentation for the next line when the code is incomplete.
func IsComplete(code string) (c Completeness, indent string) {
	code = strings.ReplaceAll(code, "\r\n", "\n")
	var sc Scanner
	for _, line := range strings.Split(code, "\n") {
		if c, indent = sc.Line(line); c == Invalid {
			return Invalid, ""
		}
	}
	return c, indent
}

// Scanner is IsComplete a line at a time, for input that arrives so (a
// script's lines, the REPL's): each Line says what the lines given so far
// are, since the last that made them Complete or Invalid, in time linear
// in them (IsComplete of the lines so far, asked at each of a 40,000-line
// list, took a minute).
type Scanner struct{ st scanState }

// Line takes the next line of input, without its newline: Complete or
// Invalid end the entry (the next line starts another), Incomplete comes
// with the indentation the next line may take.
func (s *Scanner) Line(line string) (c Completeness, indent string) {
	s.st.scanLine(line)
	switch {
	case s.st.invalid:
		s.st = scanState{}
		return Invalid, ""
	case s.st.open():
		return Incomplete, strings.Repeat("  ", max(len(s.st.stack), 1))
	}
	s.st = scanState{}
	return Complete, ""
}

// Blank reports whether code holds no statement: only blank lines and
// comments. Front ends need not send such input to Execute. A cell whose
// first line that is not blank starts with code (not a comment, not a
// ";") holds a statement: a statement of 40 MB is not split to learn that
// it is one.
func Blank(code string) bool {
	for line := range strings.Lines(code) {
		if text := strings.TrimSpace(line); text != "" {
			if !strings.ContainsRune("#/;", rune(text[0])) {
				return false
			}
			break
		}
	}
	return len(splitStatements(code)) == 0
}

// InStringOrComment reports whether the end of text is inside a string
// literal or a comment (completion offers nothing there).
func InStringOrComment(text []rune) bool {
	var st scanState
	lines := strings.Split(string(text), "\n")
	for _, line := range lines[:len(lines)-1] {
		st.scanLine(line)
		if !st.open() {
			st = scanState{}
		}
	}
	last := lines[len(lines)-1]
	return st.scan(last) < len(last) || st.quote != 0 || st.block
}
