package kernel

// The statements that change variables: name = v, x[i] = v, del.

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
)

var historyName = regexp.MustCompile(`^_[0-9]+$`)

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
	for _, n := range exprBuiltinNames {
		if n == name {
			return "it is one of expr's functions"
		}
	}
	for _, n := range exprKeywords {
		if n == name {
			return "it is a keyword"
		}
	}
	return ""
}

// assign runs `name = v` or an indexed assignment.
func (s *Session) assign(st statement, lines []string, toks []lexer.Token, eq int, groups [][2]int) *Error {
	name := toks[0].Value
	if why := s.reserved(name); why != "" {
		return s.errorAt(st, lines, toks[0].From, builtin.NameError, fmt.Sprintf("cannot assign to %s: %s", name, why))
	}
	end := len([]rune(st.text))
	if eq+1 >= len(toks) || toks[eq+1].Is(lexer.EOF) {
		return s.errorAt(st, lines, toks[eq].From, "SyntaxError", "nothing to assign after =")
	}
	if len(groups) == 0 {
		v, err := s.eval(st, lines, toks, toks[eq].To, end)
		if err != nil {
			return err
		}
		s.vars[name] = v
		return nil
	}
	old, ok := s.vars[name]
	if !ok {
		return s.unknownName(st, lines, toks[0].From, name)
	}
	var index []any
	for _, g := range groups {
		from := g[0]
		for k := g[0]; k <= g[1]; k++ {
			if k < g[1] && !(toks[k].Is(lexer.Operator, ",") && depthAt(toks, g[0], k) == 0) {
				continue
			}
			if k == from {
				return s.errorAt(st, lines, toks[k].From, "SyntaxError", "missing index")
			}
			v, err := s.eval(st, lines, toks, toks[from].From, toks[k-1].To)
			if err != nil {
				return err
			}
			index = append(index, v)
			from = k + 1
		}
	}
	v, err := s.eval(st, lines, toks, toks[eq].To, end)
	if err != nil {
		return err
	}
	changed, ierr := setIndex(old, index, v)
	if ierr != nil {
		kind := builtin.TypeError
		if _, ok := old.(builtin.Indexable); ok {
			kind = builtin.GameError
		}
		return s.errorAt(st, lines, toks[1].From, kind, ierr.Error())
	}
	s.vars[name] = changed
	return nil
}

// depthAt is the bracket depth at token k, counting from token from.
func depthAt(toks []lexer.Token, from, k int) int {
	depth := 0
	for _, t := range toks[from:k] {
		switch {
		case t.Is(lexer.Bracket, "(", "[", "{"):
			depth++
		case t.Is(lexer.Bracket, ")", "]", "}"):
			depth--
		}
	}
	return depth
}

// setIndex returns a copy of old with the item at index set to v: a game
// value through its SetIndex (all indices at once), a list (negative from the
// end), each from 1 as x[i] reads it (index.go), or a map by key.
func setIndex(old any, index []any, v any) (any, error) {
	if ix, ok := old.(builtin.Indexable); ok {
		return ix.SetIndex(index, v)
	}
	if len(index) == 0 {
		return v, nil
	}
	switch x := old.(type) {
	case map[string]any:
		key, ok := index[0].(string)
		if !ok {
			return nil, fmt.Errorf("a map key must be a string, got %s", builtin.TypeName(index[0]))
		}
		inner, err := setIndex(x[key], index[1:], v)
		if err != nil {
			return nil, err
		}
		m := make(map[string]any, len(x)+1)
		for k, e := range x {
			m[k] = e
		}
		m[key] = inner
		return m, nil
	}
	items, ok := elements(old)
	if !ok {
		return nil, fmt.Errorf("cannot assign to an item of a %s", builtin.TypeName(old))
	}
	i, ok, err := listPosition(index[0], len(items))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, outOfRange(index[0], len(items), "list")
	}
	inner, err := setIndex(items[i], index[1:], v)
	if err != nil {
		return nil, err
	}
	cp := append([]any(nil), items...)
	cp[i] = inner
	return cp, nil
}

// del runs `del a, b`: all names must exist, or nothing is deleted.
func (s *Session) del(st statement, lines []string, toks []lexer.Token, names []string) *Error {
	for i, n := range names {
		if _, ok := s.vars[n]; ok {
			continue
		}
		if why := s.reserved(n); why != "" {
			return s.errorAt(st, lines, toks[1+2*i].From, builtin.NameError, fmt.Sprintf("cannot delete %s: %s, not a variable", n, why))
		}
		return s.unknownName(st, lines, toks[1+2*i].From, n)
	}
	for _, n := range names {
		delete(s.vars, n)
	}
	return nil
}
