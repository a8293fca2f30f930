package lang

import "github.com/expr-lang/expr/ast"

// fieldsRead says whether the predicate body of tree (reduce($loop(…,
// [$it]), {body}, nil), as compile makes it) uses its # only to read
// fields of it (#.state, #.move): it then keeps no # in what it gives, so
// its caller may hand it the same value, changed, call after call
// (builtin.Borrowing). A predicate inside it has # of its own. names are
// the fields it reads (#.state, #["move"]); when it does not only read
// fields, it may read any.
func fieldsRead(tree ast.Node) (names map[string]bool, only bool) {
	body := predicateBody(tree)
	if body == nil {
		return nil, false
	}
	names = map[string]bool{}
	fieldReads := map[ast.Node]bool{} // the #s read as #.name
	inner := map[ast.Node]bool{}      // the #s of predicates inside
	var all []ast.Node
	var node ast.Node = body.Node
	ast.Walk(&node, visitFunc(func(n *ast.Node) {
		switch x := (*n).(type) {
		case *ast.PointerNode:
			if x.Name == "" {
				all = append(all, x)
			}
		case *ast.CallNode:
			if id, ok := x.Callee.(*ast.IdentifierNode); ok && id.Value == "$member" && len(x.Arguments) == 2 {
				if name, isName := x.Arguments[1].(*ast.StringNode); isName {
					fieldReads[x.Arguments[0]] = true
					if isHash(x.Arguments[0]) {
						names[name.Value] = true
					}
				}
			}
		case *ast.MemberNode:
			if name, isName := x.Property.(*ast.StringNode); isName {
				fieldReads[x.Node] = true
				if isHash(x.Node) {
					names[name.Value] = true
				}
			}
		case *ast.PredicateNode:
			var sub ast.Node = x.Node
			ast.Walk(&sub, visitFunc(func(m *ast.Node) {
				if p, ok := (*m).(*ast.PointerNode); ok {
					inner[p] = true
				}
			}))
		}
	}))
	only = true
	for _, p := range all {
		if !inner[p] && !fieldReads[p] {
			only = false
		}
	}
	// A field an inner predicate reads of its own # is not one of this #:
	// names may hold more than it reads, never less.
	return names, only
}

// isHash says n is a # (of this predicate or an inner one).
func isHash(n ast.Node) bool {
	p, ok := n.(*ast.PointerNode)
	return ok && p.Name == ""
}

// predicateBody is the {body} of tree, reduce($loop("reduce", [$it]),
// {body}, nil) as compile makes a predicate; nil for another tree.
func predicateBody(tree ast.Node) *ast.PredicateNode {
	r, ok := tree.(*ast.BuiltinNode)
	if !ok || r.Name != "reduce" || len(r.Arguments) != 3 {
		return nil
	}
	body, _ := r.Arguments[1].(*ast.PredicateNode)
	return body
}
