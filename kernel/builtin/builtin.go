// Package builtin is the contract between gamelab's engine (package kernel)
// and the libraries of builtins it runs (package kernel/games, the kernel's
// own): what a builtin is, what it may use of the cell that calls it, the
// interfaces its values implement, the typed errors it returns, and the
// one way to check its arguments (UnpackArgs) and to name a value's type
// (TypeName).
//
// The engine owns this contract, as starlark-go's interpreter owns its
// Builtin type: a library implements it and never sees expr, so builtins
// stay plain Go functions that are easy to test; the engine wraps each one
// for expr and supplies the Env of the running cell.
//
// # Declaring a builtin
//
// Every builtin of every library is declared the same way: a *Builtin with
// its documentation beside its code, registered in its library's table
// from the init of the file that implements it. help, Tab completion and
// Jupyter's inspect read that one table, and the engine calls Fn.
//
//	var Library = builtin.Library{Kind: builtin.GameError}
//
//	func init() {
//		Library.Register(&builtin.Builtin{
//			Name:      "setv",
//			Signature: "setv(p, i, v)",
//			Doc:       "A copy of polygon p with vertex i set to v.",
//			Example:   `setv(polygon("+ 1 * 2"), 1, 5)`,
//			Returns:   []any{&Polygon{}},
//			Fn:        fnSetv,
//		})
//	}
//
//	func fnSetv(env *builtin.Env, args ...any) (any, error) {
//		var p *Polygon
//		var i int
//		var v *big.Int
//		if err := builtin.UnpackArgs("setv", args, "p", builtin.Of(&p, "a polygon"), "i", &i, "v", &v); err != nil {
//			return nil, err
//		}
//		if err := builtin.CheckRange("setv", 2, "i", i, 1, p.N); err != nil {
//			return nil, err
//		}
//		…
//	}
//
// Fn gets its arguments already evaluated, copied (it may keep the slice)
// and with the memory their text takes reserved. Its errors: an *Error
// from ArgError or UnpackArgs about one argument (the engine then points
// at that argument in the statement), Errorf for the call as a whole, or
// any error, which gets the library's Kind. A panic is reported as an
// InternalError, a bug of the builtin. Long work polls Env.Ctx and reports
// Env.Progress; a large table asks Env.Reserve first.
package builtin

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"time"

	"gamelab/internal/progress"
)

// Env is what a builtin may use of the cell that calls it.
type Env struct {
	// Ctx is cancelled when the user interrupts the cell (Ctrl-C, Jupyter's
	// interrupt); every builtin that can run long must honour it.
	Ctx context.Context
	// Show displays an item in the cell's output, in order with printed text:
	// text/plain for terminals, SVG ("" if none, or if Pictures is false)
	// for Jupyter.
	Show func(text, svg string)
	// Print writes text to the cell's output stream.
	Print func(s string)
	// Eprint writes text to the cell's error stream (eprint). Nil in an
	// Env a test builds by hand.
	Eprint func(s string)
	// Clear asks the front end to clear the cell's output so far (with
	// wait, only once new output arrives). Nil where nothing can be
	// cleared.
	Clear func(wait bool)
	// Warn reports something the user should know but that is no error
	// (e.g. a board that cannot arise in play): one line, without a
	// "warning:" prefix, to the cell's error stream, which front ends show
	// apart from the results (Jupyter's stderr, the REPL's error colour).
	// Nil in an Env a test builds by hand: call Warning, which checks.
	Warn func(msg string)
	// Progress reports how far a long piece of work has come: done of
	// total units that take about equal time, from 0 of total when it
	// starts to total of total when it ends. The engine shows nothing for
	// work that ends within about a second; past that, a line with the
	// share done and an estimate of the time left, gone when the work
	// ends. Nil in an Env a test builds by hand: call Report, which checks.
	Progress func(done, total int64)
	// Count reports work whose total nobody knows (the positions a search
	// has solved so far) as Progress does, the line saying how many units
	// of it are done; a done below 0 ends it. Nil in an Env a test builds
	// by hand: call ReportCount, which checks.
	Count func(done int64, unit string)
	// Pictures says the front end shows SVG (Jupyter). Without it Show's
	// svg is not wanted, and builtins do not draw it: a terminal, a script
	// or piped input would throw the drawing away.
	Pictures bool
	// Update shows an item that replaces the one shown earlier in the cell
	// under the same id, where the front end can (Jupyter's
	// update_display_data: play's position changes in place); elsewhere it
	// is shown like Show. Nil in an Env a test builds by hand.
	Update func(id, text, svg string)
	// Input asks the person at the front end for a line (play's moves),
	// showing prompt. Nil where nobody can answer: scripts, piped input,
	// Jupyter without allow_stdin. It returns io.EOF when the person ends
	// the input (Ctrl-D, or Ctrl-C at the prompt), and the context's error
	// when the cell is interrupted while it waits.
	Input func(prompt string) (string, error)
	// Budget says whether bytes more fit in the session's memory budget:
	// nil if they do, else the MemoryError to return. A builtin that knows
	// the size of a large table asks before allocating it (call Reserve,
	// which checks for a nil Budget in an Env a test builds by hand).
	Budget func(bytes int64) error
	// Meter is the cell's memory account and interrupt, for work that
	// allocates in steps or loops (see Meter). Nil in an Env a test
	// builds by hand.
	Meter Meter
	// Available is how many bytes more the session's memory budget has
	// room for now: for a solver that sizes its tables as it goes (the
	// polygon solver's table limit). Nil in an Env a test builds by hand:
	// call Headroom, which checks.
	Available func() int64
	// Reserved says why a name is not the user's to give something of
	// theirs (a game they define): "it is a builtin", "it is a keyword";
	// "" when it is free. Nil in an Env a test builds by hand: call
	// ReservedName, which checks.
	Reserved func(name string) string
	// Stop names the front end's control that interrupts the cell, for a
	// message that tells the user of it: "Stop" in the web page,
	// "■ Interrupt" in Jupyter, "" for Ctrl-C (call Stops).
	Stop string
	// ProgressShown says the front end shows Progress as a line with the
	// time left (the REPL, Jupyter, the web page): a builtin warning of a
	// long piece of work leaves the time to that line, so that one output
	// never says two estimates (see Long).
	ProgressShown bool
}

// Long is the end of a warning that work (a solve) will take a while, by
// estimate: "takes about 37 s; Ctrl-C stops the solve" where nothing else
// will say a time, else "takes a while; the progress line tells the time
// left, and Stop ends the solve", since that line measures the work
// itself as it goes, on this machine.
// A rough estimate says so.
func (env *Env) Long(estimate time.Duration, rough bool, what string) string {
	if env.ProgressShown {
		return "a while; the progress line tells the time left, and " + env.Stops(what)
	}
	guess := ""
	if rough {
		guess = " (a rough estimate)"
	}
	return fmt.Sprintf("about %d s%s; %s", int(estimate.Round(time.Second)/time.Second), guess, env.Stops(what))
}

// Stops says what stops what at this front end: "Ctrl-C stops the solve"
// in the REPL, "Stop ends the solve" in the web page.
func (env *Env) Stops(what string) string { return progress.Stops(env.Stop, what) }

// Headroom is Available, when the Env has one, else no limit at all.
func (env *Env) Headroom() int64 {
	if env.Available == nil {
		return math.MaxInt64
	}
	return env.Available()
}

// ReservedName is Reserved's answer, "" when the Env has none.
func (env *Env) ReservedName(name string) string {
	if env.Reserved == nil {
		return ""
	}
	return env.Reserved(name)
}

// Reserve asks Budget, when the Env has one, whether bytes more fit.
func (env *Env) Reserve(bytes int64) error {
	if env.Budget == nil {
		return nil
	}
	return env.Budget(bytes)
}

// Warning reports msg through Warn when the Env has one.
func (env *Env) Warning(msg string) {
	if env.Warn != nil {
		env.Warn(msg)
	}
}

// ReportCount tells Count how much of work of unknown size is done, when
// the Env has one.
func (env *Env) ReportCount(done int64, unit string) {
	if env.Count != nil {
		env.Count(done, unit)
	}
}

// Report tells Progress how far the work has come, when the Env has one.
func (env *Env) Report(done, total int64) {
	if env.Progress != nil {
		env.Progress(done, total)
	}
}

// Builtin is one function of the command language. help, Tab completion and
// Jupyter's inspect all read the same table.
type Builtin struct {
	Name      string // e.g. "solve"
	Signature string // e.g. "solve(x) / solve(board, player)"
	Doc       string // one paragraph: what it does, numbering, errors
	Example   string // a line the user can type, e.g. `solve(polygon("* -5 + -2 * -8 * -5 + 8")).best`
	// Returns lists zero values of the types the builtin can return, so the
	// engine can complete fields after `name(...).` without running anything.
	Returns []any
	// ReturnsFor, when set, narrows Returns for a call whose first argument
	// is like first (a variable's value, or a zero value of the type a
	// constructor returns): solve of a polygon is a polygon result. It only
	// looks at first's type, so completion stays instant. nil: Returns.
	ReturnsFor func(first any) []any
	// Fn runs the builtin (see the package documentation). nil for a name
	// that is documented only: a statement (help, del), or a function of
	// expr's own that the engine does not replace.
	Fn Func
	// Predicates are the arguments, counting from 1, that may be written
	// as a {…} predicate (strategy's 1, shrink's 2): the language reads a
	// {…} there as a predicate's body, not a map, and passes a Predicate.
	Predicates []int
	// PredicateMaps are the arguments, counting from 1, that may be a map
	// literal whose values may each be a {…} predicate (game's parts:
	// {moves: {…}, play: {…}, rules: {take: 3}}): a {…} value that is not
	// itself a map is read as a predicate's body.
	PredicateMaps []int
	// Value, when set, makes the name a value rather than a function (the
	// strategies optimal and greedy): expressions read it as a name where
	// the session has no variable of that name; Fn is then nil.
	Value any
	// Streams says Fn writes its arguments' text out a chunk at a time
	// (print, eprint, save), or makes it under the meter only once it has
	// counted it (text, json, svg: printer.Render), instead of holding it
	// unasked: the engine reserves no memory for that text before calling
	// it.
	Streams bool
}

// Func is what a builtin does: args are its arguments, evaluated.
type Func func(env *Env, args ...any) (any, error)

// Library is a table of builtins, in the order help lists them, and the
// Kind of error a builtin of it fails with when its error says none
// (GameError for the games, RuntimeError for the session's own).
type Library struct {
	Kind     Kind
	Builtins []*Builtin
}

// Register adds b to the library; each builtin's file calls it from init.
func (l *Library) Register(b *Builtin) { l.Builtins = append(l.Builtins, b) }

// Lookup finds the builtin called name, nil when the library has none.
func (l *Library) Lookup(name string) *Builtin {
	for _, b := range l.Builtins {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// Value is a game value or result: it renders as text for a terminal.
// Values that have a picture also implement Pictured.
type Value interface {
	Text() string
}

// Pictured is a value with an SVG drawing.
type Pictured interface {
	SVG() string
}

// HTMLTable is a value a notebook shows as an HTML table (text/html beside its
// text and picture); HTML is "" when it has none to show.
type HTMLTable interface {
	HTML() string
}

// Indexable values support the engine's indexed assignment `x[i] = v`
// (`b[r, p] = v` for a board cell): SetIndex returns the changed copy and
// leaves the receiver as it was, so a failed assignment changes nothing.
// Indices are the games' own numbering, from 1.
type Indexable interface {
	SetIndex(index []any, v any) (any, error)
}

// Gettable values read `x[i]` (`b[r, p]`) in the games' numbering, from 1.
// expr itself cannot index a struct, so the engine routes an index
// expression on such a value here.
type Gettable interface {
	GetIndex(index []any) (any, error)
}

// Fields values read their fields (x.name) without reflection: Field is
// what the language's x.name gives (the field whose expr tag is name),
// false for a name that is not one of them. The predicates' fast path
// reads # of a game's parts so.
type Fields interface {
	Field(name string) (any, bool)
}

// Range is a range of integers given by its ends, Lo..Hi (both included),
// for ranges too long to list: the engine makes one where a..b would be
// longer than a list may be, and the builtins that take a range of values
// (randcoins' values) read its ends.
type Range struct {
	Lo, Hi *big.Int
}

// TypeName is how messages name a range.
func (r Range) TypeName() string { return "range" }

// Text writes the range as the language does: "-10**30..10**30" in digits.
func (r Range) Text() string { return r.Lo.String() + ".." + r.Hi.String() }
