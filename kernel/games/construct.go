package games

import (
	"errors"
	"fmt"
	"math/big"

	"gamelab/internal/splitmix"
	"gamelab/kernel/builtin"

	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)

// inputError wraps a solver parse error with where it is; other errors pass
// through with the builtin's name.
func inputError(fn string, arg int, err error) error {
	var pp *polygon.ParseError
	var cp *coins.ParseError
	var lp *lifeline.ParseError
	switch {
	case errors.As(err, &pp):
		return builtin.InputError(fn, arg, pp.Offset, err)
	case errors.As(err, &cp):
		return builtin.InputError(fn, arg, cp.Offset, err)
	case errors.As(err, &lp):
		return builtin.InputError(fn, arg, lp.Offset, err)
	}
	return fmt.Errorf("%s: %w", fn, err)
}

// Limits of the random constructors: big enough for any experiment the
// solvers finish interactively, small enough that a typo is not an OOM.
// solve(randcoins(100000, s)) is the edge: about 8 s and a 625 MB move
// table, which the solver allocates slab by slab as it goes, so Ctrl-C
// stops it within milliseconds and frees what it took.
const (
	MaxRandPolygon = 10000
	MaxRandCoins   = 100000
)

func init() {
	register(&builtin.Builtin{
		Name:      "polygon",
		Signature: `polygon(text) / polygon(values, ops)`,
		Doc: `Makes a polygon-game ring. The text form is "op1 v1 op2 v2 … opn vn" ` +
			`(t for +, x for * also accepted); edge i joins v(i-1) and v(i), edge 1 joins vn and v1. ` +
			`The array form takes the values v1..vn and the operators op1..opn as a string like "*+**+" ` +
			`or an array of strings. Values may be of any size (write big ones in the text form).`,
		Example: `polygon("* -5 + -2 * -8 * -5 + 8")`,
		Returns: []any{&Polygon{}},
		Fn:      fnPolygon,
	})
	register(&builtin.Builtin{
		Name:      "coins",
		Signature: `coins(values) / coins(text)`,
		Doc: `Makes a row of coins for coins in a row: an array of integers, or a string of ` +
			`integers separated by white space (any size and sign).`,
		Example: `coins([10, 80, 90, 30])`,
		Returns: []any{&Coins{}},
		Fn:      fnCoins,
	})
	register(&builtin.Builtin{
		Name:      "board",
		Signature: `board(N, text) / board(N, cells) / board(rows) / board(N)`,
		Doc: fmt.Sprintf(`Makes a Life Line board of N rows (1..%d): from the cells in reading order as a `+
			`string ("2  2 3  1 0 4  1 1 4 0", or digits "2231041140") or an array (flat, or one array `+
			`per row); board(rows) takes N from the rows; board(N) is empty. Cells are 0 (empty) or a stone 1..9.`, MaxBoardN),
		Example: `board(4, "2  2 3  1 0 4  1 1 4 0")`,
		Returns: []any{&Board{}},
		Fn:      fnBoard,
	})
	register(&builtin.Builtin{
		Name:      "randpolygon",
		Signature: `randpolygon(n, seed)`,
		Doc: fmt.Sprintf(`A random polygon of n vertices (1..%d): values uniform in -10..10, each `+
			`operator + or * with equal odds. The same seed gives the same polygon on every machine.`, MaxRandPolygon),
		Example: `randpolygon(8, 1)`,
		Returns: []any{&Polygon{}},
		Fn:      fnRandPolygon,
	})
	register(&builtin.Builtin{
		Name:      "randcoins",
		Signature: `randcoins(n, seed)`,
		Doc: fmt.Sprintf(`A random row of n coins (1..%d), each uniform in 1..100. The same seed `+
			`gives the same row on every machine. Solving n coins takes n²/2 steps and an n²/16-byte `+
			`move table: a second at 30000, about 8 s and 625 MB at 100000 (Ctrl-C stops it at once).`, MaxRandCoins),
		Example: `randcoins(10, 1)`,
		Returns: []any{&Coins{}},
		Fn:      fnRandCoins,
	})
	register(&builtin.Builtin{
		Name:      "randboard",
		Signature: `randboard(N, seed)`,
		Doc: fmt.Sprintf(`A random Life Line board of N rows (1..%d): each vertex empty with odds 3 in 10, `+
			`else a stone 1..4. Then the first vertex of every group without an empty neighbour is `+
			`emptied, so the board can arise in play and has a move. The same seed gives the same `+
			`board on every machine.`, MaxBoardN),
		Example: `randboard(5, 1)`,
		Returns: []any{&Board{}},
		Fn:      fnRandBoard,
	})
}

func fnPolygon(env *builtin.Env, args ...any) (any, error) {
	var first, ops any
	if err := Unpack("polygon", args, "text", &first, "ops?", &ops); err != nil {
		return nil, err
	}
	if len(args) == 1 {
		text, ok := first.(string)
		if !ok {
			if _, isList := AsList(first); isList {
				return nil, builtin.ArgError("polygon", 1, "text", "is an array: give the operators too, polygon(values, \"+*…\")")
			}
			return nil, BadType("polygon", 1, "text", "a string", first)
		}
		p, err := polygon.Parse(text)
		if err != nil {
			return nil, inputError("polygon", 1, err)
		}
		return NewPolygon(p), nil
	}
	list, ok := AsList(first)
	if !ok {
		return nil, BadType("polygon", 1, "values", "an array", first)
	}
	values, err := bigList("polygon", 1, "values", list)
	if err != nil {
		return nil, err
	}
	opb, msg := parseOps(ops)
	if msg != "" {
		return nil, builtin.ArgError("polygon", 2, "ops", "%s", msg)
	}
	if len(opb) != len(values) {
		return nil, builtin.ArgError("polygon", 2, "ops", "must hold one operator per vertex (%d), got %d", len(values), len(opb))
	}
	return NewPolygon(&polygon.Polygon{Ops: opb, Values: values}), nil
}

// bigList converts an array of integers; an empty list is an error (every game
// needs n ≥ 1).
func bigList(fn string, k int, name string, list []any) ([]*big.Int, error) {
	if len(list) == 0 {
		return nil, builtin.ArgError(fn, k, name, "is empty: a game needs at least one")
	}
	out := make([]*big.Int, len(list))
	for i, x := range list {
		b, msg := ToBig(x)
		if msg != "" {
			return nil, builtin.ArgError(fn, k, name, "element %d %s", i+1, msg)
		}
		out[i] = b
	}
	return out, nil
}

func fnCoins(env *builtin.Env, args ...any) (any, error) {
	var x any
	if err := Unpack("coins", args, "values", &x); err != nil {
		return nil, err
	}
	if s, ok := x.(string); ok {
		row, err := coins.ParseRow(s)
		if err != nil {
			return nil, inputError("coins", 1, err)
		}
		return NewCoins(row), nil
	}
	list, ok := AsList(x)
	if !ok {
		return nil, BadType("coins", 1, "values", "an array or a string", x)
	}
	row, err := bigList("coins", 1, "values", list)
	if err != nil {
		return nil, err
	}
	return NewCoins(row), nil
}

func fnBoard(env *builtin.Env, args ...any) (any, error) {
	var first, cells any
	if err := Unpack("board", args, "N", &first, "cells?", &cells); err != nil {
		return nil, err
	}
	if len(args) == 1 {
		if rows, ok := AsList(first); ok {
			if len(rows) > 0 {
				if _, nested := AsList(rows[0]); !nested {
					return nil, builtin.ArgError("board", 1, "rows", "must be an array of rows, one array per row (for the cells in one array, use board(N, cells))")
				}
			}
			return boardFromRows("board", 1, "rows", len(rows), rows)
		}
	}
	n, msg := ToInt(first)
	if msg == "" && (n < 1 || n > MaxBoardN) {
		msg = rangeMsg(n, 1, MaxBoardN)
	}
	if msg != "" {
		return nil, builtin.ArgError("board", 1, "N", "%s", msg)
	}
	switch c := cells.(type) {
	case nil:
		if len(args) == 2 {
			return nil, BadType("board", 2, "cells", "a string or an array", c)
		}
		return NewBoard(lifeline.NewBoard(n)), nil
	case string:
		b, err := lifeline.ParseBoard(n, c)
		if err != nil {
			return nil, inputError("board", 2, err)
		}
		return NewBoard(b), nil
	}
	list, ok := AsList(cells)
	if !ok {
		return nil, BadType("board", 2, "cells", "a string or an array", cells)
	}
	return boardFromRows("board", 2, "cells", n, list)
}

// boardFromRows reads a board of size n from an array: one array per row, or
// the cells flat in reading order.
func boardFromRows(fn string, k int, name string, n int, list []any) (any, error) {
	if n < 1 || n > MaxBoardN {
		return nil, builtin.ArgError(fn, k, name, "must hold 1..%d rows, got %d", MaxBoardN, n)
	}
	b := lifeline.NewBoard(n)
	nested := len(list) > 0
	for _, x := range list {
		if _, ok := AsList(x); !ok {
			nested = false
		}
	}
	cell := func(v any, r, p int) error {
		c, msg := ToInt(v)
		if msg == "" && (c < 0 || c > 9) {
			msg = rangeMsg(c, 0, 9)
		}
		if msg != "" {
			return builtin.ArgError(fn, k, name, "cell (%d,%d) %s", r, p, msg)
		}
		b.Cells[b.Index(r, p)] = uint8(c)
		return nil
	}
	if !nested {
		if len(list) != len(b.Cells) {
			return nil, builtin.ArgError(fn, k, name, "must hold %d cells for %d rows, got %d", len(b.Cells), n, len(list))
		}
		for i, v := range list {
			r, p := lifeline.Coord(i)
			if err := cell(v, r, p); err != nil {
				return nil, err
			}
		}
		return NewBoard(b), nil
	}
	if len(list) != n {
		return nil, builtin.ArgError(fn, k, name, "must hold %d rows, got %d", n, len(list))
	}
	for r, x := range list {
		row, _ := AsList(x)
		if len(row) != r+1 {
			return nil, builtin.ArgError(fn, k, name, "row %d must hold %d cells, got %d", r+1, r+1, len(row))
		}
		for p, v := range row {
			if err := cell(v, r+1, p+1); err != nil {
				return nil, err
			}
		}
	}
	return NewBoard(b), nil
}

// randArgs reads (n, seed), n named nName, for a random constructor, n in
// 1..maxN. The seed is any integer of 64 bits, taken as its two's complement
// bits for splitmix64.
func randArgs(fn, nName string, env *builtin.Env, args []any, maxN int) (int, uint64, error) {
	var n int
	var seed *big.Int
	if err := Unpack(fn, args, nName, Between(&n, 1, maxN), "seed", &seed); err != nil {
		return 0, 0, err
	}
	if !seed.IsInt64() {
		return 0, 0, builtin.ArgError(fn, 2, "seed", "must fit 64 bits, got %s", seed)
	}
	if err := env.Ctx.Err(); err != nil {
		return 0, 0, err
	}
	return n, uint64(seed.Int64()), nil
}

func fnRandPolygon(env *builtin.Env, args ...any) (any, error) {
	n, seed, err := randArgs("randpolygon", "n", env, args, MaxRandPolygon)
	if err != nil {
		return nil, err
	}
	return NewPolygon(polygon.Random(n, seed)), nil
}

func fnRandCoins(env *builtin.Env, args ...any) (any, error) {
	n, seed, err := randArgs("randcoins", "n", env, args, MaxRandCoins)
	if err != nil {
		return nil, err
	}
	g := splitmix.New(seed)
	row := make([]*big.Int, n)
	for i := range row {
		row[i] = big.NewInt(int64(g.Between(1, 100)))
	}
	return NewCoins(row), nil
}

func fnRandBoard(env *builtin.Env, args ...any) (any, error) {
	n, seed, err := randArgs("randboard", "N", env, args, MaxBoardN)
	if err != nil {
		return nil, err
	}
	g := splitmix.New(seed)
	b := lifeline.NewBoard(n)
	empty := false
	for i := range b.Cells {
		if g.Intn(10) >= 3 {
			b.Cells[i] = uint8(g.Between(1, 4))
		} else {
			empty = true
		}
	}
	if !empty {
		b.Cells[0] = 0 // a full board has no move; this also frees its groups below
	}
	// Empty the first vertex of every group without a liberty. The parts of
	// such a group left behind all touch the emptied vertex (they were joined
	// through it), and emptying only adds liberties, so one pass suffices.
	// Any player will do: Unreachable does not depend on it.
	res, err := lifeline.Solve(env.Ctx, b, 1)
	if err != nil {
		return nil, err
	}
	for _, grp := range res.Unreachable {
		r, p := grp.Cells[0][0], grp.Cells[0][1]
		b.Cells[b.Index(r, p)] = 0
	}
	return NewBoard(b), nil
}
