package builtin

import (
	"math/big"
	"reflect"
	"strings"
	"unicode"
)

// Typed is a value that names its own type for the user: every game value
// and result ("polygon", "coins result"), the engine's tables.
type Typed interface {
	TypeName() string
}

// Inline is a value's one-line form where it is an item of a list or a
// cell of a table: polygon("+ 1 * 2"), "coins of 300 coins". A value
// without one shows as <its type name>.
type Inline interface {
	Inline() string
}

// MaxInline is the longest Inline form: past it a game names its size
// instead ("polygon of 40 vertices").
const MaxInline = 60

// TypeName is the name of v's type as the user knows it, what type(x),
// vars and every error message say: the language's own names for expr's
// values (int of any size, float, string, bool, array, map, nil,
// function), a Typed value's TypeName, and for any other Go value its type
// name lower-cased, never Go syntax.
func TypeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case bool:
		return "bool"
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, *big.Int:
		return "int"
	case float32, float64:
		return "float"
	case string:
		return "string"
	case map[string]any:
		return "map"
	case Typed:
		return x.TypeName()
	}
	t := reflect.TypeOf(v)
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map:
		return "map"
	case reflect.Func:
		return "function"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := []rune(t.Name())
	if len(name) == 0 {
		return "value"
	}
	name[0] = unicode.ToLower(name[0])
	return string(name)
}

// WithArticle is a type's name with its article: "a polygon", "an int",
// "an analysis".
func WithArticle(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
