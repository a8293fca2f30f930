package kernel

// An expression of a statement, run by the language in the session's
// names.

import (
	"gamelab/kernel/lang"
	"gamelab/kernel/syntax"
)

// eval runs the expression at span of the statement.
func (s *Session) eval(st *syntax.Statement, span syntax.Span) (any, *Error) {
	v, err := s.lang.Eval(lang.Source{Text: st.Text, Tokens: st.Tokens, From: span.From, To: span.To}, s.lookup)
	if err != nil {
		return nil, s.failure(st, err)
	}
	return v, nil
}

// lookup is the session's names as expressions see them: the variables,
// _ and _N.
func (s *Session) lookup(name string) (any, bool) {
	if v, ok := s.vars[name]; ok {
		return v, true
	}
	if name == "_" {
		return s.last, true
	}
	if n, ok := historyNumber(name); ok {
		v, ok := s.history[n]
		return v, ok
	}
	return nil, false
}
