package lang

// A let shadows: `let c = 2; c * c` works in a session that has a variable
// c, as a let inside a function shadows an outer name. expr's checker
// refuses a let of a name its environment has ("cannot redeclare c"), so
// such a let's name, and the uses of it in its scope, get a hidden name
// of their own before the tree is checked.

import (
	"fmt"

	"github.com/expr-lang/expr/ast"
)

// shadowLets renames each let of the tree whose name is in env (a session
// variable the expression uses), and the names in its scope that refer to
// it: its body, not its own value (let c = c + 1 reads the session's c),
// and not the body of a let inside it that declares the name again.
func shadowLets(tree *ast.Node, env map[string]any) {
	n := 0
	ast.Walk(tree, visitFunc(func(node *ast.Node) {
		let, ok := (*node).(*ast.VariableDeclaratorNode)
		if !ok {
			return
		}
		if _, clash := env[let.Name]; !clash {
			return
		}
		hidden := fmt.Sprintf("__let%d_%s", n, let.Name)
		n++
		renameIn(&let.Expr, let.Name, hidden)
		let.Name = hidden
	}))
}

// renameIn renames the identifiers name in the subtree at node to hidden,
// except inside the body of a let there that declares name again.
func renameIn(node *ast.Node, name, hidden string) {
	inner := map[ast.Node]bool{} // the bodies of lets of name, and all in them
	ast.Walk(node, visitFunc(func(n *ast.Node) {
		if let, ok := (*n).(*ast.VariableDeclaratorNode); ok && let.Name == name {
			ast.Walk(&let.Expr, visitFunc(func(m *ast.Node) { inner[*m] = true }))
		}
	}))
	ast.Walk(node, visitFunc(func(n *ast.Node) {
		if id, ok := (*n).(*ast.IdentifierNode); ok && id.Value == name && !inner[*n] {
			id.Value = hidden
		}
	}))
}
