package kernel

import (
	"context"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser/lexer"
)

// Execute runs one cell with pictures (ExecOptions.SVG) and otherwise the
// default options. It never panics; all failures come back in Output.Err.
func (s *Session) Execute(ctx context.Context, code string) *Output {
	return s.ExecuteWith(ctx, code, ExecOptions{SVG: true})
}

// ExecuteWith is Execute with per-cell options. The cell's statements run in
// order; the first that fails stops the cell, and the ones before it keep
// their effect.
func (s *Session) ExecuteWith(ctx context.Context, code string, o ExecOptions) *Output {
	if ctx == nil {
		ctx = context.Background()
	}
	out := &Output{}
	record := !o.Silent && !o.NoHistory
	if record {
		s.count++
		s.inputs[s.count] = code
	}
	out.Count = s.count
	account, ctx, end := s.budget.Start(ctx)
	defer end()
	c := &cellRun{Account: account, session: s, ctx: ctx, out: out, opts: o}
	c.env = &builtin.Env{
		Ctx: ctx,
		Show: func(text, svg string) {
			if !o.SVG {
				svg = "" // a builtin that drew anyway (Env.Pictures is false)
			}
			c.show(Display{Text: text, SVG: svg})
		},
		Print:    c.print,
		Warn:     c.warn,
		Pictures: o.SVG,
		Budget: func(bytes int64) error {
			if c.Fits(bytes) {
				return nil
			}
			return s.budget.Error(bytes)
		},
		Available: s.budget.Available,
	}
	c.progress = newProgress(o.Progress)
	c.env.Progress = c.progress.report
	defer c.progress.End()
	if o.Input != nil {
		c.env.Input = func(prompt string) (string, error) { return o.Input(ctx, prompt) }
	}
	c.env.Update = updater(c, o.SVG)
	s.cell = c
	defer func() { s.cell = nil }()

	code = strings.ReplaceAll(code, "\r\n", "\n")
	lines := strings.Split(code, "\n")
	stmts := splitStatements(code)
	var result any
	for i, st := range stmts {
		if err := ctx.Err(); err != nil {
			out.Err = &Error{Kind: builtin.Interrupted, Msg: "interrupted", Line: st.line, Column: 1, Source: lines[st.line-1]}
			if c.Over() {
				out.Err.Kind, out.Err.Msg = builtin.MemoryError, s.budget.Error(0).Msg
			}
			break
		}
		v, shown, err := s.runStatement(st, lines)
		if err != nil {
			out.Err = err
			break
		}
		if !shown || o.Silent {
			continue
		}
		if v != nil {
			s.last = v // as in Python, nil (print's, assert's) is not a result
		}
		if i == len(stmts)-1 {
			result = v
			if v != nil {
				d := s.display(v, o.SVG)
				out.Result = &d
			}
		} else if v != nil {
			c.show(s.display(v, o.SVG))
		}
	}
	if record {
		s.history[s.count] = result
	}
	out.Stdout = c.stdout.String()
	out.Stderr = c.stderr.String()
	out.Page = c.page.String()
	return out
}

// display renders a result for the front ends: its text and, when the
// front end shows pictures and the value has one, its SVG, or its HTML for
// a table. A list of maps with the same keys (a sweep) shows as a table.
func (s *Session) display(v any, pictures bool) Display {
	if t, ok := printer.Sweep(v, "", s.columnOrder); ok {
		v = t
	}
	d := Display{Text: formatValue(v)}
	if p, ok := v.(builtin.Pictured); ok && pictures {
		d.SVG = p.SVG()
	}
	if t, ok := v.(*printer.Table); ok && pictures {
		d.HTML = t.HTML()
	}
	return d
}

// Input returns the code of cell n, as it was executed.
func (s *Session) Input(n int) (code string, ok bool) {
	code, ok = s.inputs[n]
	return code, ok
}

// Vars returns the names of the session's variables, sorted.
func (s *Session) Vars() []string {
	names := make([]string, 0, len(s.vars))
	for n := range s.vars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// runStatement runs one statement. shown reports a bare expression, whose
// value v the cell shows. A statement that fails changes no variable.
func (s *Session) runStatement(st statement, lines []string) (v any, shown bool, e *Error) {
	defer func() {
		if r := recover(); r != nil {
			e = &Error{Kind: builtin.InternalError, Line: st.line, Column: 1, Source: lines[st.line-1],
				Msg: fmt.Sprintf("internal error in %q: %v", strings.TrimSpace(st.text), r)}
			if debugPanics {
				e.Msg += "\n" + string(debug.Stack())
			}
		}
	}()
	toks, lexErr := lexer.Lex(file.NewSource(st.text))
	if lexErr != nil {
		toks = nil // expr reports the problem when the statement is compiled
	}
	if at := tooDeep(toks); at >= 0 {
		return nil, false, s.errorAt(st, lines, toks[at].From, builtin.SyntaxError,
			fmt.Sprintf("brackets and signs nested more than %d deep", maxNesting))
	}
	if at, ok := helpQuery(toks); ok {
		return nil, false, s.help(st, lines, toks, at, true)
	}
	if len(toks) > 0 && toks[0].Is(lexer.Identifier) {
		switch toks[0].Value {
		case "del":
			if names, ok := delNames(toks); ok {
				return nil, false, s.del(st, lines, toks, names)
			}
		case "help":
			if at, ok := helpName(toks); ok {
				return nil, false, s.help(st, lines, toks, at, false)
			}
		case "vars":
			if len(toks) == 2 || len(toks) == 4 && toks[1].Is(lexer.Bracket, "(") && toks[2].Is(lexer.Bracket, ")") {
				s.cell.print(s.varsText())
				return nil, false, nil
			}
		}
		if eq, groups, ok := assignment(toks); ok {
			return nil, false, s.assign(st, lines, toks, eq, groups)
		}
	}
	v, err := s.eval(st, lines, toks, 0, len([]rune(st.text)))
	if err == nil {
		if str, ok := v.(string); ok && !s.cell.Fits(2*int64(len(str))) {
			// Shown, a string is quoted whole, in one allocation.
			return nil, false, s.errorAt(st, lines, 0, builtin.MemoryError,
				s.budget.Error(2*int64(len(str))).Msg+"; to show the string: print(s), or len(s) for its length")
		}
	}
	return v, true, err
}

// debugPanics adds the stack to internal errors (tests flip it on).
var debugPanics = false

// delNames recognises `del a, b`.
func delNames(toks []lexer.Token) ([]string, bool) {
	var names []string
	for i := 1; i < len(toks)-1; i++ {
		if i%2 == 1 {
			if !toks[i].Is(lexer.Identifier) {
				return nil, false
			}
			names = append(names, toks[i].Value)
		} else if !toks[i].Is(lexer.Operator, ",") {
			return nil, false
		}
	}
	return names, len(names) > 0 && len(toks)%2 == 1
}

// helpName recognises `help`, `help name`, `help(name)` and `help("name")`;
// at is the index of the name's token, -1 for bare help.
func helpName(toks []lexer.Token) (at int, ok bool) {
	switch {
	case len(toks) == 2:
		return -1, true
	case len(toks) == 3 && helpWord(toks[1]):
		return 1, true
	case len(toks) == 5 && toks[1].Is(lexer.Bracket, "(") && helpWord(toks[2]) && toks[3].Is(lexer.Bracket, ")"):
		return 2, true
	}
	return 0, false
}

// helpQuery recognises IPython's help syntax: `name?` and `?name` (or with
// ??), and a lone `?` for the list; at is as helpName's.
func helpQuery(toks []lexer.Token) (at int, ok bool) {
	query := func(t lexer.Token) bool { return t.Is(lexer.Operator, "?", "??") }
	switch {
	case len(toks) == 2 && query(toks[0]):
		return -1, true
	case len(toks) == 3 && query(toks[0]) && helpWord(toks[1]):
		return 1, true
	case len(toks) == 3 && helpWord(toks[0]) && query(toks[1]):
		return 0, true
	}
	return 0, false
}

// helpWord is a token that can name what help describes: a name, a quoted
// name, or a word expr lexes as an operator (not, in, …).
func helpWord(t lexer.Token) bool {
	return t.Is(lexer.Identifier) || t.Is(lexer.String) || t.Is(lexer.Operator) && isIdent(t.Value)
}

// assignment recognises `name = …` and `name[…]…[…] = …`: eq is the index
// of the `=` token, groups the [from, to) token ranges inside each bracket.
func assignment(toks []lexer.Token) (eq int, groups [][2]int, ok bool) {
	i := 1
	for i < len(toks) && toks[i].Is(lexer.Bracket, "[") {
		depth, j := 0, i
		for ; j < len(toks); j++ {
			switch {
			case toks[j].Is(lexer.Bracket, "(", "[", "{"):
				depth++
			case toks[j].Is(lexer.Bracket, ")", "]", "}"):
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j == len(toks) {
			return 0, nil, false
		}
		groups = append(groups, [2]int{i + 1, j})
		i = j + 1
	}
	if i < len(toks) && toks[i].Is(lexer.Operator, "=") {
		return i, groups, true
	}
	return 0, nil, false
}
