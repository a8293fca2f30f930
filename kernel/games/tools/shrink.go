package tools

import (
	"context"
	"fmt"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Shrinking: a smallest instance that keeps a property (the smallest row
// where greedy loses more than 10, the smallest input a program gets
// wrong), by deleting and simplifying parts while the property holds, as
// delta debugging does. Written once over Shrinkable, which each game's
// instance implements.

func init() {
	registerTool(&tool{same: true, Builtin: &builtin.Builtin{
		Name:      "shrink",
		Signature: `shrink(x, {…})`,
		Doc: `A smallest instance for which the predicate still holds: fewest vertices, coins or stones (a ` +
			`board: fewest rows first), then values as near 0 as they go (stones as near 1), found by ` +
			`deleting parts, a half of them, a quarter, … down to one, then making values smaller (and a ` +
			`polygon's * and - edges +), for as ` +
			`long as the predicate ({…} of the instance, # the instance) stays true, as delta debugging ` +
			`does. The predicate must be true of x itself; a candidate it fails on (an error) counts as false. ` +
			`No single deletion or smaller value of the result keeps it true.`,
		Example:    `shrink(randcoins(12, 5), {let r = match(#, greedy, optimal); r.loss.A > 10})`,
		Predicates: []int{2},
		Fn:         fnShrink,
	}})
}

// Shrink is a smallest instance like x for which keep holds (keep(x)
// must): it deletes parts, larger runs first, then makes values nearer
// the target, as long as keep stays true, until no single step does. keep
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

// shrinkValues moves each value of x toward the target while try keeps
// the result: to the target itself if it can, else as near as a binary
// search between the two finds (which is the nearest when the property
// holds from some distance on), then to its opposite when that is as
// near and not negative.
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
		v := new(big.Int).Set(s.ShrinkValues()[i])
		if v.Cmp(t) == 0 {
			continue
		}
		ok, err := with(t)
		if err != nil {
			return nil, err
		}
		// far fails and near holds: halve the gap until they are neighbours.
		far, near := new(big.Int).Set(t), v
		for !ok && new(big.Int).Sub(near, far).CmpAbs(big.NewInt(1)) > 0 {
			mid := new(big.Int).Add(far, near)
			mid.Quo(mid, big.NewInt(2))
			held, err := with(mid)
			if err != nil {
				return nil, err
			}
			if held {
				near = mid
			} else {
				far = mid
			}
		}
		if v = x.(games.Shrinkable).ShrinkValues()[i]; v.Sign() < 0 {
			neg := new(big.Int).Neg(v)
			if new(big.Int).Sub(neg, t).CmpAbs(new(big.Int).Sub(v, t)) <= 0 {
				if _, err := with(neg); err != nil {
					return nil, err
				}
			}
		}
	}
}

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
	rule, ok := pred.(builtin.Predicate)
	if !ok {
		return nil, builtin.ArgError("shrink", 2, "predicate", "must be a predicate {…} that says true of the instances to keep, like {solve(#).diff > 10}, got %s", kit.TypeName(pred))
	}
	holds := func(c games.Position) (bool, error) {
		v, err := rule.Call(c)
		if err != nil {
			if env.Ctx.Err() != nil || isStop(err) {
				return false, err
			}
			return false, nil
		}
		b, ok := v.(bool)
		if !ok {
			return false, fmt.Errorf("shrink: %s returned %s, not true or false", rule.Text(), kit.TypeName(v))
		}
		return b, nil
	}
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
	out, _, err := Shrink(env.Ctx, p, kit.Bounds{}, holds)
	return out, err
}
