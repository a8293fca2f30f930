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
//
// One walk does it, in time linear in the tree (a chain of 20,000 lets is
// as long as its statement): the walk visits a node after everything
// under it, so when it reaches a let, the uses of its name not yet claimed
// by a let inside it are all behind it, those of its body after its
// value's node.
func shadowLets(tree *ast.Node, env map[string]any) {
	type use struct {
		at int // its place in the walk
		id *ast.IdentifierNode
	}
	n := 0
	order := map[ast.Node]int{} // each node's place in the walk
	uses := map[string][]use{}  // per name of env, its identifiers not claimed yet, in walk order
	ast.Walk(tree, visitFunc(func(node *ast.Node) {
		at := len(order)
		order[*node] = at
		switch x := (*node).(type) {
		case *ast.IdentifierNode:
			if _, clash := env[x.Value]; clash {
				uses[x.Value] = append(uses[x.Value], use{at, x})
			}
		case *ast.VariableDeclaratorNode:
			if _, clash := env[x.Name]; !clash {
				return
			}
			hidden := fmt.Sprintf("__let%d_%s", n, x.Name)
			n++
			u, value := uses[x.Name], order[x.Value]
			k := len(u)
			for k > 0 && u[k-1].at > value {
				k--
			}
			for _, id := range u[k:] {
				id.id.Value = hidden
			}
			uses[x.Name] = u[:k]
			x.Name = hidden
		}
	}))
}
