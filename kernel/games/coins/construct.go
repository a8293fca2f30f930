package coins

import (
	"errors"
	"fmt"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/coins"
)

// MaxRandCoins bounds randcoins: big enough for any experiment the solver
// finishes interactively, small enough that a typo is not an OOM.
// solve(randcoins(100000, s)) is the edge: about 8 s and a 625 MB move
// table, which the solver allocates slab by slab as it goes, so Ctrl-C
// stops it within milliseconds and frees what it took.
const MaxRandCoins = 100000

func init() {
	Game.Builtins = []*builtin.Builtin{{
		Name:      "coins",
		Signature: `coins(values) / coins(text) / coins(values, rules)`,
		Doc: `Makes a row of coins for coins in a row: an array of integers, or a string of ` +
			`integers separated by white space (any size and sign). rules, a map, plays it under ` +
			`variants: {take: 3} (1..3 coins a turn), {take: "2M"}, {ends: "left"}, {score: "rest"} ` +
			`(help(variants)).`,
		Example: `coins([10, 80, 90, 30])`,
		Returns: []any{&Coins{}},
		Fn:      fnCoins,
	}, {
		Name:      "randcoins",
		Signature: `randcoins(n, seed) / randcoins(n, seed, options)`,
		Doc: fmt.Sprintf(`A random row of n coins (1..%d), each uniform in 1..100. The same seed `+
			`gives the same row on every machine. options may give the range (values: 1..50 or `+
			`values: [-10**30, 10**30]) and any rules ({take: 2}). Solving n coins takes n²/2 steps and `+
			`an n²/16-byte move table: a second at 30000, about 8 s and 625 MB at 100000 (stopping the `+
			`cell stops it at once: Ctrl-C, ■ Interrupt in Jupyter, Stop in the web page).`, MaxRandCoins),
		Example: `randcoins(10, 1)`,
		Returns: []any{&Coins{}},
		Fn:      fnRandCoins,
	}}
}

// inputError places a parse error of the row text at its token.
func inputError(fn string, arg int, err error) error {
	var pe *solver.ParseError
	if errors.As(err, &pe) {
		return builtin.InputError(fn, arg, pe.Offset, err)
	}
	return fmt.Errorf("%s: %w", fn, err)
}

func fnCoins(env *builtin.Env, args ...any) (any, error) {
	var x, rules any
	if err := kit.Unpack("coins", args, "values", &x, "rules?", &rules); err != nil {
		return nil, err
	}
	r, err := games.RulesArg("coins", 2, Game.Default(), rules)
	if err != nil {
		return nil, err
	}
	if s, ok := x.(string); ok {
		row, err := solver.ParseRowContext(env.Ctx, s)
		if err := env.Ctx.Err(); err != nil {
			return nil, err // interrupted while reading
		}
		if err != nil {
			return nil, inputError("coins", 1, err)
		}
		return newCoins(row, r), nil
	}
	list, ok := kit.AsList(x)
	if !ok {
		return nil, kit.BadType("coins", 1, "values", "an array or a string", x)
	}
	row, err := kit.BigList("coins", 1, "values", list)
	if err != nil {
		return nil, err
	}
	return newCoins(row, r), nil
}

func fnRandCoins(env *builtin.Env, args ...any) (any, error) {
	n, seed, opts, err := kit.RandArgs("randcoins", "n", env, args, MaxRandCoins)
	if err != nil {
		return nil, err
	}
	own, r, err := games.RandOptions("randcoins", 3, Game.Default(), opts, "values")
	if err != nil {
		return nil, err
	}
	lo, hi := big.NewInt(1), big.NewInt(100)
	if v, ok := own["values"]; ok {
		if lo, hi, err = kit.RangeOption("randcoins", 3, "values", v); err != nil {
			return nil, err
		}
	}
	if err := env.Reserve(int64(n) * kit.BigBytes(lo, hi)); err != nil {
		return nil, err
	}
	row, err := solver.RandomRange(n, seed, lo, hi)
	if err != nil {
		return nil, kit.SolverError("randcoins", err)
	}
	return newCoins(row, r), nil
}
