// Package games holds gamelab's game values (polygons, coin rows, Life Line
// boards and their solved results) and the builtins of the command language
// that make, change, solve, trace and show them. It knows nothing of expr:
// the kernel wraps each Builtin for expr and supplies the Env of the running
// cell, so the builtins stay plain Go functions that are easy to test.
package games

import "context"

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
	// Warn reports something the user should know but that is no error
	// (e.g. a board that cannot arise in play): one line, without a
	// "warning:" prefix, to the cell's error stream, which front ends show
	// apart from the results (Jupyter's stderr, the REPL's error colour).
	// Nil in an Env a test builds by hand: check before calling.
	Warn func(msg string)
	// Pictures says the front end shows SVG (Jupyter). Without it Show's
	// svg is not wanted, and builtins do not draw it: a terminal, a script
	// or piped input would throw the drawing away.
	Pictures bool
}

// Builtin is one function of the command language. help, Tab completion and
// Jupyter's inspect all read the same table (Builtins).
type Builtin struct {
	Name      string // e.g. "solve"
	Signature string // e.g. "solve(x) / solve(board, player)"
	Doc       string // one paragraph: what it does, numbering, errors
	Example   string // a line the user can type, e.g. `solve(polygon("* -5 + -2 * -8 * -5 + 8")).best`
	// Returns lists zero values of the types the builtin can return, so the
	// kernel can complete fields after `name(...).` without running anything.
	Returns []any
	// ReturnsFor, when set, narrows Returns for a call whose first argument
	// is like first (a variable's value, or a zero value of the type a
	// constructor returns): solve of a polygon is a polygon result. It only
	// looks at first's type, so completion stays instant. nil: Returns.
	ReturnsFor func(first any) []any
	Fn         func(env *Env, args ...any) (any, error)
}

// returnsByGame is a ReturnsFor that picks by the kind of game: forPolygon
// for a polygon (or a result or trace of one), and so on.
func returnsByGame(forPolygon, forCoins, forBoard any) func(first any) []any {
	return func(first any) []any {
		switch first.(type) {
		case *Polygon:
			return []any{forPolygon}
		case *Coins:
			return []any{forCoins}
		case *Board:
			return []any{forBoard}
		}
		return nil
	}
}

// sameGame is ReturnsFor of the editing builtins: the changed copy has the
// type of the value changed.
func sameGame(first any) []any {
	switch first.(type) {
	case *Polygon, *Coins, *Board:
		return []any{first}
	}
	return nil
}

// Builtins is the table of game builtins, in the order help lists them.
var Builtins []*Builtin

// register adds b to Builtins; each builtin's file calls it from init.
func register(b *Builtin) { Builtins = append(Builtins, b) }

// Value is a game value or result: it renders as text for a terminal.
// Values that have a picture also implement Pictured.
type Value interface {
	Text() string
}

// Pictured is a value with an SVG drawing.
type Pictured interface {
	SVG() string
}

// Indexable values support the kernel's indexed assignment `x[i] = v`
// (`b[r, p] = v` for a board cell): SetIndex returns the changed copy and
// leaves the receiver as it was, so a failed assignment changes nothing.
// Indices are the games' own numbering, from 1.
type Indexable interface {
	SetIndex(index []any, v any) (any, error)
}

// Gettable values read `x[i]` (`b[r, p]`) in the games' numbering, from 1.
// expr itself cannot index a struct, so the kernel may route an index
// expression on a game value here; the values' list fields (`p.values`,
// `b.rows`) are ordinary expr arrays, counted from 0.
type Gettable interface {
	GetIndex(index []any) (any, error)
}

// warn reports msg through Warn when the Env has one.
func (env *Env) warn(msg string) {
	if env.Warn != nil {
		env.Warn(msg)
	}
}
