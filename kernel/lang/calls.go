package lang

// Values a statement calls: nim([3, 4, 5]) makes a position of the game
// the variable nim holds (builtin.Callable). expr calls only functions, so
// before the tree is checked each call of such a name becomes
// $call(nim, [3, 4, 5]).

import (
	"github.com/expr-lang/expr/ast"

	"gamelab/kernel/builtin"
)

func init() { hidden["$call"] = callValue }

// callValues rewrites the calls in tree of names whose values in env are
// builtin.Callable.
func callValues(tree *ast.Node, env map[string]any) {
	ast.Walk(tree, visitFunc(func(node *ast.Node) {
		call, ok := (*node).(*ast.CallNode)
		if !ok {
			return
		}
		id, ok := call.Callee.(*ast.IdentifierNode)
		if !ok {
			return
		}
		if _, callable := env[id.Value].(builtin.Callable); !callable {
			return
		}
		callee := &ast.IdentifierNode{Value: "$call"}
		callee.SetLocation(id.Location())
		self := &ast.IdentifierNode{Value: id.Value}
		self.SetLocation(id.Location())
		ast.Patch(node, &ast.CallNode{Callee: callee, Arguments: append([]ast.Node{self}, call.Arguments...)})
	}))
}

// callValue is $call(x, args…): x called with its arguments.
func callValue(env *builtin.Env, args ...any) (any, error) {
	return args[0].(builtin.Callable).CallValue(env, args[1:])
}
