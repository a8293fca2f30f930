package polygon

import (
	"math"
	"math/big"
)

// The exact engine. Each table entry holds an exact value (x, or the int64
// in w when x is nil), a float64 approximation f with relative error below
// 2^-52, and the value's residues w (mod 2^64) and m (mod 2^61-1).
//
// For a cell it first ranks all split points on the approximations: with
// delta bounding the relative error of a float candidate, the exact maximum
// is at least L = max(x - delta|x|) over candidates, so only candidates with
// x + delta|x| ≥ L can be it (the minimum likewise). Those are computed
// exactly, except that a candidate whose residues equal the current leader's
// and whose approximation lies within 2^120 of it is equal to it (their
// difference is a multiple of 2^64·(2^61-1) smaller than that), so ties—very
// common, e.g. along runs of '*'—cost no big arithmetic. Exact results are
// kept as int64 when they fit. Values beyond 2^500 would let float products
// overflow; a level that meets them computes every candidate exactly.
type genTables struct {
	sLo, sHi, tLo, tHi genSide
	maxF               float64 // largest |f| stored so far
}

// genSide is one table: a span per row, so that a cell finds all four
// arrays of a row with one load.
type genSide struct {
	rows []span
}

// cellVal is one table entry.
type cellVal struct {
	f    float64
	w, m uint64
	x    *big.Int
}

const (
	delta      = 0x1p-48 // bound on a float candidate's relative error (≥ 4·2^-52)
	proofLimit = 0x1p120 // below 2^64·(2^61-1), with room for rounding
	floatLimit = 0x1p500 // beyond it, products of approximations may overflow
)

func genBytes(n int) int64 {
	// 4 sides: two of n*n and two of (2n-1)*n entries of 32 bytes.
	return 32 * int64(n) * (2*int64(n) + 2*(2*int64(n)-1))
}

func (s *genSide) alloc(mt *meter, rows, cols int) error {
	f, err := allocRows[float64](mt, rows, cols)
	if err != nil {
		return err
	}
	w, err := allocRows[uint64](mt, rows, cols)
	if err != nil {
		return err
	}
	m, err := allocRows[uint64](mt, rows, cols)
	if err != nil {
		return err
	}
	x, err := allocRows[*big.Int](mt, rows, cols)
	if err != nil {
		return err
	}
	s.rows = make([]span, rows)
	for r := range s.rows {
		s.rows[r] = span{f: f[r], w: w[r], m: m[r], x: x[r]}
	}
	return nil
}

func (s *genSide) set(r, c int, v cellVal) {
	row := &s.rows[r]
	row.f[c], row.w[c], row.m[c], row.x[c] = v.f, v.w, v.m, v.x
}

func (s *genSide) num(r, c int) num { return s.rows[r].num(c) }

// span returns columns c0..c1-1 of row r: one operand of a cell's splits.
func (s *genSide) span(r, c0, c1 int) span {
	row := &s.rows[r]
	return span{f: row.f[c0:c1], w: row.w[c0:c1], m: row.m[c0:c1], x: row.x[c0:c1]}
}

// span is a run of entries of one row (a whole row in genSide.rows); entry k
// of a cell's span is its split k.
type span struct {
	f    []float64
	w, m []uint64
	x    []*big.Int
}

func (s *span) num(k int) num {
	if x := s.x[k]; x != nil {
		return num{b: x}
	}
	return num{s: int64(s.w[k])}
}

func cellOf(v num) cellVal {
	w, m := v.residues()
	return cellVal{f: v.float(), w: w, m: m, x: v.b}
}

// newGenTables starts the exact engine at level ln0: from the int64 tables
// when they exist (only chain lengths 1..ln0-1 are copied: the rest hold
// nothing yet, so switching costs O(n·ln0), not O(n²)), else from the leaves.
func (t *tables) newGenTables(ln0 int, values []*big.Int) (*genTables, error) {
	n := t.n
	g := &genTables{}
	mt := t.meter(phaseAlloc)
	for _, s := range []struct {
		side *genSide
		rows int
	}{{&g.sLo, n}, {&g.sHi, n}, {&g.tLo, 2*n - 1}, {&g.tHi, 2*n - 1}} {
		if err := s.side.alloc(&mt, s.rows, n); err != nil {
			return nil, err
		}
	}
	if f := t.fast; f != nil {
		mt = t.meter(phaseSwitch)
		done := ln0 - 1
		copyRow := func(dst *genSide, r int, src []int64, c0, c1 int) {
			for c := c0; c < c1; c++ {
				dst.set(r, c, cellOf(num{s: src[c]}))
			}
			mt.add(c1 - c0)
		}
		for r := 0; r < 2*n-1; r++ {
			if r < n {
				copyRow(&g.sLo, r, f.sLo[r], 0, done)
				copyRow(&g.sHi, r, f.sHi[r], 0, done)
				for c := 0; c < done; c++ {
					g.maxF = max(g.maxF, math.Abs(float64(f.sLo[r][c])), math.Abs(float64(f.sHi[r][c])))
				}
			}
			copyRow(&g.tLo, r, f.tLo[r], n-done, n)
			copyRow(&g.tHi, r, f.tHi[r], n-done, n)
			if mt.stopped() {
				return nil, errStopped
			}
		}
		return g, nil
	}
	mt = t.meter(phaseLeaves)
	for x := 0; x < 2*n-1; x++ {
		v := cellOf(numOfBig(values[x%n]))
		if x < n {
			g.sLo.set(x, 0, v)
			g.sHi.set(x, 0, v)
		}
		g.tLo.set(x, n-1, v)
		g.tHi.set(x, n-1, v)
		g.maxF = max(g.maxF, math.Abs(v.f))
		mt.add(1)
		if mt.stopped() {
			return nil, errStopped
		}
	}
	return g, nil
}

// value is chain (i, c+1)'s min or max.
func (g *genTables) value(i, c int, hi bool) num {
	if hi {
		return g.sHi.num(i, c)
	}
	return g.sLo.num(i, c)
}

func (g *genTables) store(n, i, ln int, lo, hi cellVal) {
	j := i + ln - 1
	g.sLo.set(i, ln-1, lo)
	g.sHi.set(i, ln-1, hi)
	g.tLo.set(j, n-ln, lo)
	g.tHi.set(j, n-ln, hi)
	if j+n < 2*n-1 {
		g.tLo.set(j+n, n-ln, lo)
		g.tHi.set(j+n, n-ln, hi)
	}
}

// genWork is one worker's scratch space.
type genWork struct {
	hiC, loC []cand
	subs     []sub
	maxF     float64
}

// cand is a split point that may hold the extreme, with its float bound.
type cand struct {
	k     int
	bound float64
}

// sub is one candidate value: split k combined as combo (comboAC … comboBD
// multiply the left chain's min or max a, b by the right's c, d; comboAC and
// comboBD also stand for a+c and b+d on '+' edges).
type sub struct {
	k     int
	combo uint8
	x, e  float64 // approximation and its error bound
	w, m  uint64  // residues
}

// The combos' bits say which operands they take (see operands): the high
// bit the left chain's max, the low bit the right chain's.
const (
	comboAC uint8 = iota
	comboAD
	comboBC
	comboBD
)

// runGen computes levels ln0..n exactly.
func (t *tables) runGen(ln0 int) error {
	n, g := t.n, t.gen
	work := make([]genWork, t.opts.Workers)
	for ln := ln0; ln <= n; ln++ {
		exactOnly := g.maxF > floatLimit
		t.parallelCells(phaseExact, func(mt *meter, w, i0, i1 int) {
			for i := i0; i < i1; i++ {
				if mt.stopped() || !t.genCell(&work[w], mt, i, ln, exactOnly) {
					return
				}
			}
		})
		if t.stop.Load() {
			return errStopped
		}
		for w := range work {
			g.maxF = max(g.maxF, work[w].maxF)
		}
	}
	return nil
}

// genCell computes chain (i, ln); it reports false, storing nothing, when
// the solve is stopped before the cell is done.
func (t *tables) genCell(wk *genWork, mt *meter, i, ln int, exactOnly bool) bool {
	n, g := t.n, t.gen
	m := ln - 1
	j := i + m
	// The operands of split k: the left chain's min and max L[0].x[k],
	// L[1].x[k], the right chain's R[0].x[k], R[1].x[k].
	L := [2]span{g.sLo.span(i, 0, m), g.sHi.span(i, 0, m)}
	R := [2]span{g.tLo.span(j, n-m, n), g.tHi.span(j, n-m, n)}
	M := t.mul[i+1 : i+1+m]
	wk.hiC, wk.loC = wk.hiC[:0], wk.loC[:0]
	lmax, umin := math.Inf(-1), math.Inf(1)
	if exactOnly {
		for k := 0; k < m; k++ {
			wk.hiC = append(wk.hiC, cand{k, math.Inf(1)})
			wk.loC = append(wk.loC, cand{k, math.Inf(-1)})
		}
	} else {
		fa := L[0].f
		fb := L[1].f[:len(fa)]
		fc := R[0].f[:len(fa)]
		fd := R[1].f[:len(fa)]
		M := M[:len(fa)]
		for k, a := range fa {
			b, c, d := fb[k], fc[k], fd[k]
			var hx, he, lx, le float64
			if M[k] {
				p1, p2, p3, p4 := a*c, a*d, b*c, b*d
				hx, lx = max(p1, p2, p3, p4), min(p1, p2, p3, p4)
				he, le = delta*math.Abs(hx), delta*math.Abs(lx)
			} else {
				hx, he = b+d, delta*(math.Abs(b)+math.Abs(d))
				lx, le = a+c, delta*(math.Abs(a)+math.Abs(c))
			}
			if hx-he > lmax {
				lmax = hx - he
			}
			if hx+he >= lmax {
				wk.hiC = append(wk.hiC, cand{k, hx + he})
			}
			if lx+le < umin {
				umin = lx + le
			}
			if lx-le <= umin {
				wk.loC = append(wk.loC, cand{k, lx - le})
			}
		}
	}
	mt.add(m)
	hi, ok := t.resolve(wk, mt, &L, &R, M, wk.hiC, lmax, true, exactOnly)
	if !ok {
		return false
	}
	lo, ok := t.resolve(wk, mt, &L, &R, M, wk.loC, umin, false, exactOnly)
	if !ok {
		return false
	}
	g.store(n, i, ln, lo, hi)
	wk.maxF = max(wk.maxF, math.Abs(lo.f), math.Abs(hi.f))
	return true
}

// resolve finds the exact extreme among the candidate splits cs whose bound
// can reach limit (the best guaranteed value). It polls before every
// math/big operation (with thousand-digit values a cell can need thousands of
// them) and reports false if the solve is stopped.
func (t *tables) resolve(wk *genWork, mt *meter, L, R *[2]span, M []bool, cs []cand, limit float64, wantMax, exactOnly bool) (cellVal, bool) {
	mt.add(len(cs))
	wk.subs = wk.subs[:0]
	for _, c := range cs {
		if wantMax && c.bound < limit || !wantMax && c.bound > limit {
			continue
		}
		k := c.k
		if !M[k] {
			combo := comboAC
			if wantMax {
				combo = comboBD
			}
			l, r := operands(L, R, combo)
			x := l.f[k] + r.f[k]
			e := delta * (math.Abs(l.f[k]) + math.Abs(r.f[k]))
			if exactOnly {
				x, e = 0, math.Inf(1)
			}
			wk.subs = append(wk.subs, sub{k, combo, x, e, l.w[k] + r.w[k], addModP(l.m[k], r.m[k])})
			continue
		}
		for combo := comboAC; combo <= comboBD; combo++ {
			l, r := operands(L, R, combo)
			x := l.f[k] * r.f[k]
			e := delta * math.Abs(x)
			if exactOnly {
				x, e = 0, math.Inf(1)
			} else if wantMax && x+e < limit || !wantMax && x-e > limit {
				continue
			}
			wk.subs = append(wk.subs, sub{k, combo, x, e, l.w[k] * r.w[k], mulModP(l.m[k], r.m[k])})
		}
	}
	subs := wk.subs
	lead := 0
	for s := range subs {
		if wantMax && subs[s].x > subs[lead].x || !wantMax && subs[s].x < subs[lead].x {
			lead = s
		}
	}
	exactOf := func(s *sub) (num, bool) {
		l, r := operands(L, R, s.combo)
		x, y := l.num(s.k), r.num(s.k)
		if x.b != nil || y.b != nil {
			// math/big takes as long as the values are long: poll before
			// each such operation. int64 ones (at most four per candidate)
			// are part of the candidate's work.
			if mt.stopped() {
				return num{}, false
			}
			mt.big++
		}
		if !M[s.k] {
			return addNum(x, y), true
		}
		return mulNum(x, y), true
	}
	best, ok := exactOf(&subs[lead])
	if !ok {
		return cellVal{}, false
	}
	for s := range subs {
		c, ld := &subs[s], &subs[lead]
		if s == lead || c.w == ld.w && c.m == ld.m && math.Abs(c.x-ld.x)+c.e+ld.e < proofLimit {
			continue
		}
		v, ok := exactOf(c)
		if !ok {
			return cellVal{}, false
		}
		if cmp := v.cmp(best); wantMax && cmp > 0 || !wantMax && cmp < 0 {
			lead, best = s, v
		}
	}
	ld := &subs[lead]
	return cellVal{f: best.float(), w: ld.w, m: ld.m, x: best.b}, true
}

// operands returns the left and right entries a combo reads: its left
// operand is the min (a) or max (b) of the left chain, its right operand the
// min (c) or max (d) of the right one.
func operands(L, R *[2]span, combo uint8) (l, r *span) {
	return &L[combo>>1], &R[combo&1]
}
