// Package kernel is gamelab's engine: sessions of statements (assignment,
// del, help, vars, history) over the command language of package lang,
// the session's own builtins, completion and inspection, and the errors a
// statement ends with. A cell is parsed by package syntax, its
// expressions run by package lang under the memory budget of package
// budget, its values shown by package printer; the game builtins of
// kernel/games run through the contract in kernel/builtin. The REPL, the
// script runner and the Jupyter kernel all drive a Session the same way,
// through Execute, IsComplete, Complete and Inspect.
package kernel

import (
	"context"
	"io"
	"sort"

	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
	"gamelab/kernel/lang"
	"gamelab/kernel/syntax"
)

// Session holds one user's state: variables, the cell counter, the inputs and
// results of earlier cells. It is not safe for concurrent Execute calls; the
// front ends run one cell at a time (Complete and Inspect may run alongside).
type Session struct {
	count       int
	vars        map[string]any   // the user's variables
	last        any              // _: the last value shown
	history     map[int]any      // _N: the result of cell N
	inputs      map[int]string   // the code of cell N
	saved       []savedStatement // the statements that ran without error, for save_session
	budget      *budget.Budget   // one limit for the session's values and each cell's work
	budgetBytes int64            // the budget WithMemoryBudget asks for, 0: the default
	extra       []*builtin.Builtin
	library     builtin.Library    // the session's own builtins (builtins.go)
	lang        *lang.Language     // the language the cells' expressions run in
	cell        *cellRun           // the cell being executed, nil between cells
	onCheck     func()             // runs at every check of a cell (WithPoll, in the web page)
	games       []*builtin.Builtin // the game builtins (and WithBuiltins'), solve cached with WithSolveCache
	solves      *solveCache        // nil without WithSolveCache (solvecache.go)
	dir         string             // where load reads relative names (WithDir); "" the current directory
	files       map[string]string  // what load reads instead of the file system (WithFiles)
	loading     int                // files load is running, one inside another

	columns map[string][]string // tables' column orders, as map literals wrote them (table.go)
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

// Engine is what the front ends (the REPL, the Jupyter kernel) drive: run a
// cell, complete and inspect code. *Session implements it; the front ends'
// tests put fakes with controlled timing in its place.
type Engine interface {
	// ExecuteWith runs one cell (see Session.ExecuteWith).
	ExecuteWith(ctx context.Context, code string, o ExecOptions) *Output
	// Complete returns the completions at cursor (see Session.Complete).
	Complete(code string, cursor int) (matches []string, start, end int)
	// Inspect returns the help for the name at cursor (see Session.Inspect).
	Inspect(code string, cursor int) (text string, found bool)
}

var _ Engine = (*Session)(nil)

// ExecOptions are per-cell knobs (Jupyter's silent and store_history).
type ExecOptions struct {
	// Silent: run, but produce no Result and do not advance the counter.
	Silent bool
	// NoHistory: do not advance the counter or record the cell for _N.
	NoHistory bool
	// Stdout, when set, receives print() output as it is written (Jupyter
	// streams it); Output.Stdout still holds its first megabyte.
	Stdout io.Writer
	// Stderr, when set, receives the error stream as it is written:
	// eprint() output and the builtins' warnings. Output.Stderr still holds
	// its first megabyte.
	Stderr io.Writer
	// Display, when set, receives each item of Output.Displays as it is
	// shown, so a front end can keep it in order with the streamed Stdout.
	Display func(Display)
	// Clear, when set, is called by clear(): the front end clears the
	// cell's output so far (with wait, only once new output arrives, so an
	// animation does not flicker). Output keeps everything regardless.
	Clear func(wait bool)
	// Pager says the front end has a pager (Jupyter): the help that `name?`
	// asks for goes to Output.Page instead of the output stream.
	Pager bool
	// Progress, when set, shows a line of progress on long work in place
	// (the REPL on a terminal, Jupyter as a display it updates): each call
	// replaces the line, "" takes it away. Work that ends within about a
	// second shows none.
	Progress func(line string)
	// Width is the width in columns help wraps its text to: the terminal's
	// (the REPL); 0 means 80, for output that is not a terminal.
	Width int
	// Input, when set, reads a line from the person at the front end for
	// play (the REPL's terminal, Jupyter's stdin channel); ctx is the
	// cell's, cancelled when it is interrupted. Nil: nobody can answer.
	Input func(ctx context.Context, prompt string) (string, error)
	// SVG says the front end shows pictures (Jupyter): each Display of a
	// value with a picture carries its SVG. Without it Display.SVG stays ""
	// and no picture is drawn at all, so a terminal, a script or piped
	// input never pays for drawings it cannot show.
	SVG bool
	// StopControl names the front end's control that interrupts the cell,
	// as progress lines and warnings say it: "Stop" (the web page),
	// "■ Interrupt" (Jupyter); "" is Ctrl-C (the REPL, scripts).
	StopControl string
}

// Output is everything one cell produced.
type Output struct {
	Count    int       // execution count of the cell (unchanged when NoHistory/Silent)
	Stdout   string    // text written by print()
	Stderr   string    // text written by eprint() and warnings
	Page     string    // help asked for with `name?` when ExecOptions.Pager is set
	Displays []Display // what show() displayed and the values of bare expressions before the last, in order
	Result   *Display  // value of the last bare expression; nil if none
	Err      *Error    // nil when every statement succeeded
	Cached   int       // the solves answered from the session's cache (WithSolveCache)
}

// Display is a value rendered for a front end.
type Display struct {
	Text string // text/plain: what a terminal prints
	SVG  string // image/svg+xml, "" when the value has no picture or ExecOptions.SVG is off
	HTML string // text/html, "" when none: a table's HTML beside its aligned text
	// ID, when set, names the item so a later one can replace it: Update
	// says this one replaces the earlier item of the same ID (Jupyter's
	// display_id and update_display_data). Terminals show every item.
	ID     string
	Update bool
	// Slider, when set, is a slider to draw (slider(values)): a front end
	// without sliders shows Text, which says the name's value.
	Slider *Slider
}

// Error is a failed statement: what went wrong and where (syntax.Error:
// its kind, its message, its line and column, the source line).
type Error = syntax.Error

// Completeness says whether a piece of input can run as it is.
type Completeness = syntax.Completeness

// The kinds of completeness (see IsComplete).
const (
	Complete   = syntax.Complete   // runs as it is
	Incomplete = syntax.Incomplete // needs more lines (open bracket or string)
	Invalid    = syntax.Invalid    // can never become valid by adding lines
)

// IsComplete decides whether code can run as it is: Incomplete while a
// bracket, a raw string or a /* comment is open at the end, Invalid when a
// closing bracket matches no opening one. indent is a suggested
// indentation for the next line when the code is incomplete.
func IsComplete(code string) (c Completeness, indent string) { return syntax.IsComplete(code) }

// Scanner is IsComplete a line at a time, linear in the lines (see
// syntax.Scanner).
type Scanner = syntax.Scanner

// Blank reports whether code holds no statement: only blank lines and
// comments. Front ends need not send such input to Execute.
func Blank(code string) bool { return syntax.Blank(code) }
