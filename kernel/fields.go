package kernel

// Reading a field, `x.name`, with errors in the user's words.
//
// expr checks a field of a value whose type it knows when it compiles, and
// reads any other at run time; both fail with Go's type names ("type
// games.PolygonResult has no field bset", "cannot fetch bset from
// *games.PolygonResult") and no suggestion. fieldPatch routes both cases
// through $field, which names the value's kind as the user knows it and
// suggests the nearest field: "a polygon result has no field bset (did you
// mean best?)". A field expr knows at compile time is left alone, keeping
// its static type.

import (
	"reflect"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// fieldFunctions are the expr options of field reading: $field, which
// fieldPatch calls.
func fieldFunctions() []expr.Option {
	return []expr.Option{expr.Function("$field", fieldOrError)}
}

// fieldPatch rewrites x.name into $field(x, "name") where expr would read
// it at run time (x's type is not known) or fail to compile it (x's type
// has no such field). expr type-checks the tree before each patch, so the
// types of x are known here.
type fieldPatch struct{}

func (fieldPatch) Visit(node *ast.Node) {
	n, ok := (*node).(*ast.MemberNode)
	if !ok || n.Optional || n.Method {
		return
	}
	name, ok := n.Property.(*ast.StringNode)
	if !ok || knownField(n.Node.Type(), name.Value) {
		return
	}
	loc := n.Location()
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$field"}, Arguments: []ast.Node{n.Node, name}})
	(*node).SetLocation(loc)
}

// knownField reports whether expr reads field name of a value of type t
// itself, correctly: t is known and is a struct with that field, or a map
// (whose missing keys read as nil, as expr reads them).
func knownField(t reflect.Type, name string) bool {
	if t == nil {
		return false
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Map:
		return true
	case reflect.Struct:
		for _, f := range structFields(t) {
			if f.name == name {
				return true
			}
		}
	}
	return false
}

// fieldOrError is $field(x, name): a map's key (nil when absent), or the
// field expr reads under name; otherwise an error that says what x is and
// which of its fields is nearest.
func fieldOrError(args ...any) (any, error) {
	return fieldOf(args[0], args[1].(string))
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
