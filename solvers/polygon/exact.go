package polygon

import (
	"cmp"
	"math"
	"math/big"

	"gamelab/internal/checked"
)

// The exact engine. Each table entry holds an exact value (x, or the int64
// in w when x is nil), an approximation f·2^s with relative error below
// 2^-52 (see ext.go), the value's residues w (mod 2^64) and m (mod 2^61-1),
// and root bits saying whether it is known to be a product or a sum of
// values of two parts (see undominated).
//
// For a cell it first ranks all split points on the approximations: with
// delta bounding the relative error of a candidate, the exact maximum is at
// least L = max(x - delta|x|) over candidates, so only candidates with
// x + delta|x| ≥ L can be it (the minimum likewise). Levels whose values are
// all below 2^shiftFree do so in plain float64, others in a scale of each
// cell's own (still float64, see ext.go), so pruning works at any magnitude.
//
// Most candidates that survive such ranking are ties, along runs of '*':
// the extreme is a product of factors and every split between two of them
// gives it. Candidates whose right operand is itself a product (or, at a
// '+' edge, a sum) are dominated by a split further right and dropped
// (undominated), which leaves about one candidate where a run tied. The
// rest are settled exactly (settle): a candidate whose residues equal the
// leader's and whose approximation lies within 2^120 of it is equal to it
// (their difference is a multiple of 2^64·(2^61-1) > 2^125); any other is
// computed. So big arithmetic is about one multiplication per cell extreme,
// and exact results are kept as int64 when they fit.
type genTables struct {
	sLo, sHi, tLo, tHi genSide
	maxS               int32 // largest shift stored so far
}

// genSide is one table: a span per row, so that a cell finds all four
// arrays of a row with one load.
type genSide struct {
	rows []span
}

// cellVal is one table entry.
type cellVal struct {
	f    float64
	s    int32
	w, m uint64
	x    *big.Int
	// root says which operators the value is known to be the root of:
	// rootMul if it is the product, rootAdd if the sum, of some values of
	// its two parts at a split (see dominated).
	root uint8
}

const (
	rootMul uint8 = 1 << iota
	rootAdd
)

// rootOf is the root bit of a split whose edge is '*' (mul) or '+'.
func rootOf(mul bool) uint8 {
	if mul {
		return rootMul
	}
	return rootAdd
}

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
	root, err := allocRows[uint8](mt, rows, cols)
	if err != nil {
		return err
	}
	s.rows = make([]span, rows)
	for r := range s.rows {
		s.rows[r] = span{f: f[r], s: sh[r], w: w[r], m: m[r], x: x[r], root: root[r]}
	}
	return nil
}

func (s *genSide) set(r, c int, v cellVal) {
	row := &s.rows[r]
	row.f[c], row.s[c], row.w[c], row.m[c], row.x[c] = v.f, v.s, v.w, v.m, v.x
	row.root[c] = v.root
}

func (s *genSide) num(r, c int) num { return s.rows[r].num(c) }

// span returns columns c0..c1-1 of row r: one operand of a cell's splits.
func (s *genSide) span(r, c0, c1 int) span {
	row := &s.rows[r]
	return span{f: row.f[c0:c1], s: row.s[c0:c1], w: row.w[c0:c1], m: row.m[c0:c1], x: row.x[c0:c1], root: row.root[c0:c1]}
}

// span is a run of entries of one row (a whole row in genSide.rows); entry k
// of a cell's span is its split k.
type span struct {
	f    []float64
	s    []int32
	w, m []uint64
	x    []*big.Int
	root []uint8 // root bits (rootMul, rootAdd)
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
		// The root bits of the copied chains, which the dominance of later
		// levels reads (undominated).
		for i := 0; i < n; i++ {
			for ln := 2; ln <= done; ln++ {
				for _, hi := range []bool{false, true} {
					g.setRoot(n, i, ln, hi, f.roots(t, i, ln, hi))
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

// roots returns the root bits of int64 chain (i, ln)'s min (hi false) or
// max: rootMul if some split at a '*' edge has a product of its parts'
// extremes equal to it, rootAdd likewise for a sum at a '+' edge.
func (f *fastTables) roots(t *tables, i, ln int, hi bool) (root uint8) {
	n := t.n
	j := i + ln - 1
	target := f.sLo[i][ln-1]
	if hi {
		target = f.sHi[i][ln-1]
	}
	for p := 1; p < ln; p++ {
		lv := [2]int64{f.sLo[i][p-1], f.sHi[i][p-1]}
		rv := [2]int64{f.tLo[j][n-(ln-p)], f.tHi[j][n-(ln-p)]}
		for combo := comboAC; combo <= comboBD; combo++ {
			x, y := lv[combo>>1], rv[combo&1]
			if t.mul[i+p] {
				if v, ok := checked.Mul(x, y); ok && v == target {
					root |= rootMul
				}
			} else if v, ok := checked.Add(x, y); ok && v == target {
				root |= rootAdd
			}
		}
	}
	return root
}

// setRoot stores the root bits of chain (i, ln)'s min or max in the tables
// by end, where the split loops read them (right operands).
func (g *genTables) setRoot(n, i, ln int, hi bool, root uint8) {
	t := &g.tLo
	if hi {
		t = &g.tHi
	}
	j := i + ln - 1
	t.rows[j].root[n-ln] = root
	if j+n < 2*n-1 {
		t.rows[j+n].root[n-ln] = root
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
	eqTo      []int32 // eqTo[s]: the leader candidate s was found equal to, or -1
	// The cell being settled: its start i in the tables g of n vertices.
	g    *genTables
	n, i int
	// The cell's scale: its approximations are in units of 2^scale
	// (ext.go), with absolute error floor eta (0 when scale is 0).
	scale int64
	eta   float64
	delta float64 // the relative error bound (config.delta)
	// falseRoots marks every computed value as both a product and a
	// sum: a fault the tests must catch (config.falseRoots).
	falseRoots bool
	// How the candidates other than a leader were settled, for tests.
	residueTies, exact int
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
		work[w].delta, work[w].falseRoots = t.cfg.delta, t.cfg.falseRoots
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
		var residue, exact int
		for w := range work {
			residue, exact = residue+work[w].residueTies, exact+work[w].exact
		}
		h(residue, exact)
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
		// One value (a chain of '*' alone has no other): keep one copy.
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
	rc, rd := R[0].root[:len(fa)], R[1].root[:len(fa)]
	M = M[:len(fa)]
	for k, a := range fa {
		b, c, d := fb[k], fc[k], fd[k]
		var hx, he, lx, le float64
		if M[k] {
			p1, p2, p3, p4 := a*c, a*d, b*c, b*d
			if rc[k]&rootMul != 0 || rd[k]&rootMul != 0 {
				if hx, lx, ok := undominated(p1, p2, p3, p4, rc[k], rd[k]); ok {
					t.rankOne(wk, k, hx, delta*math.Abs(hx), lx, delta*math.Abs(lx), &lmax, &umin)
				}
				continue
			}
			hx, lx = max(p1, p2, p3, p4), min(p1, p2, p3, p4)
			he, le = delta*math.Abs(hx), delta*math.Abs(lx)
		} else {
			hx, he = b+d, delta*(math.Abs(b)+math.Abs(d))
			lx, le = a+c, delta*(math.Abs(a)+math.Abs(c))
			if rc[k]&rootAdd != 0 || rd[k]&rootAdd != 0 {
				hx, lx = addDominated(hx, lx, rc[k], rd[k])
			}
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

// Dominated candidates. If the right operand B of candidate A·B at split k
// is itself a product F·B' of values of its parts (B's root bit rootMul),
// then A·B = (A·F)·B', where A·F is a value of the chain's first part up to
// split k2 (B's split) and B' one of the rest: a product of values lying
// between the extremes at split k2, so at most the largest and at least the
// smallest of k2's four combos (a product is extreme at a corner of the
// box). A candidate at k thus never beats split k2, which lies further
// right; among the candidates that reach the extreme, the rightmost is
// never dominated (it would be beaten by one further right), so dropping
// all dominated ones keeps the extremes exact. Likewise for sums: b + d with
// d = F + B' is (b+F) + B' ≤ the max at k2. Only the right operand counts:
// dropping by the left one too could drop a whole cycle of candidates.
// Along a run of '*' this leaves one candidate where every split tied.

// undominated is the max and min of the products p1..p4 (ac, ad, bc, bd)
// whose right operand (c or d) is not a product (root bits rc, rd); ok is
// false when all four are dominated.
func undominated(p1, p2, p3, p4 float64, rc, rd uint8) (hx, lx float64, ok bool) {
	switch {
	case rc&rootMul == 0:
		hx, lx = max(p1, p3), min(p1, p3)
		if rd&rootMul == 0 {
			hx, lx = max(hx, p2, p4), min(lx, p2, p4)
		}
		return hx, lx, true
	case rd&rootMul == 0:
		return max(p2, p4), min(p2, p4), true
	}
	return 0, 0, false
}

// addDominated returns the sum candidates b+d and a+c with a dominated one
// (right operand a sum, see above) replaced by -Inf and +Inf: never kept.
func addDominated(hx, lx float64, rc, rd uint8) (float64, float64) {
	if rd&rootAdd != 0 {
		hx = math.Inf(-1)
	}
	if rc&rootAdd != 0 {
		lx = math.Inf(1)
	}
	return hx, lx
}

// rankOne ranks one split's candidate max hx and min lx (bounds he, le).
func (t *tables) rankOne(wk *genWork, k int, hx, he, lx, le float64, lmax, umin *float64) {
	if hx-he > *lmax {
		*lmax = hx - he
	}
	if hx+he >= *lmax {
		wk.hiC = append(wk.hiC, cand{k: k, fbound: hx + he})
	}
	if lx+le < *umin {
		*umin = lx + le
	}
	if lx-le <= *umin {
		wk.loC = append(wk.loC, cand{k: k, fbound: lx - le})
	}
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
	rc, rd := R[0].root[:len(M)], R[1].root[:len(M)]
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
			if rc[k]&rootMul != 0 || rd[k]&rootMul != 0 {
				if hx, lx, ok := undominated(p1, p2, p3, p4, rc[k], rd[k]); ok {
					t.rankOne(wk, k, hx, delta*math.Abs(hx)+eta, lx, delta*math.Abs(lx)+eta, &lmax, &umin)
				}
				continue
			}
			hx, lx = max(p1, p2, p3, p4), min(p1, p2, p3, p4)
			he, le = delta*math.Abs(hx)+eta, delta*math.Abs(lx)+eta
		} else {
			a, b := fa[k]*pow2(int64(sa[k])-scale), fb[k]*pow2(int64(sb[k])-scale)
			c, d := fc[k]*pow2(int64(sc[k])-scale), fd[k]*pow2(int64(sd[k])-scale)
			hx, he = b+d, delta*(math.Abs(b)+math.Abs(d))+eta
			lx, le = a+c, delta*(math.Abs(a)+math.Abs(c))+eta
			if rc[k]&rootAdd != 0 || rd[k]&rootAdd != 0 {
				hx, lx = addDominated(hx, lx, rc[k], rd[k])
			}
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
			if r.root[k]&rootOf(M[k]) != 0 {
				continue // dominated (see undominated)
			}
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
	// eqTo[s] is the leader s was proved equal to: those equal to the
	// final leader give the value's root bits.
	wk.eqTo = wk.eqTo[:0]
	for range subs {
		wk.eqTo = append(wk.eqTo, -1)
	}
	eqTo := wk.eqTo
	eqTo[lead] = int32(lead)
	for s := range subs {
		if s == lead {
			continue
		}
		if tied(&subs[s], &subs[lead], wk.scale) {
			wk.residueTies++
			eqTo[s] = int32(lead)
			continue
		}
		// Near-ties, ties the residues cannot prove and candidates that
		// only seem to win are computed.
		v, ok := exactOf(&subs[s], true)
		if !ok {
			return cellVal{}, false
		}
		wk.exact++
		switch cmp := v.cmp(best); {
		case cmp == 0:
			eqTo[s] = int32(lead)
		case wantMax && cmp > 0 || !wantMax && cmp < 0:
			lead, best = s, v
			eqTo[s] = int32(s)
			if v.b != nil {
				best = numOfBig(new(big.Int).Set(v.b))
			}
		}
	}
	ld := &subs[lead]
	f, sh := best.approx()
	v := cellVal{f: f, s: sh, w: ld.w, m: ld.m, x: best.b}
	for s := range subs {
		if eqTo[s] == int32(lead) {
			v.root |= rootOf(M[subs[s].k])
		}
	}
	if wk.falseRoots {
		v.root = rootMul | rootAdd
	}
	return v, true
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
