//go:build !js

package lang

// A fast path for predicates: the common shapes of a {…} body (fields of
// #, integer arithmetic and comparisons, indexes, ranges, lists, maps,
// conditionals, lets, map/filter/any/all over a list) compiled into Go
// closures over Words (kernel/word: ints, booleans and strings unboxed,
// short lists of ints packed, ranges as their ends) that run without
// expr's machine, which costs some hundreds of nanoseconds a call in
// setting up its frames and boxes every int it makes: what a game defined
// in the language calls for every move of every position, handing it its
// state as a Word (CallWord).
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
	"sync/atomic"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"

	"gamelab/kernel/word"
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
type fastFn func(s []word.Word) (word.Word, bool)

// fastCompiler compiles one predicate's body: its slots are the lets' and
// the predicates' # (a predicate's # is slot it, its innermost).
type fastCompiler struct {
	l         *Language
	functions conf.FunctionsTable // the language's functions, as expr calls them
	env       map[string]any
	scope     map[string]int // the lets in scope: name → slot
	it        int            // the slot of the innermost predicate's # (0: the argument)
	slots     int
}

// fastBody is a predicate's body compiled: run is its value at # = x, or
// false when the machine must run it.
type fastBody struct {
	body fastFn
	s    []word.Word
	busy atomic.Bool
}

// fastPredicate is the predicate's body compiled; nil when its shape is
// not one the fast path knows.
func (l *Language) fastPredicate(tree ast.Node, env map[string]any) *fastBody {
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
	return &fastBody{body: body, s: make([]word.Word, c.slots)}
}

func (f *fastBody) run(x word.Word) (v word.Word, ok bool) {
	if !f.busy.CompareAndSwap(false, true) {
		return word.Word{}, false // called while it runs (never, today): the machine's
	}
	defer func() {
		if recover() != nil {
			v, ok = word.Word{}, false // the machine runs it again, and reports
		}
		clear(f.s)
		f.busy.Store(false)
	}()
	f.s[0] = x
	if v, ok = f.body(f.s); ok && counting {
		fastRuns.Add(1)
	}
	return v, ok
}

// call is the body's value at # = x as the language has it.
func (f *fastBody) call(x any) (any, bool) {
	v, ok := f.run(word.Of(x))
	if !ok {
		return nil, false
	}
	return v.Value(), true
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
		return constant(word.IntOf(n.Value))
	case *ast.FloatNode:
		return constant(word.Of(n.Value))
	case *ast.StringNode:
		return constant(word.Of(n.Value))
	case *ast.BoolNode:
		return constant(word.BoolOf(n.Value))
	case *ast.NilNode:
		return constant(word.Word{})
	case *ast.ConstantNode:
		return constant(word.Of(n.Value))
	case *ast.IdentifierNode:
		if at, ok := c.scope[n.Value]; ok {
			return func(s []word.Word) (word.Word, bool) { return s[at], true }
		}
		if v, ok := c.env[n.Value]; ok && n.Value != "$it" {
			if _, isPending := v.(*pending); !isPending {
				return constant(word.Of(v))
			}
		}
		return nil
	case *ast.PointerNode:
		if n.Name != "" {
			return nil
		}
		at := c.it
		return func(s []word.Word) (word.Word, bool) { return s[at], true }
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
		return func(s []word.Word) (word.Word, bool) {
			v, ok := x(s)
			return word.BoolOf(v.N == 0), ok && v.K == word.Bool
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

func constant(v word.Word) fastFn { return func([]word.Word) (word.Word, bool) { return v, true } }

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
	nodes := n.Nodes
	if len(nodes) == 2 && isCallOf(nodes[0], "$sweepStep") {
		// {$sweepStep(…); body}: a sweep's progress, which the fast path
		// does not show.
		return c.compile(nodes[1])
	}
	parts := c.all(nodes)
	switch len(parts) {
	case 0:
		return nil
	case 2: // {$tick(); body}, as every loop's body and predicate is
		first, second := parts[0], parts[1]
		return func(s []word.Word) (word.Word, bool) {
			if _, ok := first(s); !ok {
				return word.Word{}, false
			}
			return second(s)
		}
	}
	return func(s []word.Word) (v word.Word, ok bool) {
		for _, p := range parts {
			if v, ok = p(s); !ok {
				return word.Word{}, false
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
	return func(s []word.Word) (word.Word, bool) {
		v, ok := value(s)
		if !ok {
			return word.Word{}, false
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
	return func(s []word.Word) (word.Word, bool) {
		v, ok := cond(s)
		switch {
		case !ok || v.K != word.Bool:
			return word.Word{}, false
		case v.N != 0:
			return yes(s)
		}
		return no(s)
	}
}

// logical is && and || of booleans, the right side run only when it counts.
func (c *fastCompiler) logical(n *ast.BinaryNode) fastFn {
	var or int64
	switch n.Operator {
	case "&&", "and":
	case "||", "or":
		or = 1
	default:
		return nil
	}
	left, right := c.compile(n.Left), c.compile(n.Right)
	if left == nil || right == nil {
		return nil
	}
	return func(s []word.Word) (word.Word, bool) {
		v, ok := left(s)
		if !ok || v.K != word.Bool {
			return word.Word{}, false
		}
		if v.N == or {
			return v, true
		}
		v, ok = right(s)
		return v, ok && v.K == word.Bool
	}
}

// array is a list literal: made once when its items are constants (a
// game's moves ["L", "R"]), packed when it is up to three small ints.
func (c *fastCompiler) array(n *ast.ArrayNode) fastFn {
	items := c.all(n.Nodes)
	if items == nil {
		return nil
	}
	if constants(n.Nodes) {
		out := make([]word.Word, len(items))
		for i, item := range items {
			out[i], _ = item(nil)
		}
		return constant(word.ListOf(out))
	}
	if len(items) <= 3 {
		return func(s []word.Word) (word.Word, bool) {
			var buf [3]word.Word // no list is made for a packed one
			for i, item := range items {
				v, ok := item(s)
				if !ok {
					return word.Word{}, false
				}
				buf[i] = v
			}
			if v, ok := word.TupleOf(buf[:len(items)]); ok {
				return v, true
			}
			return word.ListOf(append([]word.Word(nil), buf[:len(items)]...)), true
		}
	}
	return func(s []word.Word) (word.Word, bool) {
		out := make([]word.Word, len(items))
		for i, item := range items {
			v, ok := item(s)
			if !ok {
				return word.Word{}, false
			}
			out[i] = v
		}
		return word.ListOf(out), true
	}
}

// constants says each node is a literal number, string or boolean.
func constants(nodes []ast.Node) bool {
	for _, n := range nodes {
		switch n.(type) {
		case *ast.IntegerNode, *ast.StringNode, *ast.BoolNode:
		default:
			return false
		}
	}
	return true
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
	return func(s []word.Word) (word.Word, bool) {
		out := make(map[string]any, len(keys))
		for i, k := range keys {
			v, ok := values[i](s)
			if !ok {
				return word.Word{}, false
			}
			out[k] = v.Value()
		}
		return word.Of(out), true
	}
}
