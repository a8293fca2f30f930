package kernel

// The statements that change variables: name = v, x[i] = v, del.

import (
	"fmt"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/defined"
	"gamelab/kernel/lang"
	"gamelab/kernel/syntax"
)

// reserved says why name cannot be assigned or deleted, or "".
func (s *Session) reserved(name string) string {
	switch {
	case name == "_" || historyName.MatchString(name):
		return "it is the session's history"
	case strings.HasPrefix(name, "$") || strings.HasPrefix(name, "__"):
		return "names starting with $ or __ are the kernel's"
	}
	if _, ok := s.lookupDoc(name); ok {
		return "it is a builtin"
	}
	if slices.Contains(exprBuiltinNames, name) {
		return "it is one of expr's functions"
	}
	if slices.Contains(lang.Keywords, name) {
		return "it is a keyword"
	}
	return ""
}

// assign runs `name = v` or an indexed assignment.
func (s *Session) assign(st *syntax.Statement, a *syntax.Assign) *Error {
	name := a.Target.Value
	if why := s.reserved(name); why != "" {
		return st.ErrorAt(a.Target.At, builtin.NameError, fmt.Sprintf("cannot assign to %s: %s", name, why))
	}
	if a.Value.Empty() {
		return st.ErrorAt(a.Eq, builtin.SyntaxError, "nothing to assign after =")
	}
	if len(a.Index) == 0 {
		if _, _, ok := sliderCall(st, a.Value); ok {
			s.cell.slider = name // slider.go
			defer func() { s.cell.slider = "" }()
		}
		v, err := s.eval(st, a.Value)
		if err != nil {
			return err
		}
		if g, isGame := v.(*defined.Game); isGame && g.Name != name && s.vars[g.Name] != v && s.cell != nil {
			// help(g) and its instances' text name the maker by the
			// game's name, which holds something else or nothing
			s.cell.warn(fmt.Sprintf("the game is named %s but kept in %s: help and its instances call it %s; name it %s to match", g.Name, name, g.Name, name))
		}
		s.vars[name] = v
		return nil
	}
	old, ok := s.vars[name]
	if !ok {
		return s.unknownName(st, a.Target.At, name)
	}
	index := make([]any, len(a.Index))
	for i, span := range a.Index {
		if span.Empty() {
			return st.ErrorAt(span.From, builtin.SyntaxError, "missing index")
		}
		v, err := s.eval(st, span)
		if err != nil {
			return err
		}
		index[i] = v
	}
	v, err := s.eval(st, a.Value)
	if err != nil {
		return err
	}
	changed, ierr := lang.SetIndex(old, index, v)
	if ierr != nil {
		kind := builtin.TypeError
		if _, ok := old.(builtin.Indexable); ok {
			kind = builtin.GameError
		}
		return s.errorAt(st, a.Open, kind, ierr.Error())
	}
	s.vars[name] = changed
	return nil
}

// del runs `del a, b`: all names must exist, or nothing is deleted.
func (s *Session) del(st *syntax.Statement, d *syntax.Del) *Error {
	for _, n := range d.Names {
		if _, ok := s.vars[n.Value]; ok {
			continue
		}
		if why := s.reserved(n.Value); why != "" {
			return st.ErrorAt(n.At, builtin.NameError, fmt.Sprintf("cannot delete %s: %s, not a variable", n.Value, why))
		}
		return s.unknownName(st, n.At, n.Value)
	}
	for _, n := range d.Names {
		delete(s.vars, n.Value)
	}
	return nil
}
