package lang

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
	"gamelab/kernel/syntax"
)

// The fields of an operand, for completion after a dot, found without
// running anything.

// FieldsOf lists the field names of the value an operand would have,
// found without running it: a name's value (names), a builtin's Returns
// (doc finds a builtin, nil for none), and fields of those.
func FieldsOf(operand string, names Names, doc func(name string) *builtin.Builtin) []string {
	if toks, err := lexer.Lex(file.NewSource(operand)); err != nil || syntax.TooDeep(toks) >= 0 {
		return nil // too deep for expr's parser to survive (see syntax.MaxNesting)
	}
	tree, err := parser.Parse(operand)
	if err != nil {
		return nil
	}
	var fields []string
	for _, v := range (sampler{names, doc}).samples(tree.Node) {
		fields = append(fields, FieldNames(v)...)
	}
	return fields
}

// sampler finds example values of an operand: the values of names, the
// zero values builtins document they return.
type sampler struct {
	names Names
	doc   func(name string) *builtin.Builtin
}

// samples returns example values for node: the variable's own value, or the
// zero values a builtin returns (for its first argument's type when the
// builtin can tell, so solve(p) with p a polygon is a polygon result),
// followed through constant field accesses. Nothing runs.
func (s sampler) samples(node ast.Node) []any {
	switch n := node.(type) {
	case *ast.IdentifierNode:
		if v, ok := s.names(n.Value); ok {
			return []any{v}
		}
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			return s.callSamples(id.Value, n.Arguments)
		}
	case *ast.BuiltinNode: // a builtin that has expr's name too (reverse)
		return s.callSamples(n.Name, n.Arguments)
	case *ast.MemberNode:
		prop, ok := n.Property.(*ast.StringNode)
		if !ok {
			return nil
		}
		var out []any
		for _, base := range s.samples(n.Node) {
			if v, ok := ReadField(base, prop.Value, true); ok {
				out = append(out, v)
			}
		}
		return out
	}
	return nil
}

// callSamples is samples of a call of the builtin fn: its Returns, narrowed
// by what the first argument would be (a pipe's value included: expr makes
// it the first argument) when the builtin can tell.
func (s sampler) callSamples(fn string, args []ast.Node) []any {
	b := s.doc(fn)
	if b == nil {
		return nil
	}
	if b.ReturnsFor != nil && len(args) > 0 {
		var out []any
		for _, first := range s.samples(args[0]) {
			out = append(out, b.ReturnsFor(first)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	return b.Returns
}
