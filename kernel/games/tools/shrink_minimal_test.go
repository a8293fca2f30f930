package tools_test

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	_ "gamelab/kernel/games/all"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
)

// make calls the builtin name (a constructor) with args.
func make_(t *testing.T, name string, args ...any) games.Position {
	t.Helper()
	for _, b := range tools.Builtins() {
		if b.Name == name {
			x, err := b.Fn(&builtin.Env{Ctx: context.Background()}, args...)
			if err != nil {
				t.Fatalf("%s%v: %v", name, args, err)
			}
			return x.(games.Position)
		}
	}
	t.Fatalf("no builtin %s", name)
	return nil
}

// valueOf is what a position is worth to its mover (a board's stone 1),
// -1 when it has no move.
func valueOf(p games.Position) *big.Int {
	if ms, ok := p.(games.FreeTurns); ok {
		p, _ = ms.WithMover("1")
	}
	if games.Over(p) {
		return big.NewInt(-1)
	}
	ev, err := games.Evaluate(&builtin.Env{Ctx: context.Background()}, p)
	if err != nil {
		return big.NewInt(-1)
	}
	return ev.Value
}

// neighbours are every instance one of shrink's steps makes of x: a part
// deleted, the game's own smaller steps, one value made simpler (every
// simpler value within the shrink builtin's window of the target, which
// is every one for the values here), one simpler form.
func neighbours(x games.Position, bounds kit.Bounds) []games.Position {
	s := x.(games.Shrinkable)
	out := s.Smaller()
	for i := range s.Parts() {
		if c, ok := s.WithoutParts(i, i+1); ok {
			out = append(out, c)
		}
	}
	t := bounds.Target()
	for i, v := range s.ShrinkValues() {
		d := new(big.Int).Sub(v, t)
		d.Abs(d)
		if !d.IsInt64() || d.Int64() > int64(bounds.Window()) {
			panic("a value past the exhaustive window: the test would not see all its steps")
		}
		for k := int64(0); k <= d.Int64(); k++ {
			for _, c := range []*big.Int{new(big.Int).Add(t, big.NewInt(k)), new(big.Int).Sub(t, big.NewInt(k))} {
				simpler := new(big.Int).Sub(c, t).CmpAbs(new(big.Int).Sub(v, t)) < 0 ||
					k == d.Int64() && c.Cmp(t) > 0 && v.Cmp(t) < 0
				if simpler && bounds.Holds(c) {
					if w, ok := s.WithValue(i, c); ok {
						out = append(out, w)
					}
				}
			}
		}
	}
	return append(out, s.Simpler()...)
}

// shrink's result is 1-minimal in every dimension it names, for
// predicates that are not monotone (a value modulo k, which a smaller
// value keeps or loses at random): it holds, and none of its single-step
// neighbours does. The cases among them: a value that could be
// smaller ([86, 9, 43, 66, 48, 79] where [44, 9, 43, 66, 48, 79] holds), a
// polygon whose values and operators could be simpler.
func TestShrinkIsOneMinimal(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 17))
	type instance struct {
		name string
		x    games.Position
	}
	var cases []instance
	cases = append(cases, instance{"the issue's coins", make_(t, "coins", []any{86, 9, 43, 66, 97, 79})},
		instance{"the issue's polygon", make_(t, "polygon", "- -2 * -7 + 0 * 1")})
	for k := range 150 {
		switch k % 3 {
		case 0:
			row := make([]any, 3+r.IntN(6))
			for i := range row {
				row[i] = r.IntN(100)
			}
			cases = append(cases, instance{"coins", make_(t, "coins", row)})
		case 1:
			var text string
			for range 2 + r.IntN(5) {
				text += fmt.Sprintf("%c %d ", "+*-"[r.IntN(3)], r.IntN(21)-10)
			}
			cases = append(cases, instance{"polygon", make_(t, "polygon", text)})
		default:
			cases = append(cases, instance{"board", make_(t, "randboard", 3+r.IntN(3), r.IntN(1000))})
		}
	}
	bad, checked := 0, 0
	for _, c := range cases {
		k := int64(3 + r.IntN(7))
		value := func(p games.Position) int64 {
			m := new(big.Int).Mod(valueOf(p), big.NewInt(k))
			return m.Int64()
		}
		want := value(c.x)
		keep := func(p games.Position) (bool, error) { return value(p) == want, nil }
		bounds := kit.Bounds{Near: tools.ShrinkNear}
		out, _, err := tools.Shrink(context.Background(), c.x, bounds, keep)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := keep(out); !ok {
			t.Fatalf("%s %s: shrink's result %s loses the property", c.name, c.x.Text(), out.Text())
		}
		checked++
		for _, n := range neighbours(out, bounds) {
			if ok, _ := keep(n); ok {
				bad++
				t.Errorf("%s %s, value mod %d = %d: shrink gives %s, but its neighbour %s holds too", c.name, c.x.Text(), k, want, out.Text(), n.Text())
				break
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d shrinks are not 1-minimal", bad, checked)
	}
}

// A value farther from 0 than the exhaustive window goes as near as a
// binary search finds, then to the simplest of the window's values just
// below that distance that keeps the property, as documented: from 5000,
// with the property "at least 1000, or 900", to 900; "at least 1000, or
// 300" stops at 1000, 300 being past the window below it; a negative
// value ends on its positive twin when that holds too.
func TestShrinkFarValues(t *testing.T) {
	for _, c := range []struct {
		from  int64
		holds func(v int64) bool
		want  int64
	}{
		{5000, func(v int64) bool { return v >= 1000 || v == 900 }, 900},
		{5000, func(v int64) bool { return v >= 1000 || v == 300 }, 1000},
		{-5000, func(v int64) bool { return v <= -1000 || v >= 1000 }, 1000},
		{-5000, func(v int64) bool { return v <= -1000 }, -1000},
		{200, func(v int64) bool { return v%7 == 4 }, 4},
	} {
		x := make_(t, "coins", []any{c.from})
		keep := func(p games.Position) (bool, error) {
			v := p.(games.Shrinkable).ShrinkValues()
			return len(v) == 1 && v[0].IsInt64() && c.holds(v[0].Int64()), nil
		}
		out, _, err := tools.Shrink(context.Background(), x, kit.Bounds{Near: tools.ShrinkNear}, keep)
		if err != nil {
			t.Fatal(err)
		}
		if got := out.(games.Shrinkable).ShrinkValues()[0]; got.Int64() != c.want {
			t.Errorf("from %d: shrink gives %d, want %d", c.from, got, c.want)
		}
	}
}
