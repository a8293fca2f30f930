package lang

// Go's type names, which expr's own messages carry, in the user's words.

import (
	"reflect"
	"regexp"
	"strings"

	"gamelab/kernel/builtin"
)

// goTypeWords rewrites the Go type names that expr's own messages carry
// (expr defines no error types: its checker and VM report "invalid
// operation: *games.Polygon + int" or "interface conversion: interface {}
// is int, not bool" as text) into the names the user knows, so that no
// error shows a Go type. Every error of expr's, and of a builtin, passes
// through here (PlainWords); messages in the user's words do not match.
var goTypeWords = []struct {
	re   *regexp.Regexp
	with func(m []string, games map[string]string) string
}{
	// expr's checker on a predicate that gives nil ({nil}, or nil where
	// map's {…} goes).
	{regexp.MustCompile(`predicate should has (?:one|two) inputs? and one output param`), func([]string, map[string]string) string {
		return "a predicate {…} that gives a value is needed here (nil gives none)"
	}},
	// Go's fmt of a nil where a verb wanted a value: len(nil).
	{regexp.MustCompile(`%!\w\(<nil>\)`), func([]string, map[string]string) string { return "nil" }},
	// A Go function type: what a builtin is to expr.
	{regexp.MustCompile(`func\([^()]*\)(?: \([^()]*\)| [\w.*\[\]{}]+)?`), func([]string, map[string]string) string { return "function" }},
	// The hidden functions the language's patches call, by the name the
	// user wrote.
	{regexp.MustCompile(`\$(indexOf|lastIndexOf|get|string|toJSON|int|float|sum|sortBy)\b`), func(m []string, _ map[string]string) string { return m[1] }},
	{regexp.MustCompile(`\$coalesce\d+`), func([]string, map[string]string) string { return "the value before ??" }},
	{regexp.MustCompile(`<nil>`), func([]string, map[string]string) string { return "nil" }},
	{regexp.MustCompile(`invalid operation: float\((\S+)\)`), func(m []string, _ map[string]string) string {
		return "invalid operation: " + m[1] + " is not a number"
	}},
	{regexp.MustCompile(`cannot use (\S+) as argument \(type (\S+)\) to call (\S+) ?`), func(m []string, _ map[string]string) string {
		return m[3] + ": wants a " + m[2] + ", got " + m[1]
	}},
	{regexp.MustCompile(`interface conversion: interface \{\} is (\S+), not (\S+)`), func(m []string, games map[string]string) string {
		return "wrong kind of value: want " + goTypeWord(m[2], games) + ", got " + goTypeWord(m[1], games)
	}},
	{regexp.MustCompile(`int\(\*?big\.Int\)`), func([]string, map[string]string) string {
		return "int(x) with x past 64 bits (a range's ends and counts must fit in 64 bits)"
	}},
	// A Go map type of any keys (groupBy's map[interface {}][]interface {}).
	{regexp.MustCompile(`map\[(?:interface \{\}|[\w.*]+)\](?:\[\])*(?:interface \{\}|[\w.*]+)`), func([]string, map[string]string) string { return "map" }},
	{regexp.MustCompile(`(?:\[\]|map\[string\])?(?:interface \{\}|\*?[a-z]+\.[A-Z]\w*|float64|int64|\[\]int)|\[\](?:uint8|byte|string|bool|int32|uint|any)\b`), func(m []string, games map[string]string) string {
		return goTypeWord(m[0], games)
	}},
	// Python's "ab" * 3, in the user's words by now: say what repeats.
	{regexp.MustCompile(`^invalid operation: (?:string \* int|int \* string)$`), func(m []string, _ map[string]string) string {
		return m[0] + `: repeat("ab", 3) repeats a string`
	}},
}

// plainWords is msg with Go's type names in user words (see goTypeWords);
// games maps the Go names of the games' types to theirs (goTypeNames).
func plainWords(msg string, games map[string]string) string {
	for _, w := range goTypeWords {
		msg = w.re.ReplaceAllStringFunc(msg, func(s string) string { return w.with(w.re.FindStringSubmatch(s), games) })
	}
	return msg
}

// goTypeWord names one Go type as type(x) would: a game value by its
// TypeName (games maps the Go names of the games' types to theirs), a
// big.Int an int, a slice a list.
func goTypeWord(t string, games map[string]string) string {
	switch {
	case t == "[]uint8" || t == "[]byte":
		return "bytes" // a b"…" literal
	case strings.HasPrefix(t, "[]"):
		return "list"
	case strings.HasPrefix(t, "map["):
		return "map"
	}
	switch t = strings.TrimPrefix(t, "*"); t {
	case "interface {}":
		return "any value"
	case "big.Int", "int64":
		return "int"
	case "float64":
		return "float"
	case "time.Time":
		return "date"
	case "time.Duration":
		return "duration"
	}
	pkg, name, ok := strings.Cut(t, ".")
	if !ok {
		return t
	}
	if n, ok := games[pkg+"."+name]; ok {
		return n
	}
	return strings.ToLower(name)
}

// goTypeNames maps the Go name of each game value type, "polygon.Result",
// to its TypeName,
// read from the zero values the builtins of libs document they return.
func goTypeNames(libs []*builtin.Library) map[string]string {
	names := map[string]string{}
	for _, lib := range libs {
		for _, b := range lib.Builtins {
			for _, r := range b.Returns {
				if k, ok := r.(interface{ TypeName() string }); ok {
					t := reflect.TypeOf(r)
					for t.Kind() == reflect.Pointer {
						t = t.Elem()
					}
					pkg := t.PkgPath()[strings.LastIndex(t.PkgPath(), "/")+1:]
					names[pkg+"."+t.Name()] = k.TypeName()
				}
			}
		}
	}
	return names
}
