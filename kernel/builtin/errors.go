package builtin

import (
	"errors"
	"fmt"
)

// Kind is the kind of a failed statement, as the front ends name it (the
// REPL's message prefix, Jupyter's ename).
type Kind string

// The kinds of error a statement can end with.
const (
	SyntaxError   Kind = "SyntaxError"   // the statement cannot be read
	NameError     Kind = "NameError"     // an unknown, reserved or missing name
	TypeError     Kind = "TypeError"     // an operation on values of the wrong kind
	GameError     Kind = "GameError"     // a game builtin refused its arguments or its game
	RuntimeError  Kind = "RuntimeError"  // anything else a running statement reports
	MemoryError   Kind = "MemoryError"   // the memory budget would be exceeded
	Interrupted   Kind = "Interrupted"   // Ctrl-C or Jupyter's interrupt
	InternalError Kind = "InternalError" // a bug in gamelab: a recovered panic
)

// Error is an error a builtin returns about its call: what is wrong and,
// where known, which argument is at fault, so the engine puts the caret on
// that argument (or, for game text in a string, on the offending token in
// it). It is made where the fault is found; nothing parses its message.
type Error struct {
	Kind Kind   // "" lets the engine choose the library's default kind
	Fn   string // the builtin, e.g. "solve"
	Arg  int    // the argument at fault, from 1; 0: the call as a whole
	// Offset is the byte offset of the offending token in argument Arg's
	// string (game text such as polygon("* 1 + x")), or -1.
	Offset int
	Msg    string // the whole message, e.g. "solve: argument 2 (player) must be 1..9, got 12"
	Err    error  // the cause, if any (a solver's parse error)
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// ArgError is the one shape of an error about argument k (from 1) of
// builtin fn: "fn: argument k (name) <message>"; name may be "".
func ArgError(fn string, k int, name, format string, a ...any) *Error {
	if name != "" {
		name = " (" + name + ")"
	}
	return &Error{Fn: fn, Arg: k, Offset: -1,
		Msg: fmt.Sprintf("%s: argument %d%s %s", fn, k, name, fmt.Sprintf(format, a...))}
}

// InputError is bad game text in string argument k of fn: offset is the
// byte offset of the offending token in that string, err the parser's
// error, whose message says what is wrong.
func InputError(fn string, k, offset int, err error) *Error {
	return &Error{Kind: GameError, Fn: fn, Arg: k, Offset: offset, Msg: fn + ": " + err.Error(), Err: err}
}

// Errorf is an error of the given kind about a call as a whole.
func Errorf(kind Kind, format string, a ...any) *Error {
	err := fmt.Errorf(format, a...)
	return &Error{Kind: kind, Offset: -1, Msg: err.Error(), Err: errors.Unwrap(err)}
}

// ByteSize is an amount of memory as the messages about the memory budget
// write it: 512 B, 3.5 KB, 126.0 MB, 5.9 GB.
func ByteSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
}
