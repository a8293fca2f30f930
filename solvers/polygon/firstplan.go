package polygon

import (
	"math"
	"math/big"
)

// The plan under a variant (goal "min"): SPEC §6.4 has a line of moves
// pick, at every move, the first optimal move in the game's order, edges
// by their numbers. The default goal keeps the seed's plan (plan.go),
// whose merges are listed as its walk pops them, byte for byte.
//
// Every optimal merge line is a merge order of an optimal tree, and in an
// optimal tree every part is at its extreme or, past a product with 0,
// free (optimal.go's "any"). After some merges the position's optimal
// lines are those of the optimal trees that hold every part merged so far
// as a node, so which next merges are optimal is a question about the
// filled table alone: is there an optimal tree, splitting only between the
// blocks the chain now has, in which each block is at the extreme it is
// wanted at (its value, fixed by its merges, equal to that extreme) and the
// two blocks of the merge are a node? ok answers the first half bottom-up,
// reach the second top-down, each over the states optimal.go's rules
// reach, their expansions found once. Each move costs what those states
// cost, about the chain's length when few moves tie.

// wantState is how a part is wanted: at its min, at its max, or any plan.
type wantState uint8

const (
	atMin wantState = iota
	atMax
	atAny
)

// expansion is one way a part reaches the extreme it is wanted at: split
// after its first s values, the parts wanted as l and r.
type expansion struct {
	s    int
	l, r wantState
}

// firstPlanner holds a chain's blocks while its first-optimal line is
// made.
type firstPlanner struct {
	t        *tables
	mt       *meter
	sc       scratch
	start, m int
	hi       bool
	exps     map[int][]expansion // found once per state
	// Blocks: position p is in block [bStart[p], bEnd[p]); a block's
	// values at its start, with whether it is at its part's min and max.
	bStart, bEnd []int
	value        []*big.Int
	atExt        [][2]bool
	// Memos. gen counts the moves. A state found not ok stays so (merges
	// only add to what a tree must hold): okNever; one found ok in move g
	// stays so until a merge inside it (merged: minus the move of each
	// boundary's merge, so its first rank is the last merge).
	gen     uint32
	okAt    []uint32 // g<<1 | 1, or okNever
	merged  *minTree
	seen    []uint32
	flats   []uint8  // per part: 0 not known yet, 1 its min is not its max, 2 it is
	ranks   *minTree // the ranks of the boundaries between blocks
	queue   stateQueue
	stopped bool
}

// firstPlan returns the merges of the line that, at every move of chain
// (start, m) of t, makes the optimal merge whose edge ranks first: rank(k)
// orders the edge between chain positions k-1 and k (a ring's number, a
// chain's name). Each merge is given as the index start+k, as plan gives
// its; record, when not nil, gets the parts of the line's tree in the
// order plan visits its (each part, then its first part's, then its
// second's), each said to be at its max when its value is (or at the
// goal's extreme when its min and max are equal).
func (t *tables) firstPlan(start, m int, hi bool, rank func(k int) int, record func(i, ln int, hi bool)) ([]int, error) {
	mt := t.meter(phasePlan)
	f := &firstPlanner{t: t, mt: &mt, start: start, m: m, hi: hi, exps: map[int][]expansion{},
		bStart: make([]int, m), bEnd: make([]int, m), value: make([]*big.Int, m), atExt: make([][2]bool, m),
		okAt: make([]uint32, 3*m*m), seen: make([]uint32, 3*m*m), flats: make([]uint8, m*m)}
	f.ranks = newMinTree(m, rank)
	f.merged = newMinTree(m, func(int) int { return 0 })
	for p := range m {
		f.bStart[p], f.bEnd[p] = p, p+1
		f.value[p] = t.value(start+p, 1, true).bigInt()
		f.atExt[p] = [2]bool{true, true}
	}
	goal := atMin
	if hi {
		goal = atMax
	}
	type node struct {
		v *big.Int
		k int // its split: the merge of blocks [i, k) and [k, i+ln) made it
	}
	var merges []int
	nodes := map[[2]int]node{}
	for range m - 1 {
		f.gen++
		best := f.first(goal)
		if f.stopped || mt.stopped() {
			return nil, errStopped
		}
		if best < 0 {
			panic("polygon: no optimal merge (tables inconsistent)")
		}
		f.ranks.set(best, noRank)
		f.merged.set(best, -int(f.gen))
		i, j := f.bStart[best-1], f.bEnd[best]
		v := applyBig(t.ops[start+best], new(big.Int), f.value[i], f.value[best])
		for p := i; p < j; p++ {
			f.bStart[p], f.bEnd[p] = i, j
		}
		f.value[i] = v
		f.atExt[i] = [2]bool{v.Cmp(t.value(start+i, j-i, false).bigInt()) == 0, v.Cmp(t.value(start+i, j-i, true).bigInt()) == 0}
		merges = append(merges, start+best)
		nodes[[2]int{i, j - i}] = node{v, best}
	}
	if record != nil {
		// The tree in plan's order: a part, then its first part's, then
		// its second's (an explicit stack: the tree can be m deep).
		todo := [][2]int{{0, m}}
		for len(todo) > 0 {
			c := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			i, ln := c[0], c[1]
			if ln == 1 {
				record(start+i, 1, hi)
				continue
			}
			nd := nodes[c]
			lo := t.value(start+i, ln, false).bigInt()
			record(start+i, ln, nd.v.Cmp(t.value(start+i, ln, true).bigInt()) == 0 && (nd.v.Cmp(lo) != 0 || hi))
			todo = append(todo, [2]int{nd.k, i + ln - nd.k}, [2]int{i, nd.k - i})
		}
	}
	return merges, nil
}

// index is the memo slot of part (i, ln) wanted as w.
func (f *firstPlanner) index(i, ln int, w wantState) int { return 3*(i*f.m+ln-1) + int(w) }

// norm is how part (i, ln) is wanted as w: any plan of a part whose min
// is its max reaches both.
func (f *firstPlanner) norm(i, ln int, w wantState) wantState {
	if w == atAny || ln == 1 {
		return atAny
	}
	at := &f.flats[i*f.m+ln-1]
	if *at == 0 {
		*at = 1
		if f.t.flat(f.start+i, ln) {
			*at = 2
		}
	}
	if *at == 2 {
		return atAny
	}
	return w
}

// okNever marks a state that is not ok and never will be.
const okNever = 1

// blocks says part (i, ln) is whole blocks.
func (f *firstPlanner) blocks(i, ln int) bool {
	return f.bStart[i] == i && f.bEnd[i+ln-1] == i+ln
}

// ok says an optimal tree of part (i, ln), wanted as w and made of whole
// blocks, holds every block as it is.
func (f *firstPlanner) ok(i, ln int, w wantState) bool {
	w = f.norm(i, ln, w)
	if !f.blocks(i, ln) {
		return false
	}
	if f.bEnd[i] == i+ln { // one block: its value is what it is
		return w == atAny || f.atExt[i][w]
	}
	if w == atAny {
		return true
	}
	x := f.index(i, ln, w)
	if f.okAt[x] == okNever {
		return false
	}
	if g := f.okAt[x] >> 1; g == f.gen {
		return true
	} else if g > 0 {
		if _, last := f.merged.min(i+1, i+ln-1); -last < int(g) {
			f.okAt[x] = f.gen<<1 | 1
			return true // no merge inside it since it was found ok
		}
	}
	res := len(f.live(i, ln, w, true)) > 0
	f.okAt[x] = f.gen<<1 | 1
	if !res {
		f.okAt[x] = okNever
	}
	return res
}

// live are the expansions of part (i, ln) wanted as w whose split is
// between blocks and whose parts are ok; with first, only the first of
// them (none: there is none). Those found not to be are dropped for good:
// blocks only grow, and what is not ok stays so.
func (f *firstPlanner) live(i, ln int, w wantState, first bool) []expansion {
	x := f.index(i, ln, w)
	es := f.expansions(i, ln, w)
	kept, k := es[:0], 0
	for ; k < len(es); k++ {
		e := es[k]
		if f.bStart[i+e.s] == i+e.s && f.ok(i, e.s, e.l) && f.ok(i+e.s, ln-e.s, e.r) {
			kept = append(kept, e)
			if first {
				k++
				break
			}
		}
	}
	n := len(kept)
	if k < len(es) || n < len(es) {
		kept = append(kept, es[k:]...) // the rest, not looked at
		f.exps[x] = kept
	}
	return kept[:n]
}

// first is the boundary of the optimal next merge of the first rank, -1
// if there is none: the states an optimal tree holding every block passes
// through are searched from the whole chain (wanted as goal), the part
// whose boundaries rank first first (its bound, the first rank of a
// boundary in it: a part's boundaries are among its parent's). A merge is
// optimal at a boundary inside a part wanted as any, or between the two
// blocks of a part: the first such part searched has it, at its bound.
func (f *firstPlanner) first(goal wantState) int {
	q := &f.queue
	*q = (*q)[:0]
	push := func(i, ln int, w wantState) {
		w = f.norm(i, ln, w)
		if ln == 1 || f.bEnd[i] == i+ln {
			return // one block: no merge inside
		}
		x := f.index(i, ln, w)
		if f.seen[x] == f.gen {
			return
		}
		f.seen[x] = f.gen
		k, r := f.ranks.min(i+1, i+ln-1)
		q.push(queued{i: i, ln: ln, w: w, rank: r, at: k})
	}
	push(0, f.m, goal)
	for len(*q) > 0 && !f.stopped {
		if f.mt.add(1); f.mt.stopped() {
			f.stopped = true
			break
		}
		c := q.pop()
		if k := f.bEnd[c.i]; c.w == atAny || f.bEnd[k] == c.i+c.ln {
			return c.at // any plan of it, or two blocks: its first boundary is an optimal merge
		}
		for _, e := range f.live(c.i, c.ln, c.w, false) {
			push(c.i, e.s, e.l)
			push(c.i+e.s, c.ln-e.s, e.r)
		}
	}
	return -1
}

// queued is a state waiting in first's search, with its bound.
type queued struct {
	i, ln    int
	w        wantState
	rank, at int // the first rank of a boundary in the part, and where
}

// stateQueue is a heap of queued states, the first bound on top.
type stateQueue []queued

func (q *stateQueue) push(c queued) {
	*q = append(*q, c)
	h := *q
	for k := len(h) - 1; k > 0; {
		up := (k - 1) / 2
		if h[up].rank <= h[k].rank {
			break
		}
		h[up], h[k] = h[k], h[up]
		k = up
	}
}

func (q *stateQueue) pop() queued {
	h := *q
	top := h[0]
	h[0] = h[len(h)-1]
	h = h[:len(h)-1]
	for k := 0; ; {
		c := 2*k + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1].rank < h[c].rank {
			c++
		}
		if h[k].rank <= h[c].rank {
			break
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
	*q = h
	return top
}

// noRank is the rank of a boundary no longer between blocks.
const noRank = math.MaxInt

// minTree answers the first rank of the boundaries k in a range, and
// where, as merges take boundaries away: a segment tree over k = 1..m-1.
type minTree struct {
	size int
	at   []int // the boundary of each node's first rank
	rank []int
}

func newMinTree(m int, rank func(k int) int) *minTree {
	size := 1
	for size < m {
		size *= 2
	}
	t := &minTree{size: size, at: make([]int, 2*size), rank: make([]int, 2*size)}
	for k := range size {
		t.rank[size+k], t.at[size+k] = noRank, k
		if k >= 1 && k < m {
			t.rank[size+k] = rank(k)
		}
	}
	for x := size - 1; x >= 1; x-- {
		t.pull(x)
	}
	return t
}

func (t *minTree) pull(x int) {
	l, r := 2*x, 2*x+1
	if t.rank[r] < t.rank[l] {
		l = r
	}
	t.rank[x], t.at[x] = t.rank[l], t.at[l]
}

// set gives boundary k rank r.
func (t *minTree) set(k, r int) {
	x := t.size + k
	t.rank[x] = r
	for x /= 2; x >= 1; x /= 2 {
		t.pull(x)
	}
}

// min is the first rank of boundaries lo..hi, and its boundary.
func (t *minTree) min(lo, hi int) (at, rank int) {
	at, rank = -1, noRank
	take := func(x int) {
		if t.rank[x] < rank {
			at, rank = t.at[x], t.rank[x]
		}
	}
	for l, r := lo+t.size, hi+t.size+1; l < r; l, r = l/2, r/2 {
		if l&1 == 1 {
			take(l)
			l++
		}
		if r&1 == 1 {
			r--
			take(r)
		}
	}
	return at, rank
}

// expansions are the ways part (i, ln) reaches its extreme w, found once
// (optimal.go's rules).
func (f *firstPlanner) expansions(i, ln int, w wantState) []expansion {
	x := f.index(i, ln, w)
	if es, ok := f.exps[x]; ok {
		return es
	}
	t, hi := f.t, w == atMax
	side := func(max bool) wantState {
		if max {
			return atMax
		}
		return atMin
	}
	var out []expansion
	zero := t.isZero(f.start+i, ln, hi)
	for s := 1; s < ln; s++ {
		f.mt.add(1)
		op := t.ops[f.start+i+s]
		cs := opCombos(op, hi)
		for c := cs[0]; c < cs[1]; c++ {
			eq, ok := t.comboEquals(f.mt, &f.sc, f.start+i, ln, s, c, hi)
			if !ok {
				f.stopped = true
				return nil
			}
			if eq {
				out = append(out, expansion{s, side(c>>1 == 1), side(c&1 == 1)})
			}
		}
		if op != '*' || !zero {
			continue
		}
		for _, x := range []bool{false, true} {
			if t.isZero(f.start+i, s, x) {
				out = append(out, expansion{s, side(x), atAny})
			}
			if t.isZero(f.start+i+s, ln-s, x) {
				out = append(out, expansion{s, atAny, side(x)})
			}
		}
	}
	f.exps[x] = out
	return out
}
