package lifeline

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
