package kernel

// From a failure to the cell's Error: the statements' own errors, and the
// language's, placed in the statement and worded with what the session
// knows (its names, its cells, its budget).

import (
	"fmt"
	"regexp"
	"strconv"

	"gamelab/kernel/builtin"
	"gamelab/kernel/lang"
	"gamelab/kernel/syntax"
)

// failure is the cell's Error for the language's failure e of statement
// st: an unknown name with the name meant, an interrupt that the budget's
// watchdog made a MemoryError.
func (s *Session) failure(st *syntax.Statement, e *lang.Error) *Error {
	if e.Kind == builtin.NameError && e.Unknown != "" {
		return s.unknownName(st, e.At, e.Unknown)
	}
	err := st.ErrorAt(e.At, e.Kind, e.Msg)
	if s.cell != nil {
		err = s.cell.stopped(err)
	}
	return err
}

// stopped is e, but for an interrupt of a cell the budget's watchdog
// stopped: that is the MemoryError it is.
func (c *cellRun) stopped(e *Error) *Error {
	if e.Kind == builtin.Interrupted && c.Over() {
		e.Kind, e.Msg = builtin.MemoryError, c.session.budget.Error(0).Msg
	}
	return e
}

// errorAt is an error of the statement's own at rune offset at (an
// assignment's, a game value's refusal of it), in the user's words.
func (s *Session) errorAt(st *syntax.Statement, at int, kind builtin.Kind, msg string) *Error {
	return st.ErrorAt(at, kind, s.lang.PlainWords(msg))
}

// historyName is _N, the result of cell N.
var historyName = regexp.MustCompile(`^_[0-9]+$`)

// historyNumber is N of a name _N.
func historyNumber(name string) (int, bool) {
	if !historyName.MatchString(name) {
		return 0, false
	}
	n, err := strconv.Atoi(name[1:])
	return n, err == nil
}

// unknownName is the NameError for name at rune offset at, with the
// nearest known name; for _N, which cell there is not.
func (s *Session) unknownName(st *syntax.Statement, at int, name string) *Error {
	msg := "unknown name " + name
	if historyName.MatchString(name) {
		n, ok := historyNumber(name)
		switch {
		case !ok || n > s.count:
			msg += fmt.Sprintf(": _N is the result of cell N, and the session is at cell %d", s.count)
		case n == 0:
			msg += ": cells count from 1"
		default:
			msg += fmt.Sprintf(": cell %d kept no result (it ran silently)", n)
		}
		return st.ErrorAt(at, builtin.NameError, msg)
	}
	if near := lang.Nearest(name, s.knownNames()); near != "" {
		msg += " (did you mean " + near + "?)"
	}
	return st.ErrorAt(at, builtin.NameError, msg)
}

// knownNames is every name a statement may use: variables, builtins, expr's
// functions and keywords.
func (s *Session) knownNames() []string {
	names := append(s.Vars(), s.builtinNames()...)
	names = append(names, exprBuiltinNames...)
	return append(names, lang.Keywords...)
}
