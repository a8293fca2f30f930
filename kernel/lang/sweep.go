package lang

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// A sweep, map over a list, reports its progress item by item.

// sweepFunctions are the expr options of a sweep's progress: sweepPatch
// rewrites map(xs, body) into
//
//	$sweepEnd(map($sweepStart(xs), {$sweepStep(#index); body}))
//
// so the meter learns the number of items, each item as it starts, and
// the end. A map that fails leaves its sweep open; the cell ends then.
func sweepFunctions(cur *current) []expr.Option {
	meter := func() *Progress { return cur.cell.Progress }
	return []expr.Option{
		expr.Function("$sweepStart", func(args ...any) (any, error) {
			p := meter()
			p.sweeps++
			if n, ok := length(args[0]); ok && p.sweeps == 1 {
				p.sweepTotal = int64(n)
				p.Update(0, p.sweepTotal)
			}
			return args[0], nil
		}),
		expr.Function("$sweepStep", func(args ...any) (any, error) {
			if p := meter(); p.sweeps == 1 {
				p.Update(int64(args[0].(int)), p.sweepTotal)
			}
			return nil, nil
		}),
		expr.Function("$sweepEnd", func(args ...any) (any, error) {
			p := meter()
			if p.sweeps == 1 {
				p.Update(p.sweepTotal, p.sweepTotal)
			}
			p.sweeps--
			return args[0], nil
		}),
	}
}

type sweepPatch struct{}

func (sweepPatch) Visit(node *ast.Node) {
	n, ok := (*node).(*ast.BuiltinNode)
	if !ok || n.Name != "map" || len(n.Arguments) != 2 {
		return
	}
	pred, ok := n.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	// Each made-up node takes the place of what it wraps, so an error in
	// xs or the body still points at it.
	call := func(fn string, where ast.Node, args ...ast.Node) ast.Node {
		loc := where.Location()
		id := &ast.IdentifierNode{Value: fn}
		id.SetLocation(loc)
		c := &ast.CallNode{Callee: id, Arguments: args}
		c.SetLocation(loc)
		return c
	}
	index := &ast.PointerNode{Name: "index"}
	index.SetLocation(pred.Node.Location())
	seq := &ast.SequenceNode{Nodes: []ast.Node{call("$sweepStep", pred.Node, index), pred.Node}}
	seq.SetLocation(pred.Node.Location())
	pred.Node = seq
	inner := &ast.BuiltinNode{Name: "map", Arguments: []ast.Node{call("$sweepStart", n.Arguments[0], n.Arguments[0]), pred}}
	inner.SetLocation(n.Location())
	ast.Patch(node, call("$sweepEnd", n, inner))
}
