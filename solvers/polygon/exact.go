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

type genSide struct {
	f    []float64
	w, m []uint64
	x    []*big.Int
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

func newGenSide(size int) genSide {
	return genSide{f: make([]float64, size), w: make([]uint64, size), m: make([]uint64, size), x: make([]*big.Int, size)}
}

func (s *genSide) set(idx int, v cellVal) {
	s.f[idx], s.w[idx], s.m[idx], s.x[idx] = v.f, v.w, v.m, v.x
}

func (s *genSide) get(idx int) cellVal {
	return cellVal{f: s.f[idx], w: s.w[idx], m: s.m[idx], x: s.x[idx]}
}

func (s *genSide) num(idx int) num {
	if x := s.x[idx]; x != nil {
		return num{b: x}
	}
	return num{s: int64(s.w[idx])}
}

func cellOf(v num) cellVal {
	w, m := v.residues()
	return cellVal{f: v.float(), w: w, m: m, x: v.b}
}

// newGenTables starts the exact engine: from the int64 tables when they
// exist (every level computed so far is copied), else from the leaves.
func newGenTables(t *tables, values []*big.Int) *genTables {
	n := t.n
	g := &genTables{
		sLo: newGenSide(n * n), sHi: newGenSide(n * n),
		tLo: newGenSide((2*n - 1) * n), tHi: newGenSide((2*n - 1) * n),
	}
	if f := t.fast; f != nil {
		copySide := func(dst *genSide, src []int64) {
			for idx, v := range src {
				dst.set(idx, cellOf(num{s: v}))
			}
		}
		copySide(&g.sLo, f.sLo)
		copySide(&g.sHi, f.sHi)
		copySide(&g.tLo, f.tLo)
		copySide(&g.tHi, f.tHi)
		for _, v := range f.sHi {
			g.maxF = max(g.maxF, math.Abs(float64(v)))
		}
		for _, v := range f.sLo {
			g.maxF = max(g.maxF, math.Abs(float64(v)))
		}
		return g
	}
	for x := 0; x < 2*n-1; x++ {
		v := cellOf(numOfBig(values[x%n]))
		if x < n {
			g.sLo.set(x*n, v)
			g.sHi.set(x*n, v)
		}
		g.tLo.set(x*n+n-1, v)
		g.tHi.set(x*n+n-1, v)
		g.maxF = max(g.maxF, math.Abs(v.f))
	}
	return g
}

func (g *genTables) value(idx int, hi bool) num {
	if hi {
		return g.sHi.num(idx)
	}
	return g.sLo.num(idx)
}

func (g *genTables) store(n, i, ln int, lo, hi cellVal) {
	j := i + ln - 1
	g.sLo.set(i*n+ln-1, lo)
	g.sHi.set(i*n+ln-1, hi)
	g.tLo.set(j*n+n-ln, lo)
	g.tHi.set(j*n+n-ln, hi)
	if j+n < 2*n-1 {
		g.tLo.set((j+n)*n+n-ln, lo)
		g.tHi.set((j+n)*n+n-ln, hi)
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
		t.parallelCells(func(w, i0, i1 int) {
			for i := i0; i < i1 && !t.stop.Load(); i++ {
				t.genCell(&work[w], i, ln, exactOnly)
			}
		})
		if levelDone != nil {
			levelDone(ln)
		}
		if t.stop.Load() {
			return errStopped
		}
		for w := range work {
			g.maxF = max(g.maxF, work[w].maxF)
		}
	}
	return nil
}

// operand indexes of split kk (0-based within the cell) of chain (i, ln):
// the left chain's entry in S and the right chain's in T.
func cellBases(n, i, ln int) (s0, t0 int) {
	j := i + ln - 1
	return i * n, j*n + n - (ln - 1)
}

func (t *tables) genCell(wk *genWork, i, ln int, exactOnly bool) {
	n, g := t.n, t.gen
	m := ln - 1
	s0, t0 := cellBases(n, i, ln)
	M := t.mul[i+1 : i+1+m]
	wk.hiC, wk.loC = wk.hiC[:0], wk.loC[:0]
	lmax, umin := math.Inf(-1), math.Inf(1)
	if exactOnly {
		for k := 0; k < m; k++ {
			wk.hiC = append(wk.hiC, cand{k, math.Inf(1)})
			wk.loC = append(wk.loC, cand{k, math.Inf(-1)})
		}
	} else {
		fa := g.sLo.f[s0 : s0+m]
		fb := g.sHi.f[s0 : s0+m][:len(fa)]
		fc := g.tLo.f[t0 : t0+m][:len(fa)]
		fd := g.tHi.f[t0 : t0+m][:len(fa)]
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
	hi := t.resolve(wk, s0, t0, M, wk.hiC, lmax, true, exactOnly)
	lo := t.resolve(wk, s0, t0, M, wk.loC, umin, false, exactOnly)
	g.store(n, i, ln, lo, hi)
	wk.maxF = max(wk.maxF, math.Abs(lo.f), math.Abs(hi.f))
}

// resolve finds the exact extreme among the candidate splits cs whose bound
// can reach limit (the best guaranteed value).
func (t *tables) resolve(wk *genWork, s0, t0 int, M []bool, cs []cand, limit float64, wantMax, exactOnly bool) cellVal {
	g := t.gen
	wk.subs = wk.subs[:0]
	for _, c := range cs {
		if wantMax && c.bound < limit || !wantMax && c.bound > limit {
			continue
		}
		si, ti := s0+c.k, t0+c.k
		if !M[c.k] {
			l, r, combo := &g.sLo, &g.tLo, comboAC
			if wantMax {
				l, r, combo = &g.sHi, &g.tHi, comboBD
			}
			x := l.f[si] + r.f[ti]
			e := delta * (math.Abs(l.f[si]) + math.Abs(r.f[ti]))
			if exactOnly {
				x, e = 0, math.Inf(1)
			}
			wk.subs = append(wk.subs, sub{c.k, combo, x, e, l.w[si] + r.w[ti], addModP(l.m[si], r.m[ti])})
			continue
		}
		for combo := comboAC; combo <= comboBD; combo++ {
			l, r := mulSides(g, combo)
			x := l.f[si] * r.f[ti]
			e := delta * math.Abs(x)
			if exactOnly {
				x, e = 0, math.Inf(1)
			} else if wantMax && x+e < limit || !wantMax && x-e > limit {
				continue
			}
			wk.subs = append(wk.subs, sub{c.k, combo, x, e, l.w[si] * r.w[ti], mulModP(l.m[si], r.m[ti])})
		}
	}
	subs := wk.subs
	lead := 0
	for s := range subs {
		if wantMax && subs[s].x > subs[lead].x || !wantMax && subs[s].x < subs[lead].x {
			lead = s
		}
	}
	exactOf := func(s *sub) num {
		si, ti := s0+s.k, t0+s.k
		if !M[s.k] {
			if s.combo == comboBD {
				return addNum(g.sHi.num(si), g.tHi.num(ti))
			}
			return addNum(g.sLo.num(si), g.tLo.num(ti))
		}
		l, r := mulSides(g, s.combo)
		return mulNum(l.num(si), r.num(ti))
	}
	best := exactOf(&subs[lead])
	for s := range subs {
		c, L := &subs[s], &subs[lead]
		if s == lead || c.w == L.w && c.m == L.m && math.Abs(c.x-L.x)+c.e+L.e < proofLimit {
			continue
		}
		v := exactOf(c)
		if cmp := v.cmp(best); wantMax && cmp > 0 || !wantMax && cmp < 0 {
			lead, best = s, v
		}
	}
	L := &subs[lead]
	return cellVal{f: best.float(), w: L.w, m: L.m, x: best.b}
}

// mulSides returns the left and right tables a product combo reads.
func mulSides(g *genTables, combo uint8) (l, r *genSide) {
	l, r = &g.sLo, &g.tLo
	if combo == comboBC || combo == comboBD {
		l = &g.sHi
	}
	if combo == comboAD || combo == comboBD {
		r = &g.tHi
	}
	return l, r
}
