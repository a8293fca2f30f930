package polygon

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

func mustParse(t testing.TB, s string) *Polygon {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}

func mustSolve(t testing.TB, p *Polygon) *Result {
	t.Helper()
	r, err := Solve(context.Background(), p)
	if err != nil {
		t.Fatalf("Solve(%s): %v", p, err)
	}
	return r
}

func bigs(xs ...int64) []*big.Int {
	out := make([]*big.Int, len(xs))
	for i, x := range xs {
		out[i] = big.NewInt(x)
	}
	return out
}

func bigsEqual(a, b []*big.Int) bool {
	return slices.EqualFunc(a, b, func(x, y *big.Int) bool { return x.Cmp(y) == 0 })
}

// The six cases of seed 000, with the seed's published answers.
func TestSeedCases(t *testing.T) {
	for _, tc := range []struct {
		text    string
		scores  []int64
		optimal []int
		merges  []int
		expr    string
	}{
		{"* -5 + -2 * -8 * -5 + 8", []int64{168, 480, 488, 488, 120}, []int{3, 4}, []int{2, 1, 5, 4}, "-8*(-5+(8*(-5+-2)))"},
		{"* -6 + -7 * 0 * 4 + -2", []int64{26, 12, 26, 16, 48}, []int{5}, []int{3, 2, 4, 1}, "-2*((-6+(-7*0))*4)"},
		{"+ 5 * 3 + -2 + 1 * -10 * -2", []int64{280, 50, 130, 73, 74, 63}, []int{1}, []int{6, 4, 2, 3, 5}, "((5*3)+(-2+1))*(-10*-2)"},
		{"+ -2 + 9 * -5 + -4 * -5 * 0 + 7 * -5", []int64{2905, 3969, 630, 5080, 3080, 3080, 200, 3080}, []int{4}, []int{1, 8, 7, 6, 2, 3, 5}, ""},
		{"* 0 * -10 + 8 * -4 + 3 * -7 + 7 * -3 * -4", []int64{2816, 273, 2000, 2816, 5376, 899, 19257, 2758, 2816}, []int{7}, []int{4, 2, 3, 1, 5, 6, 9, 8}, ""},
		{"+ -7 + 4 * 2 * 5", []int64{33, 33, 7, 6}, []int{1, 2}, []int{4, 3, 2}, "-7+(4*(2*5))"},
	} {
		r := mustSolve(t, mustParse(t, tc.text))
		if !bigsEqual(r.Scores, bigs(tc.scores...)) || !slices.Equal(r.Optimal, tc.optimal) || r.First != tc.optimal[0] || !slices.Equal(r.Merges, tc.merges) {
			t.Errorf("%s: scores %v optimal %v first %d merges %v; want %v %v %v", tc.text, r.Scores, r.Optimal, r.First, r.Merges, tc.scores, tc.optimal, tc.merges)
		}
		if tc.expr != "" && r.Expr() != tc.expr {
			t.Errorf("%s: Expr() = %q, want %q", tc.text, r.Expr(), tc.expr)
		}
	}
}

func TestDegenerateRings(t *testing.T) {
	r := mustSolve(t, mustParse(t, "* -9"))
	if r.Best.Int64() != -9 || !slices.Equal(r.Optimal, []int{1}) || len(r.Merges) != 0 || r.Expr() != "-9" || len(r.Trace().Steps) != 1 {
		t.Errorf("n=1: best %v optimal %v merges %v expr %q", r.Best, r.Optimal, r.Merges, r.Expr())
	}
	top, bot := r.poly.SeedDiagram()
	if top != "|-9|" || bot != " ||" {
		t.Errorf("n=1 diagram %q %q", top, bot)
	}
	// A "-" edge is drawn so that it stands out from the dashes: -(-)-.
	if top, bot := mustParse(t, "- 1 - 2 + 3").SeedDiagram(); top != "|1|-(-)-|2|--+--|3|" || bot != " |_______-_______|" {
		t.Errorf("a - edge's diagram %q %q", top, bot)
	}
	r = mustSolve(t, mustParse(t, "+ 3 * -4"))
	// Deleting edge 1 leaves 3 * -4 = -12; deleting edge 2 leaves -4 + 3 = -1.
	if !bigsEqual(r.Scores, bigs(-12, -1)) || r.First != 2 || !slices.Equal(r.Merges, []int{1}) || r.Expr() != "-4+3" {
		t.Errorf("n=2: scores %v first %d merges %v expr %q", r.Scores, r.First, r.Merges, r.Expr())
	}
}

// brute returns, for every chain (start i, length ln), the set of every value
// some merge order reaches: the union over the last merge of all pairs.
func brute(p *Polygon) func(i, ln int) []*big.Int {
	n := len(p.Values)
	memo := map[[2]int][]*big.Int{}
	var f func(i, ln int) []*big.Int
	f = func(i, ln int) []*big.Int {
		if ln == 1 {
			return []*big.Int{p.Values[i%n]}
		}
		if v, ok := memo[[2]int{i % n, ln}]; ok {
			return v
		}
		seen := map[string]*big.Int{}
		for s := 1; s < ln; s++ {
			op := p.Ops[(i+s)%n]
			for _, x := range f(i, s) {
				for _, y := range f(i+s, ln-s) {
					z := applyBig(op, new(big.Int), x, y)
					seen[z.String()] = z
				}
			}
		}
		var out []*big.Int
		for _, z := range seen {
			out = append(out, z)
		}
		memo[[2]int{i % n, ln}] = out
		return out
	}
	return f
}

// ringTables fills p's tables as a solve does.
func ringTables(p *Polygon, opts Options) (*tables, error) {
	n := len(p.Values)
	tb := newTables(n, false, func(x int) byte { return p.Ops[x%n] }, opts, defaultConfig(), new(atomic.Bool))
	return tb, tb.fill(p.Values)
}

func randPolygon(rng *rand.Rand, n int, lo, hi int64) *Polygon {
	p := &Polygon{}
	for i := 0; i < n; i++ {
		p.Ops = append(p.Ops, "+*"[rng.IntN(2)])
		p.Values = append(p.Values, big.NewInt(lo+rng.Int64N(hi-lo+1)))
	}
	return p
}

// replay plays the plan (First, then Merges) on the ring and returns the
// last value, checking every step and chain of the trace against a plain
// replay on slices.
func replay(t *testing.T, p *Polygon, r *Result) *big.Int {
	tr := r.Trace()
	steps := tr.Steps
	if len(steps) != r.N || steps[0].Edge != r.First {
		t.Fatalf("%s: trace has %d steps, first edge %d", p, len(steps), steps[0].Edge)
	}
	n, f := r.N, r.First-1
	vals, edges := make([]*big.Int, n), make([]int, n-1)
	for k := range n {
		vals[k] = p.Values[(f+k)%n]
		if k > 0 {
			edges[k-1] = (f+k)%n + 1
		}
	}
	if s := steps[0]; s.Left.Cmp(vals[n-1]) != 0 || s.Right.Cmp(vals[0]) != 0 || s.Value != nil || s.Op != p.Ops[f] {
		t.Fatalf("%s: move 1 is %+v", p, s)
	}
	for k, s := range steps {
		if k > 0 {
			want := applyBig(s.Op, new(big.Int), s.Left, s.Right)
			pos := slices.Index(edges, s.Edge)
			if s.Move != k+1 || s.Edge != r.Merges[k-1] || pos < 0 || vals[pos].Cmp(s.Left) != 0 || vals[pos+1].Cmp(s.Right) != 0 ||
				s.Value.Cmp(want) != 0 || s.Op != p.Ops[s.Edge-1] {
				t.Fatalf("%s: inconsistent trace step %d: %+v", p, s.Move, s)
			}
			vals = slices.Replace(vals, pos, pos+2, want)
			edges = slices.Delete(edges, pos, pos+1)
		}
		cv, ce := tr.Chain(k)
		if !bigsEqual(cv, vals) || !slices.Equal(ce, edges) {
			t.Fatalf("%s: Chain(%d) = %v %v, replay gives %v %v", p, k, cv, ce, vals, edges)
		}
	}
	return vals[0]
}

// evalExpr evaluates a fully bracketed expression as Expr prints it.
func evalExpr(s string) (*big.Int, string) {
	if s[0] == '(' {
		l, rest := evalExpr(s[1:])
		op := rest[0]
		r, rest := evalExpr(rest[1:])
		if rest[0] != ')' {
			panic("unbalanced " + rest)
		}
		if op == '+' {
			return l.Add(l, r), rest[1:]
		}
		return l.Mul(l, r), rest[1:]
	}
	end := 1
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	v, _ := new(big.Int).SetString(s[:end], 10)
	return v, s[end:]
}

func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		p := randPolygon(rng, 1+rng.IntN(8), -6, 6)
		r := mustSolve(t, p)
		f := brute(p)
		n := r.N
		var optimal []int
		best := new(big.Int)
		for e := 0; e < n; e++ {
			set := f(e, n)
			mx := slices.MaxFunc(set, (*big.Int).Cmp)
			mn := slices.MinFunc(set, (*big.Int).Cmp)
			if r.Scores[e].Cmp(mx) != 0 || r.Worst[e].Cmp(mn) != 0 {
				t.Fatalf("%s: edge %d: scores %v worst %v, brute force %v %v", p, e+1, r.Scores[e], r.Worst[e], mx, mn)
			}
			if c := mx.Cmp(best); e == 0 || c > 0 {
				best, optimal = mx, []int{e + 1}
			} else if c == 0 {
				optimal = append(optimal, e+1)
			}
		}
		if r.Best.Cmp(best) != 0 || !slices.Equal(r.Optimal, optimal) || r.First != optimal[0] {
			t.Fatalf("%s: best %v optimal %v first %d; brute force %v %v", p, r.Best, r.Optimal, r.First, best, optimal)
		}
		if got := replay(t, p, r); got.Cmp(best) != 0 {
			t.Fatalf("%s: plan %d %v replays to %v, want %v", p, r.First, r.Merges, got, best)
		}
		if v, rest := evalExpr(r.Expr()); rest != "" && n > 1 || n > 1 && v.Cmp(best) != 0 {
			// Expr drops the outer brackets; put them back to evaluate.
			if v2, rest2 := evalExpr("(" + r.Expr() + ")"); rest2 != "" || v2.Cmp(best) != 0 {
				t.Fatalf("%s: Expr %q evaluates to %v, want %v", p, r.Expr(), v2, best)
			}
		}
	}
}

// The exact engine alone (from the first level) against the brute force, on
// values large enough to leave int64 at once.
func TestExactEngineHugeValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 400; trial++ {
		p := randPolygon(rng, 1+rng.IntN(7), -6, 6)
		// 70 bits: beyond int64 and float64's exact range; 600 bits: beyond
		// floatLimit, where every candidate is computed exactly.
		shift := uint(70)
		if trial%2 == 1 {
			shift = 600
		}
		for _, v := range p.Values {
			v.Lsh(v, shift)
		}
		r := mustSolve(t, p)
		f := brute(p)
		for e := 0; e < r.N; e++ {
			set := f(e, r.N)
			if r.Scores[e].Cmp(slices.MaxFunc(set, (*big.Int).Cmp)) != 0 || r.Worst[e].Cmp(slices.MinFunc(set, (*big.Int).Cmp)) != 0 {
				t.Fatalf("%s: edge %d: %v %v", p, e+1, r.Scores[e], r.Worst[e])
			}
		}
		if got := replay(t, p, r); got.Cmp(r.Best) != 0 {
			t.Fatalf("%s: plan replays to %v, want %v", p, got, r.Best)
		}
	}
}

// refDP is the seed's DP on math/big with no shortcuts: the reference for
// sizes the brute force cannot reach.
func refDP(p *Polygon) (scores, worst []*big.Int) {
	lo, hi := refTables(p)
	n := len(p.Values)
	for e := 0; e < n; e++ {
		scores, worst = append(scores, hi[e][n]), append(worst, lo[e][n])
	}
	return scores, worst
}

// refTables are the reference DP's tables: lo[i][ln] and hi[i][ln] are the
// min and max of the chain of ln vertices from vertex i.
func refTables(p *Polygon) (lo, hi [][]*big.Int) {
	n := len(p.Values)
	lo = make([][]*big.Int, n)
	hi = make([][]*big.Int, n)
	for i := range lo {
		lo[i], hi[i] = make([]*big.Int, n+1), make([]*big.Int, n+1)
		lo[i][1], hi[i][1] = p.Values[i], p.Values[i]
	}
	var e [4]big.Int // every candidate in scratch: the extremes are copied
	for ln := 2; ln <= n; ln++ {
		for i := 0; i < n; i++ {
			mn, mx := new(big.Int), new(big.Int)
			for s := 1; s < ln; s++ {
				r := (i + s) % n
				a, b, c, d := lo[i][s], hi[i][s], lo[r][ln-s], hi[r][ln-s]
				cands := e[:2]
				switch p.Ops[r] {
				case '+':
					e[0].Add(a, c)
					e[1].Add(b, d)
				case '-':
					e[0].Sub(a, d)
					e[1].Sub(b, c)
				default:
					e[0].Mul(a, c)
					e[1].Mul(a, d)
					e[2].Mul(b, c)
					e[3].Mul(b, d)
					cands = e[:]
				}
				for k := range cands {
					x := &cands[k]
					if s == 1 && k == 0 || x.Cmp(mn) < 0 {
						mn.Set(x)
					}
					if s == 1 && k == 0 || x.Cmp(mx) > 0 {
						mx.Set(x)
					}
				}
			}
			lo[i][ln], hi[i][ln] = mn, mx
		}
	}
	return lo, hi
}

// refPlan is seed 000's plan on the reference tables, written out from the
// seed rather than from plan.go: deleting edge first (1-based) leaves the
// chain from vertex first, taken at the goal's extreme; a chain's split is
// the first (left to right) whose best combination equals the chain's
// extreme, and of a '*' split the first of ac, ad, bc, bd that does (a '-'
// split takes b−c for the max, a−d for the min). The seed pushes each split's edge as
// its recursion (left part first) reaches it, and the merges are the pops:
// the pushes reversed.
func refPlan(p *Polygon, lo, hi [][]*big.Int, first int, goal ...Goal) []int {
	n := len(p.Values)
	var merges []int
	var walk func(i, ln int, max bool)
	walk = func(i, ln int, max bool) {
		if ln == 1 {
			return
		}
		target := lo[i][ln]
		if max {
			target = hi[i][ln]
		}
		for s := 1; s < ln; s++ {
			r := (i + s) % n
			a, b, c, d := lo[i][s], hi[i][s], lo[r][ln-s], hi[r][ln-s]
			if op := p.Ops[r]; op != '*' {
				// A sum takes both parts at the chain's extreme, a
				// difference the first at it and the second at the other.
				x, y := a, c
				if op == '-' {
					y = d
				}
				if max {
					x, y = b, map[byte]*big.Int{'+': d, '-': c}[op]
				}
				if applyBig(op, new(big.Int), x, y).Cmp(target) == 0 {
					merges = append(merges, r+1)
					walk(i, s, max)
					walk(r, ln-s, max == (op == '+'))
					return
				}
				continue
			}
			for k, x := range []*big.Int{new(big.Int).Mul(a, c), new(big.Int).Mul(a, d), new(big.Int).Mul(b, c), new(big.Int).Mul(b, d)} {
				if x.Cmp(target) == 0 {
					merges = append(merges, r+1)
					walk(i, s, k >= 2)
					walk(r, ln-s, k%2 == 1)
					return
				}
			}
		}
		panic("no split reaches the extreme")
	}
	walk(first-1, n, len(goal) == 0 || goal[0] == GoalMax)
	slices.Reverse(merges)
	return merges
}

// checkTables compares every chain's min and max in the solver's tables, the
// scores, the optimal edges and the plan with the reference DP's.
func checkTables(t *testing.T, name string, p *Polygon) {
	t.Helper()
	tb, err := ringTables(p, Options{MaxTableBytes: DefaultMaxTableBytes, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := refTables(p)
	n := len(p.Values)
	for ln := 1; ln <= n; ln++ {
		for i := 0; i < n; i++ {
			gl, gh := tb.value(i, ln, false), tb.value(i, ln, true)
			if gl.bigInt().Cmp(lo[i][ln]) != 0 || gh.bigInt().Cmp(hi[i][ln]) != 0 {
				t.Fatalf("%s: chain (%d, %d): min %v max %v, reference %v %v", name, i, ln, gl, gh, lo[i][ln], hi[i][ln])
			}
		}
	}
	r := mustSolve(t, p)
	scores, worst := refDP(p)
	if !bigsEqual(r.Scores, scores) || !bigsEqual(r.Worst, worst) {
		t.Fatalf("%s: scores differ from the reference DP", name)
	}
	best := slices.MaxFunc(scores, (*big.Int).Cmp)
	var optimal []int
	for e := range n {
		if scores[e].Cmp(best) == 0 {
			optimal = append(optimal, e+1)
		}
	}
	if !slices.Equal(r.Optimal, optimal) || r.First != optimal[0] {
		t.Fatalf("%s: optimal %v first %d, reference %v", name, r.Optimal, r.First, optimal)
	}
	if want := refPlan(p, lo, hi, r.First); !slices.Equal(r.Merges, want) {
		t.Fatalf("%s: merges %v…, seed's plan %v…", name, r.Merges[:min(10, len(r.Merges))], want[:min(10, len(want))])
	}
}

// Every table entry, score and the seed's plan against the reference DP on
// random rings up to n = 200 whose values run far past 64 bits: gamelab's
// randpolygon (values -10..10: 300-bit scores at n = 200, int64 first, then
// the exact engine, shifted levels from about n = 150), values up to 2^70
// (exact from the leaves, thousands of bits), and long runs of '*'.
func TestTablesAgainstReference(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(21, 22))
	wide := randPolygon(rng, 90, -1, 1)
	for _, v := range wide.Values {
		v.SetInt64(rng.Int64N(1<<40)).Lsh(v, 30).Sub(v, new(big.Int).Lsh(big.NewInt(1), 69))
	}
	runs := &Polygon{}
	for len(runs.Values) < 120 {
		op := "+*"[rng.IntN(2)]
		for k := 1 + rng.IntN(30); k > 0 && len(runs.Values) < 120; k-- {
			runs.Ops = append(runs.Ops, op)
			runs.Values = append(runs.Values, big.NewInt(rng.Int64N(21)-10))
		}
	}
	for _, tc := range []struct {
		name string
		p    *Polygon
	}{
		{"randpolygon(200, 1)", kernelRandPolygon(200, 1, "mixed")},
		{"randpolygon(120, 5)", kernelRandPolygon(120, 5, "mixed")},
		{"70-bit values", wide},
		{"runs", runs},
	} {
		checkTables(t, tc.name, tc.p)
	}
}

// Seed 000 keeps its DP in Java long, which wraps on n = 500, mixed
// operators, values in {-1, 0, 1} (the benchmarks' generator, seed 1). The
// exact best score below was checked once against refDP (55 s, too slow to
// repeat here); the plan must replay to it.
func TestWhereSeedLongWraps(t *testing.T) {
	p := genPolygon(500, "mixed", -1, 1)
	r := mustSolve(t, p)
	const want = "109542961250132918796288000000" // 97 bits
	if r.Best.String() != want {
		t.Fatalf("best %v, want %s", r.Best, want)
	}
	// What a wrapping int64 DP ends with instead (at best: it also ranks
	// candidates on wrapped values).
	wrapped := int64(new(big.Int).And(r.Best, new(big.Int).SetUint64(^uint64(0))).Uint64())
	if big.NewInt(wrapped).Cmp(r.Best) == 0 {
		t.Fatal("the instance was meant to leave int64")
	}
	if got := replay(t, p, r); got.Cmp(r.Best) != 0 {
		t.Fatalf("plan replays to %v, want %v", got, r.Best)
	}
}

// Families of rings where pruning, dominance and the residue proofs meet
// their edge cases, every table entry and the plan against the reference:
// 90-bit values, '*'-heavy and '+'-heavy rings of small values (zeros,
// long runs, tiny extremes beside huge candidates), near-ties at 2^200
// (candidates that agree in their top 60 bits) and shifted values 6·2^700.
func TestFamiliesAgainstReference(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(31, 32))
	for trial := range 60 {
		n := 2 + rng.IntN(50)
		p := &Polygon{}
		for range n {
			op := "+*"[rng.IntN(2)]
			v := new(big.Int)
			switch trial % 5 {
			case 0:
				v.SetUint64(rng.Uint64()).Lsh(v, 27).Add(v, big.NewInt(rng.Int64N(1<<27))).Sub(v, new(big.Int).Lsh(big.NewInt(1), 90))
			case 1:
				if rng.IntN(5) > 0 {
					op = '*'
				}
				v.SetInt64(rng.Int64N(7) - 3)
			case 2:
				if sign := rng.Int64N(3) - 1; sign != 0 {
					v.Lsh(big.NewInt(1), 200).Add(v, new(big.Int).Lsh(big.NewInt(rng.Int64N(1<<20)), 140)).Mul(v, big.NewInt(sign))
				}
			case 3:
				v.SetInt64(rng.Int64N(13)-6).Lsh(v, 700)
			case 4:
				if rng.IntN(5) > 0 {
					op = '+'
				}
				v.SetInt64(rng.Int64N(21) - 10)
			}
			p.Ops, p.Values = append(p.Ops, op), append(p.Values, v)
		}
		checkTables(t, fmt.Sprintf("trial %d (%.80s…)", trial, p), p)
	}
}

// Mixed operators with values in [-2, 2] reach about 50 digits at n = 400;
// at n = 180 (beyond int64 already) the exact engine—float ranking, residue
// tie proofs—must agree with the plain big-number DP on every score.
func TestBigEngineAgainstReference(t *testing.T) {
	p := genPolygon(180, "mixed", -2, 2)
	r := mustSolve(t, p)
	if r.Best.BitLen() <= 63 {
		t.Fatalf("instance meant to leave int64 has best %v", r.Best)
	}
	scores, worst := refDP(p)
	if !bigsEqual(r.Scores, scores) || !bigsEqual(r.Worst, worst) {
		t.Fatalf("scores differ from the big-number reference DP")
	}
	if got := replay(t, p, r); got.Cmp(r.Best) != 0 {
		t.Fatalf("plan replays to %v, want %v", got, r.Best)
	}
	if v, _ := evalExpr("(" + r.Expr() + ")"); v.Cmp(r.Best) != 0 {
		t.Fatalf("Expr evaluates to %v, want %v", v, r.Best)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		token      int
		offset     int
	}{
		{"", "empty polygon (n = 0)", 0, 0},
		{" \r\n\t", "empty polygon (n = 0)", 0, 4},
		{"* 1 + 2 *", `token 5 "*": odd number of tokens (5): operator 3 has no value after it`, 5, 8},
		{"* 1 y 2", `token 3 "y": unknown operator (want + * - t x)`, 3, 4},
		{"* 1 + 2.5", `token 4 "2.5": not an integer`, 4, 6},
		{"*\r\n1 + x", `token 4 "x": not an integer`, 4, 7},
	} {
		_, err := Parse(tc.text)
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.want) || pe.Token != tc.token || pe.Offset != tc.offset {
			t.Errorf("Parse(%q) = %v (%+v), want %q at token %d offset %d", tc.text, err, pe, tc.want, tc.token, tc.offset)
		}
	}
}

func TestParseForms(t *testing.T) {
	p := mustParse(t, "x 2\r\n x\t3 t -1 + +4 * 123456789012345678901234567890")
	if got := p.String(); got != "* 2 * 3 + -1 + 4 * 123456789012345678901234567890" {
		t.Errorf("String() = %q", got)
	}
	if q := mustParse(t, p.String()); q.String() != p.String() {
		t.Errorf("round trip changed %q to %q", p, q)
	}
}

func TestValidate(t *testing.T) {
	bad := []*Polygon{{}, {Ops: []byte("+"), Values: bigs(1, 2)}, {Ops: []byte("/"), Values: bigs(1)}}
	for _, p := range bad {
		if _, err := Solve(context.Background(), p); err == nil {
			t.Errorf("Solve(%+v) accepted an invalid polygon", p)
		}
	}
}

func TestSizeRefused(t *testing.T) {
	p := genPolygon(2000, "*", -1, 1)
	_, err := SolveWith(context.Background(), p, Options{MaxTableBytes: 1 << 20})
	var se *SizeError
	if !errors.As(err, &se) || se.N != 2000 || !strings.Contains(err.Error(), "n = 2000 needs about 183.1 MiB") {
		t.Fatalf("got %v, want a SizeError saying what n = 2000 needs", err)
	}
}

// The budget covers the big numbers too: randpolygon(300, 1) fits tables of
// 12.5 MiB but not its 200-digit numbers besides; it is refused once they
// would pass the budget, with a SizeError, and solved with room for them.
func TestSizeRefusedForBigNumbers(t *testing.T) {
	p := kernelRandPolygon(300, 1, "mixed")
	limit := genBytes(300) + fastBytes(300)
	_, err := SolveWith(context.Background(), p, Options{MaxTableBytes: limit})
	var se *SizeError
	if !errors.As(err, &se) || se.N != 300 || se.Limit != limit || se.Need <= limit {
		t.Fatalf("got %v, want a SizeError for n = 300 needing more than %d bytes", err, limit)
	}
	if _, err := SolveWith(context.Background(), p, Options{MaxTableBytes: 2 * se.Need}); err != nil {
		t.Fatalf("with twice the %d bytes it was said to need: %v", se.Need, err)
	}
}

func ExampleSolve() {
	p, _ := Parse("* -5 + -2 * -8 * -5 + 8")
	r, _ := Solve(context.Background(), p)
	fmt.Println(r.Best, r.Optimal, r.First, r.Merges, r.Expr())
	// Output: 488 [3 4] 3 [2 1 5 4] -8*(-5+(8*(-5+-2)))
}
