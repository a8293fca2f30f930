//go:build js

package lang

import (
	"github.com/expr-lang/expr/ast"
)

// fastPredicate is nil in the web page's engine: its predicates run on
// expr's machine (fastpath.go says why).
func (l *Language) fastPredicate(ast.Node, map[string]any) func(x any) (any, bool) {
	return nil
}
