package polygon

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// planNodes are the parts a plan builds: replaying merges (positions k,
// the edge between positions k-1 and k) over m values, every group made
// (leaves included) as [first position, length] with its value.
func planNodes(vals []*big.Int, opAt func(k int) byte, merges []int) map[[2]int]*big.Int {
	m := len(vals)
	type group struct {
		from, ln int
		v        *big.Int
	}
	groups := make([]group, m)
	nodes := map[[2]int]*big.Int{}
	for k, v := range vals {
		groups[k] = group{k, 1, v}
		nodes[[2]int{k, 1}] = v
	}
	for _, k := range merges {
		at := slices.IndexFunc(groups, func(g group) bool { return g.from == k })
		l, r := groups[at-1], groups[at]
		g := group{l.from, l.ln + r.ln, applyBig(opAt(k), new(big.Int), l.v, r.v)}
		nodes[[2]int{g.from, g.ln}] = g.v
		groups = slices.Replace(groups, at-1, at+1, g)
	}
	return nodes
}

// checkTable holds a kept table to the exhaustive search: every cell's min
// and max, MinAt and MaxAt (the leftmost split whose values reach the
// extreme), every candidate, and the plan's cells: exactly the parts the
// plan builds, each at the extreme its value is.
func checkTable(t *testing.T, name string, d *Table, vals []*big.Int, opAt func(x int) byte, first int, merges []int) {
	t.Helper()
	n := d.N()
	length := func(i int) int {
		if d.Ring() {
			return n
		}
		return n - i
	}
	value := func(i int) *big.Int { return vals[i%n] }
	sets := map[[2]int][]*big.Int{}
	set := func(i, ln int) []*big.Int {
		if s, ok := sets[[2]int{i, ln}]; ok {
			return s
		}
		vs := make([]*big.Int, ln)
		ops := make([]byte, ln-1)
		for k := range ln {
			vs[k] = value(i + k)
			if k > 0 {
				ops[k-1] = opAt(i + k)
			}
		}
		sets[[2]int{i, ln}] = bruteChain(vs, ops)
		return sets[[2]int{i, ln}]
	}
	for i := 0; i < n; i++ {
		for ln := 1; ln <= length(i); ln++ {
			c, err := d.Cell(i+1, ln)
			if err != nil {
				t.Fatal(err)
			}
			mx, mn := extremes(set(i, ln), GoalMax)
			if c.Min.Cmp(mn) != 0 || c.Max.Cmp(mx) != 0 || c.Start != i+1 || c.Length != ln {
				t.Fatalf("%s: cell (%d, %d) = %v..%v, brute force %v..%v", name, i+1, ln, c.Min, c.Max, mn, mx)
			}
			cands, err := d.Candidates(i+1, ln)
			if err != nil || len(cands) != ln-1 {
				t.Fatalf("%s: cell (%d, %d): %d candidates, %v", name, i+1, ln, len(cands), err)
			}
			minAt, maxAt := 0, 0
			for s := 1; s < ln; s++ {
				op := opAt(i + s)
				var all []*big.Int
				for _, x := range set(i, s) {
					for _, y := range set(i+s, ln-s) {
						all = append(all, applyBig(op, new(big.Int), x, y))
					}
				}
				smx, smn := extremes(all, GoalMax)
				cd := cands[s-1]
				a, b := extremes(set(i, s), GoalMin)
				cc, dd := extremes(set(i+s, ln-s), GoalMin)
				if cd.S != s || cd.Op != op || cd.Min.Cmp(smn) != 0 || cd.Max.Cmp(smx) != 0 ||
					cd.A.Cmp(a) != 0 || cd.B.Cmp(b) != 0 || cd.C.Cmp(cc) != 0 || cd.D.Cmp(dd) != 0 {
					t.Fatalf("%s: cell (%d, %d) split %d: %+v, brute force %v..%v", name, i+1, ln, s, cd, smn, smx)
				}
				for k, p := range []*big.Int{cd.AC, cd.AD, cd.BC, cd.BD} {
					used := op == '*' || op == '+' && (k == 0 || k == 3) || op == '-' && (k == 1 || k == 2)
					x, y := []*big.Int{a, b}[k>>1], []*big.Int{cc, dd}[k&1]
					if used != (p != nil) || used && p.Cmp(applyBig(op, new(big.Int), x, y)) != 0 {
						t.Fatalf("%s: cell (%d, %d) split %d combo %d: %v", name, i+1, ln, s, k, p)
					}
				}
				if minAt == 0 && smn.Cmp(mn) == 0 {
					minAt = s
				}
				if maxAt == 0 && smx.Cmp(mx) == 0 {
					maxAt = s
				}
			}
			if c.MinAt != minAt || c.MaxAt != maxAt {
				t.Fatalf("%s: cell (%d, %d): minAt %d maxAt %d, brute force %d %d", name, i+1, ln, c.MinAt, c.MaxAt, minAt, maxAt)
			}
		}
	}
	if _, err := d.Cell(0, 1); err == nil {
		t.Fatalf("%s: cell (0, 1) read", name)
	}
	if _, err := d.Cell(1, length(0)+1); err == nil {
		t.Fatalf("%s: a cell longer than the instance read", name)
	}
	// The plan's cells are the parts its merges build, at their values.
	pos := make([]*big.Int, n)
	for k := range n {
		pos[k] = value(first + k)
	}
	nodes := planNodes(pos, func(k int) byte { return opAt(first + k) }, merges)
	cells := d.Plan()
	if len(cells) != len(nodes) {
		t.Fatalf("%s: %d plan cells, the plan builds %d parts", name, len(cells), len(nodes))
	}
	for _, pc := range cells {
		p := (pc.Start - 1 - first + n) % n
		v, ok := nodes[[2]int{p, pc.Length}]
		c, _ := d.Cell(pc.Start, pc.Length)
		want := c.Min
		if pc.Max {
			want = c.Max
		}
		if !ok || v.Cmp(want) != 0 {
			t.Fatalf("%s: plan cell %+v: the plan builds %v there (built: %v)", name, pc, v, ok)
		}
	}
}

// Kept tables of rings and chains, both goals, every operator, values
// past 64 bits, against the exhaustive search.
func TestTableAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(61, 62))
	for trial := range 300 {
		n := 1 + rng.IntN(7)
		p := randVariant(rng, n, "+-*", -4, 4, trial%3)
		goal := Goal(trial % 2)
		r, err := SolveWith(context.Background(), p, Options{Goal: goal, KeepTable: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Table == nil || !r.Table.Ring() || r.Table.Bytes() <= 0 {
			t.Fatal("no table kept")
		}
		opAt := func(x int) byte { return p.Ops[x%n] }
		at := make([]int, len(r.Merges))
		for k, e := range r.Merges {
			at[k] = (e - r.First + n) % n
		}
		checkTable(t, p.String(), r.Table, p.Values, opAt, r.First-1, at)

		c := randChain(rng, n, "+-*", -4, 4, trial%3)
		cr, err := SolveChain(context.Background(), c, Options{Goal: goal, KeepTable: true})
		if err != nil {
			t.Fatal(err)
		}
		checkTable(t, c.String(), cr.Table, c.Values, func(x int) byte { return c.Ops[x-1] }, 0, cr.Merges)
	}
	if r := mustSolve(t, Random(30, 1)); r.Table != nil {
		t.Fatal("a plain solve kept its table")
	}
}

// MaxKey orders cells as their exact maxima do, on tables of int64 values
// and of values past 64 bits.
func TestTableMaxKeyOrder(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(63, 64))
	for trial := range 60 {
		p := randVariant(rng, 2+rng.IntN(12), "+-*", -9, 9, trial%3)
		r, err := SolveWith(context.Background(), p, Options{KeepTable: true})
		if err != nil {
			t.Fatal(err)
		}
		type cell struct {
			max *big.Int
			key float64
		}
		var cells []cell
		for i := 1; i <= p.N(); i++ {
			for j := 1; j <= p.N(); j++ {
				c, _ := r.Table.Cell(i, j)
				k, err := r.Table.MaxKey(i, j)
				if err != nil {
					t.Fatal(err)
				}
				cells = append(cells, cell{c.Max, k})
			}
		}
		for _, a := range cells {
			for _, b := range cells {
				if a.max.Cmp(b.max) < 0 && a.key > b.key || a.max.Cmp(b.max) == 0 && a.key != b.key || a.max.Sign() != sign(a.key) {
					t.Fatalf("%s: max %v key %v, max %v key %v", p, a.max, a.key, b.max, b.key)
				}
			}
		}
	}
	if _, err := mustSolveKeep(t, Random(3, 1)).MaxKey(1, 4); err == nil {
		t.Fatal("MaxKey of a length past the ring")
	}
}

func sign(x float64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func mustSolveKeep(t *testing.T, p *Polygon) *Table {
	r, err := SolveWith(context.Background(), p, Options{KeepTable: true})
	if err != nil {
		t.Fatal(err)
	}
	return r.Table
}
