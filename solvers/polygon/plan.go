package polygon

import (
	"context"
	"math/big"
	"strings"
)

// planOf is the plan of chain (i, ln) under goal: the seed's walk (plan)
// for the default goal, else the line that makes the first optimal merge
// at every move, the edges in rank's order (firstPlan). Its merges and
// record are as plan gives them.
func (t *tables) planOf(i, ln int, goal Goal, rank func(k int) int, record func(i, ln int, hi bool)) ([]int, error) {
	if goal == GoalMax {
		return t.plan(i, ln, true, record)
	}
	return t.firstPlan(i, ln, goal.wantsMax(), rank, record)
}

// plan rebuilds the original program's optimal merge order of chain (i, ln)
// taken at its max (hi) or min: its getBestSolution walk, whose stack pops
// are the merges. Deleting ring edge e (0-based) first leaves chain (e, n).
// It returns each merge as the index x of the vertex right of the edge
// (ring edge x mod n, 0-based; a chain's edge x, 1-based), and hands every
// chain the walk visits (the plan's cells, leaves included) to record when
// it is not nil.
//
// Instead of keeping that program's cut tables (as much memory as the DP),
// each visited chain rescans its split points with its rule: the first
// split whose value equals the chain's extreme. A split is refuted cheaply
// when its residue mod 2^64 cannot match, so big arithmetic is spent only
// on real candidates; the walk visits n-1 chains and costs O(n²) at most.
func (t *tables) plan(i, ln int, hi bool, record func(i, ln int, hi bool)) ([]int, error) {
	mt := t.meter(phasePlan)
	var pushed []int
	type task struct {
		i, ln int
		hi    bool
	}
	// An explicit stack in place of the original program's recursion (chains can be n
	// deep); right is pushed before left so left is walked first, as in the
	// seed.
	todo := []task{{i, ln, hi}}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if record != nil {
			record(c.i, c.ln, c.hi)
		}
		if c.ln == 1 {
			continue
		}
		if mt.stopped() {
			return nil, errStopped
		}
		s, needL, needR, ok := t.cut(&mt, c.i, c.ln, c.hi)
		if !ok {
			return nil, errStopped
		}
		pushed = append(pushed, c.i+s)
		todo = append(todo, task{c.i + s, c.ln - s, needR}, task{c.i, s, needL})
	}
	if mt.stopped() {
		return nil, errStopped
	}
	merges := make([]int, len(pushed))
	for k, x := range pushed {
		merges[len(pushed)-1-k] = x
	}
	return merges, nil
}

// cut returns the original program's split of chain (i, ln) for its max (hi)
// or min: the length s of the left part, and whether each part is taken at
// its max. Splits are scanned left to right and the first whose value
// equals the extreme is kept (a later one only on strict improvement); of
// a '*' split the first of ac, ad, bc, bd that does. It polls before each
// exact evaluation and reports !ok if the solve is stopped.
func (t *tables) cut(mt *meter, i, ln int, hi bool) (s int, needL, needR, ok bool) {
	for s = 1; s < ln; s++ {
		mt.add(1)
		combo, found, ok := t.splitReaches(mt, i, ln, s, hi)
		if !ok {
			return 0, false, false, false
		}
		if found {
			return s, combo>>1 == 1, combo&1 == 1, true
		}
	}
	panic("polygon: no split reaches the chain's extreme (tables inconsistent)")
}

// splitReaches reports whether split s of chain (i, ln) reaches the
// chain's max (hi) or min, and with which combo of its parts' extremes
// (the first of ac, ad, bc, bd that does, as the seed takes them). ok is
// false when the solve was stopped.
func (t *tables) splitReaches(mt *meter, i, ln, s int, hi bool) (combo uint8, found, ok bool) {
	tw := t.residue64(i, ln, hi)
	r := i + s
	op := t.ops[r]
	cs := opCombos(op, hi)
	var w [2][2]uint64
	w[0][0], w[0][1] = t.residue64(i, s, false), t.residue64(i, s, true)
	w[1][0], w[1][1] = t.residue64(r, ln-s, false), t.residue64(r, ln-s, true)
	any := false
	for c := cs[0]; c < cs[1]; c++ {
		any = any || applyWrap(op, w[0][c>>1], w[1][c&1]) == tw
	}
	if !any {
		return 0, false, true
	}
	if mt.stopped() {
		return 0, false, false
	}
	mt.big++
	target := t.value(i, ln, hi)
	for c := cs[0]; c < cs[1]; c++ {
		if applyWrap(op, w[0][c>>1], w[1][c&1]) != tw {
			continue
		}
		x := applyNum(op, t.value(i, s, c>>1 == 1), t.value(r, ln-s, c&1 == 1))
		if x.cmp(target) == 0 {
			return c, true, true
		}
	}
	return 0, false, true
}

// Step is one move of the plan.
type Step struct {
	Move int  // 1-based: move 1 deletes Edge, moves 2..n merge
	Edge int  // the original number of the edge deleted or merged
	Op   byte // its operator, '+', '*' or '-'
	// Left and Right are the two vertices the edge joined (Left is the one
	// before it, clockwise); for a merge, Value = Left Op Right is the new
	// vertex. Value is nil for move 1.
	Left, Right, Value *big.Int
}

// Trace is the plan played out: one Step per move, and the chain left after
// any move on demand (Chain). It holds O(n) values (each merge's result once),
// not the n chains, whose total size grows as n². Its numbers are its own,
// not the Result's, and shared between Steps and chains: treat them as
// read-only.
type Trace struct {
	Steps []Step
	first int   // 0-based first edge: chain position p is vertex (first+p) mod n
	at    []int // at[e-1]: the chain position right of edge e
	vals  []*big.Int
}

// Trace plays the plan: move 1 deletes First, then each merge of Merges in
// order. TraceContext can be cancelled.
func (r *Result) Trace() *Trace {
	tr, _ := r.TraceContext(context.Background()) // fails only when cancelled
	return tr
}

// TraceContext is Trace, returning ctx.Err() soon after ctx is cancelled
// (it polls once per step; a step is O(1) work and one big-number operation).
func (r *Result) TraceContext(ctx context.Context) (*Trace, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	stop, release := watch(ctx)
	defer release()
	mt := meter{stop: stop, phase: phaseTrace}
	if r.cfg != nil {
		mt.hook = r.cfg.pollHook
	}
	n, p := r.N, r.poly
	f := r.First - 1
	tr := &Trace{first: f, at: make([]int, n), vals: make([]*big.Int, n)}
	for k := 0; k < n; k++ {
		tr.vals[k] = new(big.Int).Set(p.Values[(f+k)%n])
		tr.at[(f+k)%n] = k
	}
	// Union-find over chain positions; a group's root holds its value.
	parent := make([]int32, n)
	value := append([]*big.Int(nil), tr.vals...)
	for k := range parent {
		parent[k] = int32(k)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	tr.Steps = make([]Step, 0, n)
	tr.Steps = append(tr.Steps, Step{Move: 1, Edge: r.First, Op: p.Ops[f], Left: tr.vals[n-1], Right: tr.vals[0]})
	for m, e := range r.Merges {
		if mt.stopped() {
			return nil, ctx.Err()
		}
		k := int32(tr.at[e-1])
		a, b := find(k-1), find(k)
		op := p.Ops[e-1]
		v := applyNum(op, numOfBig(value[a]), numOfBig(value[b])).bigInt()
		tr.Steps = append(tr.Steps, Step{Move: m + 2, Edge: e, Op: op, Left: value[a], Right: value[b], Value: v})
		parent[b], value[a] = a, v
		mt.add(1)
	}
	if mt.stopped() {
		return nil, ctx.Err()
	}
	return tr, nil
}

// Chain returns the chain left after Steps[k], left to right from the vertex
// after the deleted edge: values[j] and values[j+1] are joined by the edge
// whose original number is edges[j] (len(edges) == len(values)-1). It takes
// O(n) time and allocates only the two slices.
func (tr *Trace) Chain(k int) (values []*big.Int, edges []int) {
	n := len(tr.vals)
	// last[p]: the latest of merges 1..k (1-based step index) on the edge
	// left of position p, 0 if that edge is not merged yet.
	last := make([]int32, n)
	for s := 1; s <= k; s++ {
		last[tr.at[tr.Steps[s].Edge-1]] = int32(s)
	}
	values = make([]*big.Int, 0, n-k)
	edges = make([]int, 0, n-k-1)
	for p := 0; p < n; {
		q, newest := p+1, int32(0)
		for q < n && last[q] != 0 {
			newest = max(newest, last[q])
			q++
		}
		if newest == 0 {
			values = append(values, tr.vals[p])
		} else {
			values = append(values, tr.Steps[newest].Value)
		}
		if q < n {
			edges = append(edges, (tr.first+q)%n+1)
		}
		p = q
	}
	return values, edges
}

// Expr returns the plan as a bracketed expression in the style of the problem's published solutions: every
// merge is "(left op right)" with no spaces and negative numbers written
// plainly ("-5+-2", "3--2" for 3 − (−2)), except that the outermost
// brackets are dropped. Every compound operand is bracketed, so the text
// is unambiguous with '-' too and evaluates, as ordinary arithmetic, to the
// plan's score. For "* -5 + -2 * -8 * -5 + 8" it is `-8*(-5+(8*(-5+-2)))`;
// for n = 1 it is just the value.
//
// It takes time linear in n and the text: the merges build a tree (each
// joins the two groups of vertices beside its edge, found by union-find),
// which is then written out once. The kernel calls it right after Solve, so it
// must stay short even for thousands of vertices.
func (r *Result) Expr() string {
	n, p := r.N, r.poly
	f := r.First - 1
	// Chain position k holds vertex (f+k) mod n; the edge between positions
	// k-1 and k is edge (f+k) mod n + 1.
	at := make([]int, len(r.Merges))
	for m, e := range r.Merges {
		at[m] = (e - 1 - f + n) % n
	}
	return planExpr(n, func(k int) *big.Int { return p.Values[(f+k)%n] }, func(k int) byte { return p.Ops[(f+k)%n] }, at)
}

// planExpr writes the plan of a chain of m values as Expr does: value(k) is
// position k's value (0 ≤ k < m), op(k) the operator of the edge between
// positions k-1 and k, and merges[q] the position k (1 ≤ k < m) of the
// edge merged q-th.
func planExpr(m int, value func(k int) *big.Int, op func(k int) byte, merges []int) string {
	if m == 1 {
		return value(0).String()
	}
	// Tree nodes 0..m-1 are the positions, node m+q is merge q.
	parent := make([]int32, m) // union-find over positions
	node := make([]int32, m)   // node[root]: the tree node of root's group
	for k := range parent {
		parent[k], node[k] = int32(k), int32(k)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	kids := make([][2]int32, m-1)
	for q, k := range merges {
		a, b := find(int32(k-1)), find(int32(k))
		kids[q] = [2]int32{node[a], node[b]}
		parent[b], node[a] = a, int32(m+q)
	}
	// Write the tree depth-first with an explicit stack (it can be m deep):
	// entries ≥ 0 are nodes, closeBracket a ')', and -2-q merge q's operator.
	const closeBracket = -1
	var sb strings.Builder
	stack := []int32{int32(2*m - 2)}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case x == closeBracket:
			sb.WriteByte(')')
		case x < closeBracket:
			sb.WriteByte(op(merges[-2-x]))
		case int(x) < m:
			sb.WriteString(value(int(x)).String())
		default:
			q := int(x) - m
			sb.WriteByte('(')
			stack = append(stack, closeBracket, kids[q][1], int32(-2-q), kids[q][0])
		}
	}
	s := sb.String()
	return s[1 : len(s)-1]
}
