// Package syntax reads a cell of gamelab's command language: it splits the
// cell into statements, parses each once into a small tree (an expression
// to show, an assignment, del, help, vars) that the engine's handlers
// take, says whether input is complete, and places errors in the cell
// (Error: line, column, the source line and a caret). The expressions
// themselves are expr's, which package lang compiles; this package only
// lexes them, to find where a statement's parts begin and end.
package syntax

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
)

// Statement is one statement of a cell, parsed.
type Statement struct {
	Line int // 1-based line in the cell where it starts
	// Column is the rune of that line it starts at, from 0: after the ";"
	// of the statement before it on the line. Offsets in Text count from
	// there; ErrorAt places them in the cell.
	Column int
	Text   string        // its source, its lines joined by "\n", comments blanked to spaces
	Tokens []lexer.Token // expr's tokens of Text; nil when it does not lex (expr says why when it compiles)
	Form   Form          // what the statement is; nil when Err is set
	Err    *Error        // why it cannot run, found as it was parsed (reported when the cell reaches it)
	// Warning is what the statement as typed may not mean, said when it
	// runs: "7 // 2" is 7 and a comment (comments.go).
	Warning string
	raw     string   // Text as typed, its comments kept (rune for rune as Text)
	lines   []string // the cell's lines, for errors
}

// Form is what a statement is: *Expr, *Assign, *Del, *Help or *Vars.
type Form interface{ form() }

// Span is the runes [From, To) of a statement's text.
type Span struct{ From, To int }

// Empty says whether the span holds nothing (an index left out, nothing
// after an =).
func (s Span) Empty() bool { return s.From >= s.To }

// Name is a name written in a statement, and the rune offset it starts at.
type Name struct {
	Value string
	At    int
}

// Expr is a bare expression, whose value the cell shows.
type Expr struct{ Span }

// Assign is `name = value` or, with Index, `name[i]…[j, k] = value`.
type Assign struct {
	Target Name
	Index  []Span // every index in order, x[i][j, k]: i, j, k; an empty Span where one is missing
	Open   int    // where the first [ is (an indexed assignment's errors point there)
	Eq     int    // where the = is
	Value  Span   // empty when nothing follows the =
}

// Del is `del a, b`.
type Del struct{ Names []Name }

// Help is `help`, `help name`, `help(name)` or IPython's `name?` (Query:
// the front end's pager, if any, shows it). Topic nil: everything.
type Help struct {
	Topic *Name
	Query bool
}

// Vars is `vars` or `vars()`.
type Vars struct{}

func (*Expr) form()   {}
func (*Assign) form() {}
func (*Del) form()    {}
func (*Help) form()   {}
func (*Vars) form()   {}

// Parse splits a cell into statements and parses each; blank and
// comment-only lines yield none. A statement whose form is wrong carries
// its Err: the statements before it still run.
func Parse(code string) []*Statement {
	stmts := Split(code)
	for _, st := range stmts {
		st.Parse(nil)
	}
	return stmts
}

// Split splits a cell into statements without parsing them: each has its
// place and Text, and Parse, called when it is about to run, gives it the
// rest. Splitting is linear in the cell and cheap; lexing a statement of
// megabytes is not, and a cell's first statement need not wait for the
// lexing of all the others.
func Split(code string) []*Statement {
	code = strings.ReplaceAll(code, "\r\n", "\n")
	lines := strings.Split(code, "\n")
	var out []*Statement
	for _, p := range splitStatements(code) {
		out = append(out, &Statement{Line: p.line, Column: p.column, Text: p.text, raw: p.raw, lines: lines})
	}
	return out
}

// PollEvery is how many tokens Parse lexes between two calls of its poll.
const PollEvery = 1024

// Parse lexes the statement and recognises its form. poll, when set, is
// called every PollEvery tokens: it may stop the work (by a panic: the
// cell's interrupt, the memory its tokens take).
func (st *Statement) Parse(poll func()) {
	toks, err := lex(st.Text, poll)
	if err != nil {
		toks = nil // expr reports the problem when the expression is compiled
	}
	st.Tokens = toks
	st.Warning = st.divisionWarning()
	if at := TooDeep(toks); at >= 0 {
		st.Err = st.ErrorAt(toks[at].From, builtin.SyntaxError, fmt.Sprintf("brackets and signs nested more than %d deep", MaxNesting))
		return
	}
	st.Form = st.form(toks)
}

// lex is expr's tokens of text, as lexer.Lex makes them, with poll called
// every PollEvery tokens.
func lex(text string, poll func()) ([]lexer.Token, error) {
	l := lexer.New()
	l.Reset(file.NewSource(text))
	var toks []lexer.Token
	for {
		t, err := l.Next()
		switch {
		case err == io.EOF:
			return toks, nil
		case err != nil:
			return nil, err
		}
		toks = append(toks, t)
		if poll != nil && len(toks)%PollEvery == 0 {
			poll()
		}
	}
}

func (st *Statement) form(toks []lexer.Token) Form {
	whole := &Expr{Span{0, len([]rune(st.Text))}}
	if h, ok := helpQuery(toks); ok {
		return h
	}
	if len(toks) == 0 || !toks[0].Is(lexer.Identifier) {
		return whole
	}
	switch toks[0].Value {
	case "del":
		if d, ok := delNames(toks); ok {
			return d
		}
	case "help":
		if h, ok := helpName(toks); ok {
			return h
		}
	case "vars":
		if len(toks) == 2 || len(toks) == 4 && toks[1].Is(lexer.Bracket, "(") && toks[2].Is(lexer.Bracket, ")") {
			return &Vars{}
		}
	}
	if a, ok := assignment(toks, whole.To); ok {
		return a
	}
	return whole
}

// name is the Name a token writes.
func name(t lexer.Token) *Name { return &Name{Value: t.Value, At: t.From} }

// delNames recognises `del a, b`.
func delNames(toks []lexer.Token) (*Del, bool) {
	d := &Del{}
	for i := 1; i < len(toks)-1; i++ {
		if i%2 == 1 {
			if !toks[i].Is(lexer.Identifier) {
				return nil, false
			}
			d.Names = append(d.Names, *name(toks[i]))
		} else if !toks[i].Is(lexer.Operator, ",") {
			return nil, false
		}
	}
	return d, len(d.Names) > 0 && len(toks)%2 == 1
}

// helpName recognises `help`, `help name`, `help(name)` and `help("name")`.
func helpName(toks []lexer.Token) (*Help, bool) {
	switch {
	case len(toks) == 2:
		return &Help{}, true
	case len(toks) == 3 && helpWord(toks[1]):
		return &Help{Topic: name(toks[1])}, true
	case len(toks) == 5 && toks[1].Is(lexer.Bracket, "(") && helpWord(toks[2]) && toks[3].Is(lexer.Bracket, ")"):
		return &Help{Topic: name(toks[2])}, true
	}
	return nil, false
}

// helpQuery recognises IPython's help syntax: `name?` and `?name` (or with
// ??), and a lone `?` for the list.
func helpQuery(toks []lexer.Token) (*Help, bool) {
	query := func(t lexer.Token) bool { return t.Is(lexer.Operator, "?", "??") }
	switch {
	case len(toks) == 2 && query(toks[0]):
		return &Help{Query: true}, true
	case len(toks) == 3 && query(toks[0]) && helpWord(toks[1]):
		return &Help{Topic: name(toks[1]), Query: true}, true
	case len(toks) == 3 && helpWord(toks[0]) && query(toks[1]):
		return &Help{Topic: name(toks[0]), Query: true}, true
	}
	return nil, false
}

// helpWord is a token that can name what help describes: a name, a quoted
// name, or a word expr lexes as an operator (not, in, …).
func helpWord(t lexer.Token) bool {
	return t.Is(lexer.Identifier) || t.Is(lexer.String) || t.Is(lexer.Operator) && IsName(t.Value)
}

// assignment recognises `name = …` and `name[…]…[…] = …`; end is the
// statement's length in runes.
func assignment(toks []lexer.Token, end int) (*Assign, bool) {
	a := &Assign{Target: *name(toks[0])}
	i := 1
	if i < len(toks) {
		a.Open = toks[i].From
	}
	for i < len(toks) && toks[i].Is(lexer.Bracket, "[") {
		close := matching(toks, i)
		if close == len(toks) {
			return nil, false
		}
		a.Index = append(a.Index, indices(toks, i+1, close)...)
		i = close + 1
	}
	if i >= len(toks) || !toks[i].Is(lexer.Operator, "=") {
		return nil, false
	}
	a.Eq = toks[i].From
	a.Value = Span{toks[i].To, end}
	if i+1 >= len(toks) || toks[i+1].Is(lexer.EOF) {
		a.Value = Span{toks[i].To, toks[i].To}
	}
	return a, true
}

// matching is the index of the token that closes the bracket at toks[open],
// len(toks) when none does.
func matching(toks []lexer.Token, open int) int {
	depth := 0
	for j := open; j < len(toks); j++ {
		switch {
		case toks[j].Is(lexer.Bracket, "(", "[", "{"):
			depth++
		case toks[j].Is(lexer.Bracket, ")", "]", "}"):
			depth--
		}
		if depth == 0 {
			return j
		}
	}
	return len(toks)
}

// indices cuts the tokens [from, to) inside a bracket at its commas (not
// those of brackets inside it) into the spans of its indices.
func indices(toks []lexer.Token, from, to int) []Span {
	var out []Span
	start, depth := from, 0
	for k := from; k <= to; k++ {
		if k < to {
			switch {
			case toks[k].Is(lexer.Bracket, "(", "[", "{"):
				depth++
			case toks[k].Is(lexer.Bracket, ")", "]", "}"):
				depth--
			}
			if !(toks[k].Is(lexer.Operator, ",") && depth == 0) {
				continue
			}
		}
		if k == start {
			out = append(out, Span{toks[k].From, toks[k].From})
		} else {
			out = append(out, Span{toks[start].From, toks[k-1].To})
		}
		start = k + 1
	}
	return out
}

// IsName says whether s is a name: a letter or _, then letters, digits
// and _.
func IsName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// IsNameRune says whether r can be part of a name as the kernel writes
// them ($ included: $env and the kernel's own functions).
func IsNameRune(r rune) bool {
	return r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)
}
