//go:build !js

package lang

// The fast path's closures made for one shape each (see fastpath.go): a
// field of # (#.state), an item of a list (s[1], s[i]), and the
// arithmetic and comparisons of two ints, each a closure of its own that
// makes no call to find what to do, the shapes a game's parts are made
// of. Any other operands go the general way: inlined, then the function.

import (
	"github.com/expr-lang/expr/ast"

	"gamelab/internal/checked"
	"gamelab/kernel/word"
)

// special is the closure of the call name(nodes…), compiled to args, for
// the shapes it knows; nil for another. called is the function itself.
func (c *fastCompiler) special(name string, nodes []ast.Node, args []fastFn, called func(in ...word.Word) (word.Word, bool)) fastFn {
	if len(args) != 2 {
		return nil
	}
	x, y := args[0], args[1]
	inline := inlined(name, 2)
	general := func(a, b word.Word) (word.Word, bool) {
		if inline != nil {
			if v, ok := inline(a, b); ok {
				return v, true
			}
		}
		return called(a, b)
	}
	switch name {
	case "$member":
		field, ok := nodes[1].(*ast.StringNode)
		if !ok {
			return nil
		}
		key := word.Of(field.Value)
		return func(s []word.Word) (word.Word, bool) {
			a, ok := x(s)
			if !ok {
				return word.Word{}, false
			}
			if v, ok := member(a, key); ok {
				return v, true
			}
			return called(a, key)
		}
	case "$index": // s[i] of a list and an int inside it, counted from 1
		return func(s []word.Word) (word.Word, bool) {
			a, b, ok := both(x, y, s)
			if !ok {
				return word.Word{}, false
			}
			if n, isList := a.Len(); isList && b.K == word.Int && b.N >= 1 && b.N <= int64(n) {
				return a.At(int(b.N - 1)), true
			}
			return general(a, b)
		}
	}
	op, ok := intOps[name]
	if !ok {
		return nil
	}
	return func(s []word.Word) (word.Word, bool) {
		a, b, ok := both(x, y, s)
		if !ok {
			return word.Word{}, false
		}
		if a.K != word.Int || b.K != word.Int {
			return general(a, b) // == of strings and lists inlined, the rest the function's
		}
		i, j := a.N, b.N
		var r int64
		switch op {
		case opAdd:
			if r, ok = checked.Add(i, j); !ok {
				return general(a, b)
			}
		case opSub:
			if r, ok = checked.Sub(i, j); !ok {
				return general(a, b)
			}
		case opMul:
			if r, ok = checked.Mul(i, j); !ok {
				return general(a, b)
			}
		case opEq:
			return word.BoolOf(i == j), true
		case opNe:
			return word.BoolOf(i != j), true
		case opLt:
			return word.BoolOf(i < j), true
		case opGt:
			return word.BoolOf(i > j), true
		case opLe:
			return word.BoolOf(i <= j), true
		case opGe:
			return word.BoolOf(i >= j), true
		}
		return word.Word{K: word.Int, N: r}, true
	}
}

// The operators of two ints special makes a closure for.
const (
	opAdd = iota
	opSub
	opMul
	opEq
	opNe
	opLt
	opGt
	opLe
	opGe
)

var intOps = map[string]int{"$add": opAdd, "$sub": opSub, "$mul": opMul, "$eq": opEq, "$ne": opNe,
	"$lt": opLt, "$gt": opGt, "$le": opLe, "$ge": opGe}

// both is the values of x and y, false when either gives up.
func both(x, y fastFn, s []word.Word) (a, b word.Word, ok bool) {
	if a, ok = x(s); !ok {
		return a, b, false
	}
	b, ok = y(s)
	return a, b, ok
}
