package kernel

// Running a cell: its statements in order, each handled by its form.

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"unsafe"

	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/internal/detach"
	"gamelab/kernel/builtin"
	"gamelab/kernel/lang"
	"gamelab/kernel/printer"
	"gamelab/kernel/syntax"
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
	c, end := s.startCell(ctx, out, o)
	defer end()

	var result any
	var stmts []*syntax.Statement
	split := detach.Call
	if len(code) > 1<<20 {
		split = detach.Run // a second for 40 MB on a loaded machine: Ctrl-C need not wait
	}
	if err := split(c.ctx, func() { stmts = syntax.Split(code) }); err != nil {
		out.Err = c.stopped(&Error{Kind: builtin.Interrupted, Msg: "interrupted"})
	}
	for i, st := range stmts {
		if c.ctx.Err() != nil {
			out.Err = c.stopped(st.ErrorAt(0, builtin.Interrupted, "interrupted"))
			break
		}
		v, shown, err := s.run(st)
		if err != nil {
			out.Err = err
			break
		}
		if !o.Silent {
			s.recordStatement(st) // save_session.go
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
				d := s.display(v, shownName(st), o.SVG)
				out.Result = &d
			}
		} else if v != nil {
			c.show(s.display(v, shownName(st), o.SVG))
		}
	}
	if record {
		s.history[s.count] = result
	}
	out.Stdout = c.stdout.String()
	out.Stderr = c.stderr.String()
	out.Page = c.page.String()
	out.Cached = c.cached
	return out
}

// startCell opens the cell's account with the budget, its Env and its
// progress line, and makes it the running cell of the session and of the
// language; end closes all of it.
func (s *Session) startCell(ctx context.Context, out *Output, o ExecOptions) (c *cellRun, end func()) {
	account, ctx, closeAccount := s.budget.Start(ctx)
	c = &cellRun{Account: account, session: s, ctx: ctx, out: out, opts: o}
	progress := lang.NewProgress(o.Progress)
	progress.Control = o.StopControl
	c.progress = progress
	c.env = &builtin.Env{
		Ctx: ctx,
		Show: func(text, svg string) {
			if !o.SVG {
				svg = "" // a builtin that drew anyway (Env.Pictures is false)
			}
			c.show(Display{Text: text, SVG: svg})
		},
		Print:    c.print,
		Eprint:   c.eprint,
		Clear:    c.clear,
		Warn:     c.warn,
		Pictures: o.SVG,
		Budget: func(bytes int64) error {
			if c.Fits(bytes) {
				return nil
			}
			return s.budget.Error(bytes)
		},
		Meter:         account,
		Available:     s.budget.Available,
		Progress:      progress.Report,
		Count:         progress.Count,
		Stop:          o.StopControl,
		ProgressShown: o.Progress != nil,
		Reserved:      s.reserved,
	}
	if o.Input != nil {
		c.env.Input = func(prompt string) (string, error) { return o.Input(ctx, prompt) }
	}
	c.env.Update = updater(c, o.SVG)
	endLang := s.lang.Start(lang.Cell{Env: c.env, Progress: progress})
	s.cell = c
	return c, func() {
		s.cell = nil
		endLang()
		progress.End()
		closeAccount()
	}
}

// shownName is the variable a statement shows, when it is a bare name
// (`s1`): a summary of its value says print(s1). "" for any other
// statement.
func shownName(st *syntax.Statement) string {
	if _, isExpr := st.Form.(*syntax.Expr); isExpr && len(st.Tokens) == 2 && st.Tokens[0].Kind == "Identifier" {
		return st.Tokens[0].Value
	}
	return ""
}

// display renders a result for the front ends: its text and, when the
// front end shows pictures and the value has one, its SVG, or its HTML for
// a table. A sweep, a list of maps a map literal made, shows as a table.
// name is the variable the value is shown by, "" for none.
func (s *Session) display(v any, name string, pictures bool) Display {
	if t, ok := printer.Sweep(v, name, s.written); ok {
		v = t
	}
	d := Display{Text: printer.Shown(v, name)}
	if p, ok := v.(builtin.Pictured); ok && pictures {
		d.SVG = p.SVG()
	}
	if t, ok := v.(builtin.HTMLTable); ok && pictures {
		d.HTML = t.HTML()
	}
	return d
}

// run runs one statement by its form. shown reports a bare expression,
// whose value v the cell shows. A statement that fails changes no
// variable.
func (s *Session) run(st *syntax.Statement) (v any, shown bool, e *Error) {
	defer func() {
		if r := recover(); r != nil {
			if stop, ok := r.(*builtin.Error); ok && stop.Kind == builtin.MemoryError {
				e = st.ErrorAt(0, stop.Kind, stop.Msg) // the budget's stop of a statement's own work (vars' text)
				return
			}
			e = st.ErrorAt(0, builtin.InternalError, fmt.Sprintf("internal error in %q: %v", shortText(st.Text), r))
			if debugPanics {
				e.Msg += "\n" + string(debug.Stack())
			}
		}
	}()
	if e := s.parse(st); e != nil {
		return nil, false, e
	}
	if st.Warning != "" {
		s.cell.warn(st.Warning)
	}
	if st.Err != nil {
		return nil, false, st.Err
	}
	switch f := st.Form.(type) {
	case *syntax.Help:
		return nil, false, s.help(st, f)
	case *syntax.Del:
		return nil, false, s.del(st, f)
	case *syntax.Vars:
		s.cell.print(s.varsText())
		return nil, false, nil
	case *syntax.Assign:
		return nil, false, s.assign(st, f)
	}
	if file, ok := loadTarget(st); ok {
		return nil, false, s.load(st, file)
	}
	v, err := s.eval(st, st.Form.(*syntax.Expr).Span)
	if err == nil {
		if str, ok := v.(string); ok && len(str) <= printer.MaxShownBytes && !s.cell.Fits(2*int64(len(str))) {
			// Shown, a string is quoted whole, in one allocation (a longer
			// one is shown by its start and its length).
			return nil, false, st.ErrorAt(0, builtin.MemoryError,
				s.budget.Error(2*int64(len(str))).Msg+"; to show the string: print(s), or len(s) for its length")
		}
	}
	return v, true, err
}

// parse lexes st and reads its form (syntax.Statement.Parse) on a
// goroutine of its own: the lexing of a statement of megabytes takes
// seconds in expr's lexer, which polls nothing, and Ctrl-C stops the wait
// at once. Its tokens are counted against the budget as they are made.
func (s *Session) parse(st *syntax.Statement) *Error {
	c := s.cell
	parsed := *st // the goroutine's own, should the wait stop
	poll := func() {
		c.Check()
		c.ReserveItems(syntax.PollEvery, tokenBytes)
	}
	run := detach.Run
	if len(st.Text) < detachAbove {
		run = detach.Call // well under a millisecond: not worth a goroutine's wake-up
	}
	if err := run(c.ctx, func() { parsed.Parse(poll) }); err != nil {
		return c.stopped(st.ErrorAt(0, builtin.Interrupted, "interrupted"))
	}
	*st = parsed
	return nil
}

// detachAbove is how long a statement must be for its lexing to run
// detached (see parse): a line of 20,000 short statements would wait for
// as many goroutines' wake-ups.
const detachAbove = 16 << 10

// tokenBytes is what one token of a statement takes.
const tokenBytes = int64(unsafe.Sizeof(lexer.Token{}))

// shortText is a statement's text as an error quotes it: trimmed, and cut
// to its first 200 runes.
func shortText(text string) string {
	rs := []rune(strings.TrimSpace(text))
	if len(rs) > 200 {
		return string(rs[:200]) + "…"
	}
	return string(rs)
}

// debugPanics adds the stack to internal errors (tests flip it on).
var debugPanics = false
