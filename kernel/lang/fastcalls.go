//go:build !js

package lang

// The fast path's calls (see fastpath.go): the language's own functions,
// with inline paths for the operands they know, and expr's loops and
// builtins over lists.

import (
	"math"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"gamelab/internal/checked"
	"gamelab/kernel/builtin"
)

// pureFunctions are the language's functions the fast path calls: none has
// an effect but the cell's accounting.
var pureFunctions = map[string]bool{"$add": true, "$sub": true, "$mul": true, "$div": true, "$mod": true, "$pow": true,
	"$neg": true, "$eq": true, "$ne": true, "$lt": true, "$gt": true, "$le": true, "$ge": true, "$index": true,
	"$slice": true, "$member": true, "$range": true, "$in": true, "$sum": true, "$isNil": true}

// call is a call of one of the language's own functions.
func (c *fastCompiler) call(n *ast.CallNode) fastFn {
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok {
		return nil
	}
	switch id.Value {
	case "$tick":
		return func([]any) (any, bool) {
			c.l.cur.meter.Tick()
			return nil, true
		}
	case "$sweepStep": // a sweep's progress: not shown for what the fast path runs
		return constant(nil)
	case "$sweepStart", "$sweepEnd", "$kept", "$loopEnd":
		if len(n.Arguments) != 1 {
			return nil
		}
		return c.compile(n.Arguments[0])
	case "$loop":
		return c.loop(n)
	case "min", "max":
		if c.l.isExtremum(id.Value) {
			return c.extreme(id.Value, n.Arguments)
		}
		return nil
	}
	fn, ok := c.functions[id.Value]
	if !ok || !pureFunctions[id.Value] || fn.Func == nil {
		return nil
	}
	args := c.all(n.Arguments)
	if args == nil {
		return nil
	}
	// called is the function's own answer: what the machine gets.
	called := func(in ...any) (any, bool) {
		v, err := fn.Func(in...)
		return v, err == nil
	}
	if inline := c.inline(id.Value, len(args)); inline != nil {
		if len(args) == 1 {
			x := args[0]
			return func(s []any) (any, bool) {
				a, ok := x(s)
				if !ok {
					return nil, false
				}
				if v, ok := inline(a, nil); ok {
					return v, true
				}
				return called(a)
			}
		}
		x, y := args[0], args[1]
		return func(s []any) (any, bool) {
			a, ok := x(s)
			if !ok {
				return nil, false
			}
			b, ok := y(s)
			if !ok {
				return nil, false
			}
			if v, ok := inline(a, b); ok {
				return v, true
			}
			return called(a, b)
		}
	}
	return func(s []any) (any, bool) {
		in := make([]any, len(args))
		for i, a := range args {
			v, ok := a(s)
			if !ok {
				return nil, false
			}
			in[i] = v
		}
		return called(in...)
	}
}

// inline is the path of the function name of k operands that needs no
// call, for the operands it knows (ints, lists, strings, maps): false for
// others, which the function itself then gets; nil when it has none.
func (c *fastCompiler) inline(name string, k int) func(a, b any) (any, bool) {
	if k == 1 {
		if name != "$neg" {
			return nil
		}
		return func(a, _ any) (any, bool) {
			i, isInt := a.(int)
			return -i, isInt && i != math.MinInt
		}
	}
	if k != 2 {
		return nil
	}
	var ints func(i, j int) (any, bool)
	switch name {
	case "$add":
		ints = func(i, j int) (any, bool) { r, ok := checked.Add(int64(i), int64(j)); return int(r), ok }
	case "$sub":
		ints = func(i, j int) (any, bool) { r, ok := checked.Sub(int64(i), int64(j)); return int(r), ok }
	case "$mul":
		ints = func(i, j int) (any, bool) { r, ok := checked.Mul(int64(i), int64(j)); return int(r), ok }
	case "$lt":
		ints = func(i, j int) (any, bool) { return i < j, true }
	case "$gt":
		ints = func(i, j int) (any, bool) { return i > j, true }
	case "$le":
		ints = func(i, j int) (any, bool) { return i <= j, true }
	case "$ge":
		ints = func(i, j int) (any, bool) { return i >= j, true }
	case "$eq":
		return func(a, b any) (any, bool) { return equal(a, b) }
	case "$ne":
		return func(a, b any) (any, bool) { e, ok := equal(a, b); return !e, ok }
	case "$index":
		return index
	case "$member":
		return member
	case "$range":
		return c.ints
	default:
		return nil
	}
	return func(a, b any) (any, bool) {
		i, isInt := a.(int)
		j, isInt2 := b.(int)
		if !isInt || !isInt2 {
			return nil, false
		}
		return ints(i, j)
	}
}

// ints is a..b of two ints as rangeOf makes it: what it reserves, then
// the []int.
func (c *fastCompiler) ints(a, b any) (any, bool) {
	lo, isInt := a.(int)
	hi, isInt2 := b.(int)
	if !isInt || !isInt2 || hi >= lo && uint64(hi-lo) >= maxFastItems {
		return nil, false
	}
	if hi < lo {
		return []int{}, true
	}
	n := hi - lo + 1
	c.l.cur.meter.ReserveItems(int64(n), 8)
	out := make([]int, n)
	for i := range out {
		out[i] = lo + i
	}
	return out, true
}

// equal is a == b of two ints or two strings.
func equal(a, b any) (bool, bool) {
	switch a := a.(type) {
	case int:
		b, isInt := b.(int)
		return a == b, isInt
	case string:
		b, isString := b.(string)
		return a == b, isString
	}
	return false, false
}

// index is xs[i] of a list and an int inside it, counted from 1.
func index(a, b any) (any, bool) {
	if i, isInt := b.(int); isInt {
		switch xs := a.(type) {
		case []any:
			if i >= 1 && i <= len(xs) {
				return xs[i-1], true
			}
		case []int:
			if i >= 1 && i <= len(xs) {
				return xs[i-1], true
			}
		}
	}
	return nil, false
}

// member is x.name of a map or of a value with builtin.Fields.
func member(a, b any) (any, bool) {
	if name, isName := b.(string); isName {
		switch v := a.(type) {
		case map[string]any:
			return v[name], true
		case builtin.Fields:
			return v.Field(name)
		}
	}
	return nil, false
}

// loop is $loop(name, xs): xs when it is a list, with what map reserves.
func (c *fastCompiler) loop(n *ast.CallNode) fastFn {
	if len(n.Arguments) != 2 {
		return nil
	}
	name, ok := n.Arguments[0].(*ast.StringNode)
	xs := c.compile(n.Arguments[1])
	if !ok || xs == nil {
		return nil
	}
	reserves := name.Value == "map" || name.Value == "sortBy"
	return func(s []any) (any, bool) {
		v, ok := xs(s)
		if !ok {
			return nil, false
		}
		k := -1
		switch l := v.(type) {
		case []any:
			k = len(l)
		case []int:
			k = len(l)
		}
		if k < 0 || k > maxFastItems {
			return nil, false
		}
		if reserves {
			c.l.cur.meter.ReserveItems(int64(k), mapItemBytes)
		}
		return v, true
	}
}

// maxFastItems is the longest list the fast path loops over: a longer one
// is the machine's, which keeps its memory account as it goes.
const maxFastItems = 1 << 12

// builtin is one of expr's builtins: map, filter, any, all, count over a
// list; min and max of ints; len of a list or a map.
func (c *fastCompiler) builtin(n *ast.BuiltinNode) fastFn {
	switch n.Name {
	case "map", "filter", "any", "all", "count":
		return c.loopBuiltin(n)
	case "min", "max":
		return c.extreme(n.Name, n.Arguments)
	case "len":
		if len(n.Arguments) != 1 {
			return nil
		}
		x := c.compile(n.Arguments[0])
		if x == nil {
			return nil
		}
		return func(s []any) (any, bool) {
			v, ok := x(s)
			switch l := v.(type) {
			case []any:
				return len(l), ok
			case []int:
				return len(l), ok
			case map[string]any:
				return len(l), ok
			}
			return nil, false
		}
	}
	return nil
}

func (c *fastCompiler) loopBuiltin(n *ast.BuiltinNode) fastFn {
	if len(n.Arguments) != 2 || n.Map != nil {
		return nil
	}
	pred, ok := n.Arguments[1].(*ast.PredicateNode)
	xs := c.compile(n.Arguments[0])
	if !ok || xs == nil {
		return nil
	}
	outer := c.it
	c.it = c.slot()
	at := c.it
	body := c.compile(pred.Node)
	c.it = outer
	if body == nil {
		return nil
	}
	name := n.Name
	return func(s []any) (any, bool) {
		v, ok := xs(s)
		if !ok {
			return nil, false
		}
		var items []any
		var ints []int
		k := 0
		switch l := v.(type) {
		case []any:
			items, k = l, len(l)
		case []int:
			ints, k = l, len(l)
		default:
			return nil, false
		}
		var out []any
		if name == "map" {
			out = make([]any, 0, k)
		} else if name == "filter" {
			out = []any{}
		}
		count := 0
		for i := range k {
			var item any
			if items != nil {
				item = items[i]
			} else {
				item = ints[i]
			}
			s[at] = item
			r, ok := body(s)
			if !ok {
				return nil, false
			}
			if name == "map" {
				out = append(out, r)
				continue
			}
			b, isBool := r.(bool)
			if !isBool {
				return nil, false
			}
			switch {
			case name == "filter" && b:
				out = append(out, item)
			case name == "count" && b:
				count++
			case name == "any" && b:
				return true, true
			case name == "all" && !b:
				return false, true
			}
		}
		switch name {
		case "any":
			return false, true
		case "all":
			return true, true
		case "count":
			return count, true
		}
		return out, true
	}
}

// isExtremum says the session's builtin name is the language's Extremum
// (min and max compared exactly), which of ints gives the first of the
// smallest (largest) as the fast path does.
func (l *Language) isExtremum(name string) bool {
	for _, lib := range l.cfg.Libraries {
		if b := lib.Lookup(name); b != nil {
			return b.Fn != nil && reflect.ValueOf(b.Fn).Pointer() == extremumCode
		}
	}
	return false
}

// extremumCode is the code of Extremum's functions.
var extremumCode = reflect.ValueOf(Extremum("min", -1)).Pointer()

// extreme is min or max (name) of two or more ints.
func (c *fastCompiler) extreme(name string, nodes []ast.Node) fastFn {
	if len(nodes) < 2 {
		return nil
	}
	args := c.all(nodes)
	if args == nil {
		return nil
	}
	isMax := name == "max"
	return func(s []any) (any, bool) {
		var best int
		for k, a := range args {
			v, ok := a(s)
			i, isInt := v.(int)
			if !ok || !isInt {
				return nil, false
			}
			if k == 0 || isMax && i > best || !isMax && i < best {
				best = i
			}
		}
		return best, true
	}
}
