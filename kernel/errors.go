package kernel

// From a failure to the cell's Error: its kind, message and position.

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
)

// errorOffset is the rune offset in the statement that an error of expr's
// (a *file.Error) points at, 0 for other errors.
func errorOffset(err error) int {
	var fe *file.Error
	if errors.As(err, &fe) {
		return fe.From
	}
	return 0
}

// errorMessage is an error's message without expr's position suffix.
func errorMessage(err error) string {
	var fe *file.Error
	if errors.As(err, &fe) {
		return fe.Message
	}
	return err.Error()
}

// runError turns a failure of a running expression into the cell's Error.
// Builtins fail with a *builtin.Error, which says its kind and argument;
// the remaining failures come from expr's VM, whose errors carry only text.
func (s *Session) runError(st statement, lines []string, c *compiled, err error) *Error {
	from := errorOffset(err)
	msg := errorMessage(err)
	var be *builtin.Error
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		if s.cell != nil && s.cell.Over() {
			return s.errorAt(st, lines, from, builtin.MemoryError, s.budget.Error(0).Msg)
		}
		return s.errorAt(st, lines, from, builtin.Interrupted, "interrupted")
	case errors.As(err, &be):
		if at, ok := argumentPosition(c, from, be); ok {
			from = at
		}
		kind := be.Kind
		if kind == "" {
			kind = builtin.RuntimeError
		}
		return s.errorAt(st, lines, from, kind, be.Error())
	}
	// expr's VM reports these as bare strings (it defines no error types):
	// its memory budget as a panic "memory budget exceeded", and operations
	// on the wrong types as "invalid operation…" or "cannot…". This is the
	// one place that reads expr's text.
	switch {
	case strings.Contains(msg, "memory budget exceeded"):
		return s.errorAt(st, lines, from, builtin.MemoryError, s.budget.Error(0).Msg)
	case strings.HasPrefix(msg, "invalid operation") || strings.HasPrefix(msg, "cannot "):
		return s.errorAt(st, lines, from, builtin.TypeError, msg)
	}
	return s.errorAt(st, lines, from, builtin.RuntimeError, msg)
}

// syntaxError is the SyntaxError for expr's parser error err, with a hint
// where a user's intent is plain: a map written as a predicate's body,
// map(xs, {v: #}), which expr reads as the predicate {…} and then trips
// on the ":" (it means ({v: #})).
func (s *Session) syntaxError(st statement, lines []string, toks []lexer.Token, err error) *Error {
	at, msg := errorOffset(err), errorMessage(err)
	for i := 2; i < len(toks); i++ {
		if toks[i].From == at && toks[i].Is(lexer.Operator, ":") && toks[i-2].Is(lexer.Bracket, "{") &&
			(toks[i-1].Is(lexer.Identifier) || toks[i-1].Is(lexer.String)) && predicateBrace(toks, i-2) {
			msg = "a map as a predicate's value needs brackets: write ({" + toks[i-1].Value + ": …}); {…} alone is the predicate's body"
		}
	}
	return s.errorAt(st, lines, at, builtin.SyntaxError, msg)
}

// predicateBrace reports whether the "{" at toks[k] opens an argument of a
// call, where expr's functions that take predicates read it as one.
func predicateBrace(toks []lexer.Token, k int) bool {
	return k > 0 && (toks[k-1].Is(lexer.Operator, ",") || toks[k-1].Is(lexer.Bracket, "("))
}

// errorAt makes an Error at rune offset at of the statement.
func (s *Session) errorAt(st statement, lines []string, at int, kind builtin.Kind, msg string) *Error {
	line, col := st.line, 1
	for _, r := range []rune(st.text)[:min(max(at, 0), len([]rune(st.text)))] {
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	src := ""
	if line-1 < len(lines) {
		src = lines[line-1]
	}
	return &Error{Kind: kind, Msg: plainWords(msg), Line: line, Column: col, Source: src}
}

// unknownName is the NameError for name, with the nearest known name; for
// _N, which cell there is not.
func (s *Session) unknownName(st statement, lines []string, at int, name string) *Error {
	msg := "unknown name " + name
	if historyName.MatchString(name) {
		n, err := strconv.Atoi(name[1:])
		switch {
		case err != nil || n > s.count:
			msg += fmt.Sprintf(": _N is the result of cell N, and the session is at cell %d", s.count)
		case n == 0:
			msg += ": cells count from 1"
		default:
			msg += fmt.Sprintf(": cell %d kept no result (it ran silently)", n)
		}
		return s.errorAt(st, lines, at, builtin.NameError, msg)
	}
	if near := nearest(name, s.knownNames()); near != "" {
		msg += " (did you mean " + near + "?)"
	}
	return s.errorAt(st, lines, at, builtin.NameError, msg)
}

// knownNames is every name a statement may use: variables, builtins, expr's
// functions and keywords.
func (s *Session) knownNames() []string {
	names := append(s.Vars(), s.builtinNames()...)
	names = append(names, exprBuiltinNames...)
	return append(names, exprKeywords...)
}

// argumentPosition points an error about argument be.Arg of builtin be.Fn
// at that argument in the expression, whose call of the builtin is at rune
// offset at: the argument's start, or for game text in a string literal the
// offending token in it. ok is false when the call has no such argument.
func argumentPosition(c *compiled, at int, be *builtin.Error) (pos int, ok bool) {
	if be.Fn == "" || be.Arg < 1 {
		return 0, false
	}
	arg, ok := callArgument(c.tree, at, be.Fn, be.Arg)
	if !ok {
		return 0, false
	}
	pos = subtreeStart(arg)
	if str, isString := arg.(*ast.StringNode); isString && be.Offset >= 0 {
		loc := str.Location()
		pos = loc.From + literalRunes([]rune(c.code)[loc.From:loc.To], be.Offset)
	}
	return pos, true
}

// callArgument returns argument k (from 1) of the call of fn in tree whose
// name is at rune offset at, else of the first call of fn. A piped value
// (`b | solve(4)`) is argument 1, as expr passes it. The tree is the checked
// one: the kernel's exact versions of expr's functions are called as "$"+fn.
func callArgument(tree *parser.Tree, at int, fn string, k int) (ast.Node, bool) {
	var best, arg ast.Node
	ast.Walk(&tree.Node, visitFunc(func(n *ast.Node) {
		var args []ast.Node
		switch c := (*n).(type) {
		case *ast.CallNode:
			if id, ok := c.Callee.(*ast.IdentifierNode); ok && (id.Value == fn || id.Value == "$"+fn) {
				args = c.Arguments
			}
		case *ast.BuiltinNode: // expr's own names (max, abs, …) parse as builtins
			if c.Name == fn {
				args = c.Arguments
			}
		}
		if k < 1 || k > len(args) {
			return
		}
		from := (*n).Location().From
		if best == nil || best.Location().From != at && (from == at || from < best.Location().From) {
			best, arg = *n, args[k-1]
		}
	}))
	return arg, arg != nil
}

// subtreeStart is the rune offset where the source of node begins: the
// smallest position in its subtree (a binary node's own position is its
// operator's). Nodes the kernel's patch made up (the callee of $add(…))
// have no place in the source, an empty location, and are skipped.
func subtreeStart(node ast.Node) int {
	start := node.Location().From
	ast.Walk(&node, visitFunc(func(n *ast.Node) {
		if loc := (*n).Location(); loc.To > loc.From || loc.From > 0 {
			start = min(start, loc.From)
		}
	}))
	return start
}

// visitFunc makes a function an ast.Visitor.
type visitFunc func(n *ast.Node)

func (f visitFunc) Visit(n *ast.Node) { f(n) }

// literalRunes maps a byte offset in a string's value to the rune offset in
// its literal (quote included), decoding escapes as expr does.
func literalRunes(lit []rune, offset int) int {
	if len(lit) < 2 {
		return 0
	}
	raw := lit[0] == '`'
	bytes := 0
	i := 1
	for i < len(lit)-1 && bytes < offset {
		r := lit[i]
		if raw || r != '\\' || i+1 >= len(lit)-1 {
			bytes += len(string(r))
			i++
			continue
		}
		switch lit[i+1] {
		case 'x':
			bytes++
			i += 4
		case 'u':
			v, _ := strconv.ParseUint(string(lit[i+2:min(i+6, len(lit))]), 16, 32)
			bytes += len(string(rune(v)))
			i += 6
		case 'U':
			v, _ := strconv.ParseUint(string(lit[i+2:min(i+10, len(lit))]), 16, 32)
			bytes += len(string(rune(v)))
			i += 10
		case '0', '1', '2', '3', '4', '5', '6', '7':
			bytes++
			i += 4
		default:
			bytes++
			i += 2
		}
	}
	return i
}
