package syntax

import "github.com/expr-lang/expr/parser/lexer"

// MaxNesting bounds how deeply brackets and prefix operators (-, !, not)
// may nest in a statement. expr's parser recurses once or more per level,
// and a Go stack overflow is a fatal error that no recover() catches: a
// statement of a million "(" would end the process, a Jupyter kernel with
// it. Python's parser stops at 200 brackets; real code never comes near.
const MaxNesting = 1000

// TooDeep returns the index of the first token at which brackets and
// prefix operators nest deeper than MaxNesting, or -1. A prefix operator
// (an operator where an operand is expected) stays open until the operand
// after it ends: a name, number or string at its level, or a bracket that
// closes back to it, so `-1 + -1 + …` does not add up while `-(-(-(…` does.
func TooDeep(toks []lexer.Token) int {
	pending := []int{0} // open prefix operators per open bracket, the statement's level first
	depth := 0          // open brackets plus open prefix operators
	operand := false    // the previous token ended an operand
	for i, t := range toks {
		top := len(pending) - 1
		switch {
		case t.Is(lexer.Bracket, "(", "[", "{"):
			pending = append(pending, 0)
			depth++
			operand = false
		case t.Is(lexer.Bracket, ")", "]", "}"):
			if top > 0 { // an unmatched one is expr's syntax error to report
				depth -= 1 + pending[top]
				pending = pending[:top]
				top--
			}
			depth -= pending[top]
			pending[top] = 0
			operand = true
		case t.Is(lexer.Operator) && !operand:
			pending[top]++
			depth++
		case t.Is(lexer.Operator):
			operand = false
		default: // a name, a number, a string, the end
			depth -= pending[top]
			pending[top] = 0
			operand = true
		}
		if depth > MaxNesting {
			return i
		}
	}
	return -1
}
