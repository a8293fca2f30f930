package tools

import (
	"fmt"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// The globally smallest instance that keeps a property, for small sizes:
// where shrink takes single steps from x and stops where none helps, this
// tries every instance in order, so what it finds has no smaller one
// anywhere (within the range of values it searches).

func init() {
	registerTool(&tool{same: true, Builtin: &builtin.Builtin{
		Name:      "smallest",
		Signature: `smallest(x, {…}) / smallest(x, {…}, options)`,
		Doc: `The smallest instance like x (its game, its rules, a polygon's operators among those x uses) for ` +
			`which the predicate holds, found by trying every instance in order: by size (vertices, coins, a board's ` +
			`rows), then by the sum of the values' ranks (values from the range values, ranked by nearness to 0, the ` +
			`positive first: 0, 1, -1, 2, -2, …; a board's cells 0, empty, then its stones), then by the sum of the ` +
			`operators' ranks (+, *, -), then value by value and operator by operator, simpler first. So no instance ` +
			`before it in that order holds: none smaller, nor of simpler values, in the range. Options: values (default ` +
			`-3..3; a board's cells 0..3), sizes (default 1 to x's size), limit (the most instances it tries, default ` +
			`1000000: it is for small sizes, a board of 4 rows and cells 0..3 alone being a million). shrink(x, {…}) ` +
			`takes single steps from x instead: fast at any size, but only 1-minimal.`,
		Example:    `smallest(randcoins(8, 3), {match(#, greedy, optimal).loss.A > 0}, {values: 0..9})`,
		Predicates: []int{2},
		Fn:         fnSmallest,
	}})
}

// searchLimit is how many instances smallest tries unless told.
const searchLimit = 1000000

func fnSmallest(env *builtin.Env, args ...any) (any, error) {
	if len(args) < 2 || len(args) > 3 {
		return nil, builtin.Errorf("", "smallest: takes 2 or 3 arguments (x, predicate, options), got %d", len(args))
	}
	x, ok := args[0].(games.Enumerable)
	p, isPos := args[0].(games.Position)
	if !ok || !isPos {
		return nil, kit.BadType("smallest", 1, "x", kindsOf("smallest", is[games.Enumerable]), args[0])
	}
	if p.History() != nil {
		return nil, builtin.ArgError("smallest", 1, "x", "is a %s after moves (or a part of one); smallest takes an instance before any move", kit.TypeName(args[0]))
	}
	holds, err := predicateOf(env, "smallest", args[1])
	if err != nil {
		return nil, err
	}
	o := searchOptions{lo: big.NewInt(-3), hi: big.NewInt(3), from: 1, to: x.Size(), limit: searchLimit}
	if p.Game().Turns == games.Free {
		o.lo, o.hi = big.NewInt(0), big.NewInt(3) // a board's cells: empty, or stones 1..3
	}
	if len(args) == 3 {
		if err := o.read(args[2]); err != nil {
			return nil, err
		}
	}
	found, tried, err := smallestOf(env, x, &o, holds)
	if err != nil {
		return nil, err
	}
	if found == nil {
		return nil, builtin.Errorf("", "smallest: %s", o.none(tried))
	}
	return found, nil
}

// searchOptions are what smallest searches: values lo..hi, sizes
// from..to, at most limit instances.
type searchOptions struct {
	lo, hi   *big.Int
	from, to int
	limit    int
	stopped  int // the size the limit stopped the search in, 0: none
}

// read reads smallest's options map.
func (o *searchOptions) read(arg any) error {
	m, ok := arg.(map[string]any)
	if !ok {
		return kit.BadType("smallest", 3, "options", `a map like {values: -3..3, sizes: 1..5, limit: 100000}`, arg)
	}
	for _, k := range kit.SortedKeys(m) {
		switch v := m[k]; k {
		case "values":
			lo, hi, err := kit.RangeOption("smallest", 3, "values", v)
			if err != nil {
				return err
			}
			o.lo, o.hi = lo, hi
		case "sizes":
			lo, hi, err := kit.RangeOption("smallest", 3, "sizes", v)
			if err != nil {
				return err
			}
			if !lo.IsInt64() || !hi.IsInt64() || lo.Int64() < 1 || hi.Int64() > 1000 {
				return builtin.ArgError("smallest", 3, "options", "sizes must be within 1..1000, got %s..%s", lo, hi)
			}
			o.from, o.to = int(lo.Int64()), int(hi.Int64())
		case "limit":
			n, msg := kit.ToInt(v)
			if msg != "" || n < 1 {
				return builtin.ArgError("smallest", 3, "options", "limit must be a whole number of instances ≥ 1, got %s", kit.FormatValue(v))
			}
			o.limit = n
		default:
			return builtin.ArgError("smallest", 3, "options", "has %s, which smallest does not take (its options are values, sizes and limit)", k)
		}
	}
	return nil
}

// none says that no instance was found, and how far the search went.
func (o *searchOptions) none(tried int) string {
	values := fmt.Sprintf("values in %s..%s", o.lo, o.hi)
	if o.stopped > 0 {
		return fmt.Sprintf("no instance of size %d..%d with %s holds; size %d was searched in part when the limit of %d instances was reached (give {limit: …}, fewer values or smaller sizes)",
			o.from, o.stopped-1, values, o.stopped, o.limit)
	}
	return fmt.Sprintf("no instance of size %d..%d with %s holds (%s tried)", o.from, o.to, values, kit.Count(tried, "instance", "instances"))
}

// smallestOf is the first instance like x, in smallest's order over o,
// for which holds is true: nil when none is within o (o.stopped says the
// limit ended the search), and how many were tried.
func smallestOf(env *builtin.Env, x games.Enumerable, o *searchOptions, holds func(games.Position) (bool, error)) (games.Position, int, error) {
	domain := valueOrder(o.lo, o.hi)
	tried := 0
	for n := o.from; n <= o.to; n++ {
		nv, choices := x.Slots(n)
		maxChoice := 0
		for _, c := range choices {
			maxChoice += c - 1
		}
		values := make([]*big.Int, nv)
		ranks := make([]int, nv)
		picks := make([]int, len(choices))
		var found games.Position
		var err error
		// For each sum of the values' ranks, each sum of the choices', the
		// vectors of those sums in order.
		for sv := 0; sv <= nv*(len(domain)-1) && found == nil && err == nil; sv++ {
			for sc := 0; sc <= maxChoice && found == nil && err == nil; sc++ {
				eachWithSum(ranks, len(domain), sv, func() bool {
					for i, r := range ranks {
						values[i] = domain[r]
					}
					return eachWithSum(picks, 0, sc, func() bool {
						if tried >= o.limit {
							o.stopped = n
							return false
						}
						if err = env.Ctx.Err(); err != nil {
							return false
						}
						tried++
						if tried%256 == 0 {
							env.Report(int64(tried), int64(o.limit))
						}
						c, ok := x.Build(n, values, picks)
						if !ok {
							return true
						}
						var keep bool
						if keep, err = holds(c); err != nil || keep {
							found = c
							return false
						}
						return true
					}, choices...)
				})
				if o.stopped > 0 {
					return nil, tried, err
				}
			}
		}
		if err != nil {
			return nil, tried, err
		}
		if found != nil {
			return found, tried, nil
		}
	}
	return nil, tried, nil
}

// valueOrder is lo..hi ordered by simplicity (nearness to 0, the positive
// first), as shrink orders values.
func valueOrder(lo, hi *big.Int) []*big.Int {
	t := kit.Bounds{Lo: lo, Hi: hi}.Target()
	var out []*big.Int
	for d := int64(0); ; d++ {
		added := false
		for _, c := range []*big.Int{new(big.Int).Add(t, big.NewInt(d)), new(big.Int).Sub(t, big.NewInt(d))} {
			if c.Cmp(lo) >= 0 && c.Cmp(hi) <= 0 && (d > 0 || len(out) == 0) {
				out, added = append(out, c), true
			}
		}
		if !added && new(big.Int).Add(t, big.NewInt(d)).Cmp(hi) > 0 && new(big.Int).Sub(t, big.NewInt(d)).Cmp(lo) < 0 {
			return out
		}
	}
}

// eachWithSum sets v to every vector of ranks with sum s in lexicographic
// order, v[i] below size (or, with size 0, below sizes[i]), calling f on
// each until it returns false; it reports whether f never did.
func eachWithSum(v []int, size, s int, f func() bool, sizes ...int) bool {
	var rec func(i, left int) bool
	rec = func(i, left int) bool {
		if i == len(v) {
			return left != 0 || f()
		}
		limit := size
		if size == 0 {
			limit = sizes[i]
		}
		for r := 0; r < limit && r <= left; r++ {
			v[i] = r
			if !rec(i+1, left-r) {
				return false
			}
		}
		return true
	}
	return rec(0, s)
}

// predicateOf reads argument 2 of fn, a predicate, as a test of
// instances: an error of the predicate is false, one of the cell (its
// interrupt, its budget) stops the search.
func predicateOf(env *builtin.Env, fn string, pred any) (func(games.Position) (bool, error), error) {
	rule, ok := pred.(builtin.Predicate)
	if !ok {
		return nil, builtin.ArgError(fn, 2, "predicate", "must be a predicate {…} that says true of the instances to keep, like {solve(#).diff > 10}, got %s", kit.TypeName(pred))
	}
	return func(c games.Position) (bool, error) {
		v, err := rule.Call(c)
		if err != nil {
			if env.Ctx.Err() != nil || isStop(err) {
				return false, err
			}
			return false, nil
		}
		b, ok := v.(bool)
		if !ok {
			return false, fmt.Errorf("%s: %s returned %s, not true or false", fn, rule.Text(), kit.TypeName(v))
		}
		return b, nil
	}, nil
}
