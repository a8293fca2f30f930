package syntax

// Splitting a cell into statements.
//
// A statement is one line, or several when a bracket, a string or a /* */
// comment is left open at the end of a line. `#` is expr's predicate element
// (`map(xs, # * 2)`), which is always inside brackets; so a `#` outside
// strings at bracket depth 0 starts a comment that runs to the end of the
// line, and inside brackets it is expr's `#`. Use expr's `//` for a comment
// inside brackets.

import "strings"

// piece is the text of one statement of a cell, before it is parsed.
type piece struct {
	line int    // 1-based line in the cell where it starts
	text string // its source, lines joined by "\n", # comment blanked out
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
	rs := []rune(line)
	cut := st.scanRunes(rs)
	// A "…" or '…' string cannot span lines in expr: the line ends it
	// (expr reports "literal not terminated"), so only raw strings continue.
	if st.quote == '"' || st.quote == '\'' {
		st.quote, st.escape = 0, false
	}
	if cut == len(rs) {
		return line
	}
	return string(rs[:cut]) + strings.Repeat(" ", len(rs)-cut)
}

// scanRunes advances st over rs and returns where a comment starts in it
// (len(rs) if none).
func (st *scanState) scanRunes(rs []rune) int {
	cut := len(rs)
	st.semis, st.lets = st.semis[:0], st.lets[:0]
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case st.block:
			if r == '*' && i+1 < len(rs) && rs[i+1] == '/' {
				st.block = false
				i++
			}
		case st.quote != 0:
			switch {
			case st.escape:
				st.escape = false
			case r == '\\' && st.quote != '`':
				st.escape = true
			case r == st.quote:
				st.quote = 0
			}
		case r == '"' || r == '\'' || r == '`':
			st.quote = r
		case r == '/' && i+1 < len(rs) && rs[i+1] == '*':
			st.block = true
			i++
		case r == '/' && i+1 < len(rs) && rs[i+1] == '/':
			cut = i
		case r == '#' && len(st.stack) == 0:
			cut = i
		case r == ';' && len(st.stack) == 0:
			st.semis = append(st.semis, i)
		case r == 'l' && len(st.stack) == 0 && isWordAt(rs, i, "let"):
			st.lets = append(st.lets, i)
		case r == '(' || r == '[' || r == '{':
			st.stack = append(st.stack, r)
		case r == ')' || r == ']' || r == '}':
			if n := len(st.stack); n > 0 && st.stack[n-1] == opening(r) {
				st.stack = st.stack[:n-1]
			} else {
				st.invalid = true
			}
		}
		if cut < len(rs) {
			break
		}
	}
	return cut
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
// expr's own (`let x = 2; x * x`).
func splitStatements(code string) []piece {
	code = strings.ReplaceAll(code, "\r\n", "\n")
	var (
		out   []piece
		st    scanState
		cur   []string
		start int
		semis []int // in the statement so far, in runes, where a ";" separates
		size  int   // runes in the statement so far, newlines included
		let   bool  // a let is open: its ";" belong to it
	)
	flush := func() {
		out = append(out, cutAtSemicolons(piece{line: start, text: strings.Join(cur, "\n")}, semis)...)
		cur, semis, size, let = nil, nil, 0, false
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
		cur = append(cur, scanned)
		size += len([]rune(scanned)) + 1
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
// part keeps the statement's lines and columns, the rest blanked to
// spaces, so that errors point into the line as it was typed; blank parts
// are dropped.
func cutAtSemicolons(st piece, semis []int) []piece {
	if len(semis) == 0 {
		if strings.TrimSpace(st.text) == "" {
			return nil
		}
		return []piece{st}
	}
	rs := []rune(st.text)
	var out []piece
	from := 0
	for _, to := range append(semis, len(rs)) {
		part := make([]rune, len(rs))
		for i, r := range rs {
			if (i < from || i >= to) && r != '\n' {
				r = ' '
			}
			part[i] = r
		}
		if text := string(part); strings.TrimSpace(text) != "" {
			out = append(out, piece{line: st.line, text: text})
		}
		from = to + 1
	}
	return out
}

// isWordAt reports whether word stands at rs[i] as a whole word.
func isWordAt(rs []rune, i int, word string) bool {
	w := []rune(word)
	if i+len(w) > len(rs) || string(rs[i:i+len(w)]) != word {
		return false
	}
	ident := func(j int) bool { return j >= 0 && j < len(rs) && IsNameRune(rs[j]) }
	return !ident(i-1) && !ident(i+len(w))
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
	var st scanState
	for _, line := range strings.Split(code, "\n") {
		st.scanLine(line)
		if st.invalid {
			return Invalid, ""
		}
		if !st.open() {
			st = scanState{}
		}
	}
	if st.open() {
		return Incomplete, strings.Repeat("  ", max(len(st.stack), 1))
	}
	return Complete, ""
}

// Blank reports whether code holds no statement: only blank lines and
// comments. Front ends need not send such input to Execute.
func Blank(code string) bool { return len(splitStatements(code)) == 0 }

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
	last := []rune(lines[len(lines)-1])
	return st.scanRunes(last) < len(last) || st.quote != 0 || st.block
}
