package kernel

// The statements that describe: help, name?, vars.

import (
	"fmt"
	"slices"
	"strings"

	"gamelab/kernel/builtin"

	"github.com/expr-lang/expr/parser/lexer"
)

// help runs `help`, `help name` and `name?` (query: to the pager, if any),
// where toks[at] names what to describe (at < 0: everything).
func (s *Session) help(st statement, lines []string, toks []lexer.Token, at int, query bool) *Error {
	if at < 0 {
		s.cell.showHelp(s.helpAll(s.helpWidth()), query)
		return nil
	}
	name := toks[at].Value
	if text, ok := s.describe(name, s.helpWidth()); ok {
		s.cell.showHelp(text, query)
		return nil
	}
	msg := "no help for " + name
	if near := nearest(name, append(slices.Clone(helpTopics), s.knownNames()...)); near != "" {
		msg += " (did you mean " + near + "?)"
	}
	return s.errorAt(st, lines, toks[at].From, builtin.NameError, msg)
}

// describe is the help text for a builtin (a game's constructor with the
// game's rules), one of expr's functions, a topic (rules, syntax), or a
// variable's type and value, wrapped to width.
func (s *Session) describe(name string, width int) (string, bool) {
	if b, ok := s.lookupDoc(name); ok {
		text := helpText(b, width)
		if rules := rulesOf(name, width); rules != "" {
			text += "\n" + rules
		}
		return text, true
	}
	if historyName.MatchString(name) {
		b, _ := s.lookupDoc("_N")
		return helpText(b, width), true
	}
	if v, ok := s.vars[name]; ok {
		text := fmt.Sprintf("%s: %s", name, builtin.TypeName(v))
		if fs := fieldNames(v); len(fs) > 0 {
			text += " (fields " + strings.Join(fs, ", ") + ")"
		}
		return text + "\n" + formatValue(v), true
	}
	if b, ok := exprDoc(name); ok {
		return helpText(b, width), true
	}
	return helpTopic(name, width)
}

// varsText lists the variables with their types and the first line of their
// values.
func (s *Session) varsText() string {
	if len(s.vars) == 0 {
		return "no variables\n"
	}
	var b strings.Builder
	for _, n := range s.Vars() {
		v := s.vars[n]
		text, _, _ := strings.Cut(formatValue(v), "\n")
		if r := []rune(text); len(r) > 60 {
			text = string(r[:59]) + "…"
		}
		fmt.Fprintf(&b, "%s: %s = %s\n", n, builtin.TypeName(v), text)
	}
	return b.String()
}
