//go:build !js

package judge

import (
	"fmt"
	"strconv"
	"strings"
)

// The user's generator (--gen 'EXPR'): a gamelab expression in which #n
// stands for the instance's size and #seed for its seed; cmd/gamelab runs
// it in a session of its own (package kernel's), so this package need not
// know the language.

// Expression is the generator text with #n and #seed written as the
// numbers n and seed, outside string literals: randcoins(#n, #seed) for
// n 5 and seed 7 is randcoins(5, 7). A # followed by anything else (a
// predicate's #) is left as it is.
func Expression(text string, n int, seed uint64) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '"' || c == '\'' || c == '`' {
			end := stringEnd(text, i)
			b.WriteString(text[i:end])
			i = end - 1
			continue
		}
		if c == '#' {
			if w, ok := hashWord(text[i+1:], "seed"); ok {
				b.WriteString(strconv.FormatUint(seed, 10))
				i += len(w)
				continue
			}
			if w, ok := hashWord(text[i+1:], "n"); ok {
				b.WriteString(strconv.Itoa(n))
				i += len(w)
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// stringEnd is the index just past the string literal opened at i.
func stringEnd(text string, i int) int {
	q := text[i]
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			if q != '`' {
				j++
			}
		case q:
			return j + 1
		}
	}
	return len(text)
}

// hashWord says rest starts with the word w, not followed by a letter,
// digit or _.
func hashWord(rest, w string) (string, bool) {
	if !strings.HasPrefix(rest, w) {
		return "", false
	}
	if len(rest) > len(w) {
		c := rest[len(w)]
		if c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return "", false
		}
	}
	return w, true
}

// CheckGen says why a generator text cannot be one, in words that follow
// the flag's name: empty, or using neither #n nor #seed (every instance
// would be the same).
func CheckGen(text string) error {
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("needs an expression, like 'randcoins(#n, #seed, {values: -5..5})'")
	}
	if Expression(text, 1, 0) == Expression(text, 2, 1) {
		return fmt.Errorf("%q uses neither #n (the size) nor #seed, so every instance would be the same: write them where they go, like 'randcoins(#n, #seed)'", text)
	}
	return nil
}
