package kernel

// The variables a cell reads and writes, for a front end that re-runs the
// cells that read what another cell wrote (the web page's reactive cells).

import (
	"slices"

	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/syntax"
)

// Names says which variables code reads before it writes them (in the
// order of its statements) and which it writes: assigns (x = …, x[i] = …,
// which reads x too) or deletes (del x). A name is a variable's only when
// no builtin, keyword or history name (_, _N) holds it; the fields after a
// dot (r.best), a map's keys ({n: 1}) and the names a let binds are not
// variables. Both lists are sorted; nothing runs.
func (s *Session) Names(code string) (reads, writes []string) {
	read, wrote := map[string]bool{}, map[string]bool{}
	see := func(toks []lexer.Token, span syntax.Span) {
		for name := range variablesIn(toks, span) {
			if !wrote[name] && s.reserved(name) == "" {
				read[name] = true
			}
		}
	}
	for _, st := range syntax.Parse(code) {
		switch f := st.Form.(type) {
		case *syntax.Expr:
			see(st.Tokens, f.Span)
		case *syntax.Assign:
			if len(f.Index) > 0 && !wrote[f.Target.Value] {
				read[f.Target.Value] = true
			}
			for _, span := range append(slices.Clone(f.Index), f.Value) {
				see(st.Tokens, span)
			}
			wrote[f.Target.Value] = true
		case *syntax.Del:
			for _, n := range f.Names {
				wrote[n.Value] = true
			}
		}
	}
	return sortedKeys(read), sortedKeys(wrote)
}

// variablesIn yields the names in the tokens of span that may be
// variables: identifiers that are not a field (after . or ?.), a map's
// key ({n: 1}, after { or , and before :) or a name a let binds. A name
// called is one too (a game defined in the language: sub(10)); the
// builtins' names are left out by the caller.
func variablesIn(toks []lexer.Token, span syntax.Span) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		bound := map[string]bool{}
		for i, t := range toks {
			if t.From < span.From || t.To > span.To || !t.Is(lexer.Identifier) || !syntax.IsName(t.Value) {
				continue
			}
			var prev, next lexer.Token
			if i > 0 {
				prev = toks[i-1]
			}
			if i+1 < len(toks) {
				next = toks[i+1]
			}
			switch {
			case prev.Is(lexer.Operator, ".", "?."):
				continue
			case prev.Value == "let" && (prev.Is(lexer.Operator) || prev.Is(lexer.Identifier)):
				bound[t.Value] = true
				continue
			case next.Is(lexer.Operator, ":") && (prev.Is(lexer.Bracket, "{") || prev.Is(lexer.Operator, ",")):
				continue
			}
			if !bound[t.Value] && !yield(t.Value) {
				return
			}
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
