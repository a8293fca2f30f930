package kernel

// The statements that describe: help, name?, vars.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/docs"
	"gamelab/kernel/games/defined"
	"gamelab/kernel/lang"
	"gamelab/kernel/printer"
	"gamelab/kernel/syntax"
)

// help runs `help`, `help name` and `name?` (Query: to the pager, if any).
func (s *Session) help(st *syntax.Statement, h *syntax.Help) *Error {
	if h.Topic == nil {
		s.cell.showHelp(s.helpAll(s.helpWidth()), h.Query)
		return nil
	}
	name := h.Topic.Value
	if instead, ok := lang.Magics[strings.TrimPrefix(name, "%")]; ok && strings.HasPrefix(name, "%") {
		// help("%save"): IPython's magic is a function here.
		name, _, _ = strings.Cut(instead, "(")
	}
	if text, ok := s.describe(name, s.helpWidth()); ok {
		s.cell.showHelp(text, h.Query)
		return nil
	}
	msg := "no help for " + name
	if near := lang.Nearest(name, append(slices.Clone(docs.Topics), s.knownNames()...)); near != "" {
		msg += " (did you mean " + near + "?)"
	}
	return st.ErrorAt(h.Topic.At, builtin.NameError, msg)
}

// describe is the help text for a builtin (a game's constructor with the
// game's rules), one of expr's functions, a topic (rules, syntax), or a
// variable's type and value, wrapped to width.
func (s *Session) describe(name string, width int) (string, bool) {
	if text, ok := docs.Topic(name, width); ok {
		if name == "variants" {
			text += s.definedVariants(width)
		}
		// A topic comes first; a builtin of the same name (rules(x)) follows it.
		if b, ok := s.lookupDoc(name); ok {
			text += "\n\n" + docs.Text(b, width)
		}
		return text, true
	}
	if b, ok := s.lookupDoc(name); ok {
		text := docs.Text(b, width)
		if rules := docs.RulesOf(name, width); rules != "" {
			text += "\n" + rules
		}
		return text, true
	}
	if historyName.MatchString(name) {
		b, _ := s.lookupDoc("_N")
		return docs.Text(b, width), true
	}
	if v, ok := s.vars[name]; ok {
		if d, ok := v.(builtin.Documented); ok {
			return docs.Wrap(d.Doc(), width, "") + "\n\n" + printer.Shown(v, name), true
		}
		text := fmt.Sprintf("%s: %s", name, builtin.TypeName(v))
		if fs := lang.FieldNames(v); len(fs) > 0 {
			text += " (fields " + strings.Join(fs, ", ") + ")"
		}
		return text + "\n" + printer.Shown(v, name), true
	}
	if b := lang.ExprFunctions.Lookup(name); b != nil {
		return docs.Text(b, width), true
	}
	return "", false
}

// definedVariants is help(variants)'s part for the games defined in the
// session that have rules: each once, by the variables that hold them in
// order.
func (s *Session) definedVariants(width int) string {
	text := ""
	seen := map[*defined.Game]bool{}
	for _, name := range slices.Sorted(maps.Keys(s.vars)) {
		if g, ok := s.vars[name].(*defined.Game); ok && !seen[g] {
			seen[g] = true
			text += docs.GameVariants(g.Contract(), width)
		}
	}
	if text != "" {
		text = "\n\nThe games defined in this session:" + text
	}
	return text
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
		fmt.Fprintf(&b, "%s: %s = %s\n", n, builtin.TypeName(v), printer.OneLine(printer.Line(v, n), 60))
	}
	return b.String()
}

// helpWidth is the cell's width for help (ExecOptions.Width), else
// docs.DefaultWidth; never so narrow that the text cannot wrap.
func (s *Session) helpWidth() int {
	if s.cell == nil || s.cell.opts.Width <= 0 {
		return docs.DefaultWidth
	}
	return max(s.cell.opts.Width, 40)
}

// helpAll is bare help's text, wrapped to width.
func (s *Session) helpAll(width int) string {
	var groups []docs.Group
	for _, g := range lang.ExprGroups {
		names := make([]string, len(g.Builtins))
		for i, b := range g.Builtins {
			names[i] = b.Name
		}
		groups = append(groups, docs.Group{Title: g.Group, Names: names})
	}
	return docs.All([]docs.Section{{Title: "games", Builtins: s.gameBuiltins()}, {Title: "session", Builtins: s.library.Builtins}}, groups, width)
}
