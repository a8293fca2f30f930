package lang

// reduce(xs, body, initial) with a game's value as initial: expr's
// compiler dereferences the initial value before the loop (its
// derefInNeeded), so a strategy, a game or a position, which are pointers,
// became a copy of what they point to, and `s = reduce(xs, {#acc},
// optimal); match(c, s, greedy)` said "must be a strategy …, got
// strategy". patchReduce hands the initial value to the loop in a box,
// which dereferencing leaves as it is, and takes it out wherever the body
// reads #acc and at the end (when xs is empty the box is the result):
//
//	$unbox(reduce(xs, body[#acc := $unbox(#acc)], $box(initial)))
//
// $unbox is the identity on anything but a box, so the #acc of a loop
// nested in the body, which is that loop's own, may go through it too.

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// accBox carries reduce's initial value past expr's dereferencing.
type accBox struct{ v any }

// reduceFunctions are the functions patchReduce calls.
func reduceFunctions() []expr.Option {
	return []expr.Option{
		expr.Function("$box", func(args ...any) (any, error) { return accBox{args[0]}, nil }),
		expr.Function("$unbox", func(args ...any) (any, error) {
			if b, ok := args[0].(accBox); ok {
				return b.v, nil
			}
			return args[0], nil
		}),
	}
}

// patchReduce rewrites reduce(xs, body, initial) as the file's comment
// says, once (the patches run more than once over a tree).
func patchReduce(node *ast.Node, n *ast.BuiltinNode) {
	if len(n.Arguments) != 3 || isCallOf(n.Arguments[2], "$box") || writtenOut(n.Arguments[2]) {
		return
	}
	n.Arguments[2] = callAt("$box", n.Arguments[2], n.Arguments[2])
	ast.Walk(&n.Arguments[1], accReads{})
	ast.Patch(node, callAt("$unbox", n, n))
}

// writtenOut says x is written out (nil, a number, a string, a list or map
// literal): dereferencing leaves it as it is, and every predicate's body
// runs as reduce([$it], {body}, nil) (see compile), which stays as it is
// for the fast path to recognise.
func writtenOut(x ast.Node) bool {
	switch x.(type) {
	case *ast.NilNode, *ast.IntegerNode, *ast.FloatNode, *ast.StringNode, *ast.BoolNode, *ast.ArrayNode, *ast.MapNode:
		return true
	}
	return false
}

// accReads takes #acc out of its box wherever it is read.
type accReads struct{}

func (accReads) Visit(node *ast.Node) {
	if p, ok := (*node).(*ast.PointerNode); ok && p.Name == "acc" {
		ast.Patch(node, callAt("$unbox", p, p))
	}
}

// callAt is the call fn(args...) at where's place in the source.
func callAt(fn string, where ast.Node, args ...ast.Node) *ast.CallNode {
	id := &ast.IdentifierNode{Value: fn}
	id.SetLocation(where.Location())
	c := &ast.CallNode{Callee: id, Arguments: args}
	c.SetLocation(where.Location())
	return c
}

// isCallOf says x is a call of the function fn.
func isCallOf(x ast.Node, fn string) bool {
	c, ok := x.(*ast.CallNode)
	if !ok {
		return false
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	return ok && id.Value == fn
}
