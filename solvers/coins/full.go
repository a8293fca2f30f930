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
	sums  sums
	shape shape
	base  []int // where each row of positions starts (see index)
	x     store
}

// store is a table's values, in int64 or math/big.
type store interface {
	get(i int) *big.Int // a fresh copy
	// less says value i is less than value j, where index −1 stands for
	// 0 (the value of a position without coins).
	less(i, j int) bool
}

type int64Store []int64
type bigStore []*big.Int

func (s int64Store) get(i int) *big.Int { return big.NewInt(s[i]) }
func (s bigStore) get(i int) *big.Int   { return new(big.Int).Set(s[i]) }

func (s int64Store) less(i, j int) bool {
	at := func(i int) int64 {
		if i < 0 {
			return 0
		}
		return s[i]
	}
	return at(i) < at(j)
}

func (s bigStore) less(i, j int) bool {
	switch {
	case i < 0 && j < 0:
		return false
	case i < 0:
		return s[j].Sign() > 0
	case j < 0:
		return s[i].Sign() < 0
	}
	return s[i].Cmp(s[j]) < 0
}

// newFullTable lays out the table of g (its values still to be filled):
//   - intervals without M: base[rem] + lo;
//   - suffixes: lo;
//   - suffixes with M: by M, then lo (see fillSuffixM);
//   - intervals with M: base[rem] + lo·capM(rem) + M − 1.
func newFullTable(g Game) *fullTable {
	n := len(g.Coins)
	t := &fullTable{g: g, n: n, sums: newSums(g.Coins), shape: g.Rules.shape()}
	m0 := g.start().M
	switch t.shape {
	case shapeSuffixM:
		// Column M holds the suffixes lo = qmin(M)..n−2M+1 whose M is
		// kept (M ≤ capM), at base[M] + lo − qmin(M).
		t.base = make([]int, (n+1)/2+2)
		for mm := 1; mm < len(t.base)-1; mm++ {
			t.base[mm+1] = t.base[mm] + max(0, n-2*mm+2-qmin(m0, mm))
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
		mm := clampM(p.M, rem)
		return t.base[mm] + p.Lo - qmin(t.g.start().M, mm)
	case shapeIntervalM:
		return t.base[rem] + p.Lo*capM(t.g.start().M, t.n-rem, rem) + clampM(p.M, rem) - 1
	}
	return t.base[rem] + p.Lo
}

// slot is index(p), or −1 for a position without coins.
func (t *fullTable) slot(p Position) int {
	if p.Left() == 0 {
		return -1
	}
	return t.index(p)
}

// firstBest is p's first optimal move in the game's order: the first whose
// position after has the least x (position.go), found without leaving the
// table's arithmetic.
func (t *fullTable) firstBest(p Position) Move {
	r := t.g.Rules
	rem := p.Left()
	best, at := 0, t.slot(r.Next(p, r.nthMove(rem, p.M, 0)))
	for i := 1; i < r.moveCount(rem, p.M); i++ {
		if s := t.slot(r.Next(p, r.nthMove(rem, p.M, i))); t.x.less(s, at) {
			best, at = i, s
		}
	}
	return r.nthMove(rem, p.M, best)
}

// xOf is x(p), 0 for a position without coins.
func (t *fullTable) xOf(p Position) *big.Int {
	if p.Left() == 0 {
		return new(big.Int)
	}
	return t.x.get(t.index(p))
}

// sumOf is S(p), the sum of the coins left.
func (t *fullTable) sumOf(p Position) *big.Int { return t.sums.between(p.Lo, p.Hi) }

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
// first, each x = σ·S − the least x after its moves. The values after a
// position's moves are gathered into one slice and A takes its least in
// one call: a call per value would cost more than the comparison.
func fillTable[T any, A arith[T]](t *fullTable, m *meter) ([]T, error) {
	switch t.shape {
	case shapeSuffix:
		return fillSuffix[T, A](t, m)
	case shapeInterval, shapeDefault:
		panic("coins: intervals without M are filled by the interval DP")
	}
	q := signedPrefix[T, A](t.sums, t.g.Rules)
	if t.shape == shapeSuffixM {
		return fillSuffixM[T, A](t, m, q)
	}
	return fillIntervalM[T, A](t, m, q)
}

// fillIntervalM fills take "2M" from both ends. Position (lo, rem coins,
// M) is at base[rem] + lo·caps[rem] + M − 1, so one interval's Ms are a
// run. A move of X coins at M leaves rem−X coins with M max(M, X):
//   - X ≤ M: M again (clamped): for each X the values for every M are a
//     run of the interval X leaves, taken into least[M] run by run;
//   - X > M: X, whatever M is: gathered once per interval (zl, zr).
func fillIntervalM[T any, A arith[T]](t *fullTable, m *meter, q []T) ([]T, error) {
	var a A
	n, m0, base := t.n, t.g.start().M, t.base
	zero := a.zero()
	caps := make([]int, n+1) // caps[rem]: the Ms kept for intervals of rem coins
	for rem := 1; rem <= n; rem++ {
		caps[rem] = capM(m0, n-rem, rem)
	}
	x := make([]T, base[n+1])
	row := func(lo, rem int) []T { // interval (lo, rem)'s values for M = 1..caps[rem]
		at := base[rem] + lo*caps[rem]
		return x[at : at+caps[rem]]
	}
	zl, zr, least := make([]T, n+1), make([]T, n+1), make([]T, n+1)
	two, three := make([]T, 2), make([]T, 3)
	for rem := 1; rem <= n; rem++ {
		cr := caps[rem]
		for lo := 0; lo+rem <= n; lo++ {
			s := a.sub(q[lo+rem], q[lo])
			for c := 1; c < rem; c++ {
				cp := caps[rem-c]
				zl[c], zr[c] = row(lo+c, rem-c)[min(c, cp)-1], row(lo, rem-c)[min(c, cp)-1]
			}
			for c := 1; c < rem && c <= cr; c++ { // X = c ≤ M: least[c..cr]
				l, r := row(lo+c, rem-c), row(lo, rem-c)
				top := min(cr, len(l)) // M past the row is clamped to its last
				if c == 1 {
					copy(least[1:top+1], l[:top])
				} else if c <= top {
					a.minInto(least[c:top+1], l[c-1:top])
				}
				if c <= top {
					a.minInto(least[c:top+1], r[c-1:top])
				}
				two[0], two[1] = l[len(l)-1], r[len(r)-1]
				if free := a.least(two[:]); c == 1 {
					fill(least[top+1:cr+1], free)
				} else {
					a.minScalar(least[max(c, top+1):cr+1], free)
				}
			}
			for mm := 1; mm <= cr; mm++ {
				lim := min(2*mm, rem)
				parts := three[:0]
				if rem > 1 {
					parts = append(parts, least[mm])
				}
				if hi := min(lim, rem-1); hi > mm {
					parts = append(parts, a.least(zl[mm+1:hi+1]), a.least(zr[mm+1:hi+1]))
				}
				if lim == rem {
					parts = append(parts, zero)
				}
				row(lo, rem)[mm-1] = a.sub(s, a.least(parts))
			}
			if err := m.add(sumMin(cr, rem) + sumMin(cr, rem-1)); err != nil {
				return nil, err
			}
		}
	}
	return x, m.end()
}

func fill[T any](xs []T, v T) {
	for i := range xs {
		xs[i] = v
	}
}

// qmin is the first suffix that keeps M (capM ≥ M): M ≤ max(m0, lo).
func qmin(m0, mm int) int {
	if mm <= m0 {
		return 0
	}
	return mm
}

// fillSuffixM fills take "2M" from the left end, where X coins taken at M
// leave suffix lo+X with M max(M, X). Split three ways, every set of
// values a position compares is a run of one array, so A's least runs
// over slices with no gathering:
//   - X ≤ M while lo+X keeps M (lo+X ≤ n−2M+1): column M, lo+1 on;
//   - X ≤ M beyond that: M is clamped there, the suffix's free value F;
//   - X > M: the next M is X, the value z(X) of this lo, gathered once.
func fillSuffixM[T any, A arith[T]](t *fullTable, m *meter, q []T) ([]T, error) {
	var a A
	n, m0, base := t.n, t.g.start().M, t.base
	x := make([]T, base[len(base)-1])
	free := make([]T, n+1) // free[lo]: x of suffix lo with its largest kept M
	free[n] = a.zero()
	z := make([]T, n+1)
	var three [3]T
	for lo := n - 1; lo >= 0; lo-- {
		rem, s := n-lo, a.sub(q[n], q[lo])
		for c := 1; c < rem; c++ {
			z[c] = x[base[clampM(c, rem-c)]+lo+c-qmin(m0, clampM(c, rem-c))]
		}
		z[rem] = free[n]
		c := capM(m0, lo, rem)
		for mm := 1; mm <= c; mm++ {
			lim := min(2*mm, rem)
			keep := max(0, min(mm, lim, n-2*mm+1-lo)) // X = 1..keep keep M
			at := base[mm] - qmin(m0, mm)             // column mm's suffix 0
			parts := three[:0]
			if keep > 0 {
				parts = append(parts, a.least(x[at+lo+1:at+lo+keep+1]))
			}
			if keep < min(mm, lim) {
				parts = append(parts, a.least(free[lo+keep+1:lo+min(mm, lim)+1]))
			}
			if lim > mm {
				parts = append(parts, a.least(z[mm+1:lim+1]))
			}
			x[at+lo] = a.sub(s, a.least(parts))
		}
		free[lo] = x[base[c]+lo-qmin(m0, c)]
		if err := m.add(sumMin(c, rem)); err != nil {
			return nil, err
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
	q := signedPrefix[T, A](t.sums, t.g.Rules)
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
