package polygon

import (
	"math"
	"math/big"
	"math/bits"
)

// Approximations at any magnitude.
//
// Every exact value x of the tables is stored with a float64 f and a shift
// s ≥ 0: f is x·2^-s rounded, where s = 0 while |x| < 2^shiftFree and
// s = bitlen(x) - shiftFree beyond, so |f| ≤ 2^shiftFree always. The
// relative error of f is below u = 2^-52 (the top 64 bits of |x|, truncated,
// lose less than 2^-63 of it; one rounding to 53 bits adds at most 2^-53).
//
// While every value of a level has s = 0, the split loops multiply the f's
// as plain float64: products stay below 2^(2·shiftFree) = 2^1000, far from
// overflow, exactly as before the shifts existed. A level that meets a
// shifted value ranks its candidates with ext instead, a float64 mantissa
// and an int64 exponent that cannot overflow (see boundedBits), so pruning
// keeps working at any magnitude.
//
// Error bound of a candidate in ext (the proof behind delta = 2^-48). Let
// X = m·2^e be the ext of a stored value x; decoding f and s is exact, so
// |X - x| ≤ u|x|, hence |X - x| ≤ u/(1-u)·|X|.
//   - Product a·c: P = fl(ma·mc)·2^(ea+ec); the mantissa product in [1, 4)
//     is rounded once (2^-53) and halved exactly. So P = a·c·(1+ε1)(1+ε2)
//     (1+ε3) with |ε1|, |ε2| ≤ u, |ε3| ≤ u/2: |P - ac| ≤ 2.51u·|ac| ≤ 2.52u·|P|
//     < 2^-50·|P|.
//   - Sum b+d: the smaller operand's mantissa is scaled by 2^-(eb-ed)
//     exactly (it stays a normal float for differences up to 64); beyond 64
//     it is dropped, an error below 2^-63 of the larger one. The aligned sum
//     is rounded once (2^-53 of |mb|+|t|). With the operands' own errors:
//     |S - (b+d)| ≤ (u/(1-u) + 2^-53 + 2^-63)·(|B|+|D|) < 2^-51·(|B|+|D|).
//
// The engine bounds a product by delta·|P| and a sum by delta·(|B|+|D|),
// four times the proven error, and forms the interval ends X ± bound with
// one more ext operation, whose rounding (at most 2^-52 of |X|+bound)
// eats less than the slack: X+bound ≥ X + (2^-48 - 2^-52 - 2^-100)·E
// > X + 2^-50·E ≥ the true value, and likewise below. So every interval
// contains its candidate's exact value, and a candidate whose upper end lies
// below the best lower end cannot be the extreme. (TestBoundTooTight checks
// that the tests notice a bound made too tight.)
type ext struct {
	m float64 // 0, or 1 ≤ |m| < 2
	e int64   // the value is m·2^e; meaningless when m is 0
}

// shiftFree is the magnitude (in bits) below which values are stored
// unshifted and ranked with plain float64 products.
const shiftFree = 500

const (
	expMask  = 0x7ff << 52
	expBias  = 1023
	mantOnes = expBias << 52 // the exponent bits of 1.0
)

// extOf decodes a stored approximation f·2^s (f normal or zero).
func extOf(f float64, s int32) ext {
	b := math.Float64bits(f)
	if b&^(1<<63) == 0 {
		return ext{}
	}
	return ext{m: math.Float64frombits(b&^expMask | mantOnes), e: int64(b>>52&0x7ff) - expBias + int64(s)}
}

// norm brings m·2^e with m normal or zero (any exponent) to the form ext
// keeps.
func norm(m float64, e int64) ext {
	b := math.Float64bits(m)
	if b&^(1<<63) == 0 {
		return ext{}
	}
	return ext{m: math.Float64frombits(b&^expMask | mantOnes), e: e + int64(b>>52&0x7ff) - expBias}
}

func (x ext) sign() int {
	switch {
	case x.m > 0:
		return 1
	case x.m < 0:
		return -1
	}
	return 0
}

func (x ext) abs() ext { return ext{math.Abs(x.m), x.e} }
func (x ext) neg() ext { return ext{-x.m, x.e} }

// times2 is x·2^k, exact.
func (x ext) times2(k int64) ext {
	if x.m == 0 {
		return x
	}
	return ext{x.m, x.e + k}
}

// cmpExt compares the values exactly (the approximations, not what they
// approximate).
func cmpExt(x, y ext) int {
	sx, sy := x.sign(), y.sign()
	if sx != sy {
		if sx < sy {
			return -1
		}
		return 1
	}
	if sx == 0 {
		return 0
	}
	c := 0
	switch {
	case x.e > y.e:
		c = 1
	case x.e < y.e:
		c = -1
	case x.m > y.m:
		return 1 // same sign and exponent: the mantissas order the values
	case x.m < y.m:
		return -1
	default:
		return 0
	}
	return c * sx
}

func maxExt(x, y ext) ext {
	if cmpExt(y, x) > 0 {
		return y
	}
	return x
}

func minExt(x, y ext) ext {
	if cmpExt(y, x) < 0 {
		return y
	}
	return x
}

// mulExt is x·y with one rounding.
func mulExt(x, y ext) ext {
	m := x.m * y.m
	if m == 0 {
		return ext{}
	}
	e := x.e + y.e
	if math.Abs(m) >= 2 {
		m, e = m*0.5, e+1
	}
	return ext{m, e}
}

// addExt is x+y with one rounding of the aligned sum (the smaller operand
// dropped when it is below 2^-63 of the larger).
func addExt(x, y ext) ext {
	if y.m == 0 {
		return x
	}
	if x.m == 0 {
		return y
	}
	if x.e < y.e {
		x, y = y, x
	}
	d := x.e - y.e
	if d > 64 {
		return x
	}
	t := y.m * math.Float64frombits(uint64(expBias-d)<<52) // y.m·2^-d, exact
	return norm(x.m+t, x.e)
}

// float64 returns x as a float64, or ±Inf beyond its range.
func (x ext) float64() float64 {
	if x.m == 0 {
		return 0
	}
	if x.e > 1100 {
		return math.Inf(x.sign())
	}
	if x.e < -1100 {
		return 0
	}
	return math.Ldexp(x.m, int(x.e))
}

// bounds returns the interval [x-bound, x+bound], bound = delta·mag, with
// mag ≥ 0 (see the proof above).
func bounds(x, mag ext) (lo, hi ext) {
	b := mag.times2(deltaExp)
	return addExt(x, b.neg()), addExt(x, b)
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
