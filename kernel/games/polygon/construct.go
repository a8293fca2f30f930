package polygon

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


// Limits of the random constructors: big enough for any experiment the
// solvers finish interactively, small enough that a typo is not an OOM.
// solve(randcoins(100000, s)) is the edge: about 8 s and a 625 MB move
// table, which the solver allocates slab by slab as it goes, so Ctrl-C
// stops it within milliseconds and frees what it took.
const (
	MaxRandPolygon = 10000
	MaxRandCoins   = 100000
)

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

func fnRandPolygon(env *builtin.Env, args ...any) (any, error) {
	n, seed, err := randArgs("randpolygon", "n", env, args, MaxRandPolygon)
	if err != nil {
		return nil, err
	}
	return NewPolygon(polygon.Random(n, seed)), nil
}
