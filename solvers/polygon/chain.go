package polygon

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"sync/atomic"
)

// Chain is a position of the game after its first move: values left to
// right and the operators of the edges between them. Its edges are named
// 1..m-1 from the left: edge k joins Values[k-1] and Values[k], and merging
// it gives Values[k-1] Ops[k-1] Values[k] (left op right, as on a ring).
type Chain struct {
	Values []*big.Int
	Ops    []byte // len(Values)-1 operators, '+', '*' or '-'
	// Names, when not nil, are the edges' own numbers (a position's
	// chain keeps its ring's), len(Values)-1 of them: a plan under a
	// variant takes the first optimal merge in their order (see
	// firstPlan). Nil: the edges' order, 1..m-1. Results still name the
	// edges 1..m-1.
	Names []int
}

// M is the number of values.
func (c *Chain) M() int { return len(c.Values) }

// Clone returns a deep copy.
func (c *Chain) Clone() *Chain {
	return &Chain{Ops: append([]byte(nil), c.Ops...), Values: cloneInts(c.Values), Names: append([]int(nil), c.Names...)}
}

// Validate reports a chain SolveChain cannot accept: no values, other than
// one operator fewer than values, an unknown operator or a missing value.
func (c *Chain) Validate() error {
	if c == nil || len(c.Values) == 0 {
		return fmt.Errorf("polygon: empty chain: a chain needs at least one value")
	}
	if len(c.Ops) != len(c.Values)-1 {
		return fmt.Errorf("polygon: a chain of %d values has %d edges, want %d", len(c.Values), len(c.Ops), len(c.Values)-1)
	}
	if c.Names != nil && len(c.Names) != len(c.Ops) {
		return fmt.Errorf("polygon: a chain of %d edges has %d names", len(c.Ops), len(c.Names))
	}
	for k, v := range c.Values {
		if v == nil {
			return fmt.Errorf("polygon: value %d of the chain is missing", k+1)
		}
		if k < len(c.Ops) && !validOp(c.Ops[k]) {
			return fmt.Errorf("polygon: chain edge %d has operator %q, want '+', '*' or '-'", k+1, c.Ops[k])
		}
	}
	return nil
}

// String is the chain as text, "v1 op1 v2 op2 … vm", e.g. "-5 + -2 * 8".
func (c *Chain) String() string {
	var sb strings.Builder
	for k, v := range c.Values {
		if k > 0 {
			sb.WriteByte(' ')
			sb.WriteByte(c.Ops[k-1])
			sb.WriteByte(' ')
		}
		sb.WriteString(v.String())
	}
	return sb.String()
}

// Open is the chain left when edge e (1..n) is deleted first: it starts at
// v(e), and its edge k is the ring's edge (e-1+k) mod n + 1. The chain
// shares p's numbers.
func (p *Polygon) Open(e int) *Chain {
	n := p.N()
	c := &Chain{Values: make([]*big.Int, n), Ops: make([]byte, n-1)}
	for k := range n {
		c.Values[k] = p.Values[(e-1+k)%n]
		if k > 0 {
			c.Ops[k-1] = p.Ops[(e-1+k)%n]
		}
	}
	return c
}

// ChainResult is the answer for one chain.
type ChainResult struct {
	M     int      // the number of values
	Best  *big.Int // the goal's extreme of the last value (GoalMax: the largest)
	Worst *big.Int // the other extreme
	// Optimal lists every optimal next merge, increasing: edge k is in it
	// exactly when merging k first still reaches Best.
	Optimal []int
	// Merges is one optimal plan, the m-1 edges in merge order (by their
	// number in this chain), as the original program's stack pops them.
	Merges []int
	Goal   Goal
	// Table is the DP table when Options.KeepTable asked for it, else nil.
	Table *Table

	chain *Chain // a private copy, for Expr
}

// Expr is the plan as a bracketed expression, as Result.Expr writes one.
func (r *ChainResult) Expr() string {
	c := r.chain
	return planExpr(r.M, func(k int) *big.Int { return c.Values[k] }, func(k int) byte { return c.Ops[k-1] }, r.Merges)
}

// SolveChain solves the chain c exactly with the ring solver's engines
// (int64 with overflow checks, the vector kernels, the exact engine) in
// O(m³) time: Best, Worst, one plan with the seed's tie-breaking, and every
// optimal next merge (a top-down pass over the filled table, see
// optimal.go). Cancellation, opts.MaxTableBytes and opts.Progress work as
// for SolveWith; EstimateChain says up front what it takes.
//
// The only size limit is opts.MaxTableBytes: a chain's int64 tables take
// 32·m² bytes and its exact ones 98·m² plus the big numbers (both while
// the solve switches), so the default 8 GiB admits m ≤ 16384 values that
// stay in int64, m ≤ 8128 whose numbers leave it part-way and m ≤ 9362
// exact from the start (less as the numbers grow). Larger chains are
// refused with a *SizeError before the tables are allocated.
func SolveChain(ctx context.Context, c *Chain, opts Options) (*ChainResult, error) {
	return solveChainWith(ctx, c, opts, defaultConfig())
}

func solveChainWith(ctx context.Context, c *Chain, opts Options, cfg *config) (*ChainResult, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return runSolve(ctx, c.Values, &opts, func(stop *atomic.Bool) (*ChainResult, error) {
		return solveChain(c, opts, cfg, stop, nil)
	})
}

// chainTables lays out chain c for the engines (see tables).
func chainTables(c *Chain, opts Options, cfg *config, stop *atomic.Bool) *tables {
	return newTables(c.M(), true, func(x int) byte { return c.Ops[x-1] }, opts, cfg, stop)
}

// solveChain solves c; g, when not nil, is its numbers' growth for
// Options.Progress (a line's chains share their ring's).
func solveChain(c *Chain, opts Options, cfg *config, stop *atomic.Bool, g *growth) (*ChainResult, error) {
	m := c.M()
	t := chainTables(c, opts, cfg, stop)
	if g != nil && opts.Progress != nil {
		t.growth, t.unitsTotal = *g, progressUnits(m, true, *g)
	}
	if err := t.fill(c.Values); err != nil {
		return nil, err
	}
	hi := opts.Goal.wantsMax()
	r := &ChainResult{M: m, Goal: opts.Goal, chain: c.Clone()}
	r.Best, r.Worst = t.value(0, m, hi).bigInt(), t.value(0, m, !hi).bigInt()
	var err error
	if r.Optimal, err = t.optimalNext(0, m, hi); err != nil {
		return nil, err
	}
	rank := func(k int) int { return k }
	if c.Names != nil {
		rank = func(k int) int { return c.Names[k-1] }
	}
	if r.Merges, err = t.planOf(0, m, opts.Goal, rank, nil); err != nil {
		return nil, err
	}
	if opts.KeepTable {
		r.Table = t.keep(0, opts.Goal, rank)
	}
	return r, nil
}
