package polygon

import (
	"cmp"
	"math"
	"math/big"
)

// collect turns the candidate splits cs whose bound can reach the best
// guaranteed value limit into candidate values (wk.subs), approximated in
// the cell's scale; it returns the index of the best approximation.
func (wk *genWork) collect(L, R *[2]span, O []byte, cs []cand, limit float64, wantMax bool) int {
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
		combos := opCombos(O[k], wantMax)
		// The operands' shifts (a chain's min and max share one; all 0
		// on unshifted levels), and their scale factors as rankScaled
		// takes them.
		sl, sr := int64(L[0].s[k]), int64(R[0].s[k])
		q, ql, qr := pow2(sl+sr-scale), pow2(sl-scale), pow2(sr-scale)
		for combo := combos[0]; combo < combos[1]; combo++ {
			s := sub{k: k, combo: combo}
			l, r := operands(L, R, combo)
			if r.root[k]&rootOf(O[k]) != 0 {
				continue // dominated (see undominated)
			}
			switch O[k] {
			case '*':
				s.fx = l.f[k] * q * r.f[k]
				s.fe = delta*math.Abs(s.fx) + eta
			case '+':
				x, y := l.f[k]*ql, r.f[k]*qr
				s.fx, s.fe = x+y, delta*(math.Abs(x)+math.Abs(y))+eta
			default:
				x, y := l.f[k]*ql, r.f[k]*qr
				s.fx, s.fe = x-y, delta*(math.Abs(x)+math.Abs(y))+eta
			}
			if misses(s.fx + sign*s.fe) {
				continue
			}
			row, rc := wk.rightRow(combo&1, k)
			rw, rm := row.w[rc], row.m[rc]
			s.w, s.m = applyWrap(O[k], l.w[k], rw), applyModP(O[k], l.m[k], rm)
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

// rightRow is the row by start of split k's right operand, the chain
// i+k+1 of m-k vertices (its column m-1-k), min (y 0) or max: the tables by
// end hold only what the split loops read, and candidates read the rest
// here.
func (wk *genWork) rightRow(y uint8, k int) (*span, int) {
	r := (wk.i + k + 1) % wk.n
	if y == 0 {
		return &wk.g.sLo.rows[r], wk.m - 1 - k
	}
	return &wk.g.sHi.rows[r], wk.m - 1 - k
}

// rightNum is split k's right operand (a view in z when big).
func (wk *genWork) rightNum(y uint8, k int, z *big.Int) num {
	row, c := wk.rightRow(y, k)
	return wk.g.num(row, c, z)
}

// settle finds the exact extreme among the candidate values wk.subs, whose
// best approximation is subs[lead], into dst. It polls before every
// math/big operation (with thousand-digit values a cell can need thousands
// of them) and reports false if the solve is stopped.
func (wk *genWork) settle(mt *meter, L *[2]span, O []byte, lead int, wantMax bool, dst *big.Int) (cellVal, bool) {
	subs := wk.subs
	g := wk.g
	// exactOf computes candidate s exactly: into dst, or else (scratch)
	// into wk.z, which is only compared and copied if it wins. Operands are
	// views into the arena, nothing is allocated.
	exactOf := func(s *sub, scratch bool) (num, bool) {
		x := g.num(&L[s.combo>>1], s.k, &wk.v1)
		y := wk.rightNum(s.combo&1, s.k, &wk.v2)
		if x.b == nil && y.b == nil {
			// int64 operations (at most four per candidate) are part of the
			// candidate's work.
			return applyNum(O[s.k], x, y), true
		}
		// math/big takes as long as the values are long: poll before each
		// such operation.
		if mt.stopped() {
			return num{}, false
		}
		mt.big++
		z := dst
		if scratch {
			z = &wk.z
		}
		applyBig(O[s.k], z, x.toBig(&wk.t1), y.toBig(&wk.t2))
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
				best = numOfBig(dst.Set(v.b))
			}
		}
	}
	ld := &subs[lead]
	f, sh := best.approx()
	v := cellVal{f: f, s: sh, w: ld.w, m: ld.m, x: best.b}
	for s := range subs {
		if eqTo[s] == int32(lead) {
			v.root |= rootOf(O[subs[s].k])
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

// opCombos is the range of combos a split of operator op tries for its max
// (wantMax) or min: a '*' edge all four, a '+' edge a+c or b+d, a '-' edge
// a−d or b−c.
func opCombos(op byte, wantMax bool) [2]uint8 {
	switch {
	case op == '*':
		return [2]uint8{comboAC, comboBD + 1}
	case op == '+' && wantMax:
		return [2]uint8{comboBD, comboBD + 1}
	case op == '+':
		return [2]uint8{comboAC, comboAC + 1}
	case wantMax:
		return [2]uint8{comboBC, comboBC + 1}
	}
	return [2]uint8{comboAD, comboAD + 1}
}

// operands returns the left and right entries a combo reads: its left
// operand is the min (a) or max (b) of the left chain, its right operand the
// min (c) or max (d) of the right one.
func operands(L, R *[2]span, combo uint8) (l, r *span) {
	return &L[combo>>1], &R[combo&1]
}
