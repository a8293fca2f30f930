package polygon

import (
	"fmt"
	"gamelab/kernel/builtin"
	"math/big"
	"slices"

	"gamelab/solvers/lifeline"
	"gamelab/solvers/polygon"
)


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
