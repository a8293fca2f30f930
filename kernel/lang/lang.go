// Package lang is gamelab's command language on top of expr-lang/expr: it
// compiles and runs the expressions of statements, and holds what the
// language changes of expr's. Integers are exact at any size
// (numbers.go), every index counts from 1 (index.go), values have fields
// and no methods (fields.go), expr's functions that could run long or
// allocate without limit are replaced by versions that ask the memory
// budget first and poll the cell (strings.go, lists.go, bits.go), time(x)
// times (timing.go) and a sweep shows its progress (progress.go).
//
// The statements above it (package kernel) hand it one expression of a
// statement at a time (Source) and the names of the session (Lookup); it
// reports a failure as an Error at a rune offset of the statement. It
// knows the running cell only through Cell: the builtin.Env its builtins
// get, whose Meter (the cell's memory account and interrupt) every
// operation calls, and its progress line.
package lang

import (
	"errors"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/conf"

	"gamelab/kernel/builtin"
)

// Config is what a Language is made of.
type Config struct {
	// Libraries are the builtins of the session (the games', the
	// session's own), each run with its library's default Kind of error.
	Libraries []*builtin.Library
	// NoteColumns, when set, is told the keys of every map literal in the
	// order written, so a table of such maps can keep that order.
	NoteColumns func(keys []string)
}

// Language is the language of one session: expr's options (the builtins,
// the operators, the patches) made once, and the cell that runs now.
type Language struct {
	cfg     Config
	base    *conf.Config      // expr's configuration of every expression but its names (see configFor)
	parsing *conf.Config      // base with no names: what expr's parser reads (a predicate's body)
	goNames map[string]string // the game values' Go type names, and theirs (see PlainWords)
	cur     *current          // the cell running now
	runesOf struct {          // the runes of the statement compiled last (see unit)
		text  string
		runes []rune
	}
}

// New makes the language of a session.
func New(cfg Config) *Language {
	l := &Language{cfg: cfg, goNames: goTypeNames(cfg.Libraries), cur: &current{}}
	l.base = conf.CreateNew()
	for _, op := range l.makeOptions() {
		op(l.base)
	}
	l.parsing = l.configFor(map[string]any{})
	return l
}

// PlainWords is msg with Go's type names in the user's words (see
// goTypeWords).
func (l *Language) PlainWords(msg string) string { return plainWords(msg, l.goNames) }

// Start makes c the running cell until end is called. Cells run one at a
// time.
func (l *Language) Start(c Cell) (end func()) {
	*l.cur = current{cell: c, meter: c.Env.Meter}
	return func() {
		*l.cur = current{}
		l.runesOf.text, l.runesOf.runes = "", nil // four bytes a rune of the last statement: not kept past its cell
	}
}

// makeOptions builds the expr options that define every function and
// operator of the language; its patches (exactPatch, extensionPatch) run
// in build.
func (l *Language) makeOptions() []expr.Option {
	var opts []expr.Option
	for _, lib := range append(l.cfg.Libraries, &ExprFunctions) {
		for _, b := range lib.Builtins {
			if b.Fn != nil {
				opts = append(opts, expr.Function(b.Name, l.wrap(b.Name, lib.Kind, b.Fn, lib != &ExprFunctions && !b.Streams)))
			}
		}
	}
	for name, f := range hidden {
		opts = append(opts, expr.Function(name, func(args ...any) (any, error) { return f(l.cur.env(), args...) }))
	}
	opts = append(opts, operators(l.cur)...)
	opts = append(opts, loopFunctions(l.cur)...)
	opts = append(opts, reduceFunctions()...)
	return append(opts, extensions(l.cur)...)
}

// hidden are the functions the patches call, which no user writes:
// "$range" is a..b, "$sortBy" sortBy's sorting, "$matches" `s matches p`
// (see exactPatch).
var hidden = map[string]builtin.Func{}

// wrap makes a builtin safe to call from expr: it stops when the cell is
// interrupted, copies the arguments (expr reuses its argument buffer) and,
// with sized, reserves the memory their text takes (what print, text, json
// allocate); it turns an error or a panic into a *builtin.Error: a
// recovered panic is an InternalError unless it is the cell's own stop (an
// interrupt, the budget) or an error the function meant, an error without
// a kind gets the library's kind.
func (l *Language) wrap(name string, kind builtin.Kind, f builtin.Func, sized bool) func(args ...any) (any, error) {
	return func(args ...any) (v any, err error) {
		env := l.cur.env()
		if err := env.Ctx.Err(); err != nil {
			return nil, err
		}
		defer func() {
			if p := recover(); p != nil {
				err = builtin.Errorf(builtin.InternalError, "internal error in %s: %v", name, p)
				var be *builtin.Error
				if e, ok := p.(error); ok && (stopped(e) || errors.As(e, &be)) {
					err = withKind(e, kind) // the cell's poll, or the function's own error
				}
			}
		}()
		if sized {
			for _, a := range args {
				// A builtin's text (print, text, json, save…) is as large
				// as its arguments written out; others allocate no more
				// than that, but for game text, where "+ 1 " makes an
				// exact integer of some 48 bytes: sixteen times the text.
				need := textBytes(env.Meter, a)
				if str, isText := a.(string); isText && kind == builtin.GameError {
					need = 16 * int64(len(str))
				}
				env.Meter.Reserve(need)
			}
		}
		v, err = f(env, append([]any(nil), args...)...)
		if err != nil && env.Ctx.Err() == nil {
			err = withKind(err, kind)
		}
		return v, err
	}
}
