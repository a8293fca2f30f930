package polygon

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteFirstLine is the line that makes the first optimal merge (by name)
// at every move of the chain vals/ops whose edges are named names, found
// by searching every line (bruteChain) at every move.
func bruteFirstLine(vals []*big.Int, ops []byte, names []int, goal Goal) []int {
	var line []int
	for len(vals) > 1 {
		best, _ := extremes(bruteChain(vals, ops), goal)
		at := -1
		for k := range ops {
			v, o := mergeAt(vals, ops, k)
			if b, _ := extremes(bruteChain(v, o), goal); b.Cmp(best) == 0 && (at < 0 || names[k] < names[at]) {
				at = k
			}
		}
		line = append(line, names[at])
		vals, ops = mergeAt(vals, ops, at)
		names = slices.Delete(slices.Clone(names), at, at+1)
	}
	return line
}

// mergeAt is the chain after merging its edge k (from 0).
func mergeAt(vals []*big.Int, ops []byte, k int) ([]*big.Int, []byte) {
	v := applyBig(ops[k], new(big.Int), vals[k], vals[k+1])
	return slices.Concat(vals[:k], []*big.Int{v}, vals[k+2:]), slices.Concat(ops[:k], ops[k+1:])
}

// firstLine is the first-optimal line of a chain too large to search,
// from its optimal next merges (SolveChain's Optimal, which the exhaustive
// search holds to in TestChainsAgainstBruteForce) move by move.
func firstLine(t *testing.T, c *Chain, goal Goal) []int {
	t.Helper()
	vals, ops, names := c.Values, c.Ops, c.Names
	if names == nil {
		for k := range ops {
			names = append(names, k+1)
		}
	}
	var line []int
	for len(vals) > 1 {
		r, err := SolveChain(context.Background(), &Chain{Values: vals, Ops: ops}, Options{Goal: goal})
		if err != nil {
			t.Fatal(err)
		}
		at := r.Optimal[0] - 1
		for _, k := range r.Optimal {
			if names[k-1] < names[at] {
				at = k - 1
			}
		}
		line = append(line, names[at])
		vals, ops = mergeAt(vals, ops, at)
		names = slices.Delete(slices.Clone(names), at, at+1)
	}
	return line
}

// Under goal "min" a chain's plan is the line of the first optimal merges
// by the edges' names (or their order without names), as an exhaustive
// search of every line at every move finds it; names in any order, values
// -1..1 among them (products reached with a part at 0 and the other free).
func TestFirstPlanAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(59, 60))
	for trial := range 3000 {
		m := 1 + rng.IntN(7)
		lo, hi := int64(-4), int64(4)
		if trial%3 == 0 {
			lo, hi = -1, 1
		}
		c := randChain(rng, m, []string{"+-*", "*", "-*", "+*"}[trial%4], lo, hi, trial%5%3)
		names := make([]int, m-1)
		for k := range names {
			names[k] = k + 1
		}
		if trial%2 == 1 {
			rng.Shuffle(len(names), func(a, b int) { names[a], names[b] = names[b], names[a] })
			c.Names = names
		}
		r, err := SolveChain(context.Background(), c, Options{Goal: GoalMin, KeepTable: true})
		if err != nil {
			t.Fatal(err)
		}
		want := bruteFirstLine(c.Values, c.Ops, names, GoalMin)
		got := make([]int, len(r.Merges))
		for k, e := range r.Merges {
			got[k] = names[e-1]
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s, names %v (min): plan %v, the first optimal line %v", c, c.Names, got, want)
		}
		// The plan's cells: every part the line merges, and every value.
		if cells := r.Table.Plan(); len(cells) != 2*m-1 || cells[0].Length != m {
			t.Fatalf("%s: plan cells %v", c, cells)
		}
	}
}
