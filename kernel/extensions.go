package kernel

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// extensions are the kernel's changes to expr's language beyond exact
// numbers (funcs.go) and fields only (methods.go): one numbering
// (index.go), time(x) (timing.go) and a sweep's progress (progress.go):
// their functions, and one patch that makes the calls.
func (s *Session) extensions() []expr.Option {
	opts := s.indexFunctions()
	opts = append(opts, s.timeFunctions()...)
	opts = append(opts, s.sweepFunctions()...)
	return append(opts, expr.Patch(extensionPatch{s}))
}

// extensionPatch applies the extensions' patches in one walk of the tree:
// expr type-checks the whole tree again before each patch it runs, so one
// patch instead of three keeps a statement's compiling cheap. Each sees the
// node as the one before left it; none rewrites what another makes.
type extensionPatch struct{ s *Session }

func (p extensionPatch) Visit(node *ast.Node) {
	if m, ok := (*node).(*ast.MapNode); ok {
		p.s.noteColumns(m)
	}
	indexPatch{}.Visit(node)
	timePatch{}.Visit(node)
	sweepPatch{}.Visit(node)
}
