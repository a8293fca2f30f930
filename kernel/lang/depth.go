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

	"github.com/expr-lang/expr/vm/runtime"

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
