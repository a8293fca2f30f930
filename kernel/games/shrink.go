package games

import (
	"context"
	"fmt"
	"math/big"

	"gamelab/kernel/builtin"
)

// Shrinking: a smallest instance that keeps a property (the smallest row
// where greedy loses more than 10, the smallest input a program gets
// wrong), by deleting and simplifying parts while the property holds, as
// delta debugging does. Written once over Shrinkable, which each game's
// instance implements.

func init() {
	register(&builtin.Builtin{
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
	})
}

// Shrinkable is an instance shrink can make smaller: its parts (vertices,
// coins, stones) and its values, which it may delete and change one copy
// at a time. Positions count parts and values from 0, in the game's order.
type Shrinkable interface {
	// Parts is how many parts may be deleted.
	Parts() int
	// WithoutParts is the instance without parts [i, j); false when that
	// leaves no instance (no vertex, no coin).
	WithoutParts(i, j int) (Position, bool)
	// ShrinkValues are the values that may be made smaller, in order.
	ShrinkValues() []*big.Int
	// WithValue is the instance with value i set to v; false when the game
	// does not allow v there (a stone 0).
	WithValue(i int, v *big.Int) (Position, bool)
}

// Reducer is a Shrinkable with steps of its own, larger than deleting a
// part, tried before them: a board without its last row.
type Reducer interface {
	Smaller() []Position
}

// Simplifier is a Shrinkable with simpler forms of the same size and
// values, tried after the values: a polygon with a '*' or '-' edge made
// '+'. Each candidate is one step simpler.
type Simplifier interface {
	Simpler() []Position
}

// Bounds keeps shrunk values within [Lo, Hi] (either nil: unbounded), as a
// judge's inputs stay within their constraints; values go toward the one
// nearest 0 there.
type Bounds struct{ Lo, Hi *big.Int }

// target is the value of b nearest 0.
func (b Bounds) target() *big.Int {
	t := new(big.Int)
	if b.Lo != nil && t.Cmp(b.Lo) < 0 {
		t.Set(b.Lo)
	}
	if b.Hi != nil && t.Cmp(b.Hi) > 0 {
		t.Set(b.Hi)
	}
	return t
}

// holds says v is within b.
func (b Bounds) holds(v *big.Int) bool {
	return (b.Lo == nil || v.Cmp(b.Lo) >= 0) && (b.Hi == nil || v.Cmp(b.Hi) <= 0)
}

// Shrink is a smallest instance like x for which keep holds (keep(x)
// must): it deletes parts, larger runs first, then makes values nearer
// the target, as long as keep stays true, until no single step does. keep
// reports a candidate true or false; an error stops the search (the
// cell's interrupt). steps counts the candidates kept.
func Shrink(ctx context.Context, x Position, bounds Bounds, keep func(Position) (bool, error)) (out Position, steps int, err error) {
	try := func(c Position) (bool, error) {
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
func shrinkParts(x Position, try func(Position) (bool, error)) (Position, error) {
again:
	if r, ok := x.(Reducer); ok {
		if c, err := firstKept(r.Smaller(), try); err != nil {
			return nil, err
		} else if c != nil {
			x = c
			goto again
		}
	}
	s, ok := x.(Shrinkable)
	if !ok {
		return x, nil
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

// simplify takes the game's simpler forms of x (Simplifier) while try
// keeps them.
func simplify(x Position, try func(Position) (bool, error)) (Position, error) {
	for {
		s, ok := x.(Simplifier)
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
func firstKept(cands []Position, try func(Position) (bool, error)) (Position, error) {
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
func shrinkValues(x Position, bounds Bounds, try func(Position) (bool, error)) (Position, error) {
	t := bounds.target()
	for i := 0; ; i++ {
		s, ok := x.(Shrinkable)
		if !ok || i >= len(s.ShrinkValues()) {
			return x, nil
		}
		// with is x with value i at w, when the game and bounds allow it
		// and the property holds there.
		with := func(w *big.Int) (bool, error) {
			if !bounds.holds(w) {
				return false, nil
			}
			c, ok := x.(Shrinkable).WithValue(i, w)
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
		if v = x.(Shrinkable).ShrinkValues()[i]; v.Sign() < 0 {
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
	if err := Unpack("shrink", args, "x", &x, "predicate", &pred); err != nil {
		return nil, err
	}
	p, ok := x.(Position)
	if _, shrinkable := x.(Shrinkable); !ok || !shrinkable {
		return nil, BadType("shrink", 1, "x", "a game value (a polygon, coins or a board)", x)
	}
	rule, ok := pred.(builtin.Predicate)
	if !ok {
		return nil, builtin.ArgError("shrink", 2, "predicate", "must be a predicate {…} that says true of the instances to keep, like {solve(#).diff > 10}, got %s", TypeName(pred))
	}
	holds := func(c Position) (bool, error) {
		v, err := rule.Call(c)
		if err != nil {
			if env.Ctx.Err() != nil || isStop(err) {
				return false, err
			}
			return false, nil
		}
		b, ok := v.(bool)
		if !ok {
			return false, fmt.Errorf("shrink: %s returned %s, not true or false", rule.Text(), TypeName(v))
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
		return nil, fmt.Errorf("shrink: %s returned %s, not true or false", rule.Text(), TypeName(v))
	} else if !b {
		return nil, fmt.Errorf("shrink: %s is false for x itself, so there is nothing to keep", rule.Text())
	}
	out, _, err := Shrink(env.Ctx, p, Bounds{}, holds)
	return out, err
}
