package kernel

import (
	"reflect"
	"unicode"

	"gamelab/kernel/printer"
)

// formatValue renders a value as a result is shown (printer.Shown), in
// no variable.
func formatValue(v any) string { return printer.Shown(v, "") }

// printText renders a value as print() writes it: a string as it is, a
// list whole however long.
func printText(v any) string { return printer.Text(v) }

// field is one exported struct field as expr sees it.
type field struct {
	name  string // the `expr:"…"` tag, or the Go name
	index []int
}

// structFields lists t's fields under the names expr uses for them (the
// `expr` struct tag when there is one), embedded structs flattened as expr
// flattens them.
func structFields(t reflect.Type) []field {
	if t == nil {
		return nil
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []field
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous {
			continue
		}
		name := f.Name
		if tag, ok := f.Tag.Lookup("expr"); ok {
			if tag == "-" {
				continue
			}
			name = tag
		}
		out = append(out, field{name: name, index: f.Index})
	}
	return out
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// reflectType is v's type, nil for nil.
func reflectType(v any) reflect.Type { return reflect.TypeOf(v) }
