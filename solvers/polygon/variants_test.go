package polygon

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randVariant is a random ring of n vertices with operators from ops and
// values lo..hi, some of them (kind 1) shifted past 64 bits, or (kind 2)
// huge random numbers of 70 to 130 bits.
func randVariant(rng *rand.Rand, n int, ops string, lo, hi int64, kind int) *Polygon {
	p := &Polygon{}
	for range n {
		p.Ops = append(p.Ops, ops[rng.IntN(len(ops))])
		v := big.NewInt(lo + rng.Int64N(hi-lo+1))
		switch kind {
		case 1:
			if rng.IntN(2) == 0 {
				v.Lsh(v, 64)
			}
		case 2:
			v.SetUint64(rng.Uint64()).Lsh(v, uint(6+rng.IntN(60))).Add(v, big.NewInt(rng.Int64N(1000)))
			if rng.IntN(2) == 0 {
				v.Neg(v)
			}
		}
		p.Values = append(p.Values, v)
	}
	return p
}

// bruteChain is the set of every value some merge order of the chain
// vals (ops[k] joining vals[k] and vals[k+1]) reaches, by exhaustive search
// over the last merge.
func bruteChain(vals []*big.Int, ops []byte) []*big.Int {
	m := len(vals)
	memo := map[[2]int][]*big.Int{}
	var f func(i, j int) []*big.Int
	f = func(i, j int) []*big.Int {
		if i == j {
			return []*big.Int{vals[i]}
		}
		if v, ok := memo[[2]int{i, j}]; ok {
			return v
		}
		seen := map[string]*big.Int{}
		for k := i; k < j; k++ {
			for _, x := range f(i, k) {
				for _, y := range f(k+1, j) {
					z := applyBig(ops[k], new(big.Int), x, y)
					seen[z.String()] = z
				}
			}
		}
		out := make([]*big.Int, 0, len(seen))
		for _, z := range seen {
			out = append(out, z)
		}
		memo[[2]int{i, j}] = out
		return out
	}
	return f(0, m-1)
}

// extremes are a set's goal extreme and the other one.
func extremes(set []*big.Int, g Goal) (best, worst *big.Int) {
	mx, mn := slices.MaxFunc(set, (*big.Int).Cmp), slices.MinFunc(set, (*big.Int).Cmp)
	if g == GoalMin {
		return mn, mx
	}
	return mx, mn
}

// evalArith evaluates s as ordinary arithmetic: '*' before '+' and '-',
// both left to right, unary minus, brackets. It is not Expr's reader: a
// missing bracket changes its value.
func evalArith(s string) *big.Int {
	pos := 0
	var sum, term, unary func() *big.Int
	unary = func() *big.Int {
		switch {
		case s[pos] == '-':
			pos++
			return new(big.Int).Neg(unary())
		case s[pos] == '(':
			pos++
			v := sum()
			if s[pos] != ')' {
				panic("want ) at " + s[pos:])
			}
			pos++
			return v
		}
		end := pos
		for end < len(s) && s[end] >= '0' && s[end] <= '9' {
			end++
		}
		v, ok := new(big.Int).SetString(s[pos:end], 10)
		if !ok {
			panic("want a number at " + s[pos:])
		}
		pos = end
		return v
	}
	term = func() *big.Int {
		v := unary()
		for pos < len(s) && s[pos] == '*' {
			pos++
			v = new(big.Int).Mul(v, unary())
		}
		return v
	}
	sum = func() *big.Int {
		v := term()
		for pos < len(s) && (s[pos] == '+' || s[pos] == '-') {
			op := s[pos]
			pos++
			v = applyBig(op, new(big.Int), v, term())
		}
		return v
	}
	v := sum()
	if pos != len(s) {
		panic("trailing " + s[pos:])
	}
	return v
}

// The ring under every operator and both goals against the exhaustive
// search: scores, worst, best, every optimal first edge, the first, the
// plan (it replays to the best, and it is the seed's plan on the reference
// tables under goal max, the line of the first optimal merges under min)
// and the expression (as ordinary arithmetic, it is the best).
func TestVariantsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(51, 52))
	for trial := range 3000 {
		n := 1 + rng.IntN(7)
		ops := []string{"+-*", "-", "-*", "+-"}[trial%4]
		p := randVariant(rng, n, ops, -6, 6, trial%5%3)
		goal := Goal(trial / 2 % 2)
		r, err := SolveWith(context.Background(), p, Options{Goal: goal})
		if err != nil {
			t.Fatal(err)
		}
		f := brute(p)
		var best *big.Int
		var optimal []int
		for e := range n {
			sc, wo := extremes(f(e, n), goal)
			if r.Scores[e].Cmp(sc) != 0 || r.Worst[e].Cmp(wo) != 0 {
				t.Fatalf("%s (%v): edge %d: scores %v worst %v, brute force %v %v", p, goal, e+1, r.Scores[e], r.Worst[e], sc, wo)
			}
			if e == 0 || goal.better(sc.Cmp(best), 0) {
				best, optimal = sc, []int{e + 1}
			} else if sc.Cmp(best) == 0 {
				optimal = append(optimal, e+1)
			}
		}
		if r.Best.Cmp(best) != 0 || !slices.Equal(r.Optimal, optimal) || r.First != optimal[0] || r.Goal != goal {
			t.Fatalf("%s (%v): best %v optimal %v first %d; brute force %v %v", p, goal, r.Best, r.Optimal, r.First, best, optimal)
		}
		if got := replay(t, p, r); got.Cmp(best) != 0 {
			t.Fatalf("%s (%v): plan %d %v replays to %v, want %v", p, goal, r.First, r.Merges, got, best)
		}
		if v := evalArith(r.Expr()); v.Cmp(best) != 0 {
			t.Fatalf("%s (%v): Expr %q is %v as arithmetic, want %v", p, goal, r.Expr(), v, best)
		}
		lo, hi := refTables(p)
		want := refPlan(p, lo, hi, r.First, goal)
		if goal == GoalMin && n > 1 { // a variant's plan: the first optimal merge, by number, at every move
			c := p.Open(r.First)
			want = bruteFirstLine(c.Values, c.Ops, ringNames(n, r.First), goal)
		}
		if !slices.Equal(r.Merges, want) {
			t.Fatalf("%s (%v): merges %v, want %v", p, goal, r.Merges, want)
		}
	}
}

// ringNames are the ring's numbers of the edges of the chain left by
// deleting edge first: first+1, …, n, 1, ….
func ringNames(n, first int) []int {
	names := make([]int, n-1)
	for k := range names {
		names[k] = (first+k)%n + 1
	}
	return names
}

// Larger rings with '-' against the reference DP, every table entry and
// the seed's plan, on each engine: int64 only, int64 then exact, exact
// from the leaves (values past 2^600, scaled ranking).
func TestSubtractionAgainstReference(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(53, 54))
	for trial := range 24 {
		n := 20 + rng.IntN(60)
		p := randVariant(rng, n, "+-*", -3, 3, 0)
		switch trial % 4 {
		case 1:
			p = randVariant(rng, n, "+-*", -10, 10, 0) // leaves int64 part-way
		case 2:
			for _, v := range p.Values {
				v.Lsh(v, 600)
			}
		case 3:
			p = randVariant(rng, n, "--*", -1, 1, 0) // long runs of '-'
		}
		checkTables(t, fmt.Sprintf("trial %d (%.60s…)", trial, p), p)
		for _, g := range []Goal{GoalMin} {
			r, err := SolveWith(context.Background(), p, Options{Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := refTables(p)
			for e := range n {
				if r.Scores[e].Cmp(lo[e][n]) != 0 || r.Worst[e].Cmp(hi[e][n]) != 0 {
					t.Fatalf("trial %d, goal min: edge %d: %v %v, reference %v %v", trial, e+1, r.Scores[e], r.Worst[e], lo[e][n], hi[e][n])
				}
			}
			c := p.Open(r.First)
			c.Names = ringNames(n, r.First)
			if want := firstLine(t, c, g); !slices.Equal(r.Merges, want) {
				t.Fatalf("trial %d, goal min: merges %v, the first optimal line %v", trial, r.Merges, want)
			}
			if got := replay(t, p, r); got.Cmp(r.Best) != 0 {
				t.Fatalf("trial %d, goal min: plan replays to %v, want %v", trial, got, r.Best)
			}
		}
	}
}

// randChain is a random chain of m values with operators from ops.
func randChain(rng *rand.Rand, m int, ops string, lo, hi int64, kind int) *Chain {
	p := randVariant(rng, m, ops, lo, hi, kind)
	return &Chain{Values: p.Values, Ops: p.Ops[1:]}
}

// checkChain holds SolveChain's answer for c to the exhaustive search:
// best, worst, every optimal next merge (merging edge k first and then
// playing on optimally reaches the best exactly when k is listed), the plan
// replays to the best and its expression is the best as arithmetic.
func checkChain(t *testing.T, c *Chain, goal Goal) *ChainResult {
	t.Helper()
	r, err := SolveChain(context.Background(), c, Options{Goal: goal})
	if err != nil {
		t.Fatal(err)
	}
	best, worst := extremes(bruteChain(c.Values, c.Ops), goal)
	if r.Best.Cmp(best) != 0 || r.Worst.Cmp(worst) != 0 || r.M != c.M() {
		t.Fatalf("%s (%v): best %v worst %v, brute force %v %v", c, goal, r.Best, r.Worst, best, worst)
	}
	var optimal []int
	for k := 1; k < c.M(); k++ {
		vals := slices.Concat(c.Values[:k-1], []*big.Int{applyBig(c.Ops[k-1], new(big.Int), c.Values[k-1], c.Values[k])}, c.Values[k+1:])
		ops := slices.Concat(c.Ops[:k-1], c.Ops[k:])
		if b, _ := extremes(bruteChain(vals, ops), goal); b.Cmp(best) == 0 {
			optimal = append(optimal, k)
		}
	}
	if !slices.Equal(r.Optimal, optimal) {
		t.Fatalf("%s (%v): optimal next merges %v, brute force %v", c, goal, r.Optimal, optimal)
	}
	// Replay the plan on slices.
	vals, edges := slices.Clone(c.Values), make([]int, c.M()-1)
	for k := range edges {
		edges[k] = k + 1
	}
	if len(r.Merges) != c.M()-1 {
		t.Fatalf("%s: %d merges", c, len(r.Merges))
	}
	for _, e := range r.Merges {
		k := slices.Index(edges, e)
		if k < 0 {
			t.Fatalf("%s: plan %v merges edge %d twice", c, r.Merges, e)
		}
		vals = slices.Replace(vals, k, k+2, applyBig(c.Ops[e-1], new(big.Int), vals[k], vals[k+1]))
		edges = slices.Delete(edges, k, k+1)
	}
	if vals[0].Cmp(best) != 0 {
		t.Fatalf("%s (%v): plan %v replays to %v, want %v", c, goal, r.Merges, vals[0], best)
	}
	if v := evalArith(r.Expr()); v.Cmp(best) != 0 {
		t.Fatalf("%s (%v): Expr %q is %v, want %v", c, goal, r.Expr(), v, best)
	}
	return r
}

// Chains under every operator and both goals against the exhaustive
// search, values past 64 bits among them; zero-heavy chains (values -1..1)
// exercise the products reached with one part at 0 and the other "any".
func TestChainsAgainstBruteForce(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(55, 56))
	for trial := range 4000 {
		m := 1 + rng.IntN(8)
		ops := []string{"+-*", "*", "-*", "+*"}[trial%4]
		lo, hi := int64(-6), int64(6)
		if trial%3 == 0 {
			lo, hi = -1, 1
		}
		checkChain(t, randChain(rng, m, ops, lo, hi, trial%5%3), Goal(trial/2%2))
	}
}

// A chain is a ring's position: the chain left by deleting edge e solves
// to the ring's score for e, with the same plan.
func TestChainIsRingPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(57, 58))
	for trial := range 40 {
		p := randVariant(rng, 2+rng.IntN(40), "+-*", -5, 5, trial%3)
		for _, g := range []Goal{GoalMax, GoalMin} {
			r, err := SolveWith(context.Background(), p, Options{Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			c := p.Open(r.First)
			c.Names = ringNames(p.N(), r.First) // a ring's position: its ties go by the ring's numbers
			cr, err := SolveChain(context.Background(), c, Options{Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			if cr.Best.Cmp(r.Best) != 0 || cr.Worst.Cmp(r.Worst[r.First-1]) != 0 {
				t.Fatalf("%s (%v): chain %v %v, ring %v %v", p, g, cr.Best, cr.Worst, r.Best, r.Worst[r.First-1])
			}
			for k, e := range cr.Merges {
				if ring := (r.First-1+e)%p.N() + 1; ring != r.Merges[k] {
					t.Fatalf("%s (%v): chain merges %v, ring merges %v", p, g, cr.Merges, r.Merges)
				}
			}
			if cr.Expr() != r.Expr() {
				t.Fatalf("%s (%v): chain Expr %q, ring Expr %q", p, g, cr.Expr(), r.Expr())
			}
		}
	}
}

func TestChainValidate(t *testing.T) {
	for _, c := range []*Chain{nil, {}, {Values: bigs(1, 2)}, {Values: bigs(1, 2), Ops: []byte("/")}, {Values: []*big.Int{nil}}} {
		if _, err := SolveChain(context.Background(), c, Options{}); err == nil || strings.Contains(err.Error(), "%!") {
			t.Errorf("SolveChain(%+v) = %v, want an error in words", c, err)
		}
	}
}

// A line's positions are the chains its moves leave, each solved as
// SolveChain solves it, the ring's first; illegal moves are refused by
// number before any solving; progress covers the whole line.
func TestSolveLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	for trial := range 30 {
		n := 1 + rng.IntN(9)
		p := randVariant(rng, n, "+-*", -5, 5, trial%3)
		goal := Goal(trial % 2)
		// A random line: a first edge, then random merges.
		moves := []int{1 + rng.IntN(n)}
		names := make([]int, n-1)
		for k := range names {
			names[k] = (moves[0]+k)%n + 1
		}
		for len(names) > 0 && rng.IntN(8) > 0 {
			k := rng.IntN(len(names))
			moves = append(moves, names[k])
			names = slices.Delete(names, k, k+1)
		}
		var last, total int64
		line, err := SolveLine(context.Background(), p, moves, Options{Goal: goal, Progress: func(d, tot int64) {
			if d < last || d > tot || total != 0 && tot != total {
				t.Errorf("progress %d of %d after %d of %d", d, tot, last, total)
			}
			last, total = d, tot
		}})
		if err != nil {
			t.Fatal(err)
		}
		if len(line) != len(moves)+1 || n > 1 && last != total {
			t.Fatalf("%s %v: %d positions, progress ended at %d of %d", p, moves, len(line), last, total)
		}
		r, _ := SolveWith(context.Background(), p, Options{Goal: goal})
		if line[0].Best.Cmp(r.Best) != 0 || !slices.Equal(line[0].Optimal, r.Optimal) {
			t.Fatalf("%s: position 0 is %v %v, the ring solves to %v %v", p, line[0].Best, line[0].Optimal, r.Best, r.Optimal)
		}
		// Replay the line on slices and check every chain position by
		// brute force.
		c := p.Open(moves[0])
		cn := make([]int, n-1)
		for k := range cn {
			cn[k] = (moves[0]+k)%n + 1
		}
		for at := 1; at < len(line); at++ {
			best, worst := extremes(bruteChain(c.Values, c.Ops), goal)
			var opt []int
			cr := checkChain(t, c, goal)
			for _, e := range cr.Optimal {
				opt = append(opt, cn[e-1])
			}
			slices.Sort(opt)
			if pos := line[at]; pos.Best.Cmp(best) != 0 || pos.Worst.Cmp(worst) != 0 || !slices.Equal(pos.Optimal, opt) {
				t.Fatalf("%s %v: position %d is %v %v %v, want %v %v %v", p, moves, at, pos.Best, pos.Worst, pos.Optimal, best, worst, opt)
			}
			if at < len(moves) {
				k := slices.Index(cn, moves[at])
				c = &Chain{Values: slices.Concat(c.Values[:k], []*big.Int{applyBig(c.Ops[k], new(big.Int), c.Values[k], c.Values[k+1])}, c.Values[k+2:]),
					Ops: slices.Concat(c.Ops[:k], c.Ops[k+1:])}
				cn = slices.Delete(cn, k, k+1)
			}
		}
	}
	p := mustParse(t, "* -5 + -2 * -8 * -5 + 8")
	for _, tc := range []struct {
		moves []int
		want  string
	}{
		{[]int{6}, "move 1 deletes edge 6"},
		{[]int{3, 3}, "move 2 merges edge 3"},
		{[]int{3, 4, 4}, "move 3 merges edge 4"},
	} {
		if _, err := SolveLine(context.Background(), p, tc.moves, Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("SolveLine(%v) = %v, want %q", tc.moves, err, tc.want)
		}
	}
	c := p.Open(3)
	line, err := SolveChainLine(context.Background(), c, []int{2, 1, 4, 3}, Options{})
	if err != nil || len(line) != 5 || line[4].Best.Cmp(line[4].Worst) != 0 || len(line[4].Optimal) != 0 {
		t.Fatalf("SolveChainLine: %v %+v", err, line)
	}
}

// Every optimal next merge of longer chains (many zeros and ties, values
// that leave int64, huge ones) by its definition: merge each edge, solve
// the chain that leaves, and compare its best with the chain's.
func TestOptimalNextByDefinition(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(65, 66))
	for trial := range 24 {
		m := 20 + rng.IntN(40)
		lo, hi := []int64{-1, -2, -10}[trial%3], []int64{1, 2, 10}[trial%3]
		c := randChain(rng, m, []string{"+-*", "*-", "+*"}[trial%3], lo, hi, trial/3%3)
		goal := Goal(trial % 2)
		r, err := SolveChain(context.Background(), c, Options{Goal: goal})
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		for k := 1; k < m; k++ {
			d := &Chain{Values: slices.Concat(c.Values[:k-1], []*big.Int{applyBig(c.Ops[k-1], new(big.Int), c.Values[k-1], c.Values[k])}, c.Values[k+1:]),
				Ops: slices.Concat(c.Ops[:k-1], c.Ops[k:])}
			rd, err := SolveChain(context.Background(), d, Options{Goal: goal})
			if err != nil {
				t.Fatal(err)
			}
			if rd.Best.Cmp(r.Best) == 0 {
				want = append(want, k)
			}
		}
		if !slices.Equal(r.Optimal, want) {
			t.Fatalf("trial %d (%v, m = %d): optimal next merges %v, by definition %v", trial, goal, m, r.Optimal, want)
		}
	}
}
