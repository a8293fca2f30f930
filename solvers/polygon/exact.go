package polygon

import (
	"cmp"
	"math"
	"math/big"
	"sort"

	"gamelab/internal/checked"
)

// The exact engine. Each table entry holds an exact value (x, or the int64
// in w when x is nil), an approximation f·2^s with relative error below
// 2^-52 (see ext.go), the value's residues w (mod 2^64) and m (mod 2^61-1),
// and a decomposition (dec) for the associativity proofs.
//
// For a cell it first ranks all split points on the approximations: with
// delta bounding the relative error of a candidate, the exact maximum is at
// least L = max(x - delta|x|) over candidates, so only candidates with
// x + delta|x| ≥ L can be it (the minimum likewise). Levels whose values are
// all below 2^shiftFree do so in plain float64, others in a scale of each
// cell's own (still float64, see ext.go), so pruning works at any magnitude.
//
// The candidates left are mostly ties: along a run of '*' the extreme is a
// product of factors, and every split between two factors gives it. Such
// ties are proved by associativity (link: the same stored values multiplied
// in another grouping), with no arithmetic at all; a candidate whose
// residues equal the leader's and whose approximation lies within 2^120 of
// it is equal to it too (their difference is a multiple of
// 2^64·(2^61-1) > 2^125). Only what neither proves is computed exactly
// (settle), besides the leader: one big multiplication per cell extreme in
// the common case. Exact results are kept as int64 when they fit.
type genTables struct {
	sLo, sHi, tLo, tHi genSide
	maxS               int32 // largest shift stored so far
}

// genSide is one table: a span per row, so that a cell finds all four
// arrays of a row with one load.
type genSide struct {
	rows []span
	// byEnd marks the tables by end (tLo, tHi): their records (span.d)
	// hold each entry's first decomposition, the others' its last.
	byEnd bool
}

// cellVal is one table entry.
type cellVal struct {
	f    float64
	s    int32
	w, m uint64
	x    *big.Int
	// first and last are the value's leftmost and rightmost known
	// decompositions as a product of two stored entries (see dec).
	first, last dec
}

// dec records that a stored value equals the product of two others: the
// chain's extreme over its first p vertices times that over the rest, with
// combo c (comboAC … comboBD: which extremes), as p<<2 | c; 0 is none. The
// tables by start keep each value's last (rightmost) decomposition, those by
// end its first: what the associativity proofs of link need.
type dec int32

func decOf(p int, combo uint8) dec { return dec(p<<2 | int(combo)) }

// left is the length of the left part; l and r say whether each part is
// the chain's max (1) or min (0).
func (d dec) left() int { return int(d >> 2) }
func (d dec) l() uint8  { return uint8(d>>1) & 1 }
func (d dec) r() uint8  { return uint8(d) & 1 }

func genBytes(n int) int64 {
	// 4 sides: two of n*n and two of (2n-1)*n entries of 36 bytes.
	return 36 * int64(n) * (2*int64(n) + 2*(2*int64(n)-1))
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
	sh, err := allocRows[int32](mt, rows, cols)
	if err != nil {
		return err
	}
	d, err := allocRows[dec](mt, rows, cols)
	if err != nil {
		return err
	}
	s.rows = make([]span, rows)
	for r := range s.rows {
		s.rows[r] = span{f: f[r], s: sh[r], w: w[r], m: m[r], x: x[r], d: d[r]}
	}
	return nil
}

func (s *genSide) set(r, c int, v cellVal) {
	row := &s.rows[r]
	row.f[c], row.s[c], row.w[c], row.m[c], row.x[c] = v.f, v.s, v.w, v.m, v.x
	row.d[c] = v.last
	if s.byEnd {
		row.d[c] = v.first
	}
}

func (s *genSide) num(r, c int) num { return s.rows[r].num(c) }

// span returns columns c0..c1-1 of row r: one operand of a cell's splits.
func (s *genSide) span(r, c0, c1 int) span {
	row := &s.rows[r]
	return span{f: row.f[c0:c1], s: row.s[c0:c1], w: row.w[c0:c1], m: row.m[c0:c1], x: row.x[c0:c1], d: row.d[c0:c1]}
}

// span is a run of entries of one row (a whole row in genSide.rows); entry k
// of a cell's span is its split k.
type span struct {
	f    []float64
	s    []int32
	w, m []uint64
	x    []*big.Int
	d    []dec // decompositions (see genSide.byEnd)
}

// same reports whether entry k's min and max are the same value (the
// engine shares one *big.Int between them when they are equal).
func same(lo, hi *span, k int) bool {
	return lo.x[k] == hi.x[k] && lo.w[k] == hi.w[k]
}

func (s *span) num(k int) num {
	if x := s.x[k]; x != nil {
		return num{b: x}
	}
	return num{s: int64(s.w[k])}
}

func cellOf(v num) cellVal {
	w, m := v.residues()
	f, s := v.approx()
	return cellVal{f: f, s: s, w: w, m: m, x: v.b}
}

// newGenTables starts the exact engine at level ln0: from the int64 tables
// when they exist (only chain lengths 1..ln0-1 are copied: the rest hold
// nothing yet, so switching costs O(n·ln0), not O(n²)), else from the leaves.
func (t *tables) newGenTables(ln0 int, values []*big.Int) (*genTables, error) {
	n := t.n
	g := &genTables{}
	g.tLo.byEnd, g.tHi.byEnd = true, true
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
			}
			copyRow(&g.tLo, r, f.tLo[r], n-done, n)
			copyRow(&g.tHi, r, f.tHi[r], n-done, n)
			if mt.stopped() {
				return nil, errStopped
			}
		}
		// The decompositions of the copied chains, which the associativity
		// proofs of later levels walk through (link).
		for i := 0; i < n; i++ {
			for ln := 2; ln <= done; ln++ {
				for _, hi := range []bool{false, true} {
					first, last := f.decs(t, i, ln, hi)
					g.setDecs(n, i, ln, hi, first, last)
				}
				mt.add(ln - 1)
				if mt.stopped() {
					return nil, errStopped
				}
			}
		}
		return g, nil
	}
	mt = t.meter(phaseLeaves)
	leaves := make([]cellVal, n) // x and x+n share one entry, and its residues
	for x := 0; x < 2*n-1; x++ {
		if x < n {
			leaves[x] = cellOf(numOfBig(values[x]))
		}
		v := leaves[x%n]
		if x < n {
			g.sLo.set(x, 0, v)
			g.sHi.set(x, 0, v)
		}
		g.tLo.set(x, n-1, v)
		g.tHi.set(x, n-1, v)
		g.maxS = max(g.maxS, v.s)
		mt.add(1)
		if mt.stopped() {
			return nil, errStopped
		}
	}
	return g, nil
}

// decs returns the leftmost and rightmost '*' splits of int64 chain (i, ln)
// whose product equals its min (hi false) or max, in seed order of the
// combos (ac, ad, bc, bd): its decompositions (see dec).
func (f *fastTables) decs(t *tables, i, ln int, hi bool) (first, last dec) {
	n := t.n
	j := i + ln - 1
	target := f.sLo[i][ln-1]
	if hi {
		target = f.sHi[i][ln-1]
	}
	for p := 1; p < ln; p++ {
		if !t.mul[i+p] {
			continue
		}
		lv := [2]int64{f.sLo[i][p-1], f.sHi[i][p-1]}
		rv := [2]int64{f.tLo[j][n-(ln-p)], f.tHi[j][n-(ln-p)]}
		for combo := comboAC; combo <= comboBD; combo++ {
			if v, ok := checked.Mul(lv[combo>>1], rv[combo&1]); ok && v == target {
				if first == 0 {
					first = decOf(p, combo)
				}
				last = decOf(p, combo)
				break
			}
		}
	}
	return first, last
}

// setDecs stores the decompositions of chain (i, ln)'s min or max.
func (g *genTables) setDecs(n, i, ln int, hi bool, first, last dec) {
	s, t := &g.sLo, &g.tLo
	if hi {
		s, t = &g.sHi, &g.tHi
	}
	j := i + ln - 1
	s.rows[i].d[ln-1] = last
	t.rows[j].d[n-ln] = first
	if j+n < 2*n-1 {
		t.rows[j+n].d[n-ln] = first
	}
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
	hiC, loC  []cand
	subs      []sub
	maxS      int32
	z, t1, t2 big.Int // scratch for exact candidates that are not kept
	uf        []int32 // classes of candidates proved equal (link)
	// The cell being settled: its start i in the tables g of n vertices.
	g    *genTables
	n, i int
	// The cell's scale: its approximations are in units of 2^scale
	// (ext.go), with absolute error floor eta (0 when scale is 0).
	scale int64
	eta   float64
	delta float64 // the relative error bound (config.delta)
	// checkLinks is false only in a test that link's proofs are needed.
	checkLinks bool
	// How the candidates other than a leader were settled, for tests.
	linked, residueTies, exact int
}

// cand is a split point that may hold the extreme, with the far end of its
// interval (in the cell's scale, see ext.go).
type cand struct {
	k      int
	fbound float64
}

// sub is one candidate value: split k combined as combo (comboAC … comboBD
// multiply the left chain's min or max a, b by the right's c, d; comboAC and
// comboBD also stand for a+c and b+d on '+' edges), with its approximation
// fx and error bound fe in the cell's scale (ext.go) and its residues.
type sub struct {
	k      int
	combo  uint8
	fx, fe float64
	w, m   uint64 // residues
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
	for w := range work {
		work[w].delta, work[w].checkLinks = t.cfg.delta, !t.cfg.uncheckedLinks
	}
	for ln := ln0; ln <= n; ln++ {
		shifted := g.maxS > 0
		t.parallelCells(phaseExact, func(mt *meter, w, i0, i1 int) {
			for i := i0; i < i1; i++ {
				if mt.stopped() || !t.genCell(&work[w], mt, i, ln, shifted) {
					return
				}
			}
		})
		if t.stop.Load() {
			return errStopped
		}
		for w := range work {
			g.maxS = max(g.maxS, work[w].maxS)
		}
	}
	if h := t.cfg.settled; h != nil {
		var linked, residue, exact int
		for w := range work {
			linked, residue, exact = linked+work[w].linked, residue+work[w].residueTies, exact+work[w].exact
		}
		h(linked, residue, exact)
	}
	return nil
}

// genCell computes chain (i, ln); it reports false, storing nothing, when
// the solve is stopped before the cell is done. shifted says whether some
// value of the tables is shifted (beyond 2^shiftFree): then the splits are
// ranked in a scale of their own (rankScaled), else as plain float64.
func (t *tables) genCell(wk *genWork, mt *meter, i, ln int, shifted bool) bool {
	n, g := t.n, t.gen
	m := ln - 1
	j := i + m
	// The operands of split k: the left chain's min and max L[0].x[k],
	// L[1].x[k], the right chain's R[0].x[k], R[1].x[k].
	L := [2]span{g.sLo.span(i, 0, m), g.sHi.span(i, 0, m)}
	R := [2]span{g.tLo.span(j, n-m, n), g.tHi.span(j, n-m, n)}
	M := t.mul[i+1 : i+1+m]
	wk.g, wk.n, wk.i = g, n, i
	wk.hiC, wk.loC = wk.hiC[:0], wk.loC[:0]
	var lmax, umin float64
	wk.scale, wk.eta = 0, 0
	if shifted {
		lmax, umin = t.rankScaled(wk, &L, &R, M)
	} else {
		lmax, umin = t.rankFloat(wk, &L, &R, M)
	}
	mt.add(m)
	resolve := func(cs []cand, limit float64, wantMax bool) (cellVal, bool) {
		mt.add(len(cs))
		lead := wk.collect(&L, &R, M, cs, limit, wantMax)
		return wk.settle(mt, &L, &R, M, lead, wantMax)
	}
	hi, ok := resolve(wk.hiC, lmax, true)
	if !ok {
		return false
	}
	lo, ok := resolve(wk.loC, umin, false)
	if !ok {
		return false
	}
	if lo.x != nil && hi.x != nil && lo.f == hi.f && lo.s == hi.s && lo.w == hi.w && lo.m == hi.m && lo.x.Cmp(hi.x) == 0 {
		// One value (a chain of '*' alone has no other): one entry, which
		// the associativity proofs (link) recognise as such.
		hi.x = lo.x
	}
	g.store(n, i, ln, lo, hi)
	wk.maxS = max(wk.maxS, lo.s, hi.s)
	return true
}

// rankFloat collects a cell's candidate splits (wk.hiC, wk.loC) with plain
// float64 products, valid while no value is shifted (products stay below
// 2^1000). It returns the best lower bound of the maximum and the best upper
// bound of the minimum.
func (t *tables) rankFloat(wk *genWork, L, R *[2]span, M []bool) (lmax, umin float64) {
	lmax, umin = math.Inf(-1), math.Inf(1)
	delta := t.cfg.delta
	fa := L[0].f
	fb := L[1].f[:len(fa)]
	fc := R[0].f[:len(fa)]
	fd := R[1].f[:len(fa)]
	M = M[:len(fa)]
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
			wk.hiC = append(wk.hiC, cand{k: k, fbound: hx + he})
		}
		if lx+le < umin {
			umin = lx + le
		}
		if lx-le <= umin {
			wk.loC = append(wk.loC, cand{k: k, fbound: lx - le})
		}
	}
	return lmax, umin
}

// rankScaled is rankFloat for levels that meet shifted values: every
// candidate is approximated in units of 2^scale, scale the largest sum of
// the operands' shifts (so the largest products stay near 2^1000 and
// nothing overflows), with the absolute error floor eta for what underflows
// (see ext.go for the bound). Plain float64 again: a few multiplications
// by powers of two per split instead of ext's branches and calls.
func (t *tables) rankScaled(wk *genWork, L, R *[2]span, M []bool) (lmax, umin float64) {
	lmax, umin = math.Inf(-1), math.Inf(1)
	delta, eta := t.cfg.delta, etaScaled
	sa, sb := L[0].s, L[1].s[:len(M)]
	sc, sd := R[0].s[:len(M)], R[1].s[:len(M)]
	scale := int64(0)
	for k := range M {
		scale = max(scale, int64(max(sa[k], sb[k]))+int64(max(sc[k], sd[k])))
	}
	wk.scale, wk.eta = scale, eta
	fa, fb := L[0].f[:len(M)], L[1].f[:len(M)]
	fc, fd := R[0].f[:len(M)], R[1].f[:len(M)]
	for k := range M {
		var hx, he, lx, le float64
		if M[k] {
			// Each operand relative to its chain's larger shift, the
			// product times 2^(the two shifts - scale).
			sl, sr := max(sa[k], sb[k]), max(sc[k], sd[k])
			a, b := fa[k]*pow2(int64(sa[k]-sl)), fb[k]*pow2(int64(sb[k]-sl))
			c, d := fc[k]*pow2(int64(sc[k]-sr)), fd[k]*pow2(int64(sd[k]-sr))
			q := pow2(int64(sl) + int64(sr) - scale)
			p1, p2, p3, p4 := a*c*q, a*d*q, b*c*q, b*d*q
			hx, lx = max(p1, p2, p3, p4), min(p1, p2, p3, p4)
			he, le = delta*math.Abs(hx)+eta, delta*math.Abs(lx)+eta
		} else {
			a, b := fa[k]*pow2(int64(sa[k])-scale), fb[k]*pow2(int64(sb[k])-scale)
			c, d := fc[k]*pow2(int64(sc[k])-scale), fd[k]*pow2(int64(sd[k])-scale)
			hx, he = b+d, delta*(math.Abs(b)+math.Abs(d))+eta
			lx, le = a+c, delta*(math.Abs(a)+math.Abs(c))+eta
		}
		if hx-he > lmax {
			lmax = hx - he
		}
		if hx+he >= lmax {
			wk.hiC = append(wk.hiC, cand{k: k, fbound: hx + he})
		}
		if lx+le < umin {
			umin = lx + le
		}
		if lx-le <= umin {
			wk.loC = append(wk.loC, cand{k: k, fbound: lx - le})
		}
	}
	return lmax, umin
}

// collect turns the candidate splits cs whose bound can reach the best
// guaranteed value limit into candidate values (wk.subs), approximated in
// the cell's scale; it returns the index of the best approximation.
func (wk *genWork) collect(L, R *[2]span, M []bool, cs []cand, limit float64, wantMax bool) int {
	wk.subs = wk.subs[:0]
	delta, eta, scale := wk.delta, wk.eta, wk.scale
	// misses reports whether values up to (wantMax) or down to x cannot
	// reach the limit.
	misses := func(x float64) bool {
		return wantMax && x < limit || !wantMax && x > limit
	}
	sign := 1.0 // toward the extreme: x + sign·e is a candidate's far end
	if !wantMax {
		sign = -1
	}
	for _, c := range cs {
		if misses(c.fbound) {
			continue
		}
		k := c.k
		combos := [2]uint8{comboAC, comboBD + 1} // a '*' edge tries all four
		if !M[k] {
			combos = [2]uint8{comboAC, comboAC + 1} // a '+' edge: a+c or b+d
			if wantMax {
				combos = [2]uint8{comboBD, comboBD + 1}
			}
		}
		// The operands' shifts as rankScaled takes them (all 0 unshifted).
		sl, sr := max(L[0].s[k], L[1].s[k]), max(R[0].s[k], R[1].s[k])
		for combo := combos[0]; combo < combos[1]; combo++ {
			s := sub{k: k, combo: combo}
			l, r := operands(L, R, combo)
			if M[k] {
				x, y := l.f[k]*pow2(int64(l.s[k]-sl)), r.f[k]*pow2(int64(r.s[k]-sr))
				s.fx = x * y * pow2(int64(sl)+int64(sr)-scale)
				s.fe = delta*math.Abs(s.fx) + eta
			} else {
				x, y := l.f[k]*pow2(int64(l.s[k])-scale), r.f[k]*pow2(int64(r.s[k])-scale)
				s.fx, s.fe = x+y, delta*(math.Abs(x)+math.Abs(y))+eta
			}
			if misses(s.fx + sign*s.fe) {
				continue
			}
			if M[k] {
				s.w, s.m = l.w[k]*r.w[k], mulModP(l.m[k], r.m[k])
			} else {
				s.w, s.m = l.w[k]+r.w[k], addModP(l.m[k], r.m[k])
			}
			wk.subs = append(wk.subs, s)
		}
	}
	subs, lead := wk.subs, 0
	for s := range subs {
		c := cmp.Compare(subs[s].fx, subs[lead].fx)
		if wantMax && c > 0 || !wantMax && c < 0 {
			lead = s
		}
	}
	return lead
}

// settle finds the exact extreme among the candidate values wk.subs, whose
// best approximation is subs[lead]. It polls before every math/big operation
// (with thousand-digit values a cell can need thousands of them) and reports
// false if the solve is stopped.
func (wk *genWork) settle(mt *meter, L, R *[2]span, M []bool, lead int, wantMax bool) (cellVal, bool) {
	subs := wk.subs
	// exactOf computes candidate s exactly; with scratch, into wk's buffers
	// (no allocation: most candidates only tie with the leader, and are
	// dropped after one comparison).
	exactOf := func(s *sub, scratch bool) (num, bool) {
		l, r := operands(L, R, s.combo)
		x, y := l.num(s.k), r.num(s.k)
		if x.b == nil && y.b == nil {
			// int64 operations (at most four per candidate) are part of the
			// candidate's work.
			if !M[s.k] {
				return addNum(x, y), true
			}
			return mulNum(x, y), true
		}
		// math/big takes as long as the values are long: poll before each
		// such operation.
		if mt.stopped() {
			return num{}, false
		}
		mt.big++
		z := new(big.Int)
		if scratch {
			z = &wk.z
		}
		bx, by := x.toBig(&wk.t1), y.toBig(&wk.t2)
		if !M[s.k] {
			z.Add(bx, by)
		} else {
			z.Mul(bx, by)
		}
		if scratch {
			return num{b: z}, true // possibly unnormalised: compared, then copied if kept
		}
		return numOfBig(z), true
	}
	best, ok := exactOf(&subs[lead], false)
	if !ok {
		return cellVal{}, false
	}
	wk.link(L, R, M)
	uf := wk.uf
	for s := range subs {
		if s == lead || find(uf, s) == find(uf, lead) {
			if s != lead {
				wk.linked++
			}
			continue
		}
		if uf[find(uf, s)] < -1 {
			continue // its class was found to miss the extreme
		}
		if tied(&subs[s], &subs[lead], wk.scale) {
			wk.residueTies++
			union(uf, s, lead)
			continue
		}
		// What neither proof settles (near-ties, ties not by
		// associativity, candidates that only seem to win) is computed.
		v, ok := exactOf(&subs[s], true)
		if !ok {
			return cellVal{}, false
		}
		wk.exact++
		cmp := v.cmp(best)
		switch {
		case cmp == 0:
			union(uf, s, lead)
		case wantMax && cmp > 0 || !wantMax && cmp < 0:
			// The old leader's class misses the extreme; the best only
			// grows (shrinks), so it stays missed.
			uf[find(uf, lead)] = -2
			lead, best = s, v
			if v.b != nil {
				best = numOfBig(new(big.Int).Set(v.b))
			}
		default:
			uf[find(uf, s)] = -2
		}
	}
	ld := &subs[lead]
	f, sh := best.approx()
	v := cellVal{f: f, s: sh, w: ld.w, m: ld.m, x: best.b}
	// Every '*' candidate of the leader's class equals the value: the
	// leftmost and rightmost are its decompositions.
	root := find(uf, lead)
	for s := range subs {
		if M[subs[s].k] && find(uf, s) == root {
			d := decOf(subs[s].k+1, subs[s].combo)
			if v.first == 0 {
				v.first = d
			}
			v.last = d
		}
	}
	return v, true
}

// link joins candidates that associativity proves equal (in wk.uf, a
// union-find over wk.subs). Candidate s at split k is A·B, A the left
// chain's extreme (its first k+1 vertices), B the right one's. When B's
// first decomposition is F·B' (F over the q vertices after A, B' from split
// k2 = k+q on) and candidate t at split k2, A'·B', has A' = A·F as its last
// decomposition, then A·B = A·(F·B') = (A·F)·B' = A'·B': the same stored
// values multiplied in another grouping. Each candidate is linked to the
// next such split, so a run of n tied splits costs n checks, no arithmetic.
// Two extremes of one chain count as the same value when the chain's min
// and max are one (same).
func (wk *genWork) link(L, R *[2]span, M []bool) {
	subs := wk.subs
	wk.uf = wk.uf[:0]
	for range subs {
		wk.uf = append(wk.uf, -1)
	}
	n, g := wk.n, wk.g
	for s := range subs {
		c := &subs[s]
		k := c.k
		if !M[k] {
			continue
		}
		db := R[c.combo&1].d[k] // B's first decomposition
		if db == 0 {
			continue
		}
		q := db.left()
		k2 := k + q
		if k2 >= len(M) || !M[k2] {
			continue
		}
		// The middle part F: chain (i+k+1, q).
		mid := (wk.i + k + 1) % n
		midSame := g.sLo.rows[mid].x[q-1] == g.sHi.rows[mid].x[q-1] && g.sLo.rows[mid].w[q-1] == g.sHi.rows[mid].w[q-1]
		t0 := s + 1 + sort.Search(len(subs)-s-1, func(x int) bool { return subs[s+1+x].k >= k2 })
		for t := t0; t < len(subs) && subs[t].k == k2; t++ {
			cl2, cr2 := subs[t].combo>>1, subs[t].combo&1
			da := L[cl2].d[k2] // A''s last decomposition
			if wk.checkLinks && (da == 0 || da.left() != k+1 ||
				da.l() != c.combo>>1 && !same(&L[0], &L[1], k) ||
				da.r() != db.l() && !midSame ||
				db.r() != cr2 && !same(&R[0], &R[1], k2)) {
				continue
			}
			union(wk.uf, s, t)
		}
	}
}

// find and union are a union-find over candidates: uf[x] is x's parent, or
// for a root -1 (-2: a class known to miss the cell's extreme).
func find(uf []int32, x int) int {
	for uf[x] >= 0 {
		if p := uf[x]; uf[p] >= 0 {
			uf[x] = uf[p]
		}
		x = int(uf[x])
	}
	return x
}

func union(uf []int32, x, y int) {
	x, y = find(uf, x), find(uf, y)
	if x == y {
		return
	}
	if uf[x] < -1 {
		x, y = y, x // keep a missed class's mark
	}
	uf[x] = int32(y)
}

// tied reports whether candidates c and ld are proved equal: their residues
// agree, so they differ by a multiple of 2^64·(2^61-1) > 2^125, and their
// intervals (in units of 2^scale) show they differ by less than 2^120 (the
// roundings of this float64 test are far below the margin 2^125 - 2^120).
func tied(c, ld *sub, scale int64) bool {
	if c.w != ld.w || c.m != ld.m {
		return false
	}
	return math.Abs(c.fx-ld.fx)+c.fe+ld.fe < math.Ldexp(1, int(max(-2000, 120-scale)))
}

// operands returns the left and right entries a combo reads: its left
// operand is the min (a) or max (b) of the left chain, its right operand the
// min (c) or max (d) of the right one.
func operands(L, R *[2]span, combo uint8) (l, r *span) {
	return &L[combo>>1], &R[combo&1]
}
