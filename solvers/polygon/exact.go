package polygon

import (
	"cmp"
	"math"
	"math/big"
)

// The exact engine. Each table entry holds an exact value (x, or the int64
// in w when x is nil), an approximation f·2^s with relative error below
// 2^-52 (see ext.go), and the value's residues w (mod 2^64) and m
// (mod 2^61-1).
//
// For a cell it first ranks all split points on the approximations: with
// delta bounding the relative error of a candidate, the exact maximum is at
// least L = max(x - delta|x|) over candidates, so only candidates with
// x + delta|x| ≥ L can be it (the minimum likewise). Those are computed
// exactly, except that a candidate whose residues equal the current leader's
// and whose approximation lies within 2^120 of it is equal to it (their
// difference is a multiple of 2^64·(2^61-1) smaller than that), so ties—very
// common, e.g. along runs of '*'—cost no big arithmetic while values are
// below about 2^170; beyond, residues modulo more primes prove them in
// linear time (rns.go). Exact results are kept as int64 when they fit. Levels
// whose values are all below 2^shiftFree rank and compare candidates with
// plain float64 (several times cheaper than ext, and where most solves spend
// their time); any other level does so in ext, whose exponent cannot overflow, so big
// arithmetic stays confined to candidates that can win (or tie) at every
// magnitude.
type genTables struct {
	sLo, sHi, tLo, tHi genSide
	maxS               int32 // largest shift stored so far
	// Residue proofs (rns.go): bitsAt[ln] bounds the bit length of chains of
	// length ln; once rnsOn, big entries keep residues modulo primes
	// (rnsCap primes at most, 0 when the budget leaves no room).
	bitsAt []int
	primes []rnsPrime
	rnsCap int
	rnsOn  bool
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
	r    []uint64 // x's residues modulo primes (rns.go), nil when x is nil
}

// delta = 2^deltaExp bounds a candidate's relative error: 4× the proven
// 2^-50 (see ext.go). Variables only so that TestBoundTooTight can tighten
// them and see the tests fail.
var (
	delta    = 0x1p-48
	deltaExp = int64(-48)
)

// proofLimit is 2^120: below 2^64·(2^61-1), with room for rounding.
var proofLimit = ext{m: 1, e: 120}

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
	s.rows = make([]span, rows)
	for r := range s.rows {
		s.rows[r] = span{f: f[r], s: sh[r], w: w[r], m: m[r], x: x[r]}
	}
	return nil
}

// allocResidues adds the residue column (rns.go) to every row (24-byte
// elements: allocRows's blocks are three times their usual size).
func (s *genSide) allocResidues(mt *meter, cols int) error {
	rv, err := allocRows[[]uint64](mt, len(s.rows), cols)
	if err != nil {
		return err
	}
	for r := range s.rows {
		s.rows[r].r = rv[r]
	}
	return nil
}

func (s *genSide) set(r, c int, v cellVal) {
	row := &s.rows[r]
	row.f[c], row.s[c], row.w[c], row.m[c], row.x[c] = v.f, v.s, v.w, v.m, v.x
	if row.r != nil {
		row.r[c] = v.r
	}
}

func (s *genSide) num(r, c int) num { return s.rows[r].num(c) }

// span returns columns c0..c1-1 of row r: one operand of a cell's splits.
func (s *genSide) span(r, c0, c1 int) span {
	row := &s.rows[r]
	sp := span{f: row.f[c0:c1], s: row.s[c0:c1], w: row.w[c0:c1], m: row.m[c0:c1], x: row.x[c0:c1]}
	if row.r != nil {
		sp.r = row.r[c0:c1]
	}
	return sp
}

// span is a run of entries of one row (a whole row in genSide.rows); entry k
// of a cell's span is its split k.
type span struct {
	f    []float64
	s    []int32
	w, m []uint64
	x    []*big.Int
	r    [][]uint64 // residues modulo primes (nil rows when proofs are off)
}

// ext is entry k's approximation.
func (s *span) ext(k int) ext { return extOf(s.f[k], s.s[k]) }

// rns is entry k's residue modulo q = primes[i] (Montgomery form).
func (s *span) rns(k, i int, q *rnsPrime) uint64 {
	if s.x[k] == nil {
		return q.ofInt64(int64(s.w[k]))
	}
	return s.r[k][i]
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
	g := &genTables{bitsAt: make([]int, n+1), rnsCap: rnsCap(n, t.opts.MaxTableBytes)}
	for ln := range g.bitsAt {
		g.bitsAt[ln] = 64 // int64 values; big ones raise it as they come
	}
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
		return g, nil
	}
	mt = t.meter(phaseLeaves)
	leaves := make([]cellVal, n) // x and x+n share one entry, and its residues
	for x := 0; x < 2*n-1; x++ {
		if x < n {
			leaves[x] = cellOf(numOfBig(values[x]))
			if leaves[x].x != nil {
				g.bitsAt[1] = max(g.bitsAt[1], leaves[x].x.BitLen())
			}
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
	maxBits   int     // largest bit length stored in this level
	z, t1, t2 big.Int // scratch for exact candidates that are not kept
	// Residue proofs: primes every operand's residues cover in this level,
	// and the leader's residues lv (lvOf is the leader's index, -1 if none).
	primes  []rnsPrime
	rnsOn   bool
	lv      []uint64
	lvOf    int
	proved  int // ties proved by rnsTied
	bigTies int // ties found by math/big in this level
}

// cand is a split point that may hold the extreme, with its bound: fbound
// on unshifted levels (plain float64), bound on shifted ones (ext).
type cand struct {
	k      int
	fbound float64
	bound  ext
}

// sub is one candidate value: split k combined as combo (comboAC … comboBD
// multiply the left chain's min or max a, b by the right's c, d; comboAC and
// comboBD also stand for a+c and b+d on '+' edges). Its approximation and
// error bound are fx, fe on unshifted levels, x, e on shifted ones: the
// float64 ones cost a few instructions where ext costs a function call, and
// unshifted levels are where most solves spend their time.
type sub struct {
	k      int
	combo  uint8
	fx, fe float64
	x, e   ext
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
	for ln := ln0; ln <= n; ln++ {
		shifted := g.maxS > 0
		if g.rnsOn {
			if err := t.extendResidues(ln); err != nil {
				return err
			}
		}
		for w := range work {
			work[w].primes, work[w].rnsOn, work[w].maxBits = g.primes, len(g.primes) > 0, 0
		}
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
		ties := 0
		for w := range work {
			g.maxS = max(g.maxS, work[w].maxS)
			g.bitsAt[ln] = max(g.bitsAt[ln], work[w].maxBits)
			ties += work[w].bigTies
			work[w].bigTies = 0
		}
		// Residues pay off once ties cost big multiplications: from the
		// first level that checks about n of them exactly.
		if !g.rnsOn && g.rnsCap > 0 && ties >= n {
			mt := t.meter(phaseAlloc)
			for _, side := range []*genSide{&g.sLo, &g.sHi, &g.tLo, &g.tHi} {
				if err := side.allocResidues(&mt, n); err != nil {
					return err
				}
			}
			g.rnsOn = true
		}
	}
	if rnsHook != nil {
		proved := 0
		for w := range work {
			proved += work[w].proved
		}
		rnsHook(proved)
	}
	return nil
}

// genCell computes chain (i, ln); it reports false, storing nothing, when
// the solve is stopped before the cell is done. shifted says whether some
// value of the tables is shifted (beyond 2^shiftFree): then the splits are
// ranked in ext, else in plain float64.
func (t *tables) genCell(wk *genWork, mt *meter, i, ln int, shifted bool) bool {
	n, g := t.n, t.gen
	m := ln - 1
	j := i + m
	// The operands of split k: the left chain's min and max L[0].x[k],
	// L[1].x[k], the right chain's R[0].x[k], R[1].x[k].
	L := [2]span{g.sLo.span(i, 0, m), g.sHi.span(i, 0, m)}
	R := [2]span{g.tLo.span(j, n-m, n), g.tHi.span(j, n-m, n)}
	M := t.mul[i+1 : i+1+m]
	wk.hiC, wk.loC = wk.hiC[:0], wk.loC[:0]
	var lmax, umin ext
	var flmax, fumin float64
	if shifted {
		lmax, umin = t.rankExt(wk, &L, &R, M)
	} else {
		flmax, fumin = t.rankFloat(wk, &L, &R, M)
	}
	mt.add(m)
	resolve := func(cs []cand, limit ext, flimit float64, wantMax bool) (cellVal, bool) {
		mt.add(len(cs))
		lead := wk.collect(&L, &R, M, cs, limit, flimit, wantMax, shifted)
		return wk.settle(mt, &L, &R, M, lead, wantMax, shifted)
	}
	hi, ok := resolve(wk.hiC, lmax, flmax, true)
	if !ok {
		return false
	}
	lo, ok := resolve(wk.loC, umin, fumin, false)
	if !ok {
		return false
	}
	g.store(n, i, ln, lo, hi)
	wk.maxS = max(wk.maxS, lo.s, hi.s)
	for _, v := range []*big.Int{lo.x, hi.x} {
		if v != nil {
			wk.maxBits = max(wk.maxBits, v.BitLen())
		}
	}
	return true
}

// rankFloat collects a cell's candidate splits (wk.hiC, wk.loC) with plain
// float64 products, valid while no value is shifted (products stay below
// 2^1000). It returns the best lower bound of the maximum and the best upper
// bound of the minimum.
func (t *tables) rankFloat(wk *genWork, L, R *[2]span, M []bool) (lmax, umin float64) {
	lmax, umin = math.Inf(-1), math.Inf(1)
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

// rankExt is rankFloat in ext, for levels that meet shifted values.
func (t *tables) rankExt(wk *genWork, L, R *[2]span, M []bool) (lmax, umin ext) {
	for k := range M {
		a, b, c, d := L[0].ext(k), L[1].ext(k), R[0].ext(k), R[1].ext(k)
		var hx, hmag, lx, lmag ext
		if M[k] {
			p1, p2, p3, p4 := mulExt(a, c), mulExt(a, d), mulExt(b, c), mulExt(b, d)
			hx = maxExt(maxExt(p1, p2), maxExt(p3, p4))
			lx = minExt(minExt(p1, p2), minExt(p3, p4))
			hmag, lmag = hx.abs(), lx.abs()
		} else {
			hx, hmag = addExt(b, d), addExt(b.abs(), d.abs())
			lx, lmag = addExt(a, c), addExt(a.abs(), c.abs())
		}
		hlo, hhi := bounds(hx, hmag)
		llo, lhi := bounds(lx, lmag)
		if k == 0 || cmpExt(hlo, lmax) > 0 {
			lmax = hlo
		}
		if cmpExt(hhi, lmax) >= 0 {
			wk.hiC = append(wk.hiC, cand{k: k, bound: hhi})
		}
		if k == 0 || cmpExt(lhi, umin) < 0 {
			umin = lhi
		}
		if cmpExt(llo, umin) <= 0 {
			wk.loC = append(wk.loC, cand{k: k, bound: llo})
		}
	}
	return lmax, umin
}

// collect turns the candidate splits cs whose bound can reach the best
// guaranteed value (limit on shifted levels, flimit on others) into
// candidate values (wk.subs), approximated in ext or plain float64 as the
// level is shifted or not; it returns the index of the best approximation.
func (wk *genWork) collect(L, R *[2]span, M []bool, cs []cand, limit ext, flimit float64, wantMax, shifted bool) int {
	wk.subs = wk.subs[:0]
	// misses reports whether values up to (wantMax) or down to x (x in
	// ext on shifted levels, fx on others) cannot reach the limit.
	misses := func(x ext, fx float64) bool {
		if shifted {
			c := cmpExt(x, limit)
			return wantMax && c < 0 || !wantMax && c > 0
		}
		return wantMax && fx < flimit || !wantMax && fx > flimit
	}
	sign := 1.0 // toward the extreme: x + sign·e is a candidate's far end
	if !wantMax {
		sign = -1
	}
	for _, c := range cs {
		if misses(c.bound, c.fbound) {
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
		for combo := combos[0]; combo < combos[1]; combo++ {
			s := sub{k: k, combo: combo}
			l, r := operands(L, R, combo)
			if shifted {
				x, y := l.ext(k), r.ext(k)
				if M[k] {
					s.x = mulExt(x, y)
					s.e = s.x.abs().times2(deltaExp)
				} else {
					s.x, s.e = addExt(x, y), addExt(x.abs(), y.abs()).times2(deltaExp)
				}
				if misses(addExt(s.x, ext{sign * s.e.m, s.e.e}), 0) {
					continue
				}
			} else {
				x, y := l.f[k], r.f[k]
				if M[k] {
					s.fx = x * y
					s.fe = delta * math.Abs(s.fx)
				} else {
					s.fx, s.fe = x+y, delta*(math.Abs(x)+math.Abs(y))
				}
				if misses(ext{}, s.fx+sign*s.fe) {
					continue
				}
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
		if shifted {
			c = cmpExt(subs[s].x, subs[lead].x)
		}
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
func (wk *genWork) settle(mt *meter, L, R *[2]span, M []bool, lead int, wantMax, shifted bool) (cellVal, bool) {
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
	wk.lvOf = -1
	for s := range subs {
		if s == lead || tied(&subs[s], &subs[lead], shifted) {
			continue
		}
		if wk.rnsOn && (L[subs[s].combo>>1].x[subs[s].k] != nil || R[subs[s].combo&1].x[subs[s].k] != nil) {
			// Linear in the values' length, like a math/big operation.
			if mt.stopped() {
				return cellVal{}, false
			}
			mt.big++
			if wk.rnsTied(L, R, M, &subs[s], lead, shifted) {
				continue
			}
		}
		v, ok := exactOf(&subs[s], true)
		if !ok {
			return cellVal{}, false
		}
		cmp := v.cmp(best)
		if cmp == 0 && v.b != nil {
			wk.bigTies++
		}
		if wantMax && cmp > 0 || !wantMax && cmp < 0 {
			lead, best = s, v
			if v.b != nil {
				best = numOfBig(new(big.Int).Set(v.b))
			}
		}
	}
	ld := &subs[lead]
	f, sh := best.approx()
	v := cellVal{f: f, s: sh, w: ld.w, m: ld.m, x: best.b}
	if v.x != nil && wk.rnsOn {
		// From the operands' residues: O(primes), like a math/big operation.
		if mt.stopped() {
			return cellVal{}, false
		}
		mt.big++
		v.r = make([]uint64, len(wk.primes))
		residuesOf(L, R, M, ld, wk.primes, v.r, nil)
	}
	return v, true
}

// tied reports whether candidates c and ld are proved equal: their residues
// agree, so they differ by a multiple of 2^64·(2^61-1) > 2^125, and their
// intervals show they differ by less than 2^120 (in float64 on unshifted
// levels, whose roundings are far below the margin 2^125 - 2^120).
func tied(c, ld *sub, shifted bool) bool {
	if c.w != ld.w || c.m != ld.m {
		return false
	}
	if !shifted {
		return math.Abs(c.fx-ld.fx)+c.fe+ld.fe < 0x1p120
	}
	return cmpExt(gapOf(c, ld, true), proofLimit) < 0
}

// operands returns the left and right entries a combo reads: its left
// operand is the min (a) or max (b) of the left chain, its right operand the
// min (c) or max (d) of the right one.
func operands(L, R *[2]span, combo uint8) (l, r *span) {
	return &L[combo>>1], &R[combo&1]
}
