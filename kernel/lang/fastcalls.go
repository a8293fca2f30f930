//go:build !js

package lang

// The fast path's calls (see fastpath.go): the language's own functions,
// with inline paths for the operands they know, and expr's loops and
// builtins over lists.

import (
	"reflect"

	"github.com/expr-lang/expr/ast"

	"gamelab/internal/checked"
	"gamelab/kernel/builtin"
	"gamelab/kernel/word"
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
		return func([]word.Word) (word.Word, bool) {
			c.l.cur.meter.Tick()
			return word.Word{}, true
		}
	case "$sweepStep": // a sweep's progress: not shown for what the fast path runs
		return constant(word.Word{})
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
	called := func(in ...word.Word) (word.Word, bool) {
		values := make([]any, len(in))
		for i, w := range in {
			values[i] = w.Value()
		}
		v, err := fn.Func(values...)
		return word.Of(v), err == nil
	}
	if fast := c.special(id.Value, n.Arguments, args, called); fast != nil {
		return fast
	}
	if inline := inlined(id.Value, len(args)); inline != nil {
		if len(args) == 1 {
			x := args[0]
			return func(s []word.Word) (word.Word, bool) {
				a, ok := x(s)
				if !ok {
					return word.Word{}, false
				}
				if v, ok := inline(a, word.Word{}); ok {
					return v, true
				}
				return called(a)
			}
		}
		x, y := args[0], args[1]
		return func(s []word.Word) (word.Word, bool) {
			a, b, ok := both(x, y, s)
			if !ok {
				return word.Word{}, false
			}
			if v, ok := inline(a, b); ok {
				return v, true
			}
			return called(a, b)
		}
	}
	return func(s []word.Word) (word.Word, bool) {
		in := make([]word.Word, len(args))
		for i, a := range args {
			v, ok := a(s)
			if !ok {
				return word.Word{}, false
			}
			in[i] = v
		}
		return called(in...)
	}
}

// inlined is the path of the function name of k operands that needs no
// call, for the operands it knows (lists, strings, maps): false for
// others, which the function itself then gets; nil when it has none. The
// arithmetic and comparisons of ints and the items of lists have closures
// of their own (fastspecial.go).
func inlined(name string, k int) func(a, b word.Word) (word.Word, bool) {
	if k == 1 {
		if name != "$neg" {
			return nil
		}
		return func(a, _ word.Word) (word.Word, bool) {
			r, ok := checked.Sub(0, a.N)
			return word.Word{K: word.Int, N: r}, ok && a.K == word.Int
		}
	}
	if k != 2 {
		return nil
	}
	switch name {
	case "$eq":
		return func(a, b word.Word) (word.Word, bool) { e, ok := word.Equal(a, b); return word.BoolOf(e), ok }
	case "$ne":
		return func(a, b word.Word) (word.Word, bool) { e, ok := word.Equal(a, b); return word.BoolOf(!e), ok }
	case "$member":
		return member
	case "$range":
		return func(a, b word.Word) (word.Word, bool) {
			if a.K != word.Int || b.K != word.Int || b.N >= a.N && uint64(b.N-a.N) >= maxFastItems {
				return word.Word{}, false
			}
			return word.RangeOf(int(a.N), int(b.N))
		}
	}
	return nil
}

// member is x.name of a map or of a value with fields.
func member(a, b word.Word) (word.Word, bool) {
	name, isName := b.Str()
	if !isName || a.K != word.Any {
		return word.Word{}, false
	}
	switch v := a.P.(type) {
	case word.Fields:
		return v.FieldWord(name)
	case map[string]any:
		return word.Of(v[name]), true
	case builtin.Fields:
		f, ok := v.Field(name)
		return word.Of(f), ok
	}
	return word.Word{}, false
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
	return func(s []word.Word) (word.Word, bool) {
		v, ok := xs(s)
		if !ok {
			return word.Word{}, false
		}
		k, isList := v.Len()
		if !isList || k > maxFastItems {
			return word.Word{}, false
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
		return func(s []word.Word) (word.Word, bool) {
			v, ok := x(s)
			if k, isList := v.Len(); isList {
				return word.IntOf(k), ok
			}
			if m, isMap := v.P.(map[string]any); isMap && v.K == word.Any {
				return word.IntOf(len(m)), ok
			}
			return word.Word{}, false
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
	return func(s []word.Word) (word.Word, bool) {
		v, ok := xs(s)
		k, isList := v.Len()
		if !ok || !isList {
			return word.Word{}, false
		}
		var out []word.Word
		if name == "map" {
			out = make([]word.Word, 0, k)
		} else if name == "filter" {
			out = make([]word.Word, 0, k)
		}
		count := 0
		for i := range k {
			item := v.At(i)
			s[at] = item
			r, ok := body(s)
			if !ok {
				return word.Word{}, false
			}
			if name == "map" {
				out = append(out, r)
				continue
			}
			if r.K != word.Bool {
				return word.Word{}, false
			}
			b := r.N != 0
			switch {
			case name == "filter" && b:
				out = append(out, item)
			case name == "count" && b:
				count++
			case name == "any" && b:
				return r, true
			case name == "all" && !b:
				return r, true
			}
		}
		switch name {
		case "any":
			return word.BoolOf(false), true
		case "all":
			return word.BoolOf(true), true
		case "count":
			return word.IntOf(count), true
		}
		return word.ListOf(out), true
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
	return func(s []word.Word) (word.Word, bool) {
		var best int64
		for k, a := range args {
			v, ok := a(s)
			if !ok || v.K != word.Int {
				return word.Word{}, false
			}
			if k == 0 || isMax && v.N > best || !isMax && v.N < best {
				best = v.N
			}
		}
		return word.Word{K: word.Int, N: best}, true
	}
}
