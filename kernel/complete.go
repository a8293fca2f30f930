package kernel

// Tab completion and inspection, for the REPL and Jupyter. Neither runs any
// code: fields after a dot come from a variable's value or from a builtin's
// Returns, walked by reflection.

import (
	"sort"
	"strings"
	"unicode"

	"gamelab/kernel/builtin"
	"gamelab/kernel/docs"
	"gamelab/kernel/lang"
	"gamelab/kernel/syntax"
)

// Complete returns the completions for code at cursor (both in runes, as
// Jupyter counts them): the candidates and the rune range [start, end) they
// replace. After a dot it offers the fields of the value before it
// (`solve(p).` → best, scores, …); elsewhere builtins, variables and keywords.
// Inside a string or a comment it offers nothing.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	rs := []rune(code)
	cursor = min(max(cursor, 0), len(rs))
	if syntax.InStringOrComment(rs[:cursor]) {
		return nil, cursor, cursor
	}
	start = cursor
	for start > 0 && syntax.IsNameRune(rs[start-1]) {
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
	for start > 0 && syntax.IsNameRune(rs[start-1]) {
		start--
	}
	for end < len(rs) && syntax.IsNameRune(rs[end]) {
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
				for start > 0 && syntax.IsNameRune(rs[start-1]) {
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
	return s.describe(string(rs[start:end]), docs.DefaultWidth)
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
		case syntax.IsNameRune(c):
			for i > 0 && syntax.IsNameRune(rs[i-1]) {
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

// fieldsOf lists the field names of the value an operand would have,
// found without running it (lang.FieldsOf).
func (s *Session) fieldsOf(operand string) []string {
	return lang.FieldsOf(operand, s.lookup, func(name string) *builtin.Builtin {
		b, _ := s.lookupDoc(name)
		return b
	})
}
