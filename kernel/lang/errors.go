package lang

// From a failure to an Error: its kind, its message and where it points.

import (
	"context"
	"errors"
	"strconv"
	"strings"

	exprbuiltin "github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/conf"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/parser/lexer"

	"gamelab/kernel/builtin"
)

// Error is a failed expression: its kind, its message in the user's words,
// and the rune offset of the statement it points at.
type Error struct {
	Kind builtin.Kind
	Msg  string
	At   int
	// Unknown is the name the session does not know, for a NameError of
	// an unknown name: the statements, which know the session's names,
	// say which was meant.
	Unknown string
}

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

// runError turns a failure of a running expression into its Error.
// Builtins fail with a *builtin.Error, which says its kind and argument;
// the remaining failures come from expr's VM, whose errors carry only text.
// An interrupt is Interrupted, also when the budget's watchdog made it
// (the statements know which: the cell's account says so).
// plain puts a message in the user's words (Language.PlainWords).
func runError(tree *parser.Tree, code string, err error, plain func(string) string) *Error {
	from := errorOffset(err)
	msg := errorMessage(err)
	var be *builtin.Error
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return &Error{Kind: builtin.Interrupted, Msg: "interrupted", At: from}
	case errors.As(err, &be):
		if at, ok := argumentPosition(tree, code, from, be); ok {
			from = at
		}
		kind := be.Kind
		if kind == "" {
			kind = builtin.RuntimeError
		}
		return &Error{Kind: kind, Msg: plain(be.Error()), At: from}
	}
	// expr's VM reports these as bare strings (it defines no error types):
	// its memory budget as a panic "memory budget exceeded" (turned off,
	// see Eval), and operations on the wrong types as "invalid
	// operation…" or "cannot…". This is the one place that reads expr's
	// text.
	kind := builtin.RuntimeError
	switch {
	case strings.Contains(msg, "memory budget exceeded"):
		kind = builtin.MemoryError
	case strings.HasPrefix(msg, "invalid operation") || strings.HasPrefix(msg, "cannot "):
		kind = builtin.TypeError
	}
	return &Error{Kind: kind, Msg: plain(msg), At: from}
}

// exprError is an error of expr's checker or compiler, of the given kind,
// at the place it names.
func exprError(kind builtin.Kind, err error, plain func(string) string) *Error {
	return &Error{Kind: kind, Msg: plain(errorMessage(err)), At: errorOffset(err)}
}

// tokenWords is a token as an error names it: "=" and ")" as written,
// name x, number 3, string "a", the end of the statement.
func tokenWords(t lexer.Token) string {
	switch t.Kind {
	case lexer.Identifier:
		return "name " + t.Value
	case lexer.Number:
		return "number " + t.Value
	case lexer.String:
		return "string " + strconv.Quote(t.Value)
	case lexer.EOF:
		return "end of the statement"
	}
	return strconv.Quote(t.Value)
}

// predicateBrace reports whether the "{" at toks[k] opens an argument of a
// call, where expr's functions that take predicates read it as one.
func predicateBrace(toks []lexer.Token, k int) bool {
	return k > 0 && (toks[k-1].Is(lexer.Operator, ",") || toks[k-1].Is(lexer.Bracket, "("))
}

// argumentPosition points an error about argument be.Arg of builtin be.Fn
// at that argument in the expression (tree, parsed from code), whose call of the builtin is at rune
// offset at: the argument's start, or for game text in a string literal the
// offending token in it. ok is false when the call has no such argument.
func argumentPosition(tree *parser.Tree, code string, at int, be *builtin.Error) (pos int, ok bool) {
	if be.Fn == "" || be.Arg < 1 {
		return 0, false
	}
	arg, ok := callArgument(tree, at, be.Fn, be.Arg)
	if !ok {
		return 0, false
	}
	pos = subtreeStart(arg)
	if str, isString := arg.(*ast.StringNode); isString && be.Offset >= 0 {
		loc := str.Location()
		pos = loc.From + literalRunes([]rune(code)[loc.From:loc.To], be.Offset)
	}
	return pos, true
}

// callArgument returns argument k (from 1) of the call of fn in tree whose
// name is at rune offset at, else of the first call of fn. A piped value
// (`b | solve(4)`) is argument 1, as expr passes it. The tree is the checked
// one: the language's exact versions of expr's functions are called as "$"+fn.
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
// operator's). Nodes the language's patch made up (the callee of $add(…))
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

// stopped says whether err is how the cell's poll stops an operation
// (the Meter's Check): an interrupt, or a MemoryError.
func stopped(err error) bool {
	var be *builtin.Error
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.As(err, &be) && be.Kind == builtin.MemoryError
}

// withKind is err as a *builtin.Error of the given kind unless it says
// its own kind already (or is the cell's interrupt).
func withKind(err error, kind builtin.Kind) error {
	var be *builtin.Error
	if errors.As(err, &be) {
		if be.Kind != "" {
			return err
		}
		cp := *be
		cp.Kind = kind
		return &cp
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &builtin.Error{Kind: kind, Offset: -1, Msg: err.Error(), Err: err}
}

// unknownCallee is the first name called before offset at (where the
// parser failed) that is no function, builtin or variable: a misspelt
// function whose arguments then fail to parse, since {…} is a predicate
// only in a known function's call.
func unknownCallee(src Source, config *conf.Config, at int) (lexer.Token, bool) {
	toks := src.Tokens
	declared := map[string]bool{} // by a let
	for k := 1; k < len(toks); k++ {
		if toks[k-1].Value == "let" {
			declared[toks[k].Value] = true
		}
	}
	for k := 0; k+1 < len(toks); k++ {
		t := toks[k]
		if t.From >= at {
			break
		}
		if t.From < src.From || !t.Is(lexer.Identifier) || !toks[k+1].Is(lexer.Bracket, "(") || k > 0 && toks[k-1].Is(lexer.Operator, ".") {
			continue
		}
		_, isExprBuiltin := exprbuiltin.Index[t.Value] // len, map, …: parsed as builtins, not in config
		if !isFunction(config, t.Value) && !isExprBuiltin && !isVariable(config, t.Value) && !declared[t.Value] && t.Value != "help" {
			return t, true
		}
	}
	return lexer.Token{}, false
}
