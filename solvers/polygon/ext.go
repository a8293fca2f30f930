package polygon

import (
	"math"
	"math/big"
	"math/bits"
)

// Approximations at any magnitude.
//
// Every exact value x is approximated by a float64 f and a shift s ≥ 0: f is
// x·2^-s rounded, where s = 0 while |x| < 2^shiftFree and s = bitlen(x) -
// shiftFree beyond, so |f| < 2^shiftFree always (approx). The relative error
// of f is below u = 2^-52 (the top 64 bits of |x|, truncated, lose less than
// 2^-63 of it; one rounding to 53 bits adds at most 2^-53). The tables keep
// a chain's min and max in one shift, the larger of theirs (store): the
// smaller one's f is scaled down by a power of two, exact unless it
// underflows (see below).
//
// While every value of a level has s = 0, the split loops multiply the f's
// as plain float64: products stay below 2^(2·shiftFree) = 2^1000, far from
// overflow. A level that meets a shifted value ranks each cell in a scale
// of its own (rankScaled): with S the largest sum of a left and a right
// chain's shifts over the cell's splits, every candidate is approximated in
// units of 2^S, still as plain float64. A product a·c takes a's f times
// 2^(sl + sr - S) (sl, sr the two chains' shifts) times c's f; a sum b+d
// takes each f times 2^(s - S). All these powers are at most 1, so nothing
// overflows (|products| < 2^1000); pow2 clamps exponents below -1022.
//
// Error bound of a candidate (the proof behind delta = 2^-48 and eta).
// Where nothing underflows, scaling by a power of two is exact, so as for
// unscaled values:
//   - Product a·c: each operand carries a relative error below u, the
//     product is rounded once (2^-53; the scaling of an operand is exact):
//     |P - ac| ≤ 2.51u·|ac| ≤ 2.52u·|P| < 2^-50·|P|.
//   - Sum b+d: each operand within u, the sum rounded once (2^-53 of
//     |B + D| ≤ |B| + |D|): |S - (b+d)| < 2^-51·(|B| + |D|).
//
// Where something underflows (a clamped or subnormal power, operand or
// product: a stored f scaled to its chain's shift, an operand scaled to the
// cell), the value is tiny in the cell's scale: an operand whose scaled f
// falls below 2^-1022 had |f| < 2^500, so its value is below 2^-522 in the
// units of the product's shifts, and its products (the other operand's f
// is below 2^500) below 2^-22; a product scaled by less than 2^-1022 is
// below 2^1000·2^-1022 = 2^-22. Computed and true values are then both that
// small, and subnormal roundings add at most 2^-1074·2^500. So every error
// is within 2^-50 of the value plus eta = 2^-20 absolute.
//
// The engine bounds a product by delta·|P| + eta and a sum by
// delta·(|B| + |D|) + eta, four times the proven relative error, and forms
// the interval ends X ± bound with one more rounding (at most 2^-53 of
// |X| + bound), which the slack covers. So every interval contains its
// candidate's exact value (in units of 2^S), and a candidate whose upper
// end lies below the best lower end cannot be the extreme. Unshifted levels
// use S = 0 and eta = 0: nothing underflows (the f's are integers, |f| ≥ 1
// or 0). (TestBoundTooTight checks that the tests notice a bound made too
// tight.)
//
// The floor only widens intervals: in a cell whose extreme is tiny beside
// its largest candidates (below 2^(S-20)), the candidates near the extreme
// overlap and are settled exactly, slower but still exact.

// shiftFree is the magnitude (in bits) below which values are stored
// unshifted and ranked with plain float64 products.
const shiftFree = 500

// defaultDelta bounds a candidate's relative error: 4× the proven 2^-50
// (see above). config.delta carries it, so a test can tighten it.
const defaultDelta = 0x1p-48

// etaScaled is the absolute error floor of a scaled cell (see above).
const etaScaled = 0x1p-20

// pow2 is 2^max(d, -1022) for d ≤ 0: a normal float64, built from its bits
// (no call, no branch).
func pow2(d int64) float64 {
	return math.Float64frombits(uint64(1023+max(d, -1022)) << 52)
}

// approx returns x's stored approximation: f = x·2^-s rounded (relative
// error below 2^-52) and the shift s ≥ 0 (0 while |x| < 2^shiftFree).
func (x num) approx() (float64, int32) {
	if x.b == nil {
		return float64(x.s), 0
	}
	nb := x.b.BitLen()
	s := max(0, nb-shiftFree)
	if bits.UintSize != 64 {
		f, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(x.b), -s).Float64()
		return f, int32(s)
	}
	words := x.b.Bits() // |x|, little-endian; len ≥ 2 since x does not fit int64
	// Top 64 bits of |x| (truncated: relative error < 2^-63), then one rounding.
	k := len(words) - 1
	lead := nb - 64*k // bits used in the top word, 1..64
	top := uint64(words[k]) << (64 - lead)
	if lead < 64 {
		top |= uint64(words[k-1]) >> lead
	}
	f := math.Ldexp(float64(top), nb-64-s)
	if x.b.Sign() < 0 {
		f = -f
	}
	return f, int32(s)
}

// boundedBits reports whether every value of every chain has fewer than
// 2^31 - 2^11 bits, so that its shift fits the tables' int32. A chain's value
// is at most the product of max(|v|, 2) over its vertices (|a+b| ≤ |a|·|b|
// once both are at least 2), so the sum of those bit lengths bounds all of
// them.
func boundedBits(values []*big.Int) bool {
	total := 0
	for _, v := range values {
		total += max(v.BitLen(), 2)
		if total >= math.MaxInt32-2048 {
			return false
		}
	}
	return true
}
