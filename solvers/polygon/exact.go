package polygon

import (
	"math/big"

	"gamelab/internal/checked"
)

// The exact engine. Each table entry holds an exact value (x, a ref into the
// arena, or the int64 in w when x is 0), an approximation f·2^s (see
// ext.go), the value's residues w (mod 2^64) and m (mod 2^61-1),
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
	// By start, sLo and sHi hold everything about a chain; by end, tLo and
	// tHi only what the split loops read of right operands (f, s, root),
	// with one row per vertex: the chain of length ln ending at vertex j is
	// column n-ln of row j.
	sLo, sHi, tLo, tHi genSide
	maxS               int32 // largest shift stored so far
	ar                 arena // the big values
	// bitsAt[ln] bounds the bit length of chains of length ln (64 for
	// int64 values): it sizes the arena's chunks and projects the budget.
	bitsAt []int
}

// genSide is one table: a span per row, so that a cell finds all the
// arrays of a row with one load.
type genSide struct {
	rows []span
}

// cellVal is one table entry.
type cellVal struct {
	f    float64
	s    int32
	w, m uint64
	x    *big.Int // the value when it does not fit int64 (stored in the arena)
	// root says which operators the value is known to be the root of:
	// rootMul if it is the product, rootAdd if the sum, of some values of
	// its two parts at a split (see undominated).
	root uint8
}

const (
	rootMul uint8 = 1 << iota
	rootAdd
)

// rootOf is the root bit of a split whose edge has operator op: none for
// '-' (see undominated). A table, not a switch: the split loops ask it for
// every split.
func rootOf(op byte) uint8 { return opRoot[op] }

var opRoot = [256]uint8{'*': rootMul, '+': rootAdd}

func genBytes(n int) int64 {
	// By start, two n×n tables of 36-byte entries (f, s, w, m, ref); by
	// end, two of 13 (f, s, root). The big values come on top (arena).
	return (2*36 + 2*13) * int64(n) * int64(n)
}

// alloc makes a table by start (all columns but root) or by end (f, s and
// root).
func (s *genSide) alloc(mt *meter, rows, cols int, byEnd bool) error {
	f, err := allocRows[float64](mt, rows, cols)
	if err != nil {
		return err
	}
	sh, err := allocRows[int32](mt, rows, cols)
	if err != nil {
		return err
	}
	s.rows = make([]span, rows)
	if byEnd {
		root, err := allocRows[uint8](mt, rows, cols)
		if err != nil {
			return err
		}
		for r := range s.rows {
			s.rows[r] = span{f: f[r], s: sh[r], root: root[r]}
		}
		return nil
	}
	w, err := allocRows[uint64](mt, rows, cols)
	if err != nil {
		return err
	}
	m, err := allocRows[uint64](mt, rows, cols)
	if err != nil {
		return err
	}
	x, err := allocRows[uint64](mt, rows, cols)
	if err != nil {
		return err
	}
	for r := range s.rows {
		s.rows[r] = span{f: f[r], s: sh[r], w: w[r], m: m[r], x: x[r]}
	}
	return nil
}

// set stores entry (r, c), its big value (if any) under ref.
func (s *genSide) set(r, c int, v cellVal, ref uint64) {
	row := &s.rows[r]
	row.f[c], row.s[c] = v.f, v.s
	if row.root != nil {
		row.root[c] = v.root
		return
	}
	row.w[c], row.m[c], row.x[c] = v.w, v.m, ref
}

// span returns columns c0..c1-1 of row r: one operand of a cell's splits.
func (s *genSide) span(r, c0, c1 int) span {
	row := &s.rows[r]
	sp := span{f: row.f[c0:c1], s: row.s[c0:c1]}
	if row.root != nil {
		sp.root = row.root[c0:c1]
	} else {
		sp.w, sp.m, sp.x = row.w[c0:c1], row.m[c0:c1], row.x[c0:c1]
	}
	return sp
}

// span is a run of entries of one row (a whole row in genSide.rows); entry k
// of a cell's span is its split k. Spans by start have w, m and x, spans by
// end root.
type span struct {
	f    []float64
	s    []int32
	w, m []uint64
	x    []uint64 // arena refs of the big values; 0 when w holds the int64
	root []uint8  // root bits (rootMul, rootAdd)
}

// num is entry k's exact value; a big one is a view into the arena made in
// z (read-only).
func (g *genTables) num(s *span, k int, z *big.Int) num {
	if ref := s.x[k]; ref != 0 {
		return num{b: g.ar.get(ref, z)}
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
	g := &genTables{bitsAt: make([]int, n+1)}
	mt := t.meter(phaseAlloc)
	for _, s := range []struct {
		side  *genSide
		byEnd bool
	}{{&g.sLo, false}, {&g.sHi, false}, {&g.tLo, true}, {&g.tHi, true}} {
		if err := s.side.alloc(&mt, n, n, s.byEnd); err != nil {
			return nil, err
		}
	}
	if f := t.fast; f != nil {
		mt = t.meter(phaseSwitch)
		done := ln0 - 1
		for ln := 1; ln <= done; ln++ {
			g.bitsAt[ln] = 64
		}
		copyRow := func(dst *genSide, r int, src []int64, c0, c1 int) {
			for c := c0; c < c1; c++ {
				dst.set(r, c, cellOf(num{s: src[c]}), 0)
			}
			mt.add(c1 - c0)
		}
		// The int64 tables by end have a row for each end e in [0, 2n-1):
		// rows n-1 .. 2n-2 hold every chain ending at their vertex e mod n.
		for r := 0; r < n; r++ {
			e := r
			if r < n-1 && !t.chain {
				e = r + n
			}
			copyRow(&g.sLo, r, f.sLo[r], 0, done)
			copyRow(&g.sHi, r, f.sHi[r], 0, done)
			copyRow(&g.tLo, r, f.tLo[e], n-done, n)
			copyRow(&g.tHi, r, f.tHi[e], n-done, n)
			if mt.stopped() {
				return nil, errStopped
			}
		}
		// The root bits of the copied chains, which the dominance of later
		// levels reads (undominated).
		for i := 0; i < n; i++ {
			for ln := 2; ln <= done && ln <= t.cellsFrom(i); ln++ {
				lo, hi := f.roots(t, i, ln)
				g.setRoot(n, i, ln, false, lo)
				g.setRoot(n, i, ln, true, hi)
				mt.add(ln - 1)
				if mt.stopped() {
					return nil, errStopped
				}
			}
		}
		return g, nil
	}
	mt = t.meter(phaseLeaves)
	g.bitsAt[1] = 64
	for _, v := range values {
		g.bitsAt[1] = max(g.bitsAt[1], v.BitLen())
	}
	g.ar.level(g.bitsAt[1])
	aw := arenaWriter{a: &g.ar}
	for x := 0; x < n; x++ {
		v := cellOf(numOfBig(values[x]))
		var ref uint64
		if v.x != nil {
			ref = aw.put(v.x)
		}
		g.sLo.set(x, 0, v, ref)
		g.sHi.set(x, 0, v, ref)
		g.tLo.set(x, n-1, v, ref)
		g.tHi.set(x, n-1, v, ref)
		g.maxS = max(g.maxS, v.s)
		mt.add(1)
		if mt.stopped() {
			return nil, errStopped
		}
	}
	return g, nil
}

// roots returns the root bits of int64 chain (i, ln)'s min and max:
// rootMul if some split at a '*' edge has a product of its parts' extremes
// equal to it, rootAdd likewise for a sum at a '+' edge. Each combination
// is computed once for both, and the scan stops once both have every bit.
func (f *fastTables) roots(t *tables, i, ln int) (lo, hi uint8) {
	n := t.n
	j := i + ln - 1
	tlo, thi := f.sLo[i][ln-1], f.sHi[i][ln-1]
	for p := 1; p < ln && lo&hi != rootMul|rootAdd; p++ {
		lv := [2]int64{f.sLo[i][p-1], f.sHi[i][p-1]}
		rv := [2]int64{f.tLo[j][n-(ln-p)], f.tHi[j][n-(ln-p)]}
		op := t.ops[i+p]
		bit := rootOf(op)
		if bit == 0 {
			continue
		}
		for combo := comboAC; combo <= comboBD; combo++ {
			x, y := lv[combo>>1], rv[combo&1]
			var v int64
			var ok bool
			if op == '*' {
				v, ok = checked.Mul(x, y)
			} else {
				v, ok = checked.Add(x, y)
			}
			if ok && v == tlo {
				lo |= bit
			}
			if ok && v == thi {
				hi |= bit
			}
		}
	}
	return lo, hi
}

// setRoot stores the root bits of chain (i, ln)'s min or max in the tables
// by end, where the split loops read them (right operands).
func (g *genTables) setRoot(n, i, ln int, hi bool, root uint8) {
	t := &g.tLo
	if hi {
		t = &g.tHi
	}
	t.rows[(i+ln-1)%n].root[n-ln] = root
}

// value is chain (i, c+1)'s min or max (a big one read-only: it shares the
// arena's words).
func (g *genTables) value(i, c int, hi bool) num { return g.view(i, c, hi, new(big.Int)) }

// view is value with a big value's view made in z (read-only), so that
// nothing is allocated.
func (g *genTables) view(i, c int, hi bool, z *big.Int) num {
	row := &g.sLo.rows[i]
	if hi {
		row = &g.sHi.rows[i]
	}
	if ref := row.x[c]; ref != 0 {
		return num{b: g.ar.get(ref, z)}
	}
	return num{s: int64(row.w[c])}
}

// need is the memory the tables and big values take once level ln, whose
// values have at most bits bits, is stored: the budget applies to all of
// it, so a solve whose numbers would not fit is refused with a SizeError
// (at the first level that would pass the budget), not killed for want of
// memory. end is what they are bound to take by the end, for the message:
// levels ln..n with values growing as they did up to ln-1 (about linearly:
// a chain's bits are at most its vertices' together).
func (g *genTables) need(n, ln, bits int) (now, end int64) {
	words := g.ar.words.Load()
	now = genBytes(n) + 8*(words+int64(2*n*(bits/64+2)))
	if b := g.bitsAt[ln-1]; b > 64 {
		rate := float64(b) / float64(ln-1)
		for l := ln; l <= n; l++ {
			words += int64(2 * n * (int(rate*float64(l))/64 + 2))
		}
	}
	return now, max(now, genBytes(n)+8*words)
}

// store writes chain (i, ln) into both layouts, its big values into the
// arena (once when its min and max are one value), and its approximations
// in the chain's shift (see ext.go).
func (g *genTables) store(aw *arenaWriter, n, i, ln int, lo, hi cellVal) {
	if lo.s != hi.s {
		sh := max(lo.s, hi.s)
		lo.f, lo.s = lo.f*pow2(int64(lo.s-sh)), sh
		hi.f, hi.s = hi.f*pow2(int64(hi.s-sh)), sh
	}
	var rlo, rhi uint64
	if lo.x != nil {
		rlo = aw.put(lo.x)
	}
	if hi.x != nil {
		rhi = rlo
		if hi.x != lo.x {
			rhi = aw.put(hi.x)
		}
	}
	j := (i + ln - 1) % n
	g.sLo.set(i, ln-1, lo, rlo)
	g.sHi.set(i, ln-1, hi, rhi)
	g.tLo.set(j, n-ln, lo, 0)
	g.tHi.set(j, n-ln, hi, 0)
}

// genWork is one worker's scratch space.
type genWork struct {
	hiC, loC  []cand
	subs      []sub
	maxS      int32
	maxBits   int     // the largest bit length stored in this level
	z, t1, t2 big.Int // scratch for exact candidates that are not kept
	v1, v2    big.Int // views of operands in the arena
	lo, hi    big.Int // the cell's exact extremes, until stored
	aw        arenaWriter
	eqTo      []int32 // eqTo[s]: the leader candidate s was found equal to, or -1
	// The cell being settled: its start i and number of splits m in the
	// tables g of n vertices.
	g       *genTables
	n, i, m int
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
		work[w].aw.a = &g.ar
	}
	for ln := ln0; ln <= n; ln++ {
		shifted := g.maxS > 0
		// A product has at most its operands' bits together, a sum one
		// more than the larger.
		bits := 0
		for a := 1; a < ln; a++ {
			bits = max(bits, g.bitsAt[a]+g.bitsAt[ln-a])
		}
		if now, end := g.need(n, ln, bits+1); now > t.opts.MaxTableBytes {
			return &SizeError{N: n, Need: end, Limit: t.opts.MaxTableBytes}
		}
		g.ar.level(bits + 1)
		t.parallelCells(phaseExact, t.cells(ln), func(mt *meter, w, i0, i1 int) {
			for i := i0; i < i1; i++ {
				if mt.stopped() || !t.genCell(&work[w], mt, i, ln, shifted) {
					return
				}
			}
		})
		if t.stop.Load() {
			return errStopped
		}
		g.bitsAt[ln] = 64
		for w := range work {
			g.maxS = max(g.maxS, work[w].maxS)
			g.bitsAt[ln] = max(g.bitsAt[ln], work[w].maxBits)
			work[w].maxBits = 0
		}
		t.levelDone(ln, true, g.bitsAt[ln])
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
	R := [2]span{g.tLo.span(j%n, n-m, n), g.tHi.span(j%n, n-m, n)}
	O := t.ops[i+1 : i+1+m]
	wk.g, wk.n, wk.i, wk.m = g, n, i, m
	wk.hiC, wk.loC = wk.hiC[:0], wk.loC[:0]
	var lmax, umin float64
	wk.scale, wk.eta = 0, 0
	if shifted {
		lmax, umin = t.rankScaled(wk, &L, &R, O)
	} else {
		lmax, umin = t.rankFloat(wk, &L, &R, O)
	}
	mt.add(m)
	resolve := func(cs []cand, limit float64, wantMax bool, dst *big.Int) (cellVal, bool) {
		mt.add(len(cs))
		lead := wk.collect(&L, &R, O, cs, limit, wantMax)
		return wk.settle(mt, &L, O, lead, wantMax, dst)
	}
	hi, ok := resolve(wk.hiC, lmax, true, &wk.hi)
	if !ok {
		return false
	}
	lo, ok := resolve(wk.loC, umin, false, &wk.lo)
	if !ok {
		return false
	}
	if lo.x != nil && hi.x != nil && lo.f == hi.f && lo.s == hi.s && lo.w == hi.w && lo.m == hi.m && lo.x.Cmp(hi.x) == 0 {
		// One value (a chain of '*' alone has no other): keep one copy.
		hi.x = lo.x
	}
	g.store(&wk.aw, n, i, ln, lo, hi)
	wk.maxS = max(wk.maxS, lo.s, hi.s)
	for _, v := range []*big.Int{lo.x, hi.x} {
		if v != nil {
			wk.maxBits = max(wk.maxBits, v.BitLen())
		}
	}
	return true
}
