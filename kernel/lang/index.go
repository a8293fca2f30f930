package lang

// One numbering: every index a user writes counts from 1.
//
// The games number vertices, edges, coins and rows from 1 (p[2] is v2), and
// expr counts list items from 0; a user who mixed p[2] with p.values[2] got
// an answer about the wrong vertex and no error. So the language rewrites every
// place of a statement where expr would count from 0 into a call of the
// functions here, which count from 1 as the games do (and as ivy, APL,
// Julia and MATLAB index):
//
//   - x[i] (exactPatch makes it $index): item i of a list, character i of a
//     string, -1 the last; index 0 is an error saying lists count from 1;
//   - x[a:b] ($slice): items a to b, both included; a defaults to the first,
//     b to the last;
//   - findIndex, findLastIndex and #index ($pos): positions from 1 (nil, as
//     expr gives, when findIndex finds nothing);
//   - indexOf and lastIndexOf ($indexOf, $lastIndexOf): the character
//     position from 1 (expr's is a byte offset from 0), 0 when absent;
//   - get(xs, i) ($get): item i from 1, nil past the end as get gives.
//
// Indexed assignment, xs[i] = v, counts the same way (SetIndex).

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// indexFunctions are the expr options of one numbering: the functions that
// indexPatch (run by extensionPatch) and exactPatch (x[i] into $index) call.
func indexFunctions() []expr.Option {
	return []expr.Option{
		expr.Function("$index", indexValue),
		expr.Function("$slice", sliceValue),
		expr.Function("$pos", position),
		expr.Function("$indexOf", func(args ...any) (any, error) {
			return runePosition(args[0].(string), strings.Index(args[0].(string), args[1].(string))), nil
		}, new(func(string, string) int)),
		expr.Function("$lastIndexOf", func(args ...any) (any, error) {
			return runePosition(args[0].(string), strings.LastIndex(args[0].(string), args[1].(string))), nil
		}, new(func(string, string) int)),
		expr.Function("$get", getItem),
	}
}

// indexPatch rewrites slices, expr's position functions and #index to count
// from 1 (see the top of this file).
type indexPatch struct{}

// renamedBuiltins are expr's functions whose positions count from 1 in the
// language's versions.
var renamedBuiltins = map[string]string{"indexOf": "$indexOf", "lastIndexOf": "$lastIndexOf", "get": "$get"}

func (indexPatch) Visit(node *ast.Node) {
	call := func(fn string, args ...ast.Node) {
		loc := (*node).Location()
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: args})
		(*node).SetLocation(loc)
	}
	switch n := (*node).(type) {
	case *ast.SliceNode:
		from, to := n.From, n.To
		if from == nil {
			from = &ast.NilNode{}
		}
		if to == nil {
			to = &ast.NilNode{}
		}
		call("$slice", n.Node, from, to)
	case *ast.PointerNode:
		if n.Name == "index" {
			call("$pos", &ast.PointerNode{Name: n.Name})
		}
	case *ast.BuiltinNode:
		switch {
		case n.Name == "findIndex" || n.Name == "findLastIndex":
			inner := &ast.BuiltinNode{Name: n.Name, Arguments: n.Arguments}
			inner.SetLocation(n.Location())
			call("$pos", inner)
		case renamedBuiltins[n.Name] != "":
			call(renamedBuiltins[n.Name], n.Arguments...)
		}
	}
}

// errCountFrom1 is index 0's error: the user counted from 0.
var errCountFrom1 = errors.New("index 0: lists count from 1 (xs[1] is the first item, xs[-1] the last)")

// listPosition is the Go index (from 0) of index i in a list of n items:
// i from 1, or from the end when negative (-1 the last). ok is false when
// i is past either end; err when i is no item at all (0, not an integer).
func listPosition(i any, n int) (at int, ok bool, err error) {
	k := asNumber(i)
	switch k.kind {
	case intNum:
	case bigNum:
		return 0, false, nil // past either end of any list
	default:
		return 0, false, fmt.Errorf("an index must be an integer, got %s", printer.ErrorValue(i))
	}
	switch {
	case k.i == 0:
		return 0, false, errCountFrom1
	case k.i > 0 && k.i <= int64(n):
		return int(k.i) - 1, true, nil
	case k.i < 0 && -k.i <= int64(n):
		return n + int(k.i), true, nil
	}
	return 0, false, nil
}

// outOfRange is the error for index i past the end of a list of n items,
// or of a string of n characters (what is "string").
func outOfRange(i any, n int, what string) error {
	if n == 0 {
		return fmt.Errorf("index %s out of range: the %s is empty", shown(i), what)
	}
	items := "items"
	if what == "string" {
		items = "characters"
	}
	if n == 1 {
		return fmt.Errorf("index %s out of range: the %s has 1 %s (1, or -1 from the end)", shown(i), what, strings.TrimSuffix(items, "s"))
	}
	return fmt.Errorf("index %s out of range: the %s has %d %s (1..%d, or -%d..-1 from the end)", shown(i), what, n, items, n, n)
}

// indexValue is `x[i]`: item i of a list or character i of a string (from
// 1, negative from the end), a game value's own GetIndex (the games count
// from 1 too), or a map's or a value's field by a computed name.
func indexValue(args ...any) (any, error) {
	x, i := args[0], args[1]
	if g, ok := x.(builtin.Gettable); ok {
		v, err := g.GetIndex(args[1:])
		if err != nil {
			// The game's own message, reported as a game error like the
			// same index in an assignment (p[0] = 1).
			return nil, withKind(err, builtin.GameError)
		}
		return v, nil
	}
	if len(args) > 2 {
		// b[r, p] is a board's; a list of lists reads xs[i][j].
		hint := ""
		if _, isList := elements(x); isList {
			hint = ": a list of lists reads xs[i][j]"
		}
		return nil, fmt.Errorf("%s takes one index, got %d%s", printer.KindPhrase(x), len(args)-1, hint)
	}
	if str, ok := x.(string); ok {
		rs := []rune(str)
		at, ok, err := listPosition(i, len(rs))
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, outOfRange(i, len(rs), "string")
		}
		return string(rs[at]), nil
	}
	if items, ok := elements(x); ok {
		at, ok, err := listPosition(i, len(items))
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, outOfRange(i, len(items), "list")
		}
		return items[at], nil
	}
	if item, ok := keyedItem(x, i); ok {
		return item, nil
	}
	if name, ok := i.(string); ok {
		return fieldOf(x, name) // never a method (see fields.go)
	}
	return nil, fmt.Errorf("cannot index %s with %s: only lists, strings and game values have numbered items", printer.KindPhrase(x), shown(i))
}

// keyedItem is m[key] of a map whose keys are any values, as groupBy and
// fromPairs make ({0: [2], 1: [1, 3]}): nil when the key is missing, numbers
// matched exactly; ok is false when x is no such map.
func keyedItem(x, key any) (any, bool) {
	m := reflect.ValueOf(x)
	if m.Kind() != reflect.Map || m.Type().Key().Kind() != reflect.Interface {
		return nil, false
	}
	if key != nil && reflect.TypeOf(key).Comparable() {
		if item := m.MapIndex(reflect.ValueOf(key)); item.IsValid() {
			return item.Interface(), true
		}
	}
	if asNumber(key).kind != notNum {
		for it := m.MapRange(); it.Next(); {
			if k := it.Key().Interface(); asNumber(k).kind != notNum && numEqual(k, key) {
				return it.Value().Interface(), true
			}
		}
	}
	return nil, true
}

// sliceValue is `x[a:b]`: items a to b of a list, or characters of a
// string, both ends included and each counted as indexValue counts; nil
// (left out) is the first or the last. Ends past the list are clamped, as
// expr clamps them; a > b gives an empty list.
func sliceValue(args ...any) (any, error) {
	x := args[0]
	var n int
	rs, isString := x.(string)
	var runes []rune
	rv := reflect.ValueOf(x)
	switch {
	case isString:
		runes = []rune(rs)
		n = len(runes)
	case rv.Kind() == reflect.Slice || rv.Kind() == reflect.Array:
		n = rv.Len()
	default:
		return nil, fmt.Errorf("cannot slice %s: only lists and strings have slices", printer.KindPhrase(x))
	}
	from, err := sliceEnd(args[1], n, 0)
	if err != nil {
		return nil, err
	}
	to, err := sliceEnd(args[2], n, n-1)
	if k := asNumber(args[2]); args[2] != nil && k.kind == intNum && k.i == 0 {
		// xs[1:0] is the items 1 to 0: none, as xs[n+1:n] is (a slice
		// from j to j-1 is empty, so v[1:j-1] needs no case for j = 1).
		to, err = -1, nil
	}
	if err != nil {
		return nil, err
	}
	to++ // inclusive: Go's end is one past
	from, to = max(from, 0), min(to, n)
	if from > to {
		from = to
	}
	if isString {
		return string(runes[from:to]), nil
	}
	if rv.Kind() == reflect.Array {
		items, _ := elements(x)
		return items[from:to], nil
	}
	return rv.Slice(from, to).Interface(), nil
}

// sliceEnd is the Go index of one end of a slice: def when left out, and
// past the ends of the list (clamped by the caller) when out of range.
func sliceEnd(i any, n, def int) (int, error) {
	if i == nil {
		return def, nil
	}
	k := asNumber(i)
	if k.kind != intNum {
		return 0, fmt.Errorf("a slice's ends must be integers, got %s", printer.ErrorValue(i))
	}
	switch {
	case k.i == 0:
		return 0, errCountFrom1
	case k.i > 0:
		return int(min(k.i, int64(n)+1)) - 1, nil
	}
	return max(n+int(max(k.i, -int64(n)-1)), -1), nil
}

// getItem is expr's get(x, i) with list positions from 1: nil past the
// end, as get gives, and an error for index 0.
// A string key reads a field or a map's key only, never a method (see
// fields.go), and nil when there is none.
func getItem(args ...any) (any, error) {
	if len(args) != 2 {
		return nil, fmt.Errorf("get: takes 2 arguments (x, key), got %d", len(args))
	}
	if name, ok := args[1].(string); ok {
		v, err := fieldOf(args[0], name)
		if err != nil {
			return nil, nil
		}
		return v, nil
	}
	if items, ok := elements(args[0]); ok {
		at, ok, err := listPosition(args[1], len(items))
		if err != nil || !ok {
			return nil, err
		}
		return items[at], nil
	}
	v, err := indexValue(args[0], args[1])
	if err != nil {
		return nil, nil
	}
	return v, nil
}

// position is a Go index (from 0) as the user counts it, from 1; nil (no
// position: findIndex found nothing) stays nil.
func position(args ...any) (any, error) {
	if i, ok := args[0].(int); ok {
		return i + 1, nil
	}
	return args[0], nil
}

// runePosition is the character position, from 1, of byte offset at in s;
// 0 when at is -1 (not found).
func runePosition(s string, at int) int {
	if at < 0 {
		return 0
	}
	return utf8.RuneCountInString(s[:at]) + 1
}

// SetIndex returns a copy of old with the item at index set to v: a game
// value through its SetIndex (all indices at once), a list (negative from the
// end), each from 1 as x[i] reads it (see indexValue), or a map by key.
func SetIndex(old any, index []any, v any) (any, error) {
	if len(index) == 0 {
		return v, nil // the item itself: ps[1] = polygon(…) replaces a game value in a list
	}
	if ix, ok := old.(builtin.Indexable); ok {
		return ix.SetIndex(index, v)
	}
	switch x := old.(type) {
	case map[string]any:
		key, ok := index[0].(string)
		if !ok {
			return nil, fmt.Errorf("a map key must be a string, got %s", builtin.TypeName(index[0]))
		}
		inner, err := SetIndex(x[key], index[1:], v)
		if err != nil {
			return nil, err
		}
		m := make(map[string]any, len(x)+1)
		for k, e := range x {
			m[k] = e
		}
		m[key] = inner
		return m, nil
	}
	items, ok := elements(old)
	if !ok {
		return nil, fmt.Errorf("cannot assign to an item of a %s", builtin.TypeName(old))
	}
	i, ok, err := listPosition(index[0], len(items))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, outOfRange(index[0], len(items), "list")
	}
	inner, err := SetIndex(items[i], index[1:], v)
	if err != nil {
		return nil, err
	}
	cp := append([]any(nil), items...)
	cp[i] = inner
	return cp, nil
}

// memberValue is the language's x.name, x?.name and x[key] for a key that is
// a string: fields only (see fieldOf). optional: nil for a nil x.
func memberValue(args ...any) (any, error) {
	if len(args) == 3 && args[2] == true && args[0] == nil {
		return nil, nil
	}
	name, ok := args[1].(string)
	if !ok {
		return indexValue(args[0], args[1])
	}
	return fieldOf(args[0], name)
}

// patchMember routes a member read through memberValue unless expr reads a
// known struct field itself.
func patchMember(node *ast.Node, n *ast.MemberNode) {
	if p, constant := n.Property.(*ast.StringNode); constant && isField(n.Node.Type(), p.Value) && !n.Optional {
		return
	}
	var args []ast.Node
	if n.Optional {
		args = []ast.Node{n.Node, n.Property, &ast.BoolNode{Value: true}}
	} else {
		args = []ast.Node{n.Node, n.Property}
	}
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$member"}, Arguments: args})
}
