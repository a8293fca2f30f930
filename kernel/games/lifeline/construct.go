package lifeline

import (
	"context"
	"errors"
	"fmt"

	"gamelab/internal/splitmix"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/lifeline"
)

// nonCancel is the context of the board's own moves (Play, Legal, Step):
// each places one stone in time linear in the board, and the lines of play
// that make many of them poll the cell between moves.
var nonCancel = context.Background()

func init() {
	Game.Builtins = []*builtin.Builtin{{
		Name:      "board",
		Signature: `board(N, cells) / board(rows) / board(N) / board(N, cells, rules)`,
		Doc: fmt.Sprintf(`Makes a Life Line board of N rows (1..%d): from the cells in reading order as a `+
			`string ("2  2 3  1 0 4  1 1 4 0", or digits "2231041140") or an array (flat, or one array `+
			`per row); board(rows) takes N from the rows; board(N) is empty. Cells are 0 (empty) or a stone 1..9. `+
			`rules, a map, plays it under variants: {grid: "square"} (N rows of N cells, like a Go board), `+
			`{capture: "others-first"}, {suicide: false} (help(variants)).`, MaxBoardN),
		Example: `board(4, "2  2 3  1 0 4  1 1 4 0")`,
		Returns: []any{&Board{}},
		Fn:      fnBoard,
	}, {
		Name:      "randboard",
		Signature: `randboard(N, seed) / randboard(N, seed, options)`,
		Doc: fmt.Sprintf(`A random Life Line board of N rows (1..%d): each vertex empty with odds 3 in 10, `+
			`else a stone 1..4. Then the first vertex of every group without an empty neighbour is `+
			`emptied, so the board can arise in play and has a move. The same seed gives the same `+
			`board on every machine. options may give the stones (stones: 1..9), the share of empty vertices `+
			`(empty: 0.5) and any rules ({grid: "square"}).`, MaxBoardN),
		Example: `randboard(5, 1)`,
		Returns: []any{&Board{}},
		Fn:      fnRandBoard,
	}, {
		Name:      "setcell",
		Signature: `setcell(b, r, p, v)`,
		Doc:       `Returns a copy of board b with the cell at row r, position p (both from 1) set to v: 0 for empty, or a stone 1..9.`,
		Example:   `setcell(board(4, "2  2 3  1 0 4  1 1 4 0"), 3, 2, 4)`,
		Returns:   []any{&Board{}},
		Fn:        fnSetcell,
	}, {
		Name:      "heat",
		Signature: `heat(board, player)`,
		Doc:       `The points of every empty vertex for player 1..9, drawn over the board as a heat map (the best vertices marked).`,
		Example:   `heat(board(4, "2  2 3  1 0 4  1 1 4 0"), 4)`,
		Returns:   []any{&Heat{}},
		Fn:        fnHeat,
	}}
}

// inputError places a parse error of the board text at its token.
func inputError(fn string, arg int, err error) error {
	var pe *solver.ParseError
	if errors.As(err, &pe) {
		// In the user's words: the caret shows where; the package's
		// "lifeline: byte 15" prefix is for logs.
		msg := pe.Msg
		switch {
		case pe.Row > 0:
			msg = fmt.Sprintf("token %d %q (row %d, position %d): %s", pe.Token, pe.Text, pe.Row, pe.Pos, pe.Msg)
		case pe.Token > 0:
			msg = fmt.Sprintf("token %d %q: %s", pe.Token, pe.Text, pe.Msg)
		}
		return builtin.InputError(fn, arg, pe.Offset, errors.New(msg))
	}
	return fmt.Errorf("%s: %w", fn, err)
}

func fnBoard(env *builtin.Env, args ...any) (any, error) {
	var first, cells, rulesArg any
	if err := kit.Unpack("board", args, "N", &first, "cells?", &cells, "rules?", &rulesArg); err != nil {
		return nil, err
	}
	// board(rows, rules) and board(N, rules): the rules map comes second.
	if _, isMap := cells.(map[string]any); isMap && rulesArg == nil {
		cells, rulesArg = nil, cells
	}
	rules, err := games.RulesArg("board", len(args), Game.Default(), rulesArg)
	if err != nil {
		return nil, err
	}
	grid := gridOf(rules)
	if rows, ok := kit.AsList(first); ok && cells == nil {
		if len(rows) > 0 {
			if _, nested := kit.AsList(rows[0]); !nested {
				return nil, builtin.ArgError("board", 1, "rows", "must be an array of rows, one array per row (for the cells in one array, use board(N, cells))")
			}
		}
		return boardFromRows("board", 1, "rows", len(rows), rows, rules)
	}
	maxN := maxRows(grid)
	n, msg := kit.ToInt(first)
	if msg == "" && (n < 1 || n > maxN) {
		msg = kit.RangeMsg(n, 1, maxN)
	}
	if msg != "" {
		return nil, builtin.ArgError("board", 1, "N", "%s", msg)
	}
	if err := env.Reserve(int64(grid.CellCount(n)) * 9); err != nil {
		return nil, err
	}
	switch c := cells.(type) {
	case nil:
		return newBoard(grid.NewBoard(n), rules), nil
	case string:
		b, err := grid.ParseBoard(n, c)
		if err != nil {
			return nil, inputError("board", 2, err)
		}
		return newBoard(b, rules), nil
	}
	list, ok := kit.AsList(cells)
	if !ok {
		return nil, kit.BadType("board", 2, "cells", "a string or an array", cells)
	}
	return boardFromRows("board", 2, "cells", n, list, rules)
}

// boardFromRows reads a board of size n from an array: one array per row, or
// the cells flat in reading order.
func boardFromRows(fn string, k int, name string, n int, list []any, rules games.Rules) (any, error) {
	grid := gridOf(rules)
	if n < 1 || n > maxRows(grid) {
		return nil, builtin.ArgError(fn, k, name, "must hold 1..%d rows, got %d", maxRows(grid), n)
	}
	b := grid.NewBoard(n)
	nested := len(list) > 0
	for _, x := range list {
		if _, ok := kit.AsList(x); !ok {
			nested = false
		}
	}
	cell := func(v any, r, p int) error {
		c, msg := kit.ToInt(v)
		if msg == "" && (c < 0 || c > 9) {
			msg = kit.RangeMsg(c, 0, 9)
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
			r, p := b.Coord(i)
			if err := cell(v, r, p); err != nil {
				return nil, err
			}
		}
		return newBoard(b, rules), nil
	}
	if len(list) != n {
		return nil, builtin.ArgError(fn, k, name, "must hold %d rows, got %d", n, len(list))
	}
	for r, x := range list {
		row, _ := kit.AsList(x)
		if want := rowLen(b, r+1); len(row) != want {
			return nil, builtin.ArgError(fn, k, name, "row %d must hold %d cells, got %d", r+1, want, len(row))
		}
		for p, v := range row {
			if err := cell(v, r+1, p+1); err != nil {
				return nil, err
			}
		}
	}
	return newBoard(b, rules), nil
}

func fnRandBoard(env *builtin.Env, args ...any) (any, error) {
	// N's bound is the grid's, which the options give.
	limit := MaxBoardN
	if len(args) == 3 {
		if m, ok := args[2].(map[string]any); ok && m["grid"] == "square" {
			limit = maxRows(solver.Square)
		}
	}
	n, seed, opts, err := kit.RandArgs("randboard", "N", env, args, limit)
	if err != nil {
		return nil, err
	}
	own, rules, err := games.RandOptions("randboard", 3, Game.Default(), opts, "stones", "empty")
	if err != nil {
		return nil, err
	}
	grid := gridOf(rules)
	if n > maxRows(grid) {
		return nil, builtin.ArgError("randboard", 1, "N", "%s", kit.RangeMsg(n, 1, maxRows(grid)))
	}
	lo, hi, empty := 1, 4, 0.3
	if v, ok := own["stones"]; ok {
		l, h, err := kit.RangeOption("randboard", 3, "stones", v)
		if err != nil {
			return nil, err
		}
		if l.Int64() < 1 || h.Int64() > 9 || !l.IsInt64() || !h.IsInt64() {
			return nil, builtin.ArgError("randboard", 3, "options", "stones must be a range within 1..9, got %s..%s", l, h)
		}
		lo, hi = int(l.Int64()), int(h.Int64())
	}
	if v, ok := own["empty"]; ok {
		f, isFloat := v.(float64)
		if i, msg := kit.ToInt(v); msg == "" {
			f, isFloat = float64(i), true
		}
		if !isFloat || !(f >= 0 && f <= 1) {
			return nil, builtin.ArgError("randboard", 3, "options", "empty must be a share of the vertices from 0 to 1, got %s", kit.Format(v))
		}
		empty = f
	}
	// The board, and its groups while they are found: solving a turn
	// (points for every vertex, the board after the best move) would take
	// twice that.
	if err := env.Reserve(int64(grid.CellCount(n)) + solver.UnreachableBytes(grid, n)); err != nil {
		return nil, err
	}
	b := randomBoard(grid, n, seed, lo, hi, empty)
	// Empty the first vertex of every group without a liberty. The parts of
	// such a group left behind all touch the emptied vertex (they were joined
	// through it), and emptying only adds liberties, so one pass suffices.
	dead, err := solver.Unreachable(env.Ctx, b)
	if err != nil {
		return nil, err
	}
	for _, grp := range dead {
		r, p := grp.Cells[0][0], grp.Cells[0][1]
		b.Cells[b.Index(r, p)] = 0
	}
	return newBoard(b, rules), nil
}

// randomBoard draws each vertex in reading order from splitmix64: empty
// with odds empty, else a stone uniform in lo..hi. With randboard's
// defaults (odds 3 in 10) it draws as randboard always has, one draw of 10
// per vertex; other odds draw a 53-bit fraction.
func randomBoard(grid solver.Grid, n int, seed uint64, lo, hi int, empty float64) *solver.Board {
	g := splitmix.New(seed)
	b := grid.NewBoard(n)
	isEmpty := func() bool { return float64(g.Next()>>11)/(1<<53) < empty }
	if empty == 0.3 {
		isEmpty = func() bool { return g.Intn(10) < 3 }
	}
	anyEmpty := false
	for i := range b.Cells {
		if isEmpty() {
			anyEmpty = true
		} else {
			b.Cells[i] = uint8(g.Between(lo, hi))
		}
	}
	if !anyEmpty {
		b.Cells[0] = 0 // a full board has no move; this also frees its groups below
	}
	return b
}

// unpackVertex reads (b, r, p[, v]) for the builtins that name one vertex.
func unpackVertex(fn string, args []any, bname string, v *int) (b *Board, r, p int, err error) {
	params := []any{bname, &b, "r", &r, "p", &p}
	if v != nil {
		params = append(params, "v", kit.Between(v, 0, 9))
	}
	if err := kit.Unpack(fn, args, params...); err != nil {
		return nil, 0, 0, err
	}
	if err := kit.CheckIndex(fn, 2, "r", r, 1, b.N); err != nil {
		return nil, 0, 0, err
	}
	if err := kit.CheckIndex(fn, 3, "p", p, 1, rowLen(b.b, r)); err != nil {
		return nil, 0, 0, err
	}
	return b, r, p, nil
}

func fnSetcell(env *builtin.Env, args ...any) (any, error) {
	var v int
	b, r, p, err := unpackVertex("setcell", args, "b", &v)
	if err != nil {
		return nil, err
	}
	return b.with(func(q *solver.Board) { q.Cells[q.Index(r, p)] = uint8(v) }), nil
}

// SetV answers setv(b, …) by pointing to setcell: a board's cells are
// set by row and position, not by one index.
func (b *Board) SetV([]any) (any, error) {
	return nil, builtin.ArgError("setv", 1, "x", "is a board: use setcell(b, r, p, v)")
}

// At is at(b, r, p): the cell (0 empty, else the stone).
func (b *Board) At(args []any) (any, error) {
	_, r, p, err := unpackVertex("at", args, "b", nil)
	if err != nil {
		return nil, err
	}
	return int(b.b.At(r, p)), nil
}

// Rotate is rotate(b, k): the triangle turns 120° anticlockwise k times
// (a square board a quarter turn).
func (b *Board) Rotate(k int) (any, error) {
	turns := 3
	if b.b.Grid == solver.Square {
		turns = 4
	}
	return b.with(func(q *solver.Board) {
		for range ((k % turns) + turns) % turns {
			q.Cells = turnBoard(q)
		}
	}), nil
}

// Reverse is reverse(b): the board left to right.
func (b *Board) Reverse() (any, error) {
	return b.with(func(q *solver.Board) {
		for r := 1; r <= q.N; r++ {
			start := q.Index(r, 1)
			row := q.Cells[start : start+rowLen(q, r)]
			for i, j := 0, len(row)-1; i < j; i, j = i+1, j-1 {
				row[i], row[j] = row[j], row[i]
			}
		}
	}), nil
}

// turnBoard returns the cells of b turned anticlockwise: a triangle by
// 120°, a square by 90°. On the triangle, with a = r−p, c = p−1, d = N−r
// (a+c+d = N−1, and neighbours differ by ±1 in two of them), the turn
// cycles (a, c, d) → (d, a, c): vertex (r, p) goes to (N−p+1, r−p+1), which
// keeps every adjacency. On the square, (r, p) goes to (N−p+1, r).
func turnBoard(b *solver.Board) []uint8 {
	out := make([]uint8, len(b.Cells))
	for r := 1; r <= b.N; r++ {
		for p := 1; p <= rowLen(b, r); p++ {
			if b.Grid == solver.Square {
				out[b.Index(b.N-p+1, r)] = b.Cells[b.Index(r, p)]
			} else {
				out[b.Index(b.N-p+1, r-p+1)] = b.Cells[b.Index(r, p)]
			}
		}
	}
	return out
}
