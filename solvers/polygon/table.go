package polygon

import (
	"fmt"
	"math"
	"math/big"
)

// Table is the DP table a solve filled, kept when Options.KeepTable asks
// (Result.Table, ChainResult.Table): in the seed's notation m[i][j], the
// chain of j vertices starting at vertex i, with its min and max. A ring's
// table has every start 1..n and length 1..n (the answer for first edge e
// is the chain of length n starting after it, at vertex e); a chain's has
// every sub-chain, start+length-1 ≤ m. Reading a cell costs O(length) (its
// splits are rescanned with the seed's rule); the table keeps the solve's
// tables by start (Bytes), not its copies by end.
type Table struct {
	t     *tables
	first int  // the plan's chain: a ring's First-1, a chain's 0
	goal  Goal // the goal solved for
	rank  func(k int) int
}

// Cell is one entry of the table.
type Cell struct {
	Start, Length int      // 1-based start vertex (or value) and length
	Min, Max      *big.Int // exact, the caller's to keep
	// MinAt and MaxAt are the splits reaching each, as the first part's
	// length, with the seed's tie-breaking (the leftmost split that does);
	// 0 for a cell of length 1.
	MinAt, MaxAt int
}

// Candidate is what one split s of a cell compares: its operator, the two
// parts' extremes (a, b the first part's min and max, c, d the second's)
// and the combinations of them the DP takes, each x op y for x in {a, b}
// and y in {c, d}: a '*' split all four products, a '+' split a+c (the
// least sum) and b+d (the largest), a '-' split a−d and b−c; the others are
// nil. Min and Max are the split's extremes.
type Candidate struct {
	S              int // the first part's length, 1..length-1
	Op             byte
	A, B, C, D     *big.Int
	AC, AD, BC, BD *big.Int
	Min, Max       *big.Int
}

// PlanCell is a cell the optimal plan uses, at its max or its min.
type PlanCell struct {
	Start, Length int
	Max           bool
}

// keep keeps t's tables by start as a result's table (the tables by end
// only serve the split loops).
func (t *tables) keep(first int, goal Goal, rank func(k int) int) *Table {
	if f := t.fast; f != nil {
		f.tLo, f.tHi = nil, nil
	}
	if g := t.gen; g != nil {
		g.tLo.rows, g.tHi.rows = nil, nil
	}
	return &Table{t: t, first: first, goal: goal, rank: rank}
}

// N is the number of vertices (a chain's values).
func (d *Table) N() int { return d.t.n }

// Ring says the table is a ring's (else a chain's).
func (d *Table) Ring() bool { return !d.t.chain }

// Bytes is the memory the kept table holds, big numbers included.
func (d *Table) Bytes() int64 {
	n := int64(d.t.n)
	if d.t.gen != nil {
		return keptGenBytes(d.t.n) + 8*d.t.gen.ar.words.Load()
	}
	return 16 * n * n
}

// keptGenBytes is an exact table by start without its big values: two n×n
// tables of 36-byte entries (see genBytes).
func keptGenBytes(n int) int64 { return 2 * 36 * int64(n) * int64(n) }

// check says whether (start, length) names a cell, in words if not.
func (d *Table) check(start, length int) error {
	n := d.t.n
	switch {
	case start < 1 || start > n:
		return fmt.Errorf("polygon: no start %d in the table (starts are 1..%d)", start, n)
	case length < 1 || length > d.t.cellsFrom(start-1):
		return fmt.Errorf("polygon: no chain of length %d from %d in the table (lengths are 1..%d)", length, start, d.t.cellsFrom(start-1))
	}
	return nil
}

// Cell is chain (start, length).
func (d *Table) Cell(start, length int) (Cell, error) {
	if err := d.check(start, length); err != nil {
		return Cell{}, err
	}
	t, i := d.t, start-1
	c := Cell{Start: start, Length: length, Min: t.value(i, length, false).bigInt(), Max: t.value(i, length, true).bigInt()}
	if length > 1 {
		mt := t.meter(phasePlan)
		c.MinAt, _, _, _ = t.cut(&mt, i, length, false)
		c.MaxAt, _, _, _ = t.cut(&mt, i, length, true)
	}
	return c, nil
}

// Extremes are chain (start, length)'s minimum and maximum without the
// splits reaching them: Cell finds those by trying every split again,
// which a heat map of a million cells cannot afford.
func (d *Table) Extremes(start, length int) (lo, hi *big.Int, err error) {
	if err := d.check(start, length); err != nil {
		return nil, nil, err
	}
	return d.t.value(start-1, length, false).bigInt(), d.t.value(start-1, length, true).bigInt(), nil
}

// MaxKey is chain (start, length)'s maximum as a float64 ordered as the
// values are (its sign times 1 + log2 of its magnitude, 0 for 0; values
// within a part in 2^52 of each other may tie), read from the table's
// approximations without making the big value: a heat map's colour for
// each of a million cells.
func (d *Table) MaxKey(start, length int) (float64, error) {
	if err := d.check(start, length); err != nil {
		return 0, err
	}
	i := start - 1
	if g := d.t.gen; g != nil {
		row := &g.sHi.rows[i]
		return orderKey(row.f[length-1], row.s[length-1]), nil
	}
	return orderKey(float64(d.t.fast.sHi[i][length-1]), 0), nil
}

// orderKey is the key of the value f·2^s, an integer.
func orderKey(f float64, s int32) float64 {
	if f == 0 {
		return 0
	}
	k := 1 + math.Log2(math.Abs(f)) + float64(s)
	if f < 0 {
		return -k
	}
	return k
}

// Candidates are chain (start, length)'s splits, s = 1..length-1.
func (d *Table) Candidates(start, length int) ([]Candidate, error) {
	if err := d.check(start, length); err != nil {
		return nil, err
	}
	t, i := d.t, start-1
	out := make([]Candidate, 0, length-1)
	for s := 1; s < length; s++ {
		r := i + s
		c := Candidate{S: s, Op: t.ops[r],
			A: t.value(i, s, false).bigInt(), B: t.value(i, s, true).bigInt(),
			C: t.value(r, length-s, false).bigInt(), D: t.value(r, length-s, true).bigInt()}
		combos := [4]**big.Int{&c.AC, &c.AD, &c.BC, &c.BD}
		for _, hi := range []bool{false, true} {
			cs := opCombos(c.Op, hi)
			for k := cs[0]; k < cs[1]; k++ {
				x, y := c.A, c.C
				if k>>1 == 1 {
					x = c.B
				}
				if k&1 == 1 {
					y = c.D
				}
				v := applyBig(c.Op, new(big.Int), x, y)
				*combos[k] = v
				if c.Min == nil || v.Cmp(c.Min) < 0 {
					c.Min = v
				}
				if c.Max == nil || v.Cmp(c.Max) > 0 {
					c.Max = v
				}
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// Plan lists the cells the optimal plan uses (the seed's under the
// default goal, else the first-optimal line's, see firstPlan), in the order
// the seed's walk visits them (each merge's chain, then its first part's
// cells, then its second's), leaves included: 2n−1 cells for a ring, 2m−1
// for a chain.
func (d *Table) Plan() []PlanCell {
	var out []PlanCell
	n := d.t.n
	d.t.planOf(d.first, n, d.goal, d.rank, func(i, ln int, hi bool) {
		out = append(out, PlanCell{Start: i%n + 1, Length: ln, Max: hi})
	})
	return out
}
