package polygon

import (
	"math"
	"math/big"
	"math/bits"
	"sync"

	"gamelab/internal/checked"
)

// Residue proofs of ties in linear time.
//
// Above about 2^170 the residues w, m (mod 2^64·(2^61-1), num.go) no longer
// cover the error of the approximations, and most candidates a cell checks
// exactly only tie with its leader (associativity along runs of '*'): each
// check was a big multiplication, quadratic in the values' length. Instead,
// once a level finds about n such ties (and for n ≥ rnsMinN, within the
// table budget: rnsCap), every big table entry also keeps its residues
// modulo the first K of a list of distinct primes p_i in (2^62, 2^63) (in
// Montgomery form, x·2^64 mod p_i), K chosen per level (extendResidues). A
// candidate's residues come from its operands' in O(k), and so do those of
// the entry it becomes. If candidates X and Y agree modulo 2^64, 2^61-1 and
// p_1..p_k (pairwise coprime: the p_i are odd primes above 2^62), X-Y is a
// multiple of M > 2^(124+62k); if their approximations also show
// |X-Y| < 2^(120+62k), then X = Y. Only a candidate that fails this (a true
// near-tie, or one beyond the K primes kept) is computed exactly.

// rnsChecked caps how many residues a proof compares: only a test lowers it
// (to 0), to see that ties "proved" without them make the tests fail.
var rnsChecked = math.MaxInt

// rnsHook, when set (by tests), gets the number of ties a solve proved by
// residues modulo the primes.
var rnsHook func(proved int)

// rnsPrime is a modulus with its Montgomery constants.
type rnsPrime struct {
	p    uint64 // odd prime, 2^62 < p < 2^63
	pinv uint64 // -p^-1 mod 2^64
	r2   uint64 // 2^128 mod p
}

var (
	primeMu    sync.Mutex
	primeCache []rnsPrime // grows only; solves share its prefixes
)

// rnsPrimesUpTo returns the k largest primes below 2^63.
func rnsPrimesUpTo(k int) []rnsPrime {
	primeMu.Lock()
	defer primeMu.Unlock()
	primeCache = rnsPrimes(primeCache, k)
	return primeCache[:k:k]
}

// rnsPrimes returns the k largest primes below 2^63 (deterministic:
// ProbablyPrime is exact below 2^64), extending have.
func rnsPrimes(have []rnsPrime, k int) []rnsPrime {
	c := uint64(1<<63 - 1)
	if len(have) > 0 {
		c = have[len(have)-1].p - 2
	}
	var b big.Int
	for ; len(have) < k; c -= 2 {
		if !b.SetUint64(c).ProbablyPrime(0) {
			continue
		}
		inv := c // c·c ≡ 1 mod 8: 3 correct bits, doubling with each step
		for range 5 {
			inv *= 2 - c*inv
		}
		r1 := -c % c // 2^64 mod c
		hi, lo := bits.Mul64(r1, r1)
		_, r2 := bits.Div64(hi, lo, c)
		have = append(have, rnsPrime{p: c, pinv: -inv, r2: r2})
	}
	return have
}

// mont is a·b·2^-64 mod p for a, b < p: the product of two Montgomery forms.
func (q *rnsPrime) mont(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	m := lo * q.pinv
	mh, ml := bits.Mul64(m, q.p)
	_, c := bits.Add64(lo, ml, 0) // lo + ml ≡ 0 mod 2^64: only the carry matters
	t := hi + mh + c              // < 2^62 + 2^63 + 1: no overflow since p < 2^63
	if t >= q.p {
		t -= q.p
	}
	return t
}

func (q *rnsPrime) add(a, b uint64) uint64 {
	s := a + b // < 2^64 since a, b < 2^63
	if s >= q.p {
		s -= q.p
	}
	return s
}

// ofInt64 is v's Montgomery form: |v| ≤ 2^63 < 2p, so one subtraction
// reduces it.
func (q *rnsPrime) ofInt64(v int64) uint64 {
	u := checked.Abs(v)
	if u >= q.p {
		u -= q.p
	}
	if v < 0 && u != 0 {
		u = q.p - u
	}
	return q.mont(u, q.r2)
}

// ofBig is x's Montgomery form.
func (q *rnsPrime) ofBig(x *big.Int) uint64 {
	var r uint64
	if bits.UintSize == 64 {
		// Horner from the top word: r·2^64 is mont(r, 2^128), and a word
		// is below 4p.
		ws := x.Bits()
		for k := len(ws) - 1; k >= 0; k-- {
			w := uint64(ws[k])
			for w >= q.p {
				w -= q.p
			}
			r = q.add(q.mont(r, q.r2), w)
		}
	} else {
		var m big.Int
		r = m.Mod(m.Abs(x), new(big.Int).SetUint64(q.p)).Uint64()
	}
	if x.Sign() < 0 && r != 0 {
		r = q.p - r
	}
	return q.mont(r, q.r2)
}

// rnsLimit is the i-th proof limit 2^(120+62i): a gap below it is proved a
// tie by i primes (see above).
func rnsLimit(i int) ext { return ext{m: 1, e: 120 + 62*int64(i)} }

// rnsNeed is the number of primes that prove a tie across gap, or -1 beyond
// max.
func rnsNeed(gap ext, max int) int {
	for i := 0; i <= max; i++ {
		if cmpExt(gap, rnsLimit(i)) < 0 {
			return i
		}
	}
	return -1
}

// rnsMinN is the smallest n with residue proofs: a big entry's residues
// cost about one big multiplication of it (more when primes are added
// later), and pay off when it takes part in many ties, about n. Tests lower
// it to try the proofs on small instances.
var rnsMinN = 64

// rnsCap is the number of primes whose residues fit the table budget beside
// the tables, once residues are on (runGen turns them on when ties start to
// cost math/big): a 24-byte slice per table entry (genBytes/36 of them) and at
// most 2n² distinct big values (each chain's min and max) with 8 bytes per
// prime. 0 turns the proofs off.
func rnsCap(n int, budget int64) int {
	if n < rnsMinN {
		return 0
	}
	left := budget - genBytes(n)/36*(36+24)
	return int(max(0, left/(8*2*int64(n)*int64(n))))
}

// extendResidues prepares level ln: it picks the primes its ties need (a
// tie's approximations differ by less than 2^-46 of the candidate, and a
// candidate has at most bitsAt[a]+bitsAt[ln-a] bits) and, when that adds
// primes, brings every big entry made so far up to them. Entries made by
// settle get all the level's residues from their operands'.
func (t *tables) extendResidues(ln int) error {
	g := t.gen
	bound := 0
	for a := 1; a < ln; a++ {
		bound = max(bound, g.bitsAt[a]+g.bitsAt[ln-a])
	}
	k := 0
	for k < g.rnsCap && 120+62*k < bound-46 {
		k++
	}
	if k <= len(g.primes) {
		return nil // entries made since have them all (settle)
	}
	g.primes = rnsPrimesUpTo(k)
	t.parallelCells(phaseExact, func(mt *meter, _, i0, i1 int) {
		for i := i0; i < i1; i++ {
			if mt.stopped() {
				return
			}
			for c := 1; c < ln; c++ { // chain (i, c)
				for _, hi := range []bool{false, true} {
					mt.add(1)
					side := &g.sLo
					if hi {
						side = &g.sHi
					}
					x, r := side.rows[i].x[c-1], side.rows[i].r[c-1]
					if x == nil || len(r) == len(g.primes) {
						continue
					}
					// Linear in the value's length, like a math/big operation.
					if mt.stopped() {
						return
					}
					mt.big++
					for q := len(r); q < len(g.primes); q++ {
						r = append(r, g.primes[q].ofBig(x))
					}
					g.setResidues(t.n, i, c, hi, r)
				}
			}
		}
	})
	if t.stop.Load() {
		return errStopped
	}
	return nil
}

// rnsTied reports whether candidate c is proved equal to the leader
// wk.subs[lead] by their residues (see above). The leader's residues are
// computed once per leader (wk.lv).
func (wk *genWork) rnsTied(L, R *[2]span, M []bool, c *sub, lead int, shifted bool) bool {
	ld := &wk.subs[lead]
	if c.w != ld.w || c.m != ld.m || len(wk.primes) == 0 {
		return false
	}
	k := rnsNeed(gapOf(c, ld, shifted), len(wk.primes))
	if k < 0 {
		return false
	}
	if wk.lvOf != lead {
		// All the level's primes at once: later candidates may need more.
		wk.lv, wk.lvOf = append(wk.lv[:0], make([]uint64, len(wk.primes))...), lead
		residuesOf(L, R, M, ld, wk.primes, wk.lv, nil)
	}
	if !residuesOf(L, R, M, c, wk.primes, nil, wk.lv[:min(k, rnsChecked)]) {
		return false
	}
	wk.proved++
	return true
}

// residuesOf fills out[i] with candidate s's residue modulo primes[i],
// i < len(out), or, with want, reports whether they equal want[i] (stopping
// at the first that differs).
func residuesOf(L, R *[2]span, M []bool, s *sub, primes []rnsPrime, out, want []uint64) bool {
	l, r := operands(L, R, s.combo)
	var lv, rv []uint64 // the operands' residues, nil for an int64
	if l.x[s.k] != nil {
		lv = l.r[s.k]
	}
	if r.x[s.k] != nil {
		rv = r.r[s.k]
	}
	ls, rs := int64(l.w[s.k]), int64(r.w[s.k])
	mul := M[s.k]
	n := max(len(out), len(want))
	for i := range n {
		q := &primes[i]
		var a, b uint64
		if lv != nil {
			a = lv[i]
		} else {
			a = q.ofInt64(ls)
		}
		if rv != nil {
			b = rv[i]
		} else {
			b = q.ofInt64(rs)
		}
		v := q.add(a, b)
		if mul {
			v = q.mont(a, b)
		}
		if want == nil {
			out[i] = v
		} else if v != want[i] {
			return false
		}
	}
	return true
}

// gapOf bounds |c - ld|, the exact values, from their approximations: in
// float64 on unshifted levels (whose roundings are far below the margins of
// the proofs), else in ext.
func gapOf(c, ld *sub, shifted bool) ext {
	if !shifted {
		return extOf(math.Abs(c.fx-ld.fx)+c.fe+ld.fe, 0)
	}
	return addExt(addExt(addExt(c.x, ld.x.neg()).abs(), c.e), ld.e)
}

// setResidues stores r as the residues of chain (i, ln)'s min or max, in
// every table that holds the chain (see store).
func (g *genTables) setResidues(n, i, ln int, hi bool, r []uint64) {
	s, t := &g.sLo, &g.tLo
	if hi {
		s, t = &g.sHi, &g.tHi
	}
	j := i + ln - 1
	s.rows[i].r[ln-1] = r
	t.rows[j].r[n-ln] = r
	if j+n < 2*n-1 {
		t.rows[j+n].r[n-ln] = r
	}
}
