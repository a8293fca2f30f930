package kernel

// Values named in the user's words: what an error says a value is.

import "strings"

// kindPhrase names v's kind with its article, as a sentence uses it: "a
// polygon result", "an int", "a list". Never a Go type name.
func kindPhrase(v any) string {
	name := typeName(v)
	switch name {
	case "array":
		name = "list"
	case "nil":
		return "nil"
	}
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
