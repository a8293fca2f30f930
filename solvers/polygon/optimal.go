package polygon

import "math/big"

// Every optimal next merge of a chain, in one top-down pass over its filled
// table (O(m³), where scoring each of the m−1 merges by the DP of the chain
// it leaves would be O(m⁴)).
//
// A plan is a binary tree over the chain; merging edge k first is optimal
// exactly when some optimal tree has the two-value part (k, k+1) as a node.
// Say a part is wanted at its max, its min, or "any" (every plan of it
// fits). The whole chain is wanted at the goal's extreme. A part of split s
// reaches a wanted extreme E with left value x and right value y only so:
//   - '+' and '-' are strictly monotone in each operand: x + y = max only
//     with both at their max, x − y = max only with x at its max and y at
//     its min (and the mirror images for the min);
//   - x·y with x, y inside their parts' ranges [a, b] and [c, d] is linear
//     in x for fixed y, so unless y = 0 it is extreme only at x = a or b;
//     likewise for y. So E is reached with both parts at extremes whose
//     product is E, or, the only other way, with E = 0 and one part at an
//     extreme equal to 0: then the other part may be any of its plans.
//     (If x = 0 lies strictly inside [a, b], E = 0 ≥ b·d and a·c forces
//     c = d = 0: y is at an extreme equal to 0, the second case again.)
//   - A part whose min equals its max is reached by every one of its plans.
// Each case pairs a wanted state of the left part with one of the right,
// independently, so the states some optimal tree passes through are those
// reachable from the whole chain's by these rules, and edge k is optimal
// exactly when part (k, k+1) is reached, or lies inside a part wanted
// "any". The equalities are tested on residues mod 2^64 and confirmed
// exactly (on int64 tables the residue is the value: every candidate is a
// value of its part, within the part's extremes).

const (
	wantMin uint8 = 1 << iota
	wantMax
	wantAny
)

// optimalNext returns every optimal next merge of chain (start, m) of t
// (a chain's whole table: start 0; a ring's chain after deleting edge
// start+1) under the goal's extreme hi: its edges k = 1..m-1, increasing.
func (t *tables) optimalNext(start, m int, hi bool) ([]int, error) {
	mt := t.meter(phaseOptimal)
	var sc scratch
	seen := make([]uint8, m*m) // seen[i*m+ln-1]: the states of part (i, ln) reached
	cover := make([]int32, m+1)
	type state struct {
		i, ln int
		hi    bool
	}
	var stack []state
	push := func(i, ln int, w uint8) {
		if ln == 1 {
			return
		}
		if w != wantAny && t.flat(start+i, ln) {
			w = wantAny
		}
		at := &seen[i*m+ln-1]
		if *at&(w|wantAny) != 0 {
			return
		}
		*at |= w
		if ln == 2 || w == wantAny {
			cover[i+1]++ // edges i+1 .. i+ln-1 may all be merged first
			cover[i+ln]--
			return
		}
		stack = append(stack, state{i, ln, w == wantMax})
	}
	side := func(hi bool) uint8 {
		if hi {
			return wantMax
		}
		return wantMin
	}
	push(0, m, side(hi))
	for len(stack) > 0 {
		st := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if mt.stopped() {
			return nil, errStopped
		}
		i, ln := st.i, st.ln
		zero := t.isZero(start+i, ln, st.hi)
		for s := 1; s < ln; s++ {
			mt.add(1)
			r := i + s
			op := t.ops[start+r]
			cs := opCombos(op, st.hi)
			for c := cs[0]; c < cs[1]; c++ {
				eq, ok := t.comboEquals(&mt, &sc, start+i, ln, s, c, st.hi)
				if !ok {
					return nil, errStopped
				}
				if eq {
					push(i, s, side(c>>1 == 1))
					push(r, ln-s, side(c&1 == 1))
				}
			}
			if op != '*' || !zero {
				continue
			}
			for _, x := range []bool{false, true} {
				if t.isZero(start+i, s, x) {
					push(i, s, side(x))
					push(r, ln-s, wantAny)
				}
				if t.isZero(start+r, ln-s, x) {
					push(r, ln-s, side(x))
					push(i, s, wantAny)
				}
			}
		}
	}
	if mt.stopped() {
		return nil, errStopped
	}
	var out []int
	depth := int32(0)
	for k := 1; k < m; k++ {
		if depth += cover[k]; depth > 0 {
			out = append(out, k)
		}
	}
	return out, nil
}

// scratch holds the views, the small operands made big and the result of
// one exact comparison, so that comparing allocates nothing.
type scratch struct{ x, y, t, z, t1, t2, t3 big.Int }

// comboEquals reports whether combo c of split s of chain (i, ln) equals
// the chain's max (hi) or min; ok is false when the solve was stopped.
func (t *tables) comboEquals(mt *meter, sc *scratch, i, ln, s int, c uint8, hi bool) (eq, ok bool) {
	r := i + s
	op := t.ops[r]
	lhi, rhi := c>>1 == 1, c&1 == 1
	w := applyWrap(op, t.residue64(i, s, lhi), t.residue64(r, ln-s, rhi))
	if w != t.residue64(i, ln, hi) {
		return false, true
	}
	g := t.gen
	if g == nil {
		return true, true // int64 tables: the residue is the value
	}
	x, y := g.view(i%t.n, s-1, lhi, &sc.x), g.view(r%t.n, ln-s-1, rhi, &sc.y)
	target := g.view(i%t.n, ln-1, hi, &sc.t)
	if x.b == nil && y.b == nil && target.b == nil {
		v := applyNum(op, x, y)
		return v.b == nil && v.s == target.s, true
	}
	if mt.stopped() {
		return false, false
	}
	mt.big++
	z := applyBig(op, &sc.z, x.toBig(&sc.t1), y.toBig(&sc.t2))
	return z.Cmp(target.toBig(&sc.t3)) == 0, true
}

// isZero says chain (i, ln)'s max (hi) or min is 0.
func (t *tables) isZero(i, ln int, hi bool) bool {
	if t.residue64(i, ln, hi) != 0 {
		return false
	}
	return t.gen == nil || t.value(i, ln, hi).cmp(num{}) == 0
}

// flat says chain (i, ln)'s min equals its max: every plan of it reaches
// both.
func (t *tables) flat(i, ln int) bool {
	if t.residue64(i, ln, false) != t.residue64(i, ln, true) {
		return false
	}
	return t.gen == nil || t.value(i, ln, false).cmp(t.value(i, ln, true)) == 0
}
