package polygon

import "math"

// rankFloat collects a cell's candidate splits (wk.hiC, wk.loC) with plain
// float64 products, valid while no value is shifted (products stay below
// 2^1000). It returns the best lower bound of the maximum and the best upper
// bound of the minimum.
func (t *tables) rankFloat(wk *genWork, L, R *[2]span, O []byte) (lmax, umin float64) {
	lmax, umin = math.Inf(-1), math.Inf(1)
	delta := t.cfg.delta
	fa := L[0].f
	fb := L[1].f[:len(fa)]
	fc := R[0].f[:len(fa)]
	fd := R[1].f[:len(fa)]
	rc, rd := R[0].root[:len(fa)], R[1].root[:len(fa)]
	O = O[:len(fa)]
	for k, a := range fa {
		if rc[k]&rd[k]&rootOf(O[k]) != 0 {
			continue // both right operands dominated: nothing to rank
		}
		b, c, d := fb[k], fc[k], fd[k]
		var hx, he, lx, le float64
		switch O[k] {
		case '*':
			p1, p2, p3, p4 := a*c, a*d, b*c, b*d
			if rc[k]&rootMul != 0 || rd[k]&rootMul != 0 {
				if hx, lx, ok := undominated(p1, p2, p3, p4, rc[k], rd[k]); ok {
					t.rankOne(wk, k, hx, delta*math.Abs(hx), lx, delta*math.Abs(lx), &lmax, &umin)
				}
				continue
			}
			hx, lx = max(p1, p2, p3, p4), min(p1, p2, p3, p4)
			he, le = delta*math.Abs(hx), delta*math.Abs(lx)
		case '+':
			hx, he = b+d, delta*(math.Abs(b)+math.Abs(d))
			lx, le = a+c, delta*(math.Abs(a)+math.Abs(c))
			if rc[k]&rootAdd != 0 || rd[k]&rootAdd != 0 {
				hx, lx = addDominated(hx, lx, rc[k], rd[k])
			}
		default: // '-': a difference is never dominated (see undominated)
			hx, he = b-c, delta*(math.Abs(b)+math.Abs(c))
			lx, le = a-d, delta*(math.Abs(a)+math.Abs(d))
		}
		t.rankOne(wk, k, hx, he, lx, le, &lmax, &umin)
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
// Differences have no such rule: b − (F − B') is b − F + B', which is no
// difference at split k2, so a '-' split is never dropped and a value made
// by one gets no root bit.

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
func (t *tables) rankScaled(wk *genWork, L, R *[2]span, O []byte) (lmax, umin float64) {
	lmax, umin = math.Inf(-1), math.Inf(1)
	delta, eta := t.cfg.delta, etaScaled
	// A chain's min and max share its shift (store): sl, sr.
	sl, sr := L[0].s[:len(O)], R[0].s[:len(O)]
	scale := int64(0)
	for k := range O {
		scale = max(scale, int64(sl[k])+int64(sr[k]))
	}
	wk.scale, wk.eta = scale, eta
	fa, fb := L[0].f[:len(O)], L[1].f[:len(O)]
	fc, fd := R[0].f[:len(O)], R[1].f[:len(O)]
	rc, rd := R[0].root[:len(O)], R[1].root[:len(O)]
	for k := range O {
		var hx, he, lx, le float64
		if rc[k]&rd[k]&rootOf(O[k]) != 0 {
			continue // both right operands dominated: nothing to rank
		}
		if O[k] == '*' {
			// The product times 2^(the two shifts - scale), folded into
			// the left operands.
			q := pow2(int64(sl[k]) + int64(sr[k]) - scale)
			a, b, c, d := fa[k]*q, fb[k]*q, fc[k], fd[k]
			p1, p2, p3, p4 := a*c, a*d, b*c, b*d
			if rc[k]&rootMul != 0 || rd[k]&rootMul != 0 {
				if hx, lx, ok := undominated(p1, p2, p3, p4, rc[k], rd[k]); ok {
					t.rankOne(wk, k, hx, delta*math.Abs(hx)+eta, lx, delta*math.Abs(lx)+eta, &lmax, &umin)
				}
				continue
			}
			hx, lx = max(p1, p2, p3, p4), min(p1, p2, p3, p4)
			he, le = delta*math.Abs(hx)+eta, delta*math.Abs(lx)+eta
		} else {
			ql, qr := pow2(int64(sl[k])-scale), pow2(int64(sr[k])-scale)
			a, b, c, d := fa[k]*ql, fb[k]*ql, fc[k]*qr, fd[k]*qr
			if O[k] == '-' {
				hx, he = b-c, delta*(math.Abs(b)+math.Abs(c))+eta
				lx, le = a-d, delta*(math.Abs(a)+math.Abs(d))+eta
			} else {
				hx, he = b+d, delta*(math.Abs(b)+math.Abs(d))+eta
				lx, le = a+c, delta*(math.Abs(a)+math.Abs(c))+eta
				if rc[k]&rootAdd != 0 || rd[k]&rootAdd != 0 {
					hx, lx = addDominated(hx, lx, rc[k], rd[k])
				}
			}
		}
		t.rankOne(wk, k, hx, he, lx, le, &lmax, &umin)
	}
	return lmax, umin
}
