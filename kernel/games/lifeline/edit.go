package lifeline

import (
	"fmt"
	"gamelab/kernel/builtin"
	"math/big"
	"slices"

	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)


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

func fnSetcell(env *builtin.Env, args ...any) (any, error) {
	var v int
	r, p, err := unpackVertex("setcell", args, "b", &v)
	if err != nil {
		return nil, err
	}
	return args[0].(*Board).with(func(q *lifeline.Board) { q.Cells[q.Index(r, p)] = uint8(v) }), nil
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
