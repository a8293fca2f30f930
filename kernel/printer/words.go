package printer

// Values named in the user's words, as an error or a summary names them.

import (
	"strings"

	"gamelab/kernel/builtin"
)

// KindPhrase names v's kind with its article, as a sentence uses it: "a
// polygon result", "an int", "a list", "nil". Never a Go type name.
func KindPhrase(v any) string {
	name := builtin.TypeName(v)
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

// ErrorValue is a value as an error quotes it: a game value by its kind
// (its text is a drawing of many lines), anything else as a result shows
// it, cut to one short line.
func ErrorValue(v any) string {
	if _, ok := v.(builtin.Value); ok {
		return KindPhrase(v)
	}
	return OneLine(Shown(v, ""), 60)
}

// OneLine is text on one line of at most width characters: its line
// breaks as spaces, cut with "…" when longer.
func OneLine(text string, width int) string {
	text = strings.ReplaceAll(text, "\n", " ")
	if r := []rune(text); len(r) > width {
		text = string(r[:width-1]) + "…"
	}
	return text
}

// Summarized is a value that says in one line what it is, for vars (a
// table: its rows and columns), where its text's first line would not.
type Summarized interface {
	Summary() string
}

// Line is v in one line, as vars lists it: a Summarized value's Summary,
// else the first line of what Shown shows for it. name is the variable.
func Line(v any, name string) string {
	if s, ok := v.(Summarized); ok {
		return s.Summary()
	}
	first, _, _ := strings.Cut(Shown(v, name), "\n")
	return first
}
