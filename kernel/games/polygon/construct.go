package polygon

import (
	"errors"
	"fmt"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/polygon"
)

// MaxRandPolygon bounds randpolygon: big enough for any experiment the
// solver finishes interactively, small enough that a typo is not an OOM.
const MaxRandPolygon = 10000

func init() {
	Game.Builtins = []*builtin.Builtin{{
		Name:      "polygon",
		Signature: `polygon(text) / polygon(values, ops) / polygon(text, rules)`,
		Doc: `Makes a polygon-game ring. The text form is "op1 v1 op2 v2 … opn vn" ` +
			`(t for +, x for * also accepted; - subtracts, left minus right); edge i joins v(i-1) and v(i), ` +
			`edge 1 joins vn and v1. The array form takes the values v1..vn and the operators op1..opn as a ` +
			`string like "*+*-+" or an array of strings. Values may be of any size (write big ones in the text ` +
			`form). rules, a map, plays it under variants: {goal: "min"} (help(variants)).`,
		Example: `polygon("* -5 + -2 * -8 * -5 + 8")`,
		Returns: []any{&Polygon{}},
		Fn:      fnPolygon,
	}, {
		Name:      "randpolygon",
		Signature: `randpolygon(n, seed) / randpolygon(n, seed, options)`,
		Doc: fmt.Sprintf(`A random polygon of n vertices (1..%d): values uniform in -10..10, each `+
			`operator + or * with equal odds. The same seed gives the same polygon on every machine. options `+
			`may give the range (values: -1000..1000, or [-10**30, 10**30] past 64 bits), the operators `+
			`(ops: "+*-", each equally likely) and any rules ({goal: "min"}).`, MaxRandPolygon),
		Example: `randpolygon(8, 1)`,
		Returns: []any{&Polygon{}},
		Fn:      fnRandPolygon,
	}, {
		Name:      "setop",
		Signature: `setop(p, i, op)`,
		Doc: `Returns a copy of polygon p with edge i's operator set to op ("+", "*" or "-"; "t" and "x" ` +
			`too). Edge i joins v(i-1) and v(i); edge 1 joins vn and v1.`,
		Example: `setop(polygon("* -5 + -2 * -8 * -5 + 8"), 2, "*")`,
		Returns: []any{&Polygon{}},
		Fn:      fnSetop,
	}}
}

// inputError places a parse error of the ring text at its token.
func inputError(fn string, arg int, err error) error {
	var pe *solver.ParseError
	if errors.As(err, &pe) {
		return builtin.InputError(fn, arg, pe.Offset, err)
	}
	return fmt.Errorf("%s: %w", fn, err)
}

func fnPolygon(env *builtin.Env, args ...any) (any, error) {
	var first, second, third any
	if err := kit.Unpack("polygon", args, "text", &first, "ops?", &second, "rules?", &third); err != nil {
		return nil, err
	}
	// polygon(text, rules): the second argument is the rules map.
	ops, rules := second, third
	if _, isMap := second.(map[string]any); isMap && third == nil {
		ops, rules = nil, second
	}
	r, err := games.RulesArg("polygon", len(args), Game.Default(), rules)
	if err != nil {
		return nil, err
	}
	if ops == nil {
		text, ok := first.(string)
		if !ok {
			if _, isList := kit.AsList(first); isList {
				return nil, builtin.ArgError("polygon", 1, "text", "is an array: give the operators too, polygon(values, \"+*…\")")
			}
			return nil, kit.BadType("polygon", 1, "text", "a string", first)
		}
		p, err := solver.ParseContext(env.Ctx, text)
		if err := env.Ctx.Err(); err != nil {
			return nil, err // interrupted while reading
		}
		if err != nil {
			return nil, inputError("polygon", 1, err)
		}
		return newPolygon(p, r), nil
	}
	list, ok := kit.AsList(first)
	if !ok {
		return nil, kit.BadType("polygon", 1, "values", "an array", first)
	}
	values, err := kit.BigList("polygon", 1, "values", list)
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
	return newPolygon(&solver.Polygon{Ops: opb, Values: values}, r), nil
}

func fnRandPolygon(env *builtin.Env, args ...any) (any, error) {
	n, seed, opts, err := kit.RandArgs("randpolygon", "n", env, args, MaxRandPolygon)
	if err != nil {
		return nil, err
	}
	own, r, err := games.RandOptions("randpolygon", 3, Game.Default(), opts, "values", "ops")
	if err != nil {
		return nil, err
	}
	lo, hi := big.NewInt(-10), big.NewInt(10)
	if v, ok := own["values"]; ok {
		if lo, hi, err = kit.RangeOption("randpolygon", 3, "values", v); err != nil {
			return nil, err
		}
	}
	ops := "+*"
	if v, ok := own["ops"]; ok {
		s, isString := v.(string)
		if _, msg := parseOps(s); !isString || msg != "" || s == "" {
			return nil, builtin.ArgError("randpolygon", 3, "options", `ops must be a string of operators like "+*-", got %s`, kit.FormatValue(v))
		}
		opb, _ := parseOps(s)
		ops = string(opb)
	}
	if err := env.Reserve(int64(n) * kit.BigBytes(lo, hi)); err != nil {
		return nil, err
	}
	p, err := solver.RandomRange(n, seed, lo, hi, ops)
	if err != nil {
		return nil, kit.SolverError("randpolygon", err)
	}
	return newPolygon(p, r), nil
}

func fnSetop(env *builtin.Env, args ...any) (any, error) {
	var p *Polygon
	var i int
	var ops string
	if err := kit.Unpack("setop", args, "p", &p, "i", &i, "op", &ops); err != nil {
		return nil, err
	}
	if err := kit.CheckIndex("setop", 2, "i", i, 1, p.N); err != nil {
		return nil, err
	}
	op, ok := parseOp(ops)
	if !ok {
		return nil, builtin.ArgError("setop", 3, "op", `must be "+", "*" or "-", got %q`, ops)
	}
	return p.with(func(q *solver.Polygon) { q.Ops[i-1] = op }), nil
}
