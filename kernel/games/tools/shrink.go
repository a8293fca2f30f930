package tools

import (
	"context"
	"fmt"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Shrinking: a small instance that keeps a property (a short row where
// greedy loses more than 10, a small input a program gets wrong), by
// deleting and simplifying parts while the property holds, as delta
// debugging does, until no single step does (1-minimal; smallest.go
// searches for the globally smallest). Written once over Shrinkable,
// which each game's instance implements.

func init() {
	registerTool(&tool{same: true, Builtin: &builtin.Builtin{
		Name:      "shrink",
		Signature: `shrink(x, {…})`,
		Doc: `A small instance like x for which the predicate ({…} of the instance, # the instance) still ` +
			`holds, 1-minimal: no single step makes it smaller and keeps the predicate true. The steps are ` +
			`deleting one part (a vertex with the edge before it, a coin, a stone), a board's last row, making ` +
			`one value simpler (nearer 0, and of two as near the positive one; stones nearer 1): every value ` +
			`within 256 of 0 is tried, so such a value is the simplest that holds, and one farther goes as near ` +
			`as a binary search finds and then to the simplest of the 256 below that, and making one polygon ` +
			`operator simpler (+, then *, then -). It deletes runs of parts first (a half, a quarter, … one), as ` +
			`delta debugging does, and repeats every step until none holds. The predicate must be true of x ` +
			`itself; a candidate it fails on (an error) counts as false. A smaller instance may exist that no ` +
			`single step reaches: smallest(x, {…}) searches every small instance for the smallest.`,
		Example:    `shrink(randcoins(12, 5), {let r = match(#, greedy, optimal); r.loss.A > 10})`,
		Predicates: []int{2},
		Fn:         fnShrink,
	}})
}

// Shrink is a small instance like x for which keep holds (keep(x)
// must): it deletes parts, larger runs first, then makes each value the
// simplest keep allows within bounds (simplestValue: every value within
// bounds.Window() of the target, a binary search past it), then the
// game's simpler forms, as long as keep stays true, and starts again
// until no single step does: the result is 1-minimal in each. keep
// reports a candidate true or false; an error stops the search (the
// cell's interrupt). steps counts the candidates kept.
func Shrink(ctx context.Context, x games.Position, bounds kit.Bounds, keep func(games.Position) (bool, error)) (out games.Position, steps int, err error) {
	try := func(c games.Position) (bool, error) {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		ok, err := keep(c)
		if ok {
			steps++
		}
		return ok, err
	}
	for {
		smaller, err := shrinkParts(x, try)
		if err != nil {
			return nil, steps, err
		}
		simpler, err := shrinkValues(smaller, bounds, try)
		if err != nil {
			return nil, steps, err
		}
		if simpler, err = simplify(simpler, try); err != nil {
			return nil, steps, err
		}
		if simpler == x {
			return x, steps, nil
		}
		x = simpler
	}
}

// shrinkParts deletes parts of x while try keeps the result: the game's
// own steps first, then runs of half the parts, a quarter, … one.
func shrinkParts(x games.Position, try func(games.Position) (bool, error)) (games.Position, error) {
again:
	s, ok := x.(games.Shrinkable)
	if !ok {
		return x, nil
	}
	if c, err := firstKept(s.Smaller(), try); err != nil {
		return nil, err
	} else if c != nil {
		x = c
		goto again
	}
	n := s.Parts()
	for size := max(n/2, 1); size >= 1 && n > 0; size /= 2 {
		for i := 0; i+size <= n; i += size {
			c, ok := s.WithoutParts(i, i+size)
			if !ok {
				continue
			}
			if ok, err := try(c); err != nil {
				return nil, err
			} else if ok {
				x = c
				goto again
			}
		}
	}
	return x, nil
}

// simplify takes the game's simpler forms of x (Shrinkable.Simpler) while
// try keeps them.
func simplify(x games.Position, try func(games.Position) (bool, error)) (games.Position, error) {
	for {
		s, ok := x.(games.Shrinkable)
		if !ok {
			return x, nil
		}
		c, err := firstKept(s.Simpler(), try)
		if err != nil || c == nil {
			return x, err
		}
		x = c
	}
}

// firstKept is the first of cands that try keeps, nil when none is.
func firstKept(cands []games.Position, try func(games.Position) (bool, error)) (games.Position, error) {
	for _, c := range cands {
		if ok, err := try(c); err != nil || ok {
			return c, err
		}
	}
	return nil, nil
}

// shrinkValues makes each value of x as simple as try allows, the others
// kept (simplestValue), one after the other.
func shrinkValues(x games.Position, bounds kit.Bounds, try func(games.Position) (bool, error)) (games.Position, error) {
	t := bounds.Target()
	for i := 0; ; i++ {
		s, ok := x.(games.Shrinkable)
		if !ok || i >= len(s.ShrinkValues()) {
			return x, nil
		}
		// with is x with value i at w, when the game and bounds allow it
		// and the property holds there.
		with := func(w *big.Int) (bool, error) {
			if !bounds.Holds(w) {
				return false, nil
			}
			c, ok := x.(games.Shrinkable).WithValue(i, w)
			if !ok {
				return false, nil
			}
			ok, err := try(c)
			if ok {
				x = c
			}
			return ok, err
		}
		if err := simplestValue(new(big.Int).Set(s.ShrinkValues()[i]), t, bounds.Window(), with); err != nil {
			return nil, err
		}
	}
}

// Values are ordered by simplicity: nearer the target first, and of two
// as near, the one above it (0, 1, -1, 2, -2, …). simpler says c comes
// before v.
func simpler(c, v, t *big.Int) bool {
	dc, dv := new(big.Int).Sub(c, t), new(big.Int).Sub(v, t)
	if k := dc.CmpAbs(dv); k != 0 {
		return k < 0
	}
	return dc.Sign() >= 0 && dv.Sign() < 0
}

// simplestValue moves value v toward the target t while with keeps the
// value it is given (with makes it the instance's): every value within
// near of t is tried, simplest first, so a value that near ends as the
// simplest that keeps the property; one farther, if none of those does,
// goes as near as a binary search between them finds (the nearest when
// the property holds from some distance on), and then to the simplest of
// the near values just below that distance that keeps it.
func simplestValue(v, t *big.Int, near int, with func(*big.Int) (bool, error)) error {
	// tryAt tries the values at distance d from t (above it first) that
	// are simpler than v; found says one was kept, and is the value.
	tryAt := func(d *big.Int) (found bool, err error) {
		for _, c := range []*big.Int{new(big.Int).Add(t, d), new(big.Int).Sub(t, d)} {
			if !simpler(c, v, t) {
				continue
			}
			if ok, err := with(c); err != nil || ok {
				if ok {
					v.Set(c)
				}
				return ok, err
			}
			if d.Sign() == 0 {
				break
			}
		}
		return false, nil
	}
	dist := new(big.Int).Sub(v, t)
	dist.Abs(dist)
	limit := big.NewInt(int64(near))
	for d := new(big.Int); d.Cmp(dist) <= 0 && d.Cmp(limit) <= 0; d.Add(d, big.NewInt(1)) {
		if found, err := tryAt(d); found || err != nil {
			return err
		}
	}
	if dist.Cmp(limit) <= 0 {
		return nil // every simpler value was tried
	}
	// lo fails (every value as near was tried), hi holds: halve the gap
	// on v's side until they are neighbours.
	side := new(big.Int).Sub(v, t).Sign()
	lo, hi := new(big.Int).Set(limit), new(big.Int).Set(dist)
	one := big.NewInt(1)
	for new(big.Int).Sub(hi, lo).Cmp(one) > 0 {
		mid := new(big.Int).Add(lo, hi)
		mid.Rsh(mid, 1)
		c := new(big.Int).Mul(mid, big.NewInt(int64(side)))
		c.Add(c, t)
		ok, err := with(c)
		if err != nil {
			return err
		}
		if ok {
			hi, v = mid, c
		} else {
			lo = mid
		}
	}
	// The near values just below that distance, and the positive twin.
	from := new(big.Int).Sub(hi, limit)
	if from.Cmp(limit) <= 0 {
		from.Add(limit, one)
	}
	for d := from; d.Cmp(hi) <= 0; d.Add(d, one) {
		if found, err := tryAt(d); found || err != nil {
			return err
		}
	}
	return nil
}

// ShrinkNear is how far from 0 the shrink builtin tries every value.
const ShrinkNear = 256

func fnShrink(env *builtin.Env, args ...any) (any, error) {
	var x, pred any
	if err := kit.Unpack("shrink", args, "x", &x, "predicate", &pred); err != nil {
		return nil, err
	}
	p, ok := x.(games.Position)
	if _, shrinkable := x.(games.Shrinkable); !ok || !shrinkable {
		return nil, kit.BadType("shrink", 1, "x", kindsOf("shrink", is[games.Shrinkable]), x)
	}
	if h := p.History(); h.Len() > 0 {
		return nil, builtin.ArgError("shrink", 1, "x", "is a %s after moves; shrink takes an instance before any move", kit.TypeName(x))
	} else if h != nil { // a position of its own, such as a DP cell's part of a ring
		return nil, builtin.ArgError("shrink", 1, "x", "is a %s, not an instance; shrink takes an instance before any move", kit.TypeName(x))
	}
	holds, err := predicateOf(env, "shrink", pred)
	if err != nil {
		return nil, err
	}
	rule := pred.(builtin.Predicate)
	v, err := rule.Call(p)
	if err != nil {
		if env.Ctx.Err() != nil || isStop(err) {
			return nil, err
		}
		return nil, fmt.Errorf("shrink: %s fails on x itself: %v", rule.Text(), err)
	}
	if b, ok := v.(bool); !ok {
		return nil, fmt.Errorf("shrink: %s returned %s, not true or false", rule.Text(), kit.TypeName(v))
	} else if !b {
		return nil, fmt.Errorf("shrink: %s is false for x itself, so there is nothing to keep", rule.Text())
	}
	out, _, err := Shrink(env.Ctx, p, kit.Bounds{Near: ShrinkNear}, holds)
	return out, err
}
