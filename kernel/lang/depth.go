package lang

// How deeply a value may nest arrays and maps.
//
// One statement can nest a value a million deep (reduce(1..1000000,
// [#acc], [])), and whatever walks it recursively, writing it, comparing
// it, flattening it, then overflows Go's stack: a fatal error that no
// recover() catches, which ended the process. So no statement may leave a
// value deeper than maxValueDepth (eval checks what each expression
// returns), and the language's recursive walks stop at that depth within a
// statement.

import (
	"reflect"
	"strings"

	"github.com/expr-lang/expr/vm/runtime"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
)

// maxValueDepth bounds the nesting of arrays and maps in a value, as
// encoding/json bounds what it reads.
const maxValueDepth = printer.MaxDepth

// errTooDeep is the error of a value nested deeper than maxValueDepth.
var errTooDeep = printer.ErrTooDeep

// nestedTooDeep says whether v nests arrays or maps deeper than
// maxValueDepth; the walk goes no deeper than that, so it cannot overflow.
func nestedTooDeep(v any) bool {
	var deep func(v any, depth int) bool
	deep = func(v any, depth int) bool {
		if depth > maxValueDepth {
			return true
		}
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				if deep(e, depth+1) {
					return true
				}
			}
		case map[string]any:
			for _, e := range x {
				if deep(e, depth+1) {
					return true
				}
			}
		}
		return false // typed arrays ([]int, []string…) hold no arrays
	}
	return deep(v, 0)
}

// numEqual is == of the language: numbers exactly, arrays and maps item by
// item.
func numEqual(a, b any) bool {
	return valuesEqual(a, b, 0)
}

// valuesEqual is == for values that are not both numbers: arrays and maps
// item by item (numbers in them exactly), at most maxValueDepth deep;
// everything else as expr compares it.
func valuesEqual(a, b any, depth int) bool {
	if depth > maxValueDepth {
		panic(errTooDeep)
	}
	if c, ok := numCmp(a, b); ok {
		return c == 0
	}
	if x, ok := a.(map[string]any); ok {
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, e := range x {
			f, ok := y[k]
			if !ok || !valuesEqual(e, f, depth+1) {
				return false
			}
		}
		return true
	}
	if isArray(a) && isArray(b) {
		_, n, _ := itemAt(a, 0)
		if _, m, _ := itemAt(b, 0); m != n {
			return false
		}
		for i := range n {
			x, _, _ := itemAt(a, i)
			y, _, _ := itemAt(b, i)
			if !valuesEqual(x, y, depth+1) {
				return false
			}
		}
		return true
	}
	return runtime.Equal(a, b)
}

// isArray says whether v is a slice or an array.
func isArray(v any) bool {
	k := reflect.ValueOf(v).Kind()
	return k == reflect.Slice || k == reflect.Array
}

// How deeply predicates may call predicates.
//
// A predicate's body may call a builtin that calls another predicate: a
// strategy whose rule plays a match of another strategy, a property that
// shrinks with another. Values can nest such calls without limit (a
// reduce that wraps each strategy in the next, 100,000 deep), and every
// level takes some 20 KB of Go's stack, which Go grows to 1 GB and then
// ends the process with a fatal error no recover() catches. So at most
// maxCalls predicates run one inside another: 20 MB of stack at the
// most, which the budget counts (Budget.InUse counts the stacks).

// maxCalls is how many predicates may run one inside another, as Python
// bounds the depth of its calls.
const maxCalls = 1000

// errCallsTooDeep is the error of the predicate call one too deep. It goes
// up as a panic, from each predicate's machine to the next (predicate's
// call), so that the statement says it once, not once per caller: each
// builtin that called a predicate would add its own words around it.
var errCallsTooDeep = builtin.Errorf(builtin.RuntimeError,
	"predicates call one another more than %d deep (a strategy that plays a strategy that plays one…): "+
		"no statement may nest them deeper", maxCalls)

// deeper counts one more predicate running and returns what counts it
// off; past maxCalls it stops the statement (errCallsTooDeep).
func (c *current) deeper() (done func()) {
	if c.calls >= maxCalls {
		panic(errCallsTooDeep)
	}
	c.calls++
	return func() { c.calls-- }
}

// maxMessage is the longest message of a predicate's failure that its
// caller gets, in runes: a builtin's error says the predicate's inside its
// own, so the messages of predicates that call one another would grow with
// each (a thousand levels: a line of 100 KB, 50 MB of them made).
const maxMessage = 600

// shortened is msg at most maxMessage runes long: its start and its end,
// what went wrong first and where it ended, "…" between.
func shortened(msg string) string {
	rs := []rune(msg)
	if len(rs) <= maxMessage {
		return msg
	}
	half := maxMessage / 2
	return strings.TrimSpace(string(rs[:half])) + " … " + strings.TrimSpace(string(rs[len(rs)-half:]))
}
