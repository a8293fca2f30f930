package polygon

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestProgress: a solve reports each level once, in order, done growing to
// total, on the int64 path and past it (exact), and the answer is the one
// a solve without Progress gives.
func TestProgress(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct {
		name   string
		lo, hi int64
	}{{"int64", -1, 1}, {"exact", -10, 10}} {
		p := randPolygon(rng, 80, tc.lo, tc.hi)
		var calls int
		var last, total int64
		r, err := SolveWith(context.Background(), p, Options{Progress: func(done, all int64) {
			calls++
			if done <= last || (total != 0 && all != total) || done > all {
				t.Errorf("%s: progress %d of %d after %d of %d", tc.name, done, all, last, total)
			}
			last, total = done, all
		}})
		if err != nil {
			t.Fatal(err)
		}
		if calls != len(p.Values)-1 || last != total {
			t.Errorf("%s: %d reports ending at %d of %d, want %d ending at the total", tc.name, calls, last, total, len(p.Values)-1)
		}
		plain, err := Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if plain.Best.Cmp(r.Best) != 0 || plain.First != r.First {
			t.Errorf("%s: with progress best %v first %d, without %v %d", tc.name, r.Best, r.First, plain.Best, plain.First)
		}
	}
}
