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
	"sync/atomic"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
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
	it        int            // the slot of the innermost predicate's # (0: the argument)
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
		if n.Name != "" {
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
