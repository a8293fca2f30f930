package polygon

import (
	"context"
	"fmt"
	"math/big"
)


// The polygon game after its first move is a chain: values left to right,
// an edge between each two. The polygon solver solves rings (every first
// edge at once) and names one plan for its own first edge, so the chain
// positions of after, analyze, explain and play are solved here by the
// interval DP of docs/rules.md on exact numbers. Chains are short in
// practice (the DP is O(m³), a few milliseconds at m = 100), and this keeps
// the positions' answers independent of the ring solver, which the tests
// check them against.

// maxChainDP bounds the chains solved here: the tables hold 2·m² numbers
// (a million at m = 700) and the DP takes O(m³) big-number steps.
const maxChainDP = 700

// chainDP holds the largest (hi) and smallest (lo) value every part i..j of
// a chain can be merged into: hi[i][j-i] and lo[i][j-i].
type chainDP struct {
	vals   []*big.Int
	ops    []byte // ops[k] joins vals[k] and vals[k+1]
	hi, lo [][]*big.Int
}

// split is the candidates of one split of a part, left part l and right
// part r joined by op: their sum, or the four products of their extremes.
// Kept in a reusable scratch so the DP allocates per part, not per split.
type split struct {
	t  [4]big.Int
	nt int
}

func (s *split) eval(op byte, llo, lhi, rlo, rhi *big.Int) {
	if op == '+' {
		s.t[0].Add(llo, rlo)
		s.t[1].Add(lhi, rhi)
		s.nt = 2
		return
	}
	s.t[0].Mul(llo, rlo)
	s.t[1].Mul(llo, rhi)
	s.t[2].Mul(lhi, rlo)
	s.t[3].Mul(lhi, rhi)
	s.nt = 4
}

// extremes are the smallest and largest candidate.
func (s *split) extremes() (lo, hi *big.Int) {
	lo, hi = &s.t[0], &s.t[0]
	for k := 1; k < s.nt; k++ {
		if s.t[k].Cmp(lo) < 0 {
			lo = &s.t[k]
		}
		if s.t[k].Cmp(hi) > 0 {
			hi = &s.t[k]
		}
	}
	return lo, hi
}

// solveChain fills the tables of the chain vals joined by ops.
func solveChain(ctx context.Context, vals []*big.Int, ops []byte) (*chainDP, error) {
	if len(vals) > maxChainDP {
		return nil, fmt.Errorf("a chain of %d values is more than the %d the chain solver takes (solve the ring instead)", len(vals), maxChainDP)
	}
	c := newChainDP(vals, ops)
	return c, c.fill(ctx, nil)
}

func newChainDP(vals []*big.Int, ops []byte) *chainDP {
	m := len(vals)
	c := &chainDP{vals: vals, ops: ops, hi: make([][]*big.Int, m), lo: make([][]*big.Int, m)}
	for i := range m {
		c.hi[i] = make([]*big.Int, m-i)
		c.lo[i] = make([]*big.Int, m-i)
		c.hi[i][0], c.lo[i][0] = vals[i], vals[i]
	}
	return c
}

// fill computes every part longer than one value, shortest first. shared,
// when not nil, supplies parts known already (a merged chain's parts that
// do not hold the merged vertex are parts of the chain before the merge).
func (c *chainDP) fill(ctx context.Context, shared func(i, j int) (lo, hi *big.Int, ok bool)) error {
	m := len(c.vals)
	var s split
	for ln := 2; ln <= m; ln++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		for i := 0; i+ln <= m; i++ {
			j := i + ln - 1
			if shared != nil {
				if lo, hi, ok := shared(i, j); ok {
					c.lo[i][j-i], c.hi[i][j-i] = lo, hi
					continue
				}
			}
			lo, hi := new(big.Int), new(big.Int)
			for k := i; k < j; k++ {
				s.eval(c.ops[k], c.lo[i][k-i], c.hi[i][k-i], c.lo[k+1][j-k-1], c.hi[k+1][j-k-1])
				l, h := s.extremes()
				if k == i || l.Cmp(lo) < 0 {
					lo.Set(l)
				}
				if k == i || h.Cmp(hi) > 0 {
					hi.Set(h)
				}
			}
			c.lo[i][j-i], c.hi[i][j-i] = lo, hi
		}
	}
	return nil
}

// best is the best final value of the whole chain; worst the worst.
func (c *chainDP) best() *big.Int  { return c.hi[0][len(c.vals)-1] }
func (c *chainDP) worst() *big.Int { return c.lo[0][len(c.vals)-1] }

// afterMerge is the best final value once edge k (joining vals[k] and
// vals[k+1]) is merged first: the DP of the merged chain, where only the
// parts holding the merged vertex are new (O(m³) for every k together is
// O(m⁴) at worst, but each k computes about k·(m−k)·m/3 splits).
func (c *chainDP) afterMerge(ctx context.Context, k int) (*big.Int, error) {
	m := len(c.vals)
	vals := make([]*big.Int, 0, m-1)
	vals = append(vals, c.vals[:k]...)
	vals = append(vals, applyOp(c.ops[k], c.vals[k], c.vals[k+1]))
	vals = append(vals, c.vals[k+2:]...)
	ops := make([]byte, 0, m-2)
	ops = append(ops, c.ops[:k]...)
	ops = append(ops, c.ops[k+1:]...)
	d := newChainDP(vals, ops)
	err := d.fill(ctx, func(i, j int) (lo, hi *big.Int, ok bool) {
		switch {
		case j < k:
			return c.lo[i][j-i], c.hi[i][j-i], true
		case i > k:
			return c.lo[i+1][j-i], c.hi[i+1][j-i], true
		}
		return nil, nil, false
	})
	if err != nil {
		return nil, err
	}
	return d.best(), nil
}

// applyOp is a op b as a new number.
func applyOp(op byte, a, b *big.Int) *big.Int {
	if op == '+' {
		return new(big.Int).Add(a, b)
	}
	return new(big.Int).Mul(a, b)
}

// planNode is one merge of a plan (or a value, when i == j): part i..j of
// the chain merged into value, the largest the part can give when hi, the
// smallest otherwise. A merge splits at edge s (joining vals[s] and
// vals[s+1]) and takes each side at its largest (kidHi) or smallest value.
type planNode struct {
	i, j  int
	hi    bool
	value *big.Int
	s     int
	op    byte
	kids  [2]*planNode
	kidHi [2]bool
}

// plan rebuilds one plan reaching part i..j's extreme (hi: the largest),
// with the tie rule of docs/rules.md: the leftmost split that reaches it,
// for '*' the first of min·min, min·max, max·min, max·max that does.
func (c *chainDP) plan(ctx context.Context, i, j int, hi bool) (*planNode, error) {
	root := &planNode{i: i, j: j, hi: hi}
	stack := []*planNode{root}
	var s split
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, j := nd.i, nd.j
		nd.value = c.lo[i][j-i]
		if nd.hi {
			nd.value = c.hi[i][j-i]
		}
		if i == j {
			continue
		}
		found := false
		for k := i; k < j && !found; k++ {
			s.eval(c.ops[k], c.lo[i][k-i], c.hi[i][k-i], c.lo[k+1][j-k-1], c.hi[k+1][j-k-1])
			for t := 0; t < s.nt && !found; t++ {
				if s.t[t].Cmp(nd.value) != 0 {
					continue
				}
				found = true
				nd.s, nd.op = k, c.ops[k]
				if s.nt == 2 { // a sum: both sides at the same extreme
					nd.kidHi = [2]bool{t == 1, t == 1}
				} else {
					nd.kidHi = [2]bool{t >= 2, t%2 == 1}
				}
			}
		}
		if !found {
			panic("games: no split reaches the chain's extreme")
		}
		nd.kids[0] = &planNode{i: i, j: nd.s, hi: nd.kidHi[0]}
		nd.kids[1] = &planNode{i: nd.s + 1, j: j, hi: nd.kidHi[1]}
		stack = append(stack, nd.kids[1], nd.kids[0])
	}
	return root, nil
}

// merges lists the plan's merges in the order they are made: each after
// the merges inside its two parts, the left part's first. edge(s) names
// the edge at split s.
func (nd *planNode) merges(edge func(s int) int) []int {
	var out []int
	// Post-order without recursion: a plan can be as deep as the chain is long.
	type item struct {
		nd   *planNode
		done bool
	}
	stack := []item{{nd, false}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.nd.i == it.nd.j {
			continue
		}
		if it.done {
			out = append(out, edge(it.nd.s))
			continue
		}
		stack = append(stack, item{it.nd, true}, item{it.nd.kids[1], false}, item{it.nd.kids[0], false})
	}
	return out
}

// optimalNext says, for each edge k of the chain, whether merging it next
// is optimal: whether some plan reaching the best final value merges it
// first. That is so exactly when part k..k+1 lies in a plan in which every
// part is merged into its largest or smallest value (walked top down from
// the whole chain, through every split and choice of extremes that reaches
// the part's extreme), unless a part on the way has extreme 0: a product
// 0 = x·0 is reached by any x, not only by extremes, so there the plans
// are scored one merge at a time (afterMerge). See docs/rules.md for the
// game; the walk costs about as much as the DP, O(m³), where scoring every
// merge costs O(m⁴).
func (c *chainDP) optimalNext(ctx context.Context) ([]bool, error) {
	m := len(c.vals)
	opt := make([]bool, max(m-1, 0))
	if m < 2 {
		return opt, nil
	}
	type part struct {
		i, j int
		hi   bool
	}
	// seen[i][j-i]: bit 1 the part was reached for its largest value, bit 2
	// for its smallest.
	seen := make([][]uint8, m)
	for i := range seen {
		seen[i] = make([]uint8, m-i)
	}
	bit := func(hi bool) uint8 {
		if hi {
			return 1
		}
		return 2
	}
	stack := []part{{0, m - 1, true}}
	seen[0][m-1] = 1
	var s split
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, j := p.i, p.j
		e := c.lo[i][j-i]
		if p.hi {
			e = c.hi[i][j-i]
		}
		if j == i+1 { // a merge that some optimal plan makes first
			opt[i] = true
			continue
		}
		if e.Sign() == 0 {
			return c.optimalByMerging(ctx)
		}
		for k := i; k < j; k++ {
			s.eval(c.ops[k], c.lo[i][k-i], c.hi[i][k-i], c.lo[k+1][j-k-1], c.hi[k+1][j-k-1])
			for t := 0; t < s.nt; t++ {
				if s.t[t].Cmp(e) != 0 {
					continue
				}
				lhi, rhi := t == 1, t == 1 // a sum: both at the same extreme
				if s.nt == 4 {
					lhi, rhi = t >= 2, t%2 == 1
				}
				for _, q := range []part{{i, k, lhi}, {k + 1, j, rhi}} {
					if q.j > q.i && seen[q.i][q.j-q.i]&bit(q.hi) == 0 {
						seen[q.i][q.j-q.i] |= bit(q.hi)
						stack = append(stack, q)
					}
				}
			}
		}
	}
	return opt, nil
}

// optimalByMerging scores every next merge by the DP of the chain it
// leaves.
func (c *chainDP) optimalByMerging(ctx context.Context) ([]bool, error) {
	opt := make([]bool, len(c.ops))
	for k := range c.ops {
		v, err := c.afterMerge(ctx, k)
		if err != nil {
			return nil, err
		}
		opt[k] = v.Cmp(c.best()) == 0
	}
	return opt, nil
}
