//go:build js

package lang

import (
	"github.com/expr-lang/expr/ast"

	"gamelab/kernel/word"
)

// fastBody is never made in the web page's engine: its predicates run on
// expr's machine (fastpath.go says why).
type fastBody struct{}

func (*fastBody) run(word.Word) (word.Word, bool) { return word.Word{}, false }

func (*fastBody) call(any) (any, bool) { return nil, false }

// fastPredicate is nil in the web page's engine.
func (l *Language) fastPredicate(ast.Node, map[string]any) *fastBody { return nil }
