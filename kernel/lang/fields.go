package lang

// Values have fields, never methods.
//
// expr calls any Go method of a value (x.SetInt64(5)) and reads a method as
// a value (x.Lsh, x["Lsh"], get(x, "Lsh")). Every value of a session is a
// Go value with methods the user never sees in help: integers are shared
// *big.Int, so x.SetInt64(5) changed every variable holding x, and x.Lsh or
// x.Exp ran past the memory budget and the interrupt. So the language has
// no methods: a call must name a function, a method call is refused before
// anything runs, and reading a name of a value that is not a map goes
// through fieldOf, which knows fields only.

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
	"gamelab/kernel/syntax"
)

// methodCall finds the first call in tree whose callee is not a function's
// name (x.f(…), #.f(…), b | x.f()) and returns the error to report, at the
// called name, naming the fields the value has when the tree says which
// value it is. nil when every call names a function.
func methodCall(tree *parser.Tree, env map[string]any) *Error {
	var bad *ast.MemberNode
	ast.Walk(&tree.Node, visitFunc(func(n *ast.Node) {
		call, ok := (*n).(*ast.CallNode)
		if !ok {
			return
		}
		if m, ok := call.Callee.(*ast.MemberNode); ok && (bad == nil || m.Location().From < bad.Location().From) {
			bad = m
		}
	}))
	if bad == nil {
		return nil
	}
	name := "it"
	if p, ok := bad.Property.(*ast.StringNode); ok {
		name = p.Value
	}
	msg := fmt.Sprintf("cannot call %s: values have no methods, only fields; a call names a builtin (help lists them)", name)
	if v, ok := constantValue(bad.Node, env); ok {
		msg = fmt.Sprintf("cannot call %s: %s", name, noSuchField(v, name, true))
	}
	return &Error{Kind: builtin.TypeError, Msg: msg, At: bad.Property.Location().From}
}

// constantValue is the value node stands for when it is a variable or a
// chain of fields of one (r.best, r.polygon), read from env without running
// anything: what a method call's error can name the fields of.
func constantValue(node ast.Node, env map[string]any) (any, bool) {
	switch n := node.(type) {
	case *ast.IdentifierNode:
		v, ok := env[n.Value]
		return v, ok
	case *ast.MemberNode:
		p, isName := n.Property.(*ast.StringNode)
		if !isName {
			return nil, false
		}
		v, ok := constantValue(n.Node, env)
		if !ok {
			return nil, false
		}
		f, err := fieldOf(v, p.Value)
		return f, err == nil
	}
	return nil, false
}

// noSuchField says that v has no field name, and which it has, in the
// user's words: "an int has no fields", "a coins result has the fields n,
// best, … (did you mean best?)". called: name was called as a method.
func noSuchField(v any, name string, called bool) string {
	what := printer.KindPhrase(v)
	fields := FieldNames(v)
	if _, isMap := v.(map[string]any); isMap {
		sort.Strings(fields) // a map's keys come in no order
	}
	var b strings.Builder
	switch {
	case called && len(fields) == 0:
		fmt.Fprintf(&b, "values have no methods, and %s has no fields", what)
	case called:
		fmt.Fprintf(&b, "values have no methods; %s has the fields %s", what, strings.Join(fields, ", "))
	case len(fields) == 0:
		fmt.Fprintf(&b, "%s has no field %s (it has no fields)", what, name)
	default:
		fmt.Fprintf(&b, "%s has no field %s", what, name)
		if Nearest(name, fields) == "" {
			fmt.Fprintf(&b, " (its fields: %s)", joinSorted(fields))
		}
	}
	if near := Nearest(name, fields); near != "" {
		b.WriteString(" (did you mean " + near + "?)")
	}
	return b.String()
}

// fieldOf is v.name: a map's item (nil when absent, as expr reads it) or a
// struct's field under its expr name; any other name, a method's above
// all, is an error.
func fieldOf(v any, name string) (any, error) {
	if m, ok := v.(map[string]any); ok {
		return m[name], nil
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Map && (rv.Type().Key().Kind() == reflect.String || rv.Type().Key().Kind() == reflect.Interface) {
		item := rv.MapIndex(reflect.ValueOf(name).Convert(rv.Type().Key()))
		if !item.IsValid() {
			return nil, nil
		}
		return item.Interface(), nil
	}
	if index, ok := fieldIndex(reflectType(v))[name]; ok {
		for rv.Kind() == reflect.Pointer {
			if rv.IsNil() {
				return nil, fmt.Errorf("cannot read %s of nil", name)
			}
			rv = rv.Elem()
		}
		return rv.FieldByIndex(index).Interface(), nil
	}
	if v == nil {
		return nil, fmt.Errorf("cannot read %s of nil", name)
	}
	return nil, builtin.Errorf(builtin.NameError, "%s", noSuchField(v, name, false))
}

// isField says whether expr may read field name of a value of static type t
// itself (a struct field it compiles to a direct read) rather than through
// fieldOf: t must be a struct, or a pointer to one, with that field (Go
// forbids a method of the same name).
func isField(t reflect.Type, name string) bool {
	_, ok := fieldIndex(t)[name]
	return ok
}

// fieldIndexes caches fieldIndex: map(rs, .best) reads a field per item.
var fieldIndexes sync.Map // reflect.Type → map[string][]int

// fieldIndex is structFields of t by name (nil for nil or a type without
// fields).
func fieldIndex(t reflect.Type) map[string][]int {
	if t == nil {
		return nil
	}
	if m, ok := fieldIndexes.Load(t); ok {
		return m.(map[string][]int)
	}
	m := map[string][]int{}
	for _, f := range structFields(t) {
		m[f.name] = f.index
	}
	fieldIndexes.Store(t, m)
	return m
}

// FieldNames lists the fields expr reads on v (for help and completion).
func FieldNames(v any) []string {
	if m, ok := v.(map[string]any); ok {
		var names []string
		for k := range m {
			if syntax.IsName(k) {
				names = append(names, k)
			}
		}
		return names
	}
	var names []string
	for _, f := range structFields(reflectType(v)) {
		names = append(names, f.name)
	}
	return names
}

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

// reflectType is v's type, nil for nil.
func reflectType(v any) reflect.Type { return reflect.TypeOf(v) }

// ReadField reads field name of v as expr would. With fillNil (completion,
// which lists the fields of what a field holds) a nil pointer, v's or a
// field's, reads as the zero value of what it points to; without it as nil.
func ReadField(v any, name string, fillNil bool) (any, bool) {
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

// joinSorted lists names sorted, separated by commas.
func joinSorted(names []string) string {
	names = slices.Clone(names)
	slices.Sort(names)
	return strings.Join(names, ", ")
}
