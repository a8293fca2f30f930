package syntax

import (
	"fmt"
	"strings"

	"gamelab/kernel/builtin"
)

// Error is a failed statement: what went wrong and where.
type Error struct {
	Kind   builtin.Kind // e.g. builtin.SyntaxError, builtin.GameError, builtin.Interrupted
	Msg    string       // one line
	Line   int          // 1-based line in the cell; 0 when unknown
	Column int          // 1-based column (in runes); 0 when unknown
	Source string       // the source line the position refers to
}

// Error formats as "line:col: msg", then the source line (around the
// column, when it is long) and a caret under the column.
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%d: %s", e.Line, e.Column, e.Msg)
	b.WriteString(e.sourceAndCaret())
	return b.String()
}

// MaxSourceShown is how many characters of a long source line an error
// shows, centred on its column: a statement of a megabyte on one line would
// otherwise print the megabyte, and as many spaces before the caret.
const MaxSourceShown = 160

// sourceAndCaret is "\n" + the source line (or the part of it around the
// column, "…" marking what is cut) + "\n" + the caret line, tabs kept under
// tabs so the caret lines up in a terminal; "" without a source line.
func (e *Error) sourceAndCaret() string {
	if e.Source == "" {
		return ""
	}
	// One walk of the line, to the end of what is shown: the runes around
	// the column, not all of a line of 40 MB.
	at := max(e.Column-1, 0)
	var kept []rune // the runes from, from+1, … walked so far
	from, n, ended := 0, 0, true
	for _, r := range e.Source {
		if n >= max(at, MaxSourceShown/2)+MaxSourceShown/2 && n >= MaxSourceShown {
			ended = false
			break
		}
		kept = append(kept, r)
		n++
		if len(kept) > MaxSourceShown {
			kept, from = kept[1:], from+1
		}
	}
	at = min(at, n)
	var b strings.Builder
	b.WriteString("\n")
	if from > 0 {
		b.WriteString("…")
	}
	b.WriteString(string(kept))
	if !ended {
		b.WriteString("…")
	}
	b.WriteString("\n")
	if from > 0 {
		b.WriteString(" ")
	}
	for _, r := range kept[:at-from] {
		if r == '\t' {
			b.WriteRune('\t')
		} else {
			b.WriteRune(' ')
		}
	}
	b.WriteString("^")
	return b.String()
}

// ErrorAt is an Error at rune offset at of the statement's text: its line
// and column in the cell, and that line of the cell as its source.
func (st *Statement) ErrorAt(at int, kind builtin.Kind, msg string) *Error {
	line, col := st.Line, st.Column+1
	k := 0
	for _, r := range st.Text {
		if k >= at {
			break
		}
		k++
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	src := ""
	if line-1 < len(st.lines) {
		src = st.lines[line-1]
	}
	return &Error{Kind: kind, Msg: msg, Line: line, Column: col, Source: src}
}
