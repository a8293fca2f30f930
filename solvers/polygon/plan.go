package polygon

import (
	"math/big"
	"strings"
)

// plan rebuilds seed 000's optimal merge order after deleting edge e
// (0-based) first: its getBestSolution walk, whose stack pops are the merges.
// Instead of keeping seed 000's cut tables (as much memory as the DP), each
// visited chain rescans its split points with the seed's rule: the first split
// whose value equals the chain's extreme. A split is refuted cheaply when its
// residue mod 2^64 cannot match, so big arithmetic is spent only on real
// candidates; the walk visits n-1 chains and costs O(n²) at most.
func (t *tables) plan(e int) []int {
	var pushed []int
	type task struct {
		i, ln int
		hi    bool
	}
	// An explicit stack in place of the seed's recursion (chains can be n
	// deep); right is pushed before left so left is walked first, as in the
	// seed.
	todo := []task{{e, t.n, true}}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if c.ln == 1 {
			continue
		}
		s, needL, needR := t.cut(c.i, c.ln, c.hi)
		r := (c.i + s) % t.n
		pushed = append(pushed, r+1)
		todo = append(todo, task{r, c.ln - s, needR}, task{c.i, s, needL})
	}
	merges := make([]int, len(pushed))
	for k, edge := range pushed {
		merges[len(pushed)-1-k] = edge
	}
	return merges
}

// cut returns seed 000's split of chain (i, ln) for its max (hi) or min: the
// length s of the left part, and whether each part is taken at its max.
func (t *tables) cut(i, ln int, hi bool) (s int, needL, needR bool) {
	target := t.value(i, ln, hi)
	tw := t.residue64(i, ln, hi)
	for s = 1; s < ln; s++ {
		r := (i + s) % t.n
		if t.ops[r] == '+' {
			if t.residue64(i, s, hi)+t.residue64(r, ln-s, hi) != tw {
				continue
			}
			if addNum(t.value(i, s, hi), t.value(r, ln-s, hi)).cmp(target) == 0 {
				return s, hi, hi
			}
			continue
		}
		wa, wb := t.residue64(i, s, false), t.residue64(i, s, true)
		wc, wd := t.residue64(r, ln-s, false), t.residue64(r, ln-s, true)
		if wa*wc != tw && wa*wd != tw && wb*wc != tw && wb*wd != tw {
			continue
		}
		a, b := t.value(i, s, false), t.value(i, s, true)
		c, d := t.value(r, ln-s, false), t.value(r, ln-s, true)
		e := [4]num{mulNum(a, c), mulNum(a, d), mulNum(b, c), mulNum(b, d)}
		ext := e[0]
		for _, x := range e[1:] {
			if cmp := x.cmp(ext); hi && cmp > 0 || !hi && cmp < 0 {
				ext = x
			}
		}
		if ext.cmp(target) != 0 {
			continue
		}
		// The seed's order: ac, ad, bc, bd; the first equal to the bound.
		for k, x := range e {
			if x.cmp(ext) == 0 {
				return s, k >= 2, k%2 == 1
			}
		}
	}
	panic("polygon: no split reaches the chain's extreme (tables inconsistent)")
}

// Step is the ring after one move of the plan.
type Step struct {
	Move int  // 1-based: move 1 deletes Edge, moves 2..n merge
	Edge int  // the original number of the edge deleted or merged
	Op   byte // its operator, '+' or '*'
	// Left and Right are the two vertices the edge joined (Left is the one
	// before it, clockwise); for a merge, Value = Left Op Right is the new
	// vertex. Value is nil for move 1.
	Left, Right, Value *big.Int
	// The remaining chain after the move, left to right from the vertex after
	// the deleted edge: Values[k] and Values[k+1] are joined by the edge whose
	// original number is Edges[k] (so len(Edges) == len(Values)-1).
	Values []*big.Int
	Edges  []int
}

// Trace returns the ring after each move: move 1 deletes First, then each
// merge of Merges in order. Values are fresh copies.
func (r *Result) Trace() []Step {
	n, p := r.N, r.poly
	vals := make([]*big.Int, n)
	edges := make([]int, n-1)
	f := r.First - 1
	for k := 0; k < n; k++ {
		vals[k] = new(big.Int).Set(p.Values[(f+k)%n])
		if k > 0 {
			edges[k-1] = (f+k)%n + 1
		}
	}
	snapshot := func(s Step) Step {
		s.Values = make([]*big.Int, len(vals))
		for k, v := range vals {
			s.Values[k] = new(big.Int).Set(v)
		}
		s.Edges = append([]int(nil), edges...)
		return s
	}
	steps := []Step{snapshot(Step{Move: 1, Edge: r.First, Op: p.Ops[f],
		Left: new(big.Int).Set(p.Values[(f+n-1)%n]), Right: new(big.Int).Set(p.Values[f])})}
	for m, e := range r.Merges {
		k := indexOf(edges, e)
		op := p.Ops[e-1]
		l, rt := vals[k], vals[k+1]
		v := applyNum(op, numOfBig(l), numOfBig(rt)).bigInt()
		s := Step{Move: m + 2, Edge: e, Op: op, Left: new(big.Int).Set(l), Right: new(big.Int).Set(rt), Value: v}
		vals = append(vals[:k], append([]*big.Int{v}, vals[k+2:]...)...)
		edges = append(edges[:k], edges[k+1:]...)
		steps = append(steps, snapshot(s))
	}
	return steps
}

func indexOf(xs []int, x int) int {
	for k, y := range xs {
		if y == x {
			return k
		}
	}
	panic("polygon: plan merges an edge that is not in the chain")
}

// Expr returns the plan as a bracketed expression in seed 001's style: every
// merge is "(left op right)" with no spaces and negative numbers written
// plainly ("-5+-2"), except that the outermost brackets are dropped. For
// "* -5 + -2 * -8 * -5 + 8" it is `-8*(-5+(8*(-5+-2)))`; for n = 1 it is
// just the value.
func (r *Result) Expr() string {
	n, p := r.N, r.poly
	f := r.First - 1
	parts := make([]string, n)
	edges := make([]int, n-1)
	for k := 0; k < n; k++ {
		parts[k] = p.Values[(f+k)%n].String()
		if k > 0 {
			edges[k-1] = (f+k)%n + 1
		}
	}
	for _, e := range r.Merges {
		k := indexOf(edges, e)
		var sb strings.Builder
		sb.WriteByte('(')
		sb.WriteString(parts[k])
		sb.WriteByte(p.Ops[e-1])
		sb.WriteString(parts[k+1])
		sb.WriteByte(')')
		parts = append(parts[:k], append([]string{sb.String()}, parts[k+2:]...)...)
		edges = append(edges[:k], edges[k+1:]...)
	}
	s := parts[0]
	if n > 1 {
		s = s[1 : len(s)-1]
	}
	return s
}
