package lang

// The builtins and operators as expr sees them.

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"gamelab/internal/decimal"
	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm/runtime"
)

// operators are the functions exactPatch makes expr's operators and the
// builtins it replaces call: exact arithmetic that reserves the memory of
// large results, comparisons, `in`, string(), toJSON(), int(), float(),
// a field read and the loop bodies' interrupt check.
func operators(cur *current) []expr.Option {
	var opts []expr.Option
	opts = append(opts, expr.Function("$sum", func(args ...any) (any, error) { return numSum(cur.env(), args...) }))
	binary := func(name string, fn func(a, b any) any) {
		opts = append(opts, expr.Function(name, func(args ...any) (any, error) {
			m := cur.meter
			m.Tick()
			if name == "$pow" || isBig(args[0]) || isBig(args[1]) { // what makes large numbers
				m.Reserve(resultBytes(name, args[0], args[1]))
			}
			if x, ok := args[0].(string); ok && name == "$add" {
				if y, ok := args[1].(string); ok {
					return concatStrings(m, x, y), nil
				}
			}
			return fn(args[0], args[1]), nil
		}))
	}
	compare := func(name string, fn func(a, b any) bool) {
		opts = append(opts, expr.Function(name, func(args ...any) (any, error) {
			cur.meter.Tick()
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
		cur.meter.Tick()
		return nil, nil
	}))
	opts = append(opts, expr.Function("$isNil", func(args ...any) (any, error) { return isNil(args[0]), nil }, new(func(any) bool)))
	opts = append(opts, expr.Function("$in", func(args ...any) (any, error) { return valueIn(cur.meter, args[0], args[1]), nil }, new(func(any, any) bool)))
	opts = append(opts, expr.Function("$string", func(args ...any) (any, error) {
		text, err := printer.TextOf(args[0], cur.meter) // counted before it is made

		if err != nil {
			return nil, printer.MemoryError(err, "string", cur.env().Headroom(), `print(x) writes it out and save(x, "x.txt") to a file, a chunk at a time`)
		}
		return text, nil
	}, new(func(any) string)))
	opts = append(opts, expr.Function("$toJSON", func(args ...any) (any, error) {
		return toJSON(args[0], cur.env()) // counted before it is made
	}, new(func(any) string)))
	opts = append(opts, expr.Function("$int", toInt))
	opts = append(opts, expr.Function("$float", toFloat, new(func(any) float64)))
	opts = append(opts, expr.Function("$neg", func(args ...any) (any, error) {
		cur.meter.Reserve(resultBytes("$neg", args[0], 0))
		return numNeg(args[0]), nil
	}))
	return append(opts, expr.Function("$member", memberValue))
}

// isBig says whether v is an integer beyond int64.
func isBig(v any) bool {
	_, ok := v.(*big.Int)
	return ok
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
		if n.Operator == "??" {
			patchCoalesce(node, n)
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
		if loopBuiltins[n.Name] {
			patchLoop(node, n, n.Name)
		}
		if n.Name == "reduce" {
			patchReduce(node, n)
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

// exactBuiltins are expr's functions of one argument that the language
// replaces: expr's own take a *big.Int apart (string(2**70) gave
// "{false [0 64]}", toJSON "{}", int and float refused it) and print a game
// value as a Go struct.
var exactBuiltins = map[string]string{"string": "$string", "toJSON": "$toJSON", "int": "$int", "float": "$float"}

// valueIn is `x in xs`, numbers compared exactly (expr's own compared two
// equal big integers as different); maps and strings as expr does.
func valueIn(m builtin.Meter, needle, coll any) bool {
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
		m.Poll(i)
	}
}

// toJSON is expr's toJSON (indented JSON) with exact integers, game values
// as their records (printer.JSONValuer).
func toJSON(v any, env *builtin.Env) (any, error) {
	s, err := printer.JSON(v, "  ", env.Meter)
	var tl *printer.TooLarge
	switch {
	case errors.As(err, &tl):
		return nil, printer.MemoryError(err, "toJSON", env.Headroom(), `save(x, "x.json") writes json(x) to a file a chunk at a time`)
	case err != nil:
		return nil, fmt.Errorf("toJSON: %s cannot be written as JSON: %v", builtin.TypeName(v), err)
	}
	return s, nil
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

// patchCoalesce rewrites a ?? b as let $c = a; $isNil($c) ? b : $c. expr's
// own ?? takes a pointer apart (P ?? 1 gave the polygon's Go struct, which
// solve then refused); the let and the conditional pass values through as
// they are, and b is still worked out only when a is nil.
func patchCoalesce(node *ast.Node, n *ast.BinaryNode) {
	name := fmt.Sprintf("$coalesce%d", n.Location().From)
	ident := func() ast.Node {
		id := &ast.IdentifierNode{Value: name}
		id.SetLocation(n.Left.Location())
		return id
	}
	test := &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$isNil"}, Arguments: []ast.Node{ident()}}
	test.SetLocation(n.Location())
	pick := &ast.ConditionalNode{Ternary: true, Cond: test, Exp1: n.Right, Exp2: ident()}
	pick.SetLocation(n.Location())
	ast.Patch(node, &ast.VariableDeclaratorNode{Name: name, Value: n.Left, Expr: pick})
}

// isNil says v is nil, or a nil pointer, map, list or function, as ?? asks.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return rv.IsNil()
	}
	return false
}
