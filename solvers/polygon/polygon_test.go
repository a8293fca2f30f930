package polygon

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
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

func ExampleSolve() {
	p, _ := Parse("* -5 + -2 * -8 * -5 + 8")
	r, _ := Solve(context.Background(), p)
	fmt.Println(r.Best, r.Optimal, r.First, r.Merges, r.Expr())
	// Output: 488 [3 4] 3 [2 1 5 4] -8*(-5+(8*(-5+-2)))
}
