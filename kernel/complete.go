package kernel

// Tab completion and inspection, for the REPL and Jupyter. Neither runs any
// code: fields after a dot come from a variable's value or from a builtin's
// Returns, walked by reflection.

import (
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"
)

// Complete returns the completions for code at cursor (both in runes, as
// Jupyter counts them): the candidates and the rune range [start, end) they
// replace. After a dot it offers the fields of the value before it
// (`solve(p).` → best, scores, …); elsewhere builtins, variables and keywords.
// Inside a string or a comment it offers nothing.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	rs := []rune(code)
	cursor = min(max(cursor, 0), len(rs))
	if inStringOrComment(rs[:cursor]) {
		return nil, cursor, cursor
	}
	start = cursor
	for start > 0 && isIdentRune(rs[start-1]) {
		start--
	}
	prefix := string(rs[start:cursor])
	var names []string
	if start > 0 && rs[start-1] == '.' && !(start > 1 && rs[start-2] == '.') {
		names = s.fieldsOf(receiverBefore(rs, start-1))
	} else {
		if prefix == "" || unicode.IsDigit(rs[start]) {
			return nil, cursor, cursor
		}
		names = append(s.knownNames(), "_")
	}
	seen := map[string]bool{}
	for _, n := range names {
		if strings.HasPrefix(n, prefix) && !seen[n] && !strings.HasPrefix(n, "$") && !strings.HasPrefix(n, "__") {
			seen[n] = true
			matches = append(matches, n)
		}
	}
	sort.Strings(matches)
	return matches, start, cursor
}

// Inspect returns the help text for the name at or before cursor (in runes):
// a builtin's signature, doc and example (what help(name) prints), or a
// variable's type and value. Between the brackets of a call it describes the
// function called.
func (s *Session) Inspect(code string, cursor int) (text string, found bool) {
	rs := []rune(code)
	cursor = min(max(cursor, 0), len(rs))
	start, end := cursor, cursor
	for start > 0 && isIdentRune(rs[start-1]) {
		start--
	}
	for end < len(rs) && isIdentRune(rs[end]) {
		end++
	}
	if start == end || start > 0 && rs[start-1] == '.' && !(start > 1 && rs[start-2] == '.') {
		// Not on a name: the innermost call around the cursor.
		depth := 0
		start, end = -1, -1
		for i := cursor - 1; i >= 0; i-- {
			switch rs[i] {
			case ')', ']', '}':
				depth++
			case '[', '{':
				depth--
			case '(':
				if depth > 0 {
					depth--
					continue
				}
				end = i
				for end > 0 && rs[end-1] == ' ' {
					end--
				}
				start = end
				for start > 0 && isIdentRune(rs[start-1]) {
					start--
				}
			}
			if start >= 0 || depth < 0 {
				break
			}
		}
		if start < 0 || start == end {
			return "", false
		}
	}
	return s.describe(string(rs[start:end]), defaultWidth)
}

func isIdentRune(r rune) bool {
	return r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// inStringOrComment reports whether the end of text is inside a string
// literal or a comment.
func inStringOrComment(text []rune) bool {
	var st scanState
	lines := strings.Split(string(text), "\n")
	for _, line := range lines[:len(lines)-1] {
		st.scanLine(line)
		if !st.open() {
			st = scanState{}
		}
	}
	last := []rune(lines[len(lines)-1])
	return st.scanRunes(last) < len(last) || st.quote != 0 || st.block
}

// receiverBefore returns the operand that ends just before rs[dot]: a name,
// a call or an index, possibly a chain of them (`solve(p).polygon`).
func receiverBefore(rs []rune, dot int) string {
	i := dot
	for i > 0 {
		switch c := rs[i-1]; {
		case c == ')' || c == ']':
			depth := 0
			for i > 0 {
				i--
				switch rs[i] {
				case ')', ']', '}':
					depth++
				case '(', '[', '{':
					depth--
				}
				if depth == 0 {
					break
				}
			}
		case isIdentRune(c):
			for i > 0 && isIdentRune(rs[i-1]) {
				i--
			}
			if i > 0 && rs[i-1] == '.' {
				i--
				continue
			}
			return string(rs[i:dot])
		default:
			return string(rs[i:dot])
		}
	}
	return string(rs[i:dot])
}

// fieldsOf lists the field names of the value an operand would have, found
// without running it: a variable's value, a builtin's Returns, and fields of
// those.
func (s *Session) fieldsOf(operand string) []string {
	if toks, err := lexer.Lex(file.NewSource(operand)); err != nil || tooDeep(toks) >= 0 {
		return nil // too deep for expr's parser to survive (see maxNesting)
	}
	tree, err := parser.Parse(operand)
	if err != nil {
		return nil
	}
	var names []string
	for _, v := range s.samples(tree.Node) {
		names = append(names, fieldNames(v)...)
	}
	return names
}

// samples returns example values for node: the variable's own value, or the
// zero values a builtin returns (for its first argument's type when the
// builtin can tell, so solve(p) with p a polygon is a polygon result),
// followed through constant field accesses. Nothing runs.
func (s *Session) samples(node ast.Node) []any {
	switch n := node.(type) {
	case *ast.IdentifierNode:
		if v, ok := s.vars[n.Value]; ok {
			return []any{v}
		}
		if n.Value == "_" {
			return []any{s.last}
		}
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return s.callSamples(id.Value, n.Arguments)
		}
	case *ast.BuiltinNode: // a builtin that has expr's name too (reverse)
		return s.callSamples(n.Name, n.Arguments)
	case *ast.MemberNode:
		prop, ok := n.Property.(*ast.StringNode)
		if !ok {
			return nil
		}
		var out []any
		for _, base := range s.samples(n.Node) {
			if v, ok := readField(base, prop.Value, true); ok {
				out = append(out, v)
			}
		}
		return out
	}
	return nil
}

// callSamples is samples of a call of the builtin fn: its Returns, narrowed
// by what the first argument would be (a pipe's value included: expr makes
// it the first argument) when the builtin can tell.
func (s *Session) callSamples(fn string, args []ast.Node) []any {
	b, ok := s.lookupDoc(fn)
	if !ok {
		return nil
	}
	if b.ReturnsFor != nil && len(args) > 0 {
		var out []any
		for _, first := range s.samples(args[0]) {
			out = append(out, b.ReturnsFor(first)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	return b.Returns
}

// readField reads field name of v as expr would. With fillNil (completion,
// which lists the fields of what a field holds) a nil pointer, v's or a
// field's, reads as the zero value of what it points to; without it as nil.
func readField(v any, name string, fillNil bool) (any, bool) {
	if m, ok := v.(map[string]any); ok {
		x, ok := m[name]
		return x, ok
	}
	rv := reflect.ValueOf(v)
	for rv.IsValid() && rv.Kind() == reflect.Pointer {
		if !rv.IsNil() {
			rv = rv.Elem()
		} else if fillNil {
			rv = reflect.New(rv.Type().Elem()).Elem()
		} else {
			return nil, false
		}
	}
	if !rv.IsValid() || rv.Kind() != reflect.Struct {
		return nil, false
	}
	for _, f := range structFields(rv.Type()) {
		if f.name == name {
			fv := rv.FieldByIndex(f.index)
			if fillNil && fv.Kind() == reflect.Pointer && fv.IsNil() {
				return reflect.New(fv.Type().Elem()).Interface(), true
			}
			return fv.Interface(), true
		}
	}
	return nil, false
}
