package repl

import (
	"strings"
	"unicode"
)

// completer adapts Session.Complete to readline's AutoCompleter contract:
// Do(line, pos) returns, for each candidate, the runes to insert at pos, and
// the number of runes before pos that the candidates share (readline prints
// them in front of each candidate when it lists several).
type completer struct{ r *REPL }

// indentUnit is what Tab inserts when there is nothing to complete before the
// cursor (the start of a continuation line): indentation, as in Python's REPL.
const indentUnit = "  "

func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	if strings.TrimFunc(string(line[:pos]), unicode.IsSpace) == "" {
		return [][]rune{[]rune(indentUnit)}, 0
	}
	// The engine sees the whole entry so far, so a continuation line
	// completes in the context of the lines above it. A recalled multi-line
	// entry shows newlineMark where the code has '\n': one rune for one, so
	// positions do not move.
	prefix := []rune(c.r.pending.String())
	code := string(prefix) + decodeEntry(string(line))
	cursor := len(prefix) + pos
	matches, start, _ := c.r.eng.Complete(code, cursor)
	// readline can only insert at the cursor: keep candidates that extend
	// what is typed between start and the cursor, on this line.
	if start < len(prefix) || start > cursor {
		return nil, 0
	}
	typed := string([]rune(code)[start:cursor])
	var out [][]rune
	seen := map[string]bool{}
	for _, m := range matches {
		if !strings.HasPrefix(m, typed) || seen[m] {
			continue
		}
		seen[m] = true
		out = append(out, []rune(m[len(typed):]))
	}
	return out, cursor - start
}
