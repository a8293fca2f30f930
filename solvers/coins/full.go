package coins

import (
	"context"
	"math/big"
)

// fullTable holds x (position.go) for every position of a game that the
// DP keeps, so that any position's value and moves are a lookup: the
// table of take k from the left end (every suffix), of take "2M" (every
// suffix or interval with every M up to capM) and, for dp(x), of take k
// from both ends (every interval, copied off the ring as it passes).
type fullTable struct {
	g     Game
	n     int
	sq    []*big.Int // σ·prefix sums: σ·S(lo..hi−1) = sq[hi] − sq[lo]
	shape shape
	base  []int // where each row of positions starts (see index)
	x     store
}

// store is a table's values, in int64 or math/big.
type store interface {
	get(i int) *big.Int // a fresh copy
}

type int64Store []int64
type bigStore []*big.Int

func (s int64Store) get(i int) *big.Int { return big.NewInt(s[i]) }
func (s bigStore) get(i int) *big.Int   { return new(big.Int).Set(s[i]) }

// newFullTable lays out the table of g (its values still to be filled):
//   - intervals without M: base[rem] + lo;
//   - suffixes: lo;
//   - suffixes with M: base[lo] + M − 1, M = 1..capM;
//   - intervals with M: base[rem] + lo·capM(rem) + M − 1.
func newFullTable(g Game) *fullTable {
	n := len(g.Coins)
	t := &fullTable{g: g, n: n, sq: prefix(g.Coins, g.Rules), shape: g.Rules.shape()}
	m0 := g.start().M
	switch t.shape {
	case shapeSuffixM:
		t.base = make([]int, n+1)
		for i := range n {
			t.base[i+1] = t.base[i] + capM(m0, i, n-i)
		}
	case shapeIntervalM:
		t.base = make([]int, n+2)
		for rem := 1; rem <= n; rem++ {
			t.base[rem+1] = t.base[rem] + (n-rem+1)*capM(m0, n-rem, rem)
		}
	case shapeDefault, shapeInterval:
		t.base = make([]int, n+2)
		for rem := 1; rem <= n; rem++ {
			t.base[rem+1] = t.base[rem] + n - rem + 1
		}
	}
	return t
}

// index is where position p's value is; p has coins left.
func (t *fullTable) index(p Position) int {
	rem := p.Left()
	switch t.shape {
	case shapeSuffix:
		return p.Lo
	case shapeSuffixM:
		return t.base[p.Lo] + clampM(p.M, rem) - 1
	case shapeIntervalM:
		return t.base[rem] + p.Lo*capM(t.g.start().M, t.n-rem, rem) + clampM(p.M, rem) - 1
	}
	return t.base[rem] + p.Lo
}

// xOf is x(p), 0 for a position without coins.
func (t *fullTable) xOf(p Position) *big.Int {
	if p.Left() == 0 {
		return new(big.Int)
	}
	return t.x.get(t.index(p))
}

// sumOf is S(p), the sum of the coins left.
func (t *fullTable) sumOf(p Position) *big.Int {
	s := new(big.Int).Sub(t.sq[p.Hi], t.sq[p.Lo])
	if t.g.Rules.sigma() < 0 {
		s.Neg(s)
	}
	return s
}

// eval is p's value and the value after each of its moves.
func (t *fullTable) eval(p Position) Eval {
	r, s := t.g.Rules, t.sumOf(p)
	e := Eval{Position: p, Value: new(big.Int), Moves: r.Moves(p)}
	if p.Left() > 0 {
		e.Value = r.marginOf(s, t.xOf(p))
	}
	e.After = make([]*big.Int, len(e.Moves))
	for i, m := range e.Moves {
		e.After[i] = r.afterOf(s, t.xOf(r.Next(p, m)))
	}
	return e
}

// fill computes every value of the table.
func (t *fullTable) fill(ctx context.Context, report func(done, total int64)) error {
	_, steps := t.g.size()
	if fitsInt64(t.g.Coins, t.g.Rules, 0) {
		x, err := fillTable[int64, int64Arith](t, newMeter(ctx, tuningOf(ctx).int64Chunk, steps, report))
		t.x = int64Store(x)
		return err
	}
	x, err := fillTable[*big.Int, bigArith](t, newMeter(ctx, tuningOf(ctx).bigChunk, steps, report))
	t.x = bigStore(x)
	return err
}

// fillTable fills t's values in arithmetic A, positions with fewer coins
// first, each x = σ·S − the least x after its moves, in the game's order.
func fillTable[T any, A arith[T]](t *fullTable, m *meter) ([]T, error) {
	switch t.shape {
	case shapeSuffix:
		return fillSuffix[T, A](t, m)
	case shapeInterval, shapeDefault:
		panic("coins: intervals without M are filled by the interval DP")
	}
	var a A
	var x []T
	q := convert[T, A](t.sq)
	r, n, m0 := t.g.Rules, t.n, t.g.start().M
	zero := a.zero()
	at := func(p Position) T {
		if p.Left() == 0 {
			return zero
		}
		return x[t.index(p)]
	}
	cell := func(p Position) T {
		rem := p.Left()
		best := at(Position{p.Lo + 1, p.Hi, r.nextM(p.M, 1)})
		for c := 2; c <= r.limit(rem, p.M); c++ { // L(c), c > 1
			if v := at(Position{p.Lo + c, p.Hi, r.nextM(p.M, c)}); a.less(v, best) {
				best = v
			}
		}
		for c := 1; c <= r.rightCount(rem, p.M); c++ {
			if v := at(Position{p.Lo, p.Hi - c, r.nextM(p.M, c)}); a.less(v, best) {
				best = v
			}
		}
		return a.sub(a.sub(q[p.Hi], q[p.Lo]), best)
	}
	if t.shape == shapeSuffixM {
		x = make([]T, t.base[n])
		for lo := n - 1; lo >= 0; lo-- {
			c := capM(m0, lo, n-lo)
			for mm := 1; mm <= c; mm++ {
				x[t.base[lo]+mm-1] = cell(Position{lo, n, mm})
			}
			if err := m.add(sumMin(c, n-lo)); err != nil {
				return nil, err
			}
		}
		return x, m.end()
	}
	x = make([]T, t.base[n+1])
	for rem := 1; rem <= n; rem++ {
		c := capM(m0, n-rem, rem)
		for lo := 0; lo+rem <= n; lo++ {
			for mm := 1; mm <= c; mm++ {
				x[t.base[rem]+lo*c+mm-1] = cell(Position{lo, lo + rem, mm})
			}
			if err := m.add(sumMin(c, rem) + sumMin(c, rem-1)); err != nil {
				return nil, err
			}
		}
	}
	return x, m.end()
}

// fillSuffix fills take k from the left end: x(lo) = σ·S(lo..n−1) − the
// least of x(lo+1..lo+k), kept as it slides by a deque, so the work is
// O(n) for any k. The deque holds the positions that can still be the
// least, nearest first with values falling towards the back: a new nearer
// position pushes out every farther one it is no worse than (the nearer
// wins ties: fewer coins come first), and positions too far are dropped
// from the back, which then holds the least.
func fillSuffix[T any, A arith[T]](t *fullTable, m *meter) ([]T, error) {
	var a A
	n, k := t.n, min(t.g.Rules.k(), t.n)
	q := convert[T, A](t.sq)
	x := make([]T, n+1)
	x[n] = a.zero()
	dq := make([]int, k+1) // a ring: dq[head..head+size−1]
	head, size := 0, 0
	for lo := n - 1; lo >= 0; lo-- {
		nearer := lo + 1
		for size > 0 && !a.less(x[dq[head]], x[nearer]) {
			head, size = (head+1)%len(dq), size-1
		}
		head, size = (head+len(dq)-1)%len(dq), size+1
		dq[head] = nearer
		for back := (head + size - 1) % len(dq); dq[back] > lo+k; back = (head + size - 1) % len(dq) {
			size--
		}
		x[lo] = a.sub(a.sub(q[n], q[lo]), x[dq[(head+size-1)%len(dq)]])
		if err := m.add(2); err != nil {
			return nil, err
		}
	}
	return x, m.end()
}

// meter counts a fill's steps, looks at the context every chunk steps
// (about a tenth of a millisecond of work) and reports progress there.
type meter struct {
	ctx                context.Context
	hook               func()
	report             func(done, total int64)
	chunk, done, total int64
	next               int64
}

func newMeter(ctx context.Context, chunk int, total int64, report func(done, total int64)) *meter {
	if report != nil {
		report(0, total)
	}
	return &meter{ctx: ctx, hook: tuningOf(ctx).chunkHook, report: report, chunk: int64(chunk), total: total}
}

func (m *meter) add(steps int64) error {
	m.done += steps
	if m.done < m.next {
		return nil
	}
	m.next = m.done + m.chunk
	if m.hook != nil {
		m.hook()
	}
	if err := m.ctx.Err(); err != nil {
		return err
	}
	if m.report != nil {
		m.report(min(m.done, m.total), m.total)
	}
	return nil
}

// end reports the fill complete.
func (m *meter) end() error {
	if err := m.ctx.Err(); err != nil {
		return err
	}
	if m.report != nil {
		m.report(m.total, m.total)
	}
	return nil
}
