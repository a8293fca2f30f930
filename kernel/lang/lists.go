package lang

// The language's versions of expr's list functions that can allocate a lot
// or run long (see strings.go): concat, flatten, sort (and sortBy's
// sorting), ranges a..b, mean, median and uniq.

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
	"gamelab/kernel/syntax"
)

// appendItems appends items to out a chunk at a time.
func appendItems(m builtin.Meter, out, items []any) []any {
	for len(items) > chunk {
		out = append(out, items[:chunk]...)
		items = items[chunk:]
		m.Check()
	}
	return append(out, items...)
}

// concatArrays is concat(a, b, …).
func concatArrays(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	if len(args) == 0 {
		return nil, builtin.Errorf(builtin.TypeError, "concat: takes 1 or more arrays, got none")
	}
	arrays := make([][]any, len(args))
	var total int64
	for k := range args {
		if err := listOf(m, &arrays[k]).Unpack(args[k]); err != nil {
			return nil, builtin.ArgError("concat", k+1, "", "%s", err)
		}
		total += int64(len(arrays[k]))
	}
	m.ReserveItems(total, 16)
	out := make([]any, 0, total)
	for _, items := range arrays {
		out = appendItems(m, out, items)
	}
	return out, nil
}

// flattenArray is flatten(array): the items of nested arrays, in order, at
// most maxValueDepth deep (see depth.go).
func flattenArray(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var items []any
	if err := builtin.UnpackArgs("flatten", args, "array", listOf(m, &items)); err != nil {
		return nil, err
	}
	var out []any
	var walk func(items []any, depth int)
	walk = func(items []any, depth int) {
		if depth > maxValueDepth {
			panic(errTooDeep)
		}
		for i, x := range items {
			if inner, ok := itemsOf(m, x); ok {
				walk(inner, depth+1)
				continue
			}
			if len(out) == cap(out) {
				m.ReserveItems(int64(max(len(out), 16)), 16) // append doubles
			}
			out = append(out, x)
			if i&(chunk-1) == 0 {
				m.Check()
			}
		}
	}
	walk(items, 0)
	return out, nil
}

// compareItems orders two items of an array being sorted: numbers exactly,
// strings by bytes; anything else cannot be sorted.
func compareItems(a, b any) int {
	if c, ok := numCmp(a, b); ok {
		return min(c, 1) // 2 (a NaN) sorts as greater
	}
	x, xok := a.(string)
	y, yok := b.(string)
	if xok && yok {
		return strings.Compare(x, y)
	}
	panic(builtin.Errorf(builtin.TypeError, "sort: cannot compare %s with %s", builtin.TypeName(a), builtin.TypeName(b)))
}

// sortOrder reads sort's and sortBy's order argument: "asc" or "desc".
func sortOrder(fn string, args []any, k int) (desc bool, err error) {
	if len(args) < k {
		return false, nil
	}
	switch args[k-1] {
	case "asc":
		return false, nil
	case "desc":
		return true, nil
	}
	return false, valueError(fn, k, "order", `must be "asc" or "desc", got %s`, shown(args[k-1]))
}

// sortItems sorts items in place, stably, polling the cell every 1024
// comparisons (the Meter's Tick).
func sortItems(m builtin.Meter, items []any, key func(i any) any, desc bool) {
	slices.SortStableFunc(items, func(a, b any) int {
		m.Tick()
		r := compareItems(key(a), key(b))
		if desc {
			return -r
		}
		return r
	})
}

// sortArray is sort(array) and sort(array, order).
func sortArray(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var arg, order any
	if err := builtin.UnpackArgs("sort", args, "array", &arg, "order?", &order); err != nil {
		return nil, err
	}
	desc, err := sortOrder("sort", args, 2)
	if err != nil {
		return nil, err
	}
	if ints, ok := arg.([]int); ok { // a range: sorted as it is, no item boxed
		m.ReserveItems(int64(len(ints)), 8)
		out := slices.Clone(ints)
		slices.SortFunc(out, func(a, b int) int {
			m.Tick()
			if desc {
				return cmp.Compare(b, a)
			}
			return cmp.Compare(a, b)
		})
		return out, nil
	}
	var items []any
	if err := builtin.UnpackArgs("sort", args[:1], "array", listOf(m, &items)); err != nil {
		return nil, err
	}
	m.ReserveItems(int64(len(items)), 16)
	out := appendItems(m, make([]any, 0, len(items)), items)
	slices.SortFunc(out, func(a, b any) int { // plain values: ties are alike, so no need of a stable sort
		m.Tick()
		if desc {
			return compareItems(b, a)
		}
		return compareItems(a, b)
	})
	return out, nil
}

// sortPairs is sortBy's sorting: exactPatch rewrites sortBy(xs, key, order)
// as $sortBy(map(xs, [#, key]), order), so the keys are computed by a loop
// that polls the cell, and the sort here polls it too.
func sortPairs(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	pairs, _ := elements(args[0])
	desc, err := sortOrder("sortBy", args, 2)
	if err != nil {
		return nil, err
	}
	m.ReserveItems(int64(len(pairs)), 16)
	sortItems(m, pairs, func(p any) any { return p.([]any)[1] }, desc)
	out := make([]any, len(pairs))
	for i, p := range pairs {
		out[i] = p.([]any)[0]
	}
	return out, nil
}

// rangeOf is a..b: the integers from a to b, empty when b < a.
func rangeOf(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var bounds [2]int
	for k := range bounds {
		n := asNumber(args[k])
		switch n.kind {
		case intNum:
			bounds[k] = int(n.i)
		case bigNum:
			// An end past 64 bits: the range is empty (a > b) or holds
			// more items than any memory does.
			if numLess(args[1], args[0]) {
				return []int{}, nil
			}
			return nil, builtin.Errorf(builtin.MemoryError, "memory budget exceeded: the range %s..%s has more items than any memory holds", shown(args[0]), shown(args[1]))
		default:
			return nil, builtin.Errorf(builtin.TypeError, "a range takes integers, got %s..%s", builtin.TypeName(args[0]), builtin.TypeName(args[1]))
		}
	}
	lo, hi := bounds[0], bounds[1]
	if hi < lo {
		return []int{}, nil
	}
	if uint64(hi-lo) >= math.MaxInt64/8 {
		refuse(m)
	}
	n := hi - lo + 1
	m.ReserveItems(int64(n), 8)
	out := make([]int, n)
	for i := range out {
		out[i] = lo + i
		if i&(chunk-1) == chunk-1 {
			m.Check()
		}
	}
	return out, nil
}

// patchSortBy rewrites sortBy(xs, key) and sortBy(xs, key, order) as
// $sortBy(map(xs, [#, key]), order): expr's own sorts inside one opcode
// that nothing can interrupt; the map computes the keys in a loop that polls
// the cell (its body gets a $tick), and sortPairs sorts polling too.
func patchSortBy(node *ast.Node, n *ast.BuiltinNode) {
	pred, ok := n.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	item := &ast.PointerNode{}
	item.SetLocation(pred.Location())
	pair := &ast.ArrayNode{Nodes: []ast.Node{item, pred.Node}}
	pair.SetLocation(pred.Location())
	keyed := &ast.PredicateNode{Node: pair}
	keyed.SetLocation(pred.Location())
	mapped := &ast.BuiltinNode{Name: "map", Arguments: []ast.Node{n.Arguments[0], keyed}}
	mapped.SetLocation(n.Location())
	var m ast.Node = mapped
	patchLoop(&m, mapped, "sortBy")
	args := append([]ast.Node{mapped}, n.Arguments[2:]...)
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$sortBy"}, Arguments: args})
}

// numbersOf collects the numbers of args for mean and median as expr does:
// numbers, and arrays of them at any depth (bounded by the statement's own
// nesting), as floats; the cell is polled as they are read.
func numbersOf(m builtin.Meter, fn string, args []any) ([]float64, error) {
	var out []float64
	var walk func(x any, depth int) error
	walk = func(x any, depth int) error {
		if n := asNumber(x); n.kind != notNum {
			if len(out) == cap(out) {
				m.ReserveItems(int64(max(len(out), 16)), 8) // append doubles
			}
			out = append(out, n.float())
			m.Poll(len(out))
			return nil
		}
		items, ok := itemsOf(m, x)
		if !ok || depth > syntax.MaxNesting {
			return builtin.ArgError(fn, 1, "", "takes numbers and arrays of numbers, got %s", builtin.TypeName(x))
		}
		for _, e := range items {
			if err := walk(e, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, a := range args {
		if err := walk(a, 0); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// meanOf is mean(…): the average as a float, 0 for no numbers.
func meanOf(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	xs, err := numbersOf(m, "mean", args)
	if err != nil || len(xs) == 0 {
		return 0.0, err
	}
	total := 0.0
	for _, x := range xs {
		total += x
	}
	return total / float64(len(xs)), nil
}

// medianOf is median(…): the middle number, or the mean of the middle two,
// as a float; the sort polls the cell.
func medianOf(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	xs, err := numbersOf(m, "median", args)
	if err != nil || len(xs) == 0 {
		return 0.0, err
	}
	slices.SortFunc(xs, func(a, b float64) int {
		m.Tick()
		return cmp.Compare(a, b)
	})
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2], nil
	}
	return (xs[n/2-1] + xs[n/2]) / 2, nil
}

// uniqueItems is uniq(array): the items in order, each kept the first time
// it appears. expr's compares each item with every one kept (3 million
// items ran for minutes); this keys numbers, strings and booleans in a map,
// numbers by value (1 and 1.0 are one item, as == says), and compares the
// rest, arrays and game values, one by one.
func uniqueItems(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	var items []any
	if err := builtin.UnpackArgs("uniq", args, "array", listOf(m, &items)); err != nil {
		return nil, err
	}
	m.ReserveItems(int64(len(items)), 48) // the result and the map
	seen := make(map[any]bool)
	var others []any
	out := []any{}
	for i, x := range items {
		m.Poll(i)
		key, ok := uniqKey(x)
		if ok {
			if seen[key] {
				continue
			}
			seen[key] = true
		} else if slices.ContainsFunc(others, func(y any) bool { return numEqual(x, y) }) {
			continue
		} else {
			others = append(others, x)
		}
		out = append(out, x)
	}
	return out, nil
}

// uniqKey is the map key of an item uniq can hash: a number by its value,
// a string, a bool, nil.
func uniqKey(x any) (any, bool) {
	switch n := asNumber(x); n.kind {
	case intNum:
		return n.i, true
	case bigNum:
		if n.b.IsInt64() {
			return n.b.Int64(), true
		}
		return "int:" + n.b.Text(62), true
	case floatNum:
		if n.f == math.Trunc(n.f) && math.Abs(n.f) < 1<<62 {
			return int64(n.f), true
		}
		return n.f, true
	}
	switch v := x.(type) {
	case string:
		return "str:" + v, true
	case bool, nil:
		return v, true
	}
	return nil, false
}

// numSum adds up an array exactly (expr's sum wraps and knows no big.Int).
func numSum(env *builtin.Env, args ...any) (any, error) {
	m := env.Meter
	if len(args) != 1 {
		return nil, fmt.Errorf("sum: want 1 array, got %d arguments", len(args))
	}
	xs, ok := itemsOf(m, args[0])
	if !ok {
		return nil, builtin.ArgError("sum", 1, "array", "must be an array, got %s", builtin.TypeName(args[0]))
	}
	var total any = 0
	for i, x := range xs {
		if asNumber(x).kind == notNum {
			return nil, builtin.ArgError("sum", 1, "array", "has an item that is not a number: %s (item %d)", printer.ErrorValue(x), i+1)
		}
		m.Reserve(resultBytes("$add", total, x))
		total = numAdd(total, x)
		m.Poll(i)
	}
	return total, nil
}
