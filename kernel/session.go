// Package kernel is gamelab's engine: sessions of statements on top of
// expr-lang/expr, the game builtins, values and their display (text and SVG).
// The REPL, the script runner and the Jupyter kernel all drive a Session the
// same way, through Execute, IsComplete, Complete and Inspect.
package kernel

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/expr-lang/expr"
)

// Session holds one user's state: variables, the cell counter, the inputs and
// results of earlier cells. It is not safe for concurrent Execute calls; the
// front ends run one cell at a time (Complete and Inspect may run alongside).
type Session struct {
	count int
	vars  map[string]any
}

// Option configures a Session.
type Option func(*Session)

// NewSession returns an empty session.
func NewSession(opts ...Option) *Session {
	s := &Session{vars: map[string]any{}}
	for _, o := range opts {
		o(s)
	}
	return s
}

// ExecOptions are per-cell knobs (Jupyter's silent and store_history).
type ExecOptions struct {
	// Silent: run, but produce no Result and do not advance the counter.
	Silent bool
	// NoHistory: do not advance the counter or record the cell for _N.
	NoHistory bool
	// Stdout, when set, receives print() output as it is written (Jupyter
	// streams it); Output.Stdout still holds all of it.
	Stdout io.Writer
}

// Output is everything one cell produced.
type Output struct {
	Count    int       // execution count of the cell (unchanged when NoHistory/Silent)
	Stdout   string    // text written by print()
	Displays []Display // what show() displayed, in order
	Result   *Display  // value of the last bare expression; nil if none
	Err      *Error    // nil when every statement succeeded
}

// Display is a value rendered for a front end.
type Display struct {
	Text string // text/plain: what a terminal prints
	SVG  string // image/svg+xml, "" when the value has no picture
}

// Error is a failed statement: what went wrong and where.
type Error struct {
	Kind   string // e.g. "SyntaxError", "NameError", "TypeError", "GameError", "Interrupted"
	Msg    string // one line
	Line   int    // 1-based line in the cell; 0 when unknown
	Column int    // 1-based column (in runes); 0 when unknown
	Source string // the source line the position refers to
}

// Error formats as "line:col: msg", then the source line and a caret under the column.
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%d: %s", e.Line, e.Column, e.Msg)
	if e.Source != "" {
		fmt.Fprintf(&b, "\n%s\n%s^", e.Source, strings.Repeat(" ", max(e.Column-1, 0)))
	}
	return b.String()
}

// Completeness says whether a piece of input can run as it is.
type Completeness int

const (
	Complete   Completeness = iota // runs as it is
	Incomplete                     // needs more lines (open bracket or string)
	Invalid                        // can never become valid by adding lines
)

// Execute runs one cell. It never panics; all failures come back in Output.Err.
func (s *Session) Execute(ctx context.Context, code string) *Output {
	return s.ExecuteWith(ctx, code, ExecOptions{})
}

// ExecuteWith is Execute with per-cell options.
// (Minimal placeholder engine: one expression per cell. The engine issue replaces it.)
func (s *Session) ExecuteWith(ctx context.Context, code string, o ExecOptions) *Output {
	out := &Output{}
	if !o.Silent && !o.NoHistory {
		s.count++
	}
	out.Count = s.count
	code = strings.TrimSpace(code)
	if code == "" {
		return out
	}
	v, err := expr.Eval(code, s.vars)
	if err != nil {
		out.Err = &Error{Kind: "Error", Msg: err.Error()}
		return out
	}
	if !o.Silent {
		out.Result = &Display{Text: fmt.Sprint(v)}
	}
	return out
}

// IsComplete decides whether code can run as it is (see Completeness). indent
// is a suggested indentation for the next line when the code is incomplete.
func IsComplete(code string) (c Completeness, indent string) {
	depth := 0
	for _, r := range code {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
	}
	switch {
	case depth > 0:
		return Incomplete, "  "
	case depth < 0:
		return Invalid, ""
	}
	return Complete, ""
}

// Complete returns the completions for code at cursor (both in runes, as
// Jupyter counts them): the candidates and the rune range [start, end) they replace.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	return nil, cursor, cursor
}

// Inspect returns the help text for the name at or before cursor (in runes).
func (s *Session) Inspect(code string, cursor int) (text string, found bool) {
	return "", false
}
