package lang

// Two indices in one pair of brackets: b[r, p] reads a board's stone, d[i, j]
// a DP table's cell, as b[r, p] = v already writes one. expr's parser takes
// one index or a slice in brackets, so before parsing, the comma of
// x[a, b] becomes a colon (the same width: every column stays), and after
// parsing, the slice that colon made becomes $index(x, a, b), which hands
// both indices to the value's GetIndex.

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
)

// multiIndex is what twoIndices rewrote: the offsets of the "[" of each
// x[a, b] whose comma became a colon, and the offset of the first comma
// too many (x[a, b, c]), -1 when there is none.
type multiIndex struct {
	marked  map[int]bool
	tooMany int
}

// twoIndices rewrites, in src, the comma of every x[a, b] between from and
// to (an index after an operand, not a list literal [a, b]) to a colon.
// Brackets with two commas or more are an error (err): at(x, a, b, c)
// takes three. One pass over the tokens, each bracket counting its own
// commas, whatever it nests.
func twoIndices(src []rune, toks []lexer.Token, from, to int) multiIndex {
	m := multiIndex{tooMany: -1} // marked made at the first x[a, b]: most statements have none
	type bracket struct {
		index         bool // x[…]: an index after an operand
		slice         bool // it has a ":" of its own: a slice, left to expr
		commas        int
		comma, second int // the offsets of its first two commas
		tok           int // the token it opens at
	}
	var open []bracket
	tooManyTok := -1 // the token of the "[" of the first x[a, b, c]
	closeOne := func() {
		b := open[len(open)-1]
		open = open[:len(open)-1]
		switch {
		case !b.index || b.slice:
		case b.commas == 1:
			src[b.comma] = ':'
			if m.marked == nil {
				m.marked = map[int]bool{}
			}
			m.marked[toks[b.tok].From] = true
		case b.commas > 1 && (tooManyTok < 0 || b.tok < tooManyTok):
			m.tooMany, tooManyTok = b.second, b.tok
		}
	}
	for k, t := range toks {
		if t.From < from || t.To > to {
			continue
		}
		switch {
		case t.Is(lexer.Bracket, "(", "[", "{"):
			open = append(open, bracket{index: t.Value == "[" && k > 0 && endsOperand(toks[k-1]), comma: -1, second: -1, tok: k})
		case len(open) == 0:
		case t.Is(lexer.Bracket, ")", "]", "}"):
			closeOne()
		case t.Is(lexer.Operator, ","):
			b := &open[len(open)-1]
			if b.commas++; b.commas == 1 {
				b.comma = t.From
			} else if b.second < 0 {
				b.second = t.From
			}
		case t.Is(lexer.Operator, ":"):
			open[len(open)-1].slice = true
		}
	}
	for len(open) > 0 { // left open: expr's parser says so
		closeOne()
	}
	return m
}

// err is the error of brackets with three indices or more, nil when there
// are none.
func (m multiIndex) err() *Error {
	if m.tooMany < 0 {
		return nil
	}
	return &Error{Kind: builtin.SyntaxError, At: m.tooMany,
		Msg: "brackets take one index or two (xs[i], b[r, p]); at(x, …) takes more, as at(d, from, to, M)"}
}

// endsOperand says t can end the operand an index follows: a name, a
// predicate's # (map(boards, #[1, 1])), a string, or a closing bracket
// (f(x)[1, 2], xs[1][2, 3]).
func endsOperand(t lexer.Token) bool {
	return t.Is(lexer.Identifier) || t.Is(lexer.Operator, "#") || t.Is(lexer.String) || t.Is(lexer.Bracket, ")") || t.Is(lexer.Bracket, "]")
}

// bind turns each slice twoIndices made into $index(x, a, b).
func (m multiIndex) bind(root *ast.Node) {
	if len(m.marked) == 0 {
		return
	}
	ast.Walk(root, visitFunc(func(n *ast.Node) {
		s, ok := (*n).(*ast.SliceNode)
		if !ok || !m.marked[s.Location().From] || s.From == nil || s.To == nil {
			return
		}
		loc := s.Location()
		ast.Patch(n, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$index"}, Arguments: []ast.Node{s.Node, s.From, s.To}})
		(*n).SetLocation(loc)
	}))
}
