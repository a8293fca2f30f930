package polygon

import (
	"math/big"
	"math/bits"

	"gamelab/internal/checked"
)

// num is an exact integer: the int64 s when b is nil, else b. Values that fit
// in int64 are always kept in s (normalised), so arithmetic on them allocates
// nothing; b is never shared with a caller and never changed once made.
type num struct {
	s int64
	b *big.Int
}

func numOfBig(x *big.Int) num {
	if x.IsInt64() {
		return num{s: x.Int64()}
	}
	return num{b: x}
}

// bigInt returns the value as a fresh *big.Int the caller may keep or change.
func (x num) bigInt() *big.Int {
	if x.b != nil {
		return new(big.Int).Set(x.b)
	}
	return big.NewInt(x.s)
}

func (x num) toBig(tmp *big.Int) *big.Int {
	if x.b != nil {
		return x.b
	}
	return tmp.SetInt64(x.s)
}

func (x num) cmp(y num) int {
	if x.b == nil && y.b == nil {
		switch {
		case x.s < y.s:
			return -1
		case x.s > y.s:
			return 1
		}
		return 0
	}
	var t1, t2 big.Int
	return x.toBig(&t1).Cmp(y.toBig(&t2))
}

func (x num) String() string {
	if x.b != nil {
		return x.b.String()
	}
	return big.NewInt(x.s).String()
}

// applyNum is x op y for op '+', '-' or '*', exact: int64 when the result
// fits (overflow is detected, never wrapped), math/big otherwise.
func applyNum(op byte, x, y num) num {
	if x.b == nil && y.b == nil {
		var r int64
		var ok bool
		switch op {
		case '+':
			r, ok = checked.Add(x.s, y.s)
		case '-':
			r, ok = checked.Sub(x.s, y.s)
		default:
			r, ok = checked.Mul(x.s, y.s)
		}
		if ok {
			return num{s: r}
		}
	}
	var t1, t2 big.Int
	return numOfBig(applyBig(op, new(big.Int), x.toBig(&t1), y.toBig(&t2)))
}

// applyBig sets z to x op y and returns it.
func applyBig(op byte, z, x, y *big.Int) *big.Int {
	switch op {
	case '+':
		return z.Add(x, y)
	case '-':
		return z.Sub(x, y)
	}
	return z.Mul(x, y)
}

// applyWrap is x op y modulo 2^64 (residues).
func applyWrap(op byte, x, y uint64) uint64 {
	switch op {
	case '+':
		return x + y
	case '-':
		return x - y
	}
	return x * y
}

// applyModP is x op y modulo 2^61-1 (residues).
func applyModP(op byte, x, y uint64) uint64 {
	switch op {
	case '+':
		return addModP(x, y)
	case '-':
		return addModP(x, modP-y)
	}
	return mulModP(x, y)
}

// Residues. Every value also carries its residues modulo 2^64 (plain
// wrapping uint64 arithmetic) and modulo the Mersenne prime 2^61-1. Both are
// ring homomorphisms, so a candidate's residues come from its operands'
// without big arithmetic. Two values whose residues agree differ by a multiple
// of 2^64·(2^61-1) > 2^124; if their approximations also show that they differ
// by less than that, they are equal (exact.go uses this to skip ties).
const modP = 1<<61 - 1

func mulModP(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b) // a, b < 2^61, so hi < 2^58
	r := (lo & modP) + (lo>>61 | hi<<3)
	for r >= modP {
		r -= modP
	}
	return r
}

func addModP(a, b uint64) uint64 {
	r := a + b
	if r >= modP {
		r -= modP
	}
	return r
}

func modPInt64(v int64) uint64 {
	r := checked.Abs(v) % modP
	if v < 0 && r != 0 {
		r = modP - r
	}
	return r
}

var bigModP = big.NewInt(modP)

// residues returns x mod 2^64 and x mod 2^61-1.
func (x num) residues() (w, m uint64) {
	if x.b == nil {
		return uint64(x.s), modPInt64(x.s)
	}
	// x mod 2^64 from |x|'s lowest 64 bits (big.Word may be 32 bits wide).
	var low uint64
	for k, w := range x.b.Bits() {
		if k*bits.UintSize >= 64 {
			break
		}
		low |= uint64(w) << (k * bits.UintSize)
	}
	if x.b.Sign() < 0 {
		low = -low
	}
	return low, new(big.Int).Mod(x.b, bigModP).Uint64() // Mod is Euclidean: 0 ≤ r < P
}
