package lang

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// A sweep, map over a list (or a search: filter, count, find, …),
// reports its progress item by item.

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
				p.sweepTotal, p.sweepDone = int64(n), 0
				p.Update(0, p.sweepTotal)
			}
			return args[0], nil
		}),
		expr.Function("$sweepStep", func(args ...any) (any, error) {
			if p := meter(); p.sweeps == 1 {
				if len(args) == 0 { // a search, which has no #index: one more item
					p.sweepDone++
					p.Update(p.sweepDone-1, p.sweepTotal)
					return nil, nil
				}
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

// swept are the loops over a list that show their progress: map, and the
// searches over seeds (filter, count, find, …).
var swept = map[string]bool{"map": true, "filter": true, "count": true, "find": true, "findIndex": true,
	"any": true, "all": true, "none": true, "one": true}

func (sweepPatch) Visit(node *ast.Node) {
	n, ok := (*node).(*ast.BuiltinNode)
	if !ok || !swept[n.Name] || len(n.Arguments) != 2 {
		return
	}
	pred, ok := n.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	// Each made-up node takes the place of what it wraps, so an error in
	// xs or the body still points at it.
	step := callAt("$sweepStep", pred.Node) // only map's body has #index
	if n.Name == "map" {
		index := &ast.PointerNode{Name: "index"}
		index.SetLocation(pred.Node.Location())
		step = callAt("$sweepStep", pred.Node, index)
	}
	seq := &ast.SequenceNode{Nodes: []ast.Node{step, pred.Node}}
	seq.SetLocation(pred.Node.Location())
	pred.Node = seq
	inner := &ast.BuiltinNode{Name: n.Name, Arguments: []ast.Node{callAt("$sweepStart", n.Arguments[0], n.Arguments[0]), pred}}
	inner.SetLocation(n.Location())
	ast.Patch(node, callAt("$sweepEnd", n, inner))
}
