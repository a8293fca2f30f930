package games

import (
	"fmt"
	"gamelab/kernel/builtin"
	"math/big"
	"slices"

	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)

// The editing builtins return a changed copy and leave their argument as it
// was; indexed assignment (`p[2] = 7`) is the in-place spelling the kernel
// offers for a variable.

func init() {
	register(&builtin.Builtin{
		Name:      "at",
		Signature: `at(x, i) / at(board, r, p)`,
		Doc: `Reads one number, counting from 1: vertex i's value of a polygon, coin i of a row, ` +
			`or the cell at row r, position p of a board (0 empty, else the stone); of a position from after, ` +
			`value i of a chain or coin i of the coins left.`,
		Example: `at(polygon("* -5 + -2 * -8 * -5 + 8"), 2)`,
		Returns: []any{0},
		Fn:      fnAt,
	})
	register(&builtin.Builtin{
		Name:       "setv",
		Signature:  `setv(x, i, v)`,
		Doc:        `Returns a copy of polygon or coins x with vertex (or coin) i, from 1, set to the integer v; of a chain or coins position from after, value i (coin i of those left), the moves made kept.`,
		Example:    `setv(polygon("* -5 + -2 * -8 * -5 + 8"), 1, 0)`,
		Returns:    []any{&Polygon{}, &Coins{}},
		ReturnsFor: sameGame,
		Fn:         fnSetv,
	})
	register(&builtin.Builtin{
		Name:      "setop",
		Signature: `setop(p, i, op)`,
		Doc: `Returns a copy of polygon p with edge i's operator set to op ("+" or "*"; "t" and "x" ` +
			`too). Edge i joins v(i-1) and v(i); edge 1 joins vn and v1.`,
		Example: `setop(polygon("* -5 + -2 * -8 * -5 + 8"), 2, "*")`,
		Returns: []any{&Polygon{}},
		Fn:      fnSetop,
	})
	register(&builtin.Builtin{
		Name:      "setcell",
		Signature: `setcell(b, r, p, v)`,
		Doc:       `Returns a copy of board b with the cell at row r, position p (both from 1) set to v: 0 for empty, or a stone 1..9.`,
		Example:   `setcell(board(4, "2  2 3  1 0 4  1 1 4 0"), 3, 2, 4)`,
		Returns:   []any{&Board{}},
		Fn:        fnSetcell,
	})
	register(&builtin.Builtin{
		Name:      "insert",
		Signature: `insert(p, i, op, v) / insert(c, i, v)`,
		Doc: `Returns a copy with a new vertex or coin at position i (1..n+1; n+1 appends). In a ` +
			`polygon the new vertex v becomes v(i), joined to v(i-1) by the new edge i with operator op; ` +
			`the old edge i now joins it to the old v(i), and every later vertex and edge moves up by one.`,
		Example:    `insert(polygon("* -5 + -2 * -8 * -5 + 8"), 6, "+", 3)`,
		Returns:    []any{&Polygon{}, &Coins{}},
		ReturnsFor: sameGame,
		Fn:         fnInsert,
	})
	register(&builtin.Builtin{
		Name:      "remove",
		Signature: `remove(x, i)`,
		Doc: `Returns a copy of polygon or coins x without vertex (coin) i. In a polygon, edge i goes ` +
			`with v(i), and edge i+1 then joins v(i-1) to the old v(i+1). At least one vertex or coin must remain.`,
		Example:    `remove(coins([10, 80, 90, 30]), 1)`,
		Returns:    []any{&Polygon{}, &Coins{}},
		ReturnsFor: sameGame,
		Fn:         fnRemove,
	})
	register(&builtin.Builtin{
		Name:      "rotate",
		Signature: `rotate(x, k)`,
		Doc: `Returns x turned by k steps (k may be negative): for a polygon, the old v(k+1) becomes ` +
			`v1 (its edges go with it, so the game is the same); for coins, the first k coins move to the ` +
			`end; for a board, the triangle turns 120° anticlockwise k times, the top corner going to the bottom left.`,
		Example:    `rotate(polygon("* -5 + -2 * -8 * -5 + 8"), 2)`,
		Returns:    []any{&Polygon{}, &Coins{}, &Board{}},
		ReturnsFor: sameGame,
		Fn:         fnRotate,
	})
	register(&builtin.Builtin{
		Name:      "reverse",
		Signature: `reverse(x)`,
		Doc: `Returns x mirrored: a polygon numbered the other way round (v1 ↔ vn, the same game), a ` +
			`row of coins right to left, a board left to right; an array reversed, as expr's own reverse.`,
		Example:    `reverse(coins([10, 80, 90, 30]))`,
		Returns:    []any{&Polygon{}, &Coins{}, &Board{}},
		ReturnsFor: sameGame,
		Fn:         fnReverse,
	})
}

// FirstArg returns the argument a builtin dispatches on, or the error for a
// call without arguments.
func FirstArg(fn, sig string, args []any) (any, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("%s: missing arguments, want %s", fn, sig)
	}
	return args[0], nil
}

func fnAt(env *builtin.Env, args ...any) (any, error) {
	x, err := FirstArg("at", "at(x, i) or at(board, r, p)", args)
	if err != nil {
		return nil, err
	}
	switch v := x.(type) {
	case *Polygon, *Coins:
		var i int
		if err := Unpack("at", args, "x", new(any), "i", &i); err != nil {
			return nil, err
		}
		values := valuesOf(v)
		if err := CheckIndex("at", 2, "i", i, 1, len(values)); err != nil {
			return nil, err
		}
		return values[i-1], nil
	case *Board:
		r, p, err := unpackVertex("at", args, "b", nil)
		if err != nil {
			return nil, err
		}
		return int(v.b.At(r, p)), nil
	case *PolygonChain, *CoinsPosition:
		return atPosition(args)
	}
	return nil, BadType("at", 1, "x", "a polygon, coins or board", x)
}

func valuesOf(x any) []any {
	if p, ok := x.(*Polygon); ok {
		return p.Values
	}
	return x.(*Coins).Values
}

// unpackVertex reads (b, r, p[, v]) and checks the vertex; v may be nil.
func unpackVertex(fn string, args []any, bname string, v *int) (r, p int, err error) {
	var b *Board
	params := []any{bname, &b, "r", &r, "p", &p}
	if v != nil {
		params = append(params, "v", Between(v, 0, 9))
	}
	if err := Unpack(fn, args, params...); err != nil {
		return 0, 0, err
	}
	if err := CheckIndex(fn, 2, "r", r, 1, b.N); err != nil {
		return 0, 0, err
	}
	if err := CheckIndex(fn, 3, "p", p, 1, r); err != nil {
		return 0, 0, err
	}
	return r, p, nil
}

func fnSetv(env *builtin.Env, args ...any) (any, error) {
	x, err := FirstArg("setv", "setv(x, i, v)", args)
	if err != nil {
		return nil, err
	}
	var i int
	var v *big.Int
	switch x := x.(type) {
	case *Polygon:
		if err := Unpack("setv", args, "p", new(*Polygon), "i", &i, "v", &v); err != nil {
			return nil, err
		}
		if err := CheckIndex("setv", 2, "i", i, 1, x.N); err != nil {
			return nil, err
		}
		return x.with(func(q *polygon.Polygon) { q.Values[i-1] = v }), nil
	case *Coins:
		if err := Unpack("setv", args, "c", new(*Coins), "i", &i, "v", &v); err != nil {
			return nil, err
		}
		if err := CheckIndex("setv", 2, "i", i, 1, x.N); err != nil {
			return nil, err
		}
		return x.with(func(row []*big.Int) []*big.Int { row[i-1] = v; return row }), nil
	case *Board:
		return nil, builtin.ArgError("setv", 1, "x", "is a board: use setcell(b, r, p, v)")
	case *PolygonChain, *CoinsPosition:
		return setvPosition(args)
	}
	return nil, BadType("setv", 1, "x", "a polygon or coins", x)
}

func fnSetop(env *builtin.Env, args ...any) (any, error) {
	var p *Polygon
	var i int
	var ops string
	if err := Unpack("setop", args, "p", &p, "i", &i, "op", &ops); err != nil {
		return nil, err
	}
	if err := CheckIndex("setop", 2, "i", i, 1, p.N); err != nil {
		return nil, err
	}
	op, ok := parseOp(ops)
	if !ok {
		return nil, builtin.ArgError("setop", 3, "op", "must be \"+\" or \"*\", got %q", ops)
	}
	return p.with(func(q *polygon.Polygon) { q.Ops[i-1] = op }), nil
}

func fnSetcell(env *builtin.Env, args ...any) (any, error) {
	var v int
	r, p, err := unpackVertex("setcell", args, "b", &v)
	if err != nil {
		return nil, err
	}
	return args[0].(*Board).with(func(q *lifeline.Board) { q.Cells[q.Index(r, p)] = uint8(v) }), nil
}

func fnInsert(env *builtin.Env, args ...any) (any, error) {
	x, err := FirstArg("insert", "insert(p, i, op, v) or insert(c, i, v)", args)
	if err != nil {
		return nil, err
	}
	var i int
	var v *big.Int
	switch x := x.(type) {
	case *Polygon:
		var ops string
		if err := Unpack("insert", args, "p", new(*Polygon), "i", &i, "op", &ops, "v", &v); err != nil {
			return nil, err
		}
		if err := CheckIndex("insert", 2, "i", i, 1, x.N+1); err != nil {
			return nil, err
		}
		op, ok := parseOp(ops)
		if !ok {
			return nil, builtin.ArgError("insert", 3, "op", "must be \"+\" or \"*\", got %q", ops)
		}
		return x.with(func(q *polygon.Polygon) {
			q.Ops = slices.Insert(q.Ops, i-1, op)
			q.Values = slices.Insert(q.Values, i-1, v)
		}), nil
	case *Coins:
		if err := Unpack("insert", args, "c", new(*Coins), "i", &i, "v", &v); err != nil {
			return nil, err
		}
		if err := CheckIndex("insert", 2, "i", i, 1, x.N+1); err != nil {
			return nil, err
		}
		return x.with(func(row []*big.Int) []*big.Int { return slices.Insert(row, i-1, v) }), nil
	}
	return nil, BadType("insert", 1, "x", "a polygon or coins", x)
}

func fnRemove(env *builtin.Env, args ...any) (any, error) {
	var x any
	var i int
	if err := Unpack("remove", args, "x", &x, "i", &i); err != nil {
		return nil, err
	}
	var n int
	switch x := x.(type) {
	case *Polygon:
		n = x.N
	case *Coins:
		n = x.N
	default:
		return nil, BadType("remove", 1, "x", "a polygon or coins", x)
	}
	if n == 1 {
		what := "coin"
		if _, ok := x.(*Polygon); ok {
			what = "vertex"
		}
		return nil, builtin.ArgError("remove", 1, "x", "has only one %s, which must stay", what)
	}
	if err := CheckIndex("remove", 2, "i", i, 1, n); err != nil {
		return nil, err
	}
	if p, ok := x.(*Polygon); ok {
		return p.with(func(q *polygon.Polygon) {
			q.Ops = slices.Delete(q.Ops, i-1, i)
			q.Values = slices.Delete(q.Values, i-1, i)
		}), nil
	}
	return x.(*Coins).with(func(row []*big.Int) []*big.Int { return slices.Delete(row, i-1, i) }), nil
}

// rotated returns s turned left by k (s[k] first), k any integer.
func rotated[T any](s []T, k int) []T {
	n := len(s)
	k = ((k % n) + n) % n
	return append(slices.Clone(s[k:]), s[:k]...)
}

func fnRotate(env *builtin.Env, args ...any) (any, error) {
	var x any
	var k int
	if err := Unpack("rotate", args, "x", &x, "k", &k); err != nil {
		return nil, err
	}
	switch x := x.(type) {
	case *Polygon:
		return x.with(func(q *polygon.Polygon) {
			q.Ops, q.Values = rotated(q.Ops, k), rotated(q.Values, k)
		}), nil
	case *Coins:
		return x.with(func(row []*big.Int) []*big.Int { return rotated(row, k) }), nil
	case *Board:
		return x.with(func(q *lifeline.Board) {
			for range ((k % 3) + 3) % 3 {
				q.Cells = turnBoard(q)
			}
		}), nil
	}
	return nil, BadType("rotate", 1, "x", "a polygon, coins or board", x)
}

// turnBoard returns the cells of b turned 120° anticlockwise. With a = r−p,
// c = p−1, d = N−r (a+c+d = N−1, and neighbours differ by ±1 in two of
// them), the turn cycles (a, c, d) → (d, a, c): vertex (r, p) goes to
// (N−p+1, r−p+1), which keeps every adjacency.
func turnBoard(b *lifeline.Board) []uint8 {
	out := make([]uint8, len(b.Cells))
	for r := 1; r <= b.N; r++ {
		for p := 1; p <= r; p++ {
			out[b.Index(b.N-p+1, r-p+1)] = b.Cells[b.Index(r, p)]
		}
	}
	return out
}

func fnReverse(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := Unpack("reverse", args, "x", &x); err != nil {
		return nil, err
	}
	switch x := x.(type) {
	case *Polygon:
		return x.with(func(q *polygon.Polygon) {
			// w_j = v_(n+1−j); the edge between w_(j−1) and w_j is the old
			// edge between v_(n+2−j) and v_(n+1−j), edge n+2−j (mod n).
			n := len(q.Values)
			slices.Reverse(q.Values)
			ops := slices.Clone(q.Ops)
			for j := range ops {
				q.Ops[j] = ops[(n-j)%n]
			}
		}), nil
	case *Coins:
		return x.with(func(row []*big.Int) []*big.Int { slices.Reverse(row); return row }), nil
	case *Board:
		return x.with(func(q *lifeline.Board) {
			for r := 1; r <= q.N; r++ {
				slices.Reverse(q.Cells[q.Index(r, 1) : q.Index(r, 1)+r])
			}
		}), nil
	}
	// This builtin takes expr's name, so it keeps expr's meaning for arrays.
	if l, ok := AsList(x); ok {
		l = slices.Clone(l)
		slices.Reverse(l)
		return l, nil
	}
	return nil, BadType("reverse", 1, "x", "a polygon, coins, board or array", x)
}
