package kernel

// The kernel's versions of expr's functions that can allocate a lot or run
// long: repeat, join, replace, split, splitAfter, upper, lower, toBase64,
// fromBase64, fromJSON, concat, flatten, sort (and sortBy's sorting), mean,
// median, uniq, ranges a..b and `matches` (the bit functions are in
// bits.go).
//
// expr's own run as one Go call each: repeat(repeat("x", 100000), 100000)
// built a 10 GB string that nothing could interrupt. These do the same work
// but reserve its memory first (see reserve) and poll the cell between
// chunks of about a megabyte (see check), so the budget holds before any
// allocation and Ctrl-C stops any of them within a millisecond or so.

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"

	"gamelab/kernel/builtin"
)

// chunk is how many bytes (or, for arrays, items) the kernel's functions
// handle between two polls of the cell: about a millisecond of copying.
const chunk = 1 << 20

// kernelFunc is a kernel version of one of expr's functions.
type kernelFunc func(c *cellRun, args ...any) (any, error)

// exprOverrides are the kernel versions of expr's functions, by name;
// "$range" is a..b and "$sortBy" sortBy's sorting (see exactPatch).
var exprOverrides = map[string]kernelFunc{
	"repeat":     repeatString,
	"join":       joinStrings,
	"replace":    replaceString,
	"split":      splitter("split", false),
	"splitAfter": splitter("splitAfter", true),
	"upper":      caseMapper("upper", strings.ToUpper),
	"lower":      caseMapper("lower", strings.ToLower),
	"toBase64":   toBase64,
	"concat":     concatArrays,
	"flatten":    flattenArray,
	"sort":       sortArray,
	"$sortBy":    sortPairs,
	"$range":     rangeOf,
	"mean":       meanOf,
	"median":     medianOf,
	"uniq":       uniqueItems,
	"fromJSON":   fromJSON,
	"fromBase64": fromBase64,
	"$matches":   matchText,
}

// overrideOptions defines exprOverrides for the session's cells.
func (s *Session) overrideOptions() []expr.Option {
	var opts []expr.Option
	for name, fn := range exprOverrides {
		opts = append(opts, expr.Function(name, func(args ...any) (any, error) {
			return fn(s.cell, args...)
		}))
	}
	return opts
}

// typeError is a TypeError about argument k (from 1) of fn.
func typeError(fn string, k int, name, format string, a ...any) *builtin.Error {
	e := builtin.ArgError(fn, k, name, format, a...)
	e.Kind = builtin.TypeError
	return e
}

// param is one parameter of a kernel function: its name, and how to read
// argument k (from 1) of fn into the caller's variable.
type param struct {
	name string
	read func(fn string, k int, v any) error
}

// unpack checks that fn got least to len(params) arguments and reads each
// into its param: one shape for every kernel function's errors, as
// games.unpack gives the game builtins theirs.
func unpack(fn string, args []any, least int, params ...param) error {
	if len(args) < least || len(args) > len(params) {
		names := make([]string, len(params))
		for i, p := range params {
			names[i] = p.name
		}
		want := fmt.Sprint(least)
		if len(params) > least {
			want = fmt.Sprintf("%d to %d", least, len(params))
		}
		return builtin.Errorf(builtin.TypeError, "%s: takes %s arguments (%s), got %d", fn, want, strings.Join(names, ", "), len(args))
	}
	for k, a := range args {
		if err := params[k].read(fn, k+1, a); err != nil {
			return err
		}
	}
	return nil
}

// text is a string parameter.
func text(name string, p *string) param {
	return param{name, func(fn string, k int, v any) error {
		str, ok := v.(string)
		if !ok {
			return typeError(fn, k, name, "must be a string, got %s", builtin.TypeName(v))
		}
		*p = str
		return nil
	}}
}

// count is an int parameter; a big integer is refused as too large rather
// than wrapped.
func count(name string, p *int) param {
	return param{name, func(fn string, k int, v any) error {
		n := asNumber(v)
		switch n.kind {
		case intNum:
			*p = int(n.i)
			return nil
		case bigNum:
			return builtin.ArgError(fn, k, name, "is too large, got %s", n.b)
		}
		return typeError(fn, k, name, "must be an integer, got %s", builtin.TypeName(v))
	}}
}

// exact is an integer parameter of any size.
func exact(name string, p **big.Int) param {
	return param{name, func(fn string, k int, v any) error {
		n := asNumber(v)
		if n.kind != intNum && n.kind != bigNum {
			return typeError(fn, k, name, "must be an integer, got %s", builtin.TypeName(v))
		}
		*p = n.big()
		return nil
	}}
}

// anything is a parameter its function reads itself.
func anything(name string) param {
	return param{name, func(string, int, any) error { return nil }}
}

// array is a parameter that takes the items of an array (see
// cellRun.items).
func array(c *cellRun, name string, p *[]any) param {
	return param{name, func(fn string, k int, v any) error {
		items, ok := c.items(v)
		if !ok {
			return typeError(fn, k, name, "must be an array, got %s", builtin.TypeName(v))
		}
		*p = items
		return nil
	}}
}

// builder builds a string of a size reserved beforehand, polling the cell
// after each chunk it writes.
type builder struct {
	c     *cellRun
	b     strings.Builder
	since int // bytes written since the last poll
}

// newBuilder reserves size bytes (panicking with a MemoryError when they do
// not fit) and returns a builder with room for them.
func newBuilder(c *cellRun, size int64) *builder {
	c.Reserve(size)
	w := &builder{c: c}
	w.b.Grow(int(size))
	return w
}

// write appends str, a chunk at a time.
func (w *builder) write(str string) {
	for len(str) > 0 {
		n := min(len(str), chunk-w.since)
		w.b.WriteString(str[:n])
		str = str[n:]
		if w.since += n; w.since == chunk {
			w.since = 0
			w.c.Check()
		}
	}
}

// concatStrings is a + b for strings, in chunks.
func concatStrings(c *cellRun, a, b string) string {
	w := newBuilder(c, int64(len(a))+int64(len(b)))
	w.write(a)
	w.write(b)
	return w.b.String()
}

// repeatString is repeat(s, n).
func repeatString(c *cellRun, args ...any) (any, error) {
	var str string
	var n int
	if err := unpack("repeat", args, 2, text("s", &str), count("n", &n)); err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, builtin.ArgError("repeat", 2, "n", "must be 0 or more, got %d", n)
	}
	if len(str) > 0 && n > math.MaxInt64/len(str) {
		panic(c.session.budget.Error(math.MaxInt64))
	}
	total := len(str) * n
	if total == 0 {
		return "", nil
	}
	w := newBuilder(c, int64(total))
	w.write(str)
	// Doubling, as strings.Repeat does: the builder has room for all of it,
	// so what it holds stays where it is while it is copied onto its end.
	for w.b.Len() < total {
		w.write(w.b.String()[:min(w.b.Len(), total-w.b.Len())])
	}
	return w.b.String(), nil
}

// joinStrings is join(array) and join(array, glue).
func joinStrings(c *cellRun, args ...any) (any, error) {
	glue := ""
	if err := unpack("join", args, 1, anything("array"), text("glue", &glue)); err != nil {
		return nil, err
	}
	var strs []string
	if ss, ok := args[0].([]string); ok {
		strs = ss
	} else {
		var items []any
		if err := array(c, "array", &items).read("join", 1, args[0]); err != nil {
			return nil, err
		}
		strs = make([]string, len(items))
		for i, x := range items {
			str, ok := x.(string)
			if !ok {
				return nil, typeError("join", 1, "array", "must hold strings only, got %s (item %d, from 0)", builtin.TypeName(x), i)
			}
			strs[i] = str
		}
	}
	size := int64(len(glue)) * int64(max(len(strs)-1, 0))
	for _, str := range strs {
		size += int64(len(str))
	}
	w := newBuilder(c, size)
	for i, str := range strs {
		if i > 0 {
			w.write(glue)
		}
		w.write(str)
		if i&1023 == 0 {
			c.Check()
		}
	}
	return w.b.String(), nil
}

// replaceString is replace(s, old, new) and replace(s, old, new, n).
func replaceString(c *cellRun, args ...any) (any, error) {
	var str, old, repl string
	limit := -1
	if err := unpack("replace", args, 3, text("s", &str), text("old", &old), text("new", &repl), count("n", &limit)); err != nil {
		return nil, err
	}
	times := pieces(c, str, old) - 1
	if old == "" { // strings.Replace puts new before every rune and at the end
		times = pieces(c, str, old) + 1
	}
	if limit >= 0 {
		times = min(times, limit)
	}
	size := int64(len(str)) + int64(times)*(int64(len(repl))-int64(len(old)))
	if times > 0 && len(repl) > 0 && int64(times) > (math.MaxInt64-int64(len(str)))/int64(len(repl)) {
		panic(c.session.budget.Error(math.MaxInt64))
	}
	w := newBuilder(c, size)
	for range times {
		at := strings.Index(str, old)
		if old == "" && w.b.Len() > 0 { // as strings.Replace: new between runes
			_, n := utf8.DecodeRuneInString(str)
			at = n
		}
		w.write(str[:at])
		w.write(repl)
		str = str[at+len(old):]
	}
	w.write(str)
	return w.b.String(), nil
}

// pieces is how many pieces sep cuts str into, as strings.Split counts
// them (for "" the runes, none for ""), counted a chunk at a time.
func pieces(c *cellRun, str, sep string) int {
	if sep == "" {
		n := 0
		for len(str) > chunk {
			cut := chunk
			for cut > 0 && !utf8.RuneStart(str[cut]) {
				cut--
			}
			n += utf8.RuneCountInString(str[:cut])
			str = str[cut:]
			c.Check()
		}
		return n + utf8.RuneCountInString(str)
	}
	n := 1
	for len(str) > chunk+len(sep) {
		// Occurrences that start in the first chunk bytes, none cut in two.
		head := str[:chunk+len(sep)-1]
		k := strings.Count(head, sep)
		n += k
		if k > 0 {
			last := strings.LastIndex(head, sep) + len(sep)
			str = str[last:]
		} else {
			str = str[chunk:]
		}
		c.Check()
	}
	return n + strings.Count(str, sep)
}

// splitter is split or splitAfter (after: each piece keeps its separator):
// (s, sep) and (s, sep, n) as strings.Split/SplitN and SplitAfter/SplitAfterN.
func splitter(name string, after bool) kernelFunc {
	return func(c *cellRun, args ...any) (any, error) {
		var str, sep string
		n := -1
		if err := unpack(name, args, 2, text("s", &str), text("sep", &sep), count("n", &n)); err != nil {
			return nil, err
		}
		if n == 0 {
			return []string(nil), nil
		}
		parts := pieces(c, str, sep)
		if n > 0 {
			parts = min(parts, n)
		}
		c.ReserveItems(int64(parts), 16) // a string header each; the bytes are shared with s
		out := make([]string, 0, parts)
		for len(out) < parts-1 {
			at := strings.Index(str, sep)
			end := at + len(sep)
			if sep == "" {
				_, at = utf8.DecodeRuneInString(str)
				end = at
			}
			if after {
				at = end
			}
			out = append(out, str[:at])
			str = str[end:]
			if len(out)&(chunk/16-1) == 0 {
				c.Check()
			}
		}
		if parts > 0 {
			out = append(out, str)
		}
		return out, nil
	}
}

// caseMapper is upper or lower: mapping runs a chunk at a time, each chunk
// ending on a rune boundary.
func caseMapper(name string, mapping func(string) string) kernelFunc {
	return func(c *cellRun, args ...any) (any, error) {
		var str string
		if err := unpack(name, args, 1, text("s", &str)); err != nil {
			return nil, err
		}
		// A rune's other case takes at most 3 bytes for every 2 (ȿ, Ȿ).
		w := newBuilder(c, int64(len(str))+int64(len(str))/2)
		for len(str) > chunk {
			cut := chunk
			for cut > 0 && !utf8.RuneStart(str[cut]) {
				cut--
			}
			w.write(mapping(str[:cut]))
			str = str[cut:]
		}
		w.write(mapping(str))
		return w.b.String(), nil
	}
}

// toBase64 is toBase64(s), encoded a chunk (a multiple of 3 bytes) at a time.
func toBase64(c *cellRun, args ...any) (any, error) {
	var str string
	if err := unpack("toBase64", args, 1, text("s", &str)); err != nil {
		return nil, err
	}
	w := newBuilder(c, int64(base64.StdEncoding.EncodedLen(len(str))))
	const step = 3 * chunk / 4
	for len(str) > step {
		w.write(base64.StdEncoding.EncodeToString([]byte(str[:step])))
		str = str[step:]
	}
	w.write(base64.StdEncoding.EncodeToString([]byte(str)))
	return w.b.String(), nil
}

// appendItems appends items to out a chunk at a time.
func appendItems(c *cellRun, out, items []any) []any {
	for len(items) > chunk {
		out = append(out, items[:chunk]...)
		items = items[chunk:]
		c.Check()
	}
	return append(out, items...)
}

// concatArrays is concat(a, b, …).
func concatArrays(c *cellRun, args ...any) (any, error) {
	if len(args) == 0 {
		return nil, builtin.Errorf(builtin.TypeError, "concat: takes 1 or more arrays, got none")
	}
	arrays := make([][]any, len(args))
	var total int64
	for k := range args {
		if err := array(c, "", &arrays[k]).read("concat", k+1, args[k]); err != nil {
			return nil, err
		}
		total += int64(len(arrays[k]))
	}
	c.ReserveItems(total, 16)
	out := make([]any, 0, total)
	for _, items := range arrays {
		out = appendItems(c, out, items)
	}
	return out, nil
}

// flattenArray is flatten(array): the items of nested arrays, in order, at
// most maxValueDepth deep (see depth.go).
func flattenArray(c *cellRun, args ...any) (any, error) {
	var items []any
	if err := unpack("flatten", args, 1, array(c, "array", &items)); err != nil {
		return nil, err
	}
	var out []any
	var walk func(items []any, depth int)
	walk = func(items []any, depth int) {
		if depth > maxValueDepth {
			panic(errTooDeep)
		}
		for i, x := range items {
			if inner, ok := c.items(x); ok {
				walk(inner, depth+1)
				continue
			}
			if len(out) == cap(out) {
				c.ReserveItems(int64(max(len(out), 16)), 16) // append doubles
			}
			out = append(out, x)
			if i&(chunk-1) == 0 {
				c.Check()
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
	return false, builtin.ArgError(fn, k, "order", `must be "asc" or "desc", got %s`, formatValue(args[k-1]))
}

// sortItems sorts items in place, stably, polling the cell every 1024
// comparisons (cellRun.interrupted).
func sortItems(c *cellRun, items []any, key func(i any) any, desc bool) {
	slices.SortStableFunc(items, func(a, b any) int {
		c.Tick()
		r := compareItems(key(a), key(b))
		if desc {
			return -r
		}
		return r
	})
}

// sortArray is sort(array) and sort(array, order).
func sortArray(c *cellRun, args ...any) (any, error) {
	if err := unpack("sort", args, 1, anything("array"), anything("order")); err != nil {
		return nil, err
	}
	desc, err := sortOrder("sort", args, 2)
	if err != nil {
		return nil, err
	}
	if ints, ok := args[0].([]int); ok { // a range: sorted as it is, no item boxed
		c.ReserveItems(int64(len(ints)), 8)
		out := slices.Clone(ints)
		slices.SortFunc(out, func(a, b int) int {
			c.Tick()
			if desc {
				return cmp.Compare(b, a)
			}
			return cmp.Compare(a, b)
		})
		return out, nil
	}
	var items []any
	if err := array(c, "array", &items).read("sort", 1, args[0]); err != nil {
		return nil, err
	}
	c.ReserveItems(int64(len(items)), 16)
	out := appendItems(c, make([]any, 0, len(items)), items)
	slices.SortFunc(out, func(a, b any) int { // plain values: ties are alike, so no need of a stable sort
		c.Tick()
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
func sortPairs(c *cellRun, args ...any) (any, error) {
	pairs, _ := elements(args[0])
	desc, err := sortOrder("sortBy", args, 2)
	if err != nil {
		return nil, err
	}
	c.ReserveItems(int64(len(pairs)), 16)
	sortItems(c, pairs, func(p any) any { return p.([]any)[1] }, desc)
	out := make([]any, len(pairs))
	for i, p := range pairs {
		out[i] = p.([]any)[0]
	}
	return out, nil
}

// rangeOf is a..b: the integers from a to b, empty when b < a.
func rangeOf(c *cellRun, args ...any) (any, error) {
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
			return nil, builtin.Errorf(builtin.MemoryError, "memory budget exceeded: the range %s..%s has more items than any memory holds", formatValue(args[0]), formatValue(args[1]))
		default:
			return nil, builtin.Errorf(builtin.TypeError, "a range takes integers, got %s..%s", builtin.TypeName(args[0]), builtin.TypeName(args[1]))
		}
	}
	lo, hi := bounds[0], bounds[1]
	if hi < lo {
		return []int{}, nil
	}
	if uint64(hi-lo) >= math.MaxInt64/8 {
		panic(c.session.budget.Error(math.MaxInt64))
	}
	n := hi - lo + 1
	c.ReserveItems(int64(n), 8)
	out := make([]int, n)
	for i := range out {
		out[i] = lo + i
		if i&(chunk-1) == chunk-1 {
			c.Check()
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
	args := append([]ast.Node{mapped}, n.Arguments[2:]...)
	ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$sortBy"}, Arguments: args})
}

// numbersOf collects the numbers of args for mean and median as expr does:
// numbers, and arrays of them at any depth (bounded by the statement's own
// nesting), as floats; the cell is polled as they are read.
func numbersOf(c *cellRun, fn string, args []any) ([]float64, error) {
	var out []float64
	var walk func(x any, depth int) error
	walk = func(x any, depth int) error {
		if n := asNumber(x); n.kind != notNum {
			if len(out) == cap(out) {
				c.ReserveItems(int64(max(len(out), 16)), 8) // append doubles
			}
			out = append(out, n.float())
			c.Poll(len(out))
			return nil
		}
		items, ok := c.items(x)
		if !ok || depth > maxNesting {
			return typeError(fn, 1, "", "takes numbers and arrays of numbers, got %s", builtin.TypeName(x))
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
func meanOf(c *cellRun, args ...any) (any, error) {
	xs, err := numbersOf(c, "mean", args)
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
func medianOf(c *cellRun, args ...any) (any, error) {
	xs, err := numbersOf(c, "median", args)
	if err != nil || len(xs) == 0 {
		return 0.0, err
	}
	slices.SortFunc(xs, func(a, b float64) int {
		c.Tick()
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
func uniqueItems(c *cellRun, args ...any) (any, error) {
	var items []any
	if err := unpack("uniq", args, 1, array(c, "array", &items)); err != nil {
		return nil, err
	}
	c.ReserveItems(int64(len(items)), 48) // the result and the map
	seen := make(map[any]bool)
	var others []any
	out := []any{}
	for i, x := range items {
		c.Poll(i)
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

// fromJSON is expr's fromJSON with its memory reserved first: a JSON text
// of n bytes becomes at most about 12n bytes of values ("[1,1,…]": two
// bytes an item, a 16-byte slot and an 8-byte float each, map overhead).
func fromJSON(c *cellRun, args ...any) (any, error) {
	var str string
	if err := unpack("fromJSON", args, 1, text("s", &str)); err != nil {
		return nil, err
	}
	c.ReserveItems(int64(len(str)), 12)
	var v any
	if err := json.Unmarshal([]byte(str), &v); err != nil {
		return nil, builtin.ArgError("fromJSON", 1, "s", "is not JSON: %v", err)
	}
	return v, nil
}

// fromBase64 is expr's fromBase64, decoded a chunk (a multiple of 4 bytes)
// at a time.
func fromBase64(c *cellRun, args ...any) (any, error) {
	var str string
	if err := unpack("fromBase64", args, 1, text("s", &str)); err != nil {
		return nil, err
	}
	if strings.ContainsAny(str, "\r\n") { // line breaks, which base64 skips, would shift the chunks
		str = strings.NewReplacer("\r", "", "\n", "").Replace(str)
	}
	w := newBuilder(c, int64(base64.StdEncoding.DecodedLen(len(str))))
	for len(str) > 0 {
		n := min(len(str), chunk)
		b, err := base64.StdEncoding.DecodeString(str[:n])
		if err != nil {
			return nil, builtin.ArgError("fromBase64", 1, "s", "is not base64: %v", err)
		}
		w.write(string(b))
		str = str[n:]
	}
	return w.b.String(), nil
}

// matchText is `s matches pattern`: Go's regexp runs in time linear in s
// but as one call (100 MB took 5 s, uninterruptible); a long s is read
// through a reader that polls the cell every chunk.
func matchText(c *cellRun, args ...any) (any, error) {
	str, ok := args[0].(string)
	pattern, isText := args[1].(string)
	if !ok || !isText {
		return nil, builtin.Errorf(builtin.TypeError, "matches takes a string and a pattern string, got %s and %s", builtin.TypeName(args[0]), builtin.TypeName(args[1]))
	}
	re, ok := c.regexps[pattern] // a loop matches one pattern many times
	if !ok {
		var err error
		if re, err = regexp.Compile(pattern); err != nil {
			return nil, builtin.Errorf(builtin.RuntimeError, "matches: %v", err)
		}
		if c.regexps == nil || len(c.regexps) >= 64 {
			c.regexps = map[string]*regexp.Regexp{}
		}
		c.regexps[pattern] = re
	}
	if len(str) <= chunk {
		return re.MatchString(str), nil
	}
	return re.MatchReader(&pollingReader{c: c, r: strings.NewReader(str)}), nil
}

// pollingReader reads runes from r, polling the cell every chunk of them.
type pollingReader struct {
	c *cellRun
	r *strings.Reader
	n int
}

func (p *pollingReader) ReadRune() (rune, int, error) {
	if p.n++; p.n == chunk {
		p.n = 0
		p.c.Check()
	}
	return p.r.ReadRune()
}
