package polygon

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The moduli are distinct primes in (2^62, 2^63) with correct Montgomery
// constants, and residues of int64s, big values, sums and products agree with
// math/big's.
func TestResidueArithmetic(t *testing.T) {
	primes := rnsPrimesUpTo(40)
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	seen := map[uint64]bool{}
	for _, q := range primes {
		P := new(big.Int).SetUint64(q.p)
		if q.p <= 1<<62 || q.p >= 1<<63 || !P.ProbablyPrime(20) || seen[q.p] {
			t.Fatalf("modulus %d: not a new prime in (2^62, 2^63)", q.p)
		}
		seen[q.p] = true
		if q.p*q.pinv != math.MaxUint64 {
			t.Fatalf("p = %d: pinv is not -p^-1 mod 2^64", q.p)
		}
		if r2 := new(big.Int).Mod(new(big.Int).Mul(two64, two64), P); r2.Uint64() != q.r2 {
			t.Fatalf("p = %d: r2 = %d, want %d", q.p, q.r2, r2)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	// mont(x) is x's Montgomery form, x·2^64 mod p.
	mont := func(x *big.Int, p uint64) uint64 {
		P := new(big.Int).SetUint64(p)
		return new(big.Int).Mod(new(big.Int).Mul(x, two64), P).Uint64()
	}
	ints := []int64{0, 1, -1, math.MaxInt64, math.MinInt64, math.MinInt64 + 1}
	for range 200 {
		ints = append(ints, int64(rng.Uint64()))
	}
	for _, q := range primes {
		for _, v := range ints {
			if got, want := q.ofInt64(v), mont(big.NewInt(v), q.p); got != want {
				t.Fatalf("p = %d: residue of %d = %d, want %d", q.p, v, got, want)
			}
		}
		for range 50 {
			x, y := randBig(rng), randBig(rng)
			if rng.IntN(2) == 0 {
				x.Neg(x)
			}
			rx, ry := q.ofBig(x), q.ofBig(y)
			if want := mont(x, q.p); rx != want {
				t.Fatalf("p = %d: residue of %v = %d, want %d", q.p, x, rx, want)
			}
			if got, want := q.mont(rx, ry), mont(new(big.Int).Mul(x, y), q.p); got != want {
				t.Fatalf("p = %d: residue of a product = %d, want %d", q.p, got, want)
			}
			if got, want := q.add(rx, ry), mont(new(big.Int).Add(x, y), q.p); got != want {
				t.Fatalf("p = %d: residue of a sum = %d, want %d", q.p, got, want)
			}
		}
	}
}

// randBig is a random value of up to 3000 bits.
func randBig(rng *rand.Rand) *big.Int {
	x := new(big.Int)
	for range 1 + rng.IntN(47) {
		x.Lsh(x, 64).Add(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	return x.Rsh(x, uint(rng.IntN(64)))
}
