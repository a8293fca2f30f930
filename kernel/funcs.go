package kernel

// The builtins and operators as expr sees them.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"gamelab/internal/decimal"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"
)

// exprFunctions builds the expr options that define every builtin for the
// session: the game builtins bound to the running cell's Env, the kernel's
// own, and the operator functions that keep integer arithmetic exact.
func (s *Session) exprFunctions() []expr.Option {
	var opts []expr.Option
	for _, b := range s.gameBuiltins() {
		opts = append(opts, expr.Function(b.Name, s.wrap(b.Name, builtin.GameError, func(args []any) (any, error) {
			return b.Fn(s.cell.env, args...)
		})))
	}
	for _, k := range kernelBuiltins {
		if k.call == nil {
			continue
		}
		opts = append(opts, expr.Function(k.doc.Name, s.wrap(k.doc.Name, builtin.RuntimeError, func(args []any) (any, error) {
			return k.call(s, args...)
		})))
	}
	opts = append(opts, expr.Function("$sum", func(args ...any) (any, error) { return numSum(s.cell, args...) }))
	binary := func(name string, fn func(a, b any) any) {
		opts = append(opts, expr.Function(name, func(args ...any) (any, error) {
			s.cell.Tick()
			if name == "$pow" || isBig(args[0]) || isBig(args[1]) { // what makes large numbers
				s.cell.Reserve(resultBytes(name, args[0], args[1]))
			}
			if x, ok := args[0].(string); ok && name == "$add" {
				if y, ok := args[1].(string); ok {
					return concatStrings(s.cell, x, y), nil
				}
			}
			return fn(args[0], args[1]), nil
		}))
	}
	compare := func(name string, fn func(a, b any) bool) {
		opts = append(opts, expr.Function(name, func(args ...any) (any, error) {
			s.cell.Tick()
			return fn(args[0], args[1]), nil
		}, new(func(any, any) bool)))
	}
	binary("$add", numAdd)
	binary("$sub", numSub)
	binary("$mul", numMul)
	binary("$div", numDiv)
	binary("$mod", numMod)
	binary("$pow", numPow)
	compare("$eq", numEqual)
	compare("$ne", func(a, b any) bool { return !numEqual(a, b) })
	compare("$lt", numLess)
	compare("$gt", numMore)
	compare("$le", numLessEq)
	compare("$ge", numMoreEq)
	opts = append(opts, expr.Function("$tick", func(...any) (any, error) {
		s.cell.Tick()
		return nil, nil
	}))
	opts = append(opts, expr.Function("$in", func(args ...any) (any, error) { return valueIn(s.cell, args[0], args[1]), nil }, new(func(any, any) bool)))
	opts = append(opts, expr.Function("$string", func(args ...any) (any, error) {
		s.cell.Reserve(s.cell.textBytes(args[0]))
		return printText(args[0]), nil
	}, new(func(any) string)))
	opts = append(opts, expr.Function("$toJSON", func(args ...any) (any, error) {
		s.cell.Reserve(2 * s.cell.textBytes(args[0])) // indented
		return toJSON(args...)
	}, new(func(any) string)))
	opts = append(opts, expr.Function("$int", toInt))
	opts = append(opts, expr.Function("$float", toFloat, new(func(any) float64)))
	opts = append(opts, expr.Function("$neg", func(args ...any) (any, error) {
		s.cell.Reserve(resultBytes("$neg", args[0], 0))
		return numNeg(args[0]), nil
	}))
	opts = append(opts, expr.Function("$member", memberValue))
	opts = append(opts, s.overrideOptions()...)
	opts = append(opts, s.extensions()...)
	return append(opts, expr.Patch(exactPatch{}))
}

// wrap makes a builtin safe to call from expr: it stops when the cell is
// interrupted, copies the arguments (expr reuses its argument buffer), and
// turns an error or a panic into a *builtin.Error: a recovered panic is an
// InternalError, an error without a kind gets the library's kind.
func (s *Session) wrap(name string, kind builtin.Kind, fn func(args []any) (any, error)) func(args ...any) (any, error) {
	return func(args ...any) (v any, err error) {
		if err := s.cell.ctx.Err(); err != nil {
			return nil, err
		}
		defer func() {
			if r := recover(); r != nil {
				err = builtin.Errorf(builtin.InternalError, "internal error in %s: %v", name, r)
				if e, ok := r.(error); ok && stopped(e) {
					err = e // the cell's poll: an interrupt or the budget
				}
			}
		}()
		for _, a := range args {
			// A builtin's text (print, text, json, save…) is as large as
			// its arguments written out; others allocate no more than that,
			// but for game text, where "+ 1 " makes an exact integer of
			// some 48 bytes: sixteen times the text.
			need := s.cell.textBytes(a)
			if str, isText := a.(string); isText && kind == builtin.GameError {
				need = 16 * int64(len(str))
			}
			s.cell.Reserve(need)
		}
		v, err = fn(append([]any(nil), args...))
		if err != nil && s.cell.ctx.Err() == nil {
			err = withKind(err, kind)
		}
		return v, err
	}
}

// isBig says whether v is an integer beyond int64.
func isBig(v any) bool {
	_, ok := v.(*big.Int)
	return ok
}

// stopped says whether err is how the cell's poll stops an operation
// (cellRun.check): an interrupt, or a MemoryError.
func stopped(err error) bool {
	var be *builtin.Error
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.As(err, &be) && be.Kind == builtin.MemoryError
}

// withKind is err as a *builtin.Error of the given kind unless it says
// its own kind already.
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
	return &builtin.Error{Kind: kind, Offset: -1, Msg: err.Error(), Err: err}
}

// exactPatch rewrites a statement's tree so that arithmetic and comparisons
// go through the exact functions of numbers.go, sum is exact, indexing a
// game value reads it through its GetIndex, and every loop body looks for an
// interrupt.
type exactPatch struct{}

var operatorFuncs = map[string]string{
	"+": "$add", "-": "$sub", "*": "$mul", "/": "$div", "%": "$mod", "**": "$pow", "^": "$pow",
	"==": "$eq", "!=": "$ne", "<": "$lt", ">": "$gt", "<=": "$le", ">=": "$ge",
}

func (exactPatch) Visit(node *ast.Node) {
	call := func(fn string, args ...ast.Node) {
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: args})
	}
	switch n := (*node).(type) {
	case *ast.BinaryNode:
		if fn, ok := operatorFuncs[n.Operator]; ok {
			call(fn, n.Left, n.Right)
		}
		if n.Operator == "in" {
			call("$in", n.Left, n.Right)
		}
		if n.Operator == ".." {
			call("$range", n.Left, n.Right)
		}
		if n.Operator == "matches" {
			call("$matches", n.Left, n.Right)
		}
	case *ast.UnaryNode:
		if n.Operator == "-" {
			call("$neg", n.Node)
		}
	case *ast.BuiltinNode:
		if fn, ok := exactBuiltins[n.Name]; ok && len(n.Arguments) == 1 {
			call(fn, n.Arguments[0])
			return
		}
		if n.Name == "sortBy" {
			patchSortBy(node, n)
			return
		}
		if n.Name != "sum" {
			return
		}
		arg := n.Arguments[0]
		if len(n.Arguments) == 2 { // sum(xs, predicate) is sum(map(xs, predicate))
			arg = &ast.BuiltinNode{Name: "map", Arguments: n.Arguments}
			arg.SetLocation(n.Location())
		}
		call("$sum", arg)
	case *ast.MemberNode:
		if n.Method {
			return // a method call, refused before checking (see methodCall)
		}
		if _, constant := n.Property.(*ast.StringNode); !constant && !n.Optional {
			call("$index", n.Node, n.Property)
			return
		}
		patchMember(node, n)
	case *ast.PredicateNode:
		// The body of map, all, count, reduce…: expr's VM has no context, so
		// a loop that does no arithmetic (`any(xs, any(xs, {false}))` over a
		// stored array allocates nothing for the memory budget to stop)
		// could not be interrupted. `$tick(); body` keeps the body's type.
		tick := &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$tick"}}
		tick.SetLocation(n.Location())
		seq := &ast.SequenceNode{Nodes: []ast.Node{tick, n.Node}}
		seq.SetLocation(n.Node.Location())
		n.Node = seq
	}
}

// exactBuiltins are expr's functions of one argument that the kernel
// replaces: expr's own take a *big.Int apart (string(2**70) gave
// "{false [0 64]}", toJSON "{}", int and float refused it) and print a game
// value as a Go struct.
var exactBuiltins = map[string]string{"string": "$string", "toJSON": "$toJSON", "int": "$int", "float": "$float"}

// valueIn is `x in xs`, numbers compared exactly (expr's own compared two
// equal big integers as different); maps and strings as expr does.
func valueIn(c *cellRun, needle, coll any) bool {
	if _, _, isList := itemAt(coll, 0); !isList {
		return runtime.In(needle, coll)
	}
	for i := 0; ; i++ {
		x, n, _ := itemAt(coll, i)
		if i >= n {
			return false
		}
		if numEqual(x, needle) {
			return true
		}
		c.Poll(i)
	}
}

// toJSON is expr's toJSON (indented JSON) with exact integers.
func toJSON(args ...any) (any, error) {
	b, err := json.MarshalIndent(games.JSONValue(args[0]), "", "  ")
	if err != nil {
		return nil, fmt.Errorf("toJSON: %s cannot be written as JSON: %w", builtin.TypeName(args[0]), err)
	}
	return string(b), nil
}

// toInt is expr's int: a float truncated, a string read (of any size), an
// integer as it is, however large.
func toInt(args ...any) (any, error) {
	switch n := asNumber(args[0]); n.kind {
	case intNum:
		return int(n.i), nil
	case bigNum:
		return args[0], nil
	case floatNum:
		if math.IsNaN(n.f) || math.IsInf(n.f, 0) {
			return nil, fmt.Errorf("int: %v is not a number that has an integer part", n.f)
		}
		if math.Abs(n.f) < 1<<62 {
			return int(n.f), nil
		}
		b, _ := big.NewFloat(n.f).Int(nil) // truncated toward zero, as int(x) does
		return normBig(b), nil
	}
	if str, ok := args[0].(string); ok {
		if b, ok := decimal.Parse(strings.TrimSpace(str)); ok {
			return normBig(b), nil
		}
		if digits := strings.TrimLeft(strings.TrimSpace(str), "+-0"); len(digits) > decimal.MaxDigits && strings.Trim(digits, "0123456789") == "" {
			return nil, fmt.Errorf("int: the string has %d digits; integers stop at %d (%d bits)", len(digits), decimal.MaxDigits, decimal.MaxBits)
		}
		quoted := []rune(str)
		if len(quoted) > 40 {
			quoted = append(quoted[:40:40], []rune("…")...)
		}
		return nil, fmt.Errorf("int: %q is not an integer", string(quoted))
	}
	return nil, fmt.Errorf("int: cannot make an integer of a %s", builtin.TypeName(args[0]))
}

// toFloat is expr's float, a big integer rounded to the nearest float.
func toFloat(args ...any) (any, error) {
	if n := asNumber(args[0]); n.kind != notNum {
		return n.float(), nil
	}
	if str, ok := args[0].(string); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(str), 64)
		if err != nil {
			return nil, fmt.Errorf("float: %q is not a number", str)
		}
		return f, nil
	}
	return nil, fmt.Errorf("float: cannot make a number of a %s", builtin.TypeName(args[0]))
}

// fieldNames lists the fields expr reads on v (for help and completion).
func fieldNames(v any) []string {
	if m, ok := v.(map[string]any); ok {
		var names []string
		for k := range m {
			if isIdent(k) {
				names = append(names, k)
			}
		}
		return names
	}
	var names []string
	for _, f := range structFields(reflectType(v)) {
		names = append(names, f.name)
	}
	return names
}

// nearest returns the candidate closest to name by edit distance, if it is
// close enough to be a likely misspelling; "" otherwise.
func nearest(name string, candidates []string) string {
	best, bestD := "", 1+len([]rune(name))/3
	for _, c := range candidates {
		if c == name || strings.HasPrefix(c, "$") || strings.HasPrefix(c, "__") {
			continue
		}
		// d < len(name): a one-letter name is no misspelling of another.
		if d := editDistance(name, c); d <= bestD && d < len([]rune(name)) && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each cost 1.
func editDistance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
