package lang

import "github.com/expr-lang/expr/ast"

// readsFieldsOnly says the predicate body of tree (reduce($loop(…,
// [$it]), {body}, nil), as compile makes it) uses its # only to read
// fields of it (#.state, #.move): it keeps no # in what it gives, so its
// caller may hand it the same value, changed, call after call
// (builtin.Borrowing). A predicate inside it has # of its own.
func readsFieldsOnly(tree ast.Node) bool {
	body := predicateBody(tree)
	if body == nil {
		return false
	}
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
				if _, isName := x.Arguments[1].(*ast.StringNode); isName {
					fieldReads[x.Arguments[0]] = true
				}
			}
		case *ast.MemberNode:
			if _, isName := x.Property.(*ast.StringNode); isName {
				fieldReads[x.Node] = true
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
	for _, p := range all {
		if !inner[p] && !fieldReads[p] {
			return false
		}
	}
	return true
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
