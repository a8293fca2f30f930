//go:build !js

package lang

// A fast path for predicates: the common shapes of a {…} body (fields of
// #, integer arithmetic and comparisons, indexes, ranges, lists, maps,
// conditionals, lets, map/filter/any/all over a list) compiled into Go
// closures that run without expr's machine, which costs some hundreds of
// nanoseconds a call in setting up its frames: what a game defined in the
// language calls for every move of every position.
//
// A closure is compiled from the tree expr runs, after the language's
// patches, so it calls the very functions the machine would ($add, $index,
// $member, …), with inline paths for ints, lists and maps that give what
// those functions give. It never reports an error: whatever it is not sure
// of (a type it has no path for, an error, a panic, an overflow) makes it
// give up, and the machine runs the predicate from the start, with its
// own result and error. That is safe because nothing it runs has an effect
// but the cell's accounting (ticks, memory reserved), which the machine
// would make too; the progress of sweeps inside a part is left out.
// Left out of the web page's engine (the js build), whose size is
// budgeted: there every predicate runs on the machine.

import (
	"math"
	"reflect"
	"sync/atomic"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"

	"gamelab/internal/checked"
	"gamelab/kernel/builtin"
)

// fastPaths is whether predicates use the fast path (tests compare it with
// the machine by turning it off); fastRuns counts the calls it answered
// while counting is on.
var (
	fastPaths = true
	counting  bool
	fastRuns  atomic.Int64
)

// fastFn is a compiled node: its value, or false to give up.
type fastFn func(s []any) (any, bool)

// fastCompiler compiles one predicate's body: its slots are the lets' and
// the predicates' # (a predicate's # is slot it, its innermost).
type fastCompiler struct {
	l         *Language
	functions conf.FunctionsTable // the language's functions, as expr calls them
	env       map[string]any
	scope     map[string]int // the lets in scope: name → slot
	it        int            // the slot of # (-1 outside any predicate)
	slots     int
}

// fastPredicate is the predicate's body compiled, as a function of its
// argument; nil when its shape is not one the fast path knows.
func (l *Language) fastPredicate(tree ast.Node, env map[string]any) func(x any) (any, bool) {
	if !fastPaths {
		return nil
	}
	pred := predicateBody(tree)
	if pred == nil {
		return nil
	}
	c := &fastCompiler{l: l, functions: l.base.Functions, env: env, scope: map[string]int{}, it: 0, slots: 1}
	body := c.compile(pred.Node)
	if body == nil {
		return nil
	}
	n := c.slots
	var busy atomic.Bool
	s := make([]any, n)
	return func(x any) (v any, ok bool) {
		if !busy.CompareAndSwap(false, true) {
			return nil, false // called while it runs (never, today): the machine's
		}
		defer func() {
			if recover() != nil {
				v, ok = nil, false // the machine runs it again, and reports
			}
			clear(s)
			busy.Store(false)
		}()
		s[0] = x
		if v, ok = body(s); ok && counting {
			fastRuns.Add(1)
		}
		return v, ok
	}
}

// slot is a new slot.
func (c *fastCompiler) slot() int {
	c.slots++
	return c.slots - 1
}

// compile is node's closure, nil when the fast path does not know it.
func (c *fastCompiler) compile(node ast.Node) fastFn {
	switch n := node.(type) {
	case *ast.IntegerNode:
		return constant(n.Value)
	case *ast.FloatNode:
		return constant(n.Value)
	case *ast.StringNode:
		return constant(n.Value)
	case *ast.BoolNode:
		return constant(n.Value)
	case *ast.NilNode:
		return constant(nil)
	case *ast.ConstantNode:
		return constant(n.Value)
	case *ast.IdentifierNode:
		if at, ok := c.scope[n.Value]; ok {
			return func(s []any) (any, bool) { return s[at], true }
		}
		if v, ok := c.env[n.Value]; ok && n.Value != "$it" {
			if _, isPending := v.(*pending); !isPending {
				return constant(v)
			}
		}
		return nil
	case *ast.PointerNode:
		if n.Name != "" || c.it < 0 {
			return nil
		}
		at := c.it
		return func(s []any) (any, bool) { return s[at], true }
	case *ast.SequenceNode:
		return c.sequence(n)
	case *ast.VariableDeclaratorNode:
		return c.let(n)
	case *ast.ConditionalNode:
		return c.conditional(n)
	case *ast.BinaryNode:
		return c.logical(n)
	case *ast.UnaryNode:
		if n.Operator != "!" && n.Operator != "not" {
			return nil
		}
		x := c.compile(n.Node)
		if x == nil {
			return nil
		}
		return func(s []any) (any, bool) {
			v, ok := x(s)
			b, isBool := v.(bool)
			return !b, ok && isBool
		}
	case *ast.ArrayNode:
		return c.array(n)
	case *ast.MapNode:
		return c.mapLiteral(n)
	case *ast.CallNode:
		return c.call(n)
	case *ast.BuiltinNode:
		return c.builtin(n)
	}
	return nil
}

func constant(v any) fastFn { return func([]any) (any, bool) { return v, true } }

// all compiles nodes, nil when any is not known.
func (c *fastCompiler) all(nodes []ast.Node) []fastFn {
	out := make([]fastFn, len(nodes))
	for i, n := range nodes {
		if out[i] = c.compile(n); out[i] == nil {
			return nil
		}
	}
	return out
}

func (c *fastCompiler) sequence(n *ast.SequenceNode) fastFn {
	parts := c.all(n.Nodes)
	switch len(parts) {
	case 0:
		return nil
	case 2: // {$tick(); body}, as every loop's body and predicate is
		first, second := parts[0], parts[1]
		return func(s []any) (any, bool) {
			if _, ok := first(s); !ok {
				return nil, false
			}
			return second(s)
		}
	}
	return func(s []any) (v any, ok bool) {
		for _, p := range parts {
			if v, ok = p(s); !ok {
				return nil, false
			}
		}
		return v, true
	}
}

func (c *fastCompiler) let(n *ast.VariableDeclaratorNode) fastFn {
	value := c.compile(n.Value)
	if value == nil {
		return nil
	}
	at := c.slot()
	outer, shadows := c.scope[n.Name]
	c.scope[n.Name] = at
	body := c.compile(n.Expr)
	if shadows {
		c.scope[n.Name] = outer
	} else {
		delete(c.scope, n.Name)
	}
	if body == nil {
		return nil
	}
	return func(s []any) (any, bool) {
		v, ok := value(s)
		if !ok {
			return nil, false
		}
		s[at] = v
		return body(s)
	}
}

func (c *fastCompiler) conditional(n *ast.ConditionalNode) fastFn {
	cond, yes, no := c.compile(n.Cond), c.compile(n.Exp1), c.compile(n.Exp2)
	if cond == nil || yes == nil || no == nil {
		return nil
	}
	return func(s []any) (any, bool) {
		v, ok := cond(s)
		b, isBool := v.(bool)
		switch {
		case !ok || !isBool:
			return nil, false
		case b:
			return yes(s)
		}
		return no(s)
	}
}

// logical is && and || of booleans, the right side run only when it counts.
func (c *fastCompiler) logical(n *ast.BinaryNode) fastFn {
	var or bool
	switch n.Operator {
	case "&&", "and":
	case "||", "or":
		or = true
	default:
		return nil
	}
	left, right := c.compile(n.Left), c.compile(n.Right)
	if left == nil || right == nil {
		return nil
	}
	return func(s []any) (any, bool) {
		v, ok := left(s)
		a, isBool := v.(bool)
		if !ok || !isBool {
			return nil, false
		}
		if a == or {
			return a, true
		}
		v, ok = right(s)
		b, isBool := v.(bool)
		return b, ok && isBool
	}
}

func (c *fastCompiler) array(n *ast.ArrayNode) fastFn {
	items := c.all(n.Nodes)
	if items == nil {
		return nil
	}
	return func(s []any) (any, bool) {
		out := make([]any, len(items))
		for i, item := range items {
			v, ok := item(s)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	}
}

// mapLiteral is {key: value, …} with keys written as names or strings.
func (c *fastCompiler) mapLiteral(n *ast.MapNode) fastFn {
	keys := make([]string, len(n.Pairs))
	values := make([]fastFn, len(n.Pairs))
	for i, p := range n.Pairs {
		pair, ok := p.(*ast.PairNode)
		if !ok {
			return nil
		}
		key, ok := pair.Key.(*ast.StringNode)
		if !ok {
			return nil
		}
		if keys[i], values[i] = key.Value, c.compile(pair.Value); values[i] == nil {
			return nil
		}
	}
	return func(s []any) (any, bool) {
		out := make(map[string]any, len(keys))
		for i, k := range keys {
			v, ok := values[i](s)
			if !ok {
				return nil, false
			}
			out[k] = v
		}
		return out, true
	}
}

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
