package syntax

// A comment that reads as a division: expr's // starts a comment, so
// Python's 7 // 2 is 7, in silence. The statement still runs as written
// (it is a comment, and help says so); Warning names div for it.

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// operandLike is a comment's text that is one number, a name of one or
// two letters (n, k2) or a bracketed expression: what a division's right
// side looks like, and what a comment in words ("// optimal") does not.
var operandLike = regexp.MustCompile(`^(?:[0-9][0-9_]*|[A-Za-z_][A-Za-z_0-9]?|\(.*\))$`)

// divisionWarning is the warning for a line of the statement whose code
// ends in an operand and whose // comment is an operand too ("7 // 2"),
// "" when there is none. The comments are blanked out of Text, so it reads
// the statement as typed.
func (st *Statement) divisionWarning() string {
	typed := strings.Split(st.raw, "\n")
	for i, txt := range strings.Split(st.Text, "\n") {
		if i >= len(typed) || !strings.Contains(typed[i], "//") {
			continue // the common case, before a line of megabytes becomes runes
		}
		orig, code := []rune(typed[i]), []rune(txt)
		if len(orig) != len(code) {
			continue // not the line as typed
		}
		for p := 0; p+1 < len(orig); p++ {
			if orig[p] != '/' || orig[p+1] != '/' || strings.TrimSpace(string(code[p:])) != "" {
				continue
			}
			before := strings.TrimRightFunc(string(code[:p]), unicode.IsSpace)
			comment := strings.TrimSpace(string(orig[p+2:]))
			last, _ := utf8.DecodeLastRuneInString(before)
			between := string(orig[utf8.RuneCountInString(before):p]) // typed, not another statement's blanked text
			if before == "" || strings.TrimSpace(between) != "" || !(IsNameRune(last) || last == ')' || last == ']') || !operandLike.MatchString(comment) {
				break
			}
			// div(7, 2) when the left side is one number or name; else
			// div(…, 2), since 1 + 7 // 2 would be 1 + div(7, 2).
			left := before
			if _, rhs, ok := strings.Cut(before, "="); ok && !strings.Contains(before, "==") {
				left = rhs
			}
			if left = strings.TrimSpace(left); strings.ContainsFunc(left, func(r rune) bool { return !IsNameRune(r) }) || left == "" {
				left = "…"
			}
			return fmt.Sprintf("// starts a comment, so // %s divides nothing: div(%s, %s) is the integer quotient", comment, left, comment)
		}
	}
	return ""
}
