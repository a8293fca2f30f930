package builtin

import "gamelab/kernel/word"

// Predicates and named values: what a builtin may take besides plain
// values, and what a library may name besides functions.

// Predicate is a {…} written where a builtin takes one (strategy's rule,
// shrink's property; Builtin.Predicates says where): the language compiles
// its body, and Call runs it with # bound to x, in the cell that calls it,
// so it stops when that cell is interrupted and counts against its
// budget. The names it reads are the values they had when the {…} was
// written, as a closure captures them.
type Predicate interface {
	Value
	// Call is the body's value with # bound to x, or the error it stops
	// with (in the user's words, without the statement's position).
	Call(x any) (any, error)
}

// Checked is a predicate that can be compiled before it runs: Check is the
// error its body's compiling finds (a let of a builtin's name, a type that
// cannot be), so a caller that keeps predicates for later (a game's parts)
// reports it where the predicate was written.
type Checked interface {
	Check() error
}

// Borrowing is a predicate that may say its body only reads fields of #
// (#.state, #.move) and keeps no # in what it gives: a caller may then
// hand it the same value, changed, call after call, where it would make
// one a call (a game's parts, asked of every position).
type Borrowing interface {
	Borrows() bool
}

// FieldReader is a predicate that says whether it may read a field of
// its # (true when it cannot tell): a game defined in the language whose
// parts never read #.mover names its positions without the mover.
type FieldReader interface {
	ReadsField(field string) bool
}

// Metered is a predicate that knows the account of the cell it runs in
// (nil between cells): a caller that has no Env, such as a game defined
// in the language making a position, reserves there what it builds from
// the predicate's answer.
type Metered interface {
	Meter() Meter
}

// PredicateError is the error a predicate's body failed with: its message
// in the user's words, the {…} as written, and the rune offset in it where
// the fault is (-1 where none is known), so that a caller that shows the
// predicate (a game's part) can put a caret under it.
type PredicateError struct {
	Msg    string
	Source string
	At     int
}

func (e *PredicateError) Error() string { return e.Msg }

// Documented is a value that says what it is for help(name) of a
// variable holding it: a game defined in the language.
type Documented interface {
	Doc() string
}

// Tabular is a value that is a table of rows (dp of a game without a
// table of its own): table(x) takes its rows, columns in their order.
type Tabular interface {
	TableRows() (columns []string, rows []any)
}

// Callable is a value that a statement calls as it calls a builtin: the
// variable nim holding a game defined in the language, nim([3, 4, 5]) is
// a position of that game. CallValue gets the call's arguments, evaluated.
type Callable interface {
	Value
	CallValue(env *Env, args []any) (any, error)
}

// IsPredicate says a is a {…} predicate (for an error that names what was
// wanted).
func IsPredicate(a any) bool {
	_, ok := a.(Predicate)
	return ok
}

// WordCaller is a predicate the language's fast path compiled: CallWord is
// its value at # = x as a Word (kernel/word), false when the fast path
// gives up, for Call to say what the language makes of it (a value or an
// error). A game's search hands it states as Words, without a box.
type WordCaller interface {
	CallWord(x word.Word) (word.Word, bool)
}
