package lang

import (
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// extensions are the language's changes to expr beyond exact numbers
// (operators.go) and fields only (fields.go): one numbering (index.go),
// time(x) (timing.go) and a sweep's progress (progress.go): their
// functions; extensionPatch makes the calls.
func extensions(cur *current) []expr.Option {
	opts := indexFunctions()
	opts = append(opts, timeFunctions(cur)...)
	return append(opts, sweepFunctions(cur)...)
}

// extensionPatch applies the extensions' patches in one walk of the tree:
// the tree is type-checked again before each patch (see build), so one
// patch instead of three keeps a statement's compiling cheap. Each sees the
// node as the one before left it; none rewrites what another makes. note,
// when set, is told the keys of each map literal (Config.NoteColumns).
type extensionPatch struct{ note func(keys []string) }

func (p extensionPatch) Visit(node *ast.Node) {
	if m, ok := (*node).(*ast.MapNode); ok && p.note != nil {
		if keys := literalKeys(m); len(keys) > 0 {
			p.note(keys)
		}
	}
	rangePatch{}.Visit(node) // predicates.go
	indexPatch{}.Visit(node)
	timePatch{}.Visit(node)
	sweepPatch{}.Visit(node)
}

// literalKeys are the keys of a map literal in the order written, nil
// when one of them is not a constant name or string.
func literalKeys(m *ast.MapNode) []string {
	keys := make([]string, 0, len(m.Pairs))
	for _, p := range m.Pairs {
		pair, ok := p.(*ast.PairNode)
		if !ok {
			return nil
		}
		k, ok := pair.Key.(*ast.StringNode)
		if !ok {
			return nil
		}
		keys = append(keys, k.Value)
	}
	return keys
}
