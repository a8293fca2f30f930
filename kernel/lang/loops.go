package lang

// The builtins that loop over a list with a predicate (map, filter, all,
// count, reduce, groupBy, …), which expr's VM runs itself: what they loop
// over is checked first (expr's VM took a game value, a number or a map
// apart with reflect and failed with "reflect: call of value.Len on
// struct Value"), and the lists map and filter build are reserved in the
// memory budget before the VM grows them (map(1..10**8, #) passed a budget
// of 1 GB by a fifth before the heap's watchdog saw it).
//
// loopPatch rewrites each such builtin's first argument xs into
// $loop("name", xs), and filter(xs, body) into
//
//	$loopEnd(filter($loop("filter", xs), $kept(body)))
//
// so that filter counts the items it keeps as it goes.

import (
	"reflect"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"

	"gamelab/kernel/builtin"
)

// loopBuiltins are expr's builtins whose first argument is the list they
// loop over.
var loopBuiltins = map[string]bool{
	"map": true, "filter": true, "all": true, "none": true, "any": true, "one": true, "count": true,
	"find": true, "findIndex": true, "findLast": true, "findLastIndex": true, "groupBy": true, "reduce": true,
}

// mapItemBytes is what one item of the list map builds costs at its
// peak: its slot on the VM's stack (sized for all of them at once, see
// growStack), the result's slot it is copied into, and its box (an int
// past 255).
const mapItemBytes = 40

// growStack makes room on the stack of m for n more values before a map
// pushes its n results there: the VM's own growth, a quarter at a time,
// copies the whole stack at each step, and the copy of a stack of a
// gigabyte takes a quarter of a second that nothing can interrupt.
func growStack(m *vm.VM, n int) {
	if m == nil || cap(m.Stack)-len(m.Stack) >= n {
		return
	}
	stack := make([]any, len(m.Stack), len(m.Stack)+n+16)
	copy(stack, m.Stack)
	m.Stack = stack
}

// keptBytes is what each item filter has kept needs beyond what the heap
// holds of it already: the stack's next growth (a quarter more slots, the
// old ones live while copied) and the list made of it at the end.
const keptBytes = 36

// loopFunctions are the functions loopPatch calls.
func loopFunctions(cur *current) []expr.Option {
	return []expr.Option{
		expr.Function("$loop", func(args ...any) (any, error) {
			name, xs := args[0].(string), args[1]
			n, err := loopLength(name, xs)
			if err != nil {
				return nil, err
			}
			switch name {
			case "map", "sortBy":
				cur.meter.ReserveItems(int64(n), mapItemBytes)
				growStack(cur.vm, n)
			case "filter":
				cur.kept = append(cur.kept, 0)
			}
			return xs, nil
		}),
		expr.Function("$kept", func(args ...any) (any, error) {
			if keep, ok := args[0].(bool); ok && keep && len(cur.kept) > 0 {
				k := &cur.kept[len(cur.kept)-1]
				if *k++; *k&0xffff == 0 {
					// The stack's next growth by a quarter and the list
					// the kept items make at the end, before either.
					cur.meter.ReserveItems(int64(*k), keptBytes)
				}
			}
			return args[0], nil
		}),
		expr.Function("$loopEnd", func(args ...any) (any, error) {
			if len(cur.kept) > 0 {
				cur.kept = cur.kept[:len(cur.kept)-1]
			}
			return args[0], nil
		}),
	}
}

// loopLength is how many items xs has for the loop builtin name, or the
// error that says it is no list.
func loopLength(name string, xs any) (int, error) {
	switch v := reflect.ValueOf(xs); v.Kind() {
	case reflect.Slice, reflect.Array:
		return v.Len(), nil
	}
	hint := ""
	switch xs.(type) {
	case string:
		hint = ` (split(s, "") is the list of its characters)`
	case map[string]any:
		hint = " (values(m) or toPairs(m) make a list of it)"
	case builtin.Gettable:
		hint = " (its fields, such as .values, hold its lists)"
	}
	return 0, builtin.ArgError(name, 1, "array", "must be an array, got %s%s", builtin.TypeName(xs), hint)
}

// patchLoop makes the loop builtin n check and reserve what it loops over
// (see the file's comment); what names n in an error (sortBy for the map
// that sorting makes).
func patchLoop(node *ast.Node, n *ast.BuiltinNode, what string) {
	if len(n.Arguments) == 0 || isCallOf(n.Arguments[0], "$loop") {
		return
	}
	name := &ast.StringNode{Value: what}
	name.SetLocation(n.Arguments[0].Location())
	n.Arguments[0] = callAt("$loop", n.Arguments[0], name, n.Arguments[0])
	if n.Name != "filter" || len(n.Arguments) != 2 {
		return
	}
	if pred, ok := n.Arguments[1].(*ast.PredicateNode); ok {
		pred.Node = callAt("$kept", pred.Node, pred.Node)
		ast.Patch(node, callAt("$loopEnd", n, n))
	}
}
