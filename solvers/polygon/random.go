package polygon

import (
	"fmt"
	"math/big"

	"gamelab/internal/decimal"
	"gamelab/internal/splitmix"
)

// Random is the ring randpolygon(n, seed) makes: n vertices (n ≥ 1), for
// each an operator '+' or '*' with equal odds and then a value uniform in
// -10..10, drawn from splitmix64 seeded with seed, so a seed names the same
// ring in every release. Its best scores run to hundreds of digits
// (n = 600: 256), the solver's exact work.
func Random(n int, seed uint64) *Polygon {
	g := splitmix.New(seed)
	p := &Polygon{Ops: make([]byte, n), Values: make([]*big.Int, n)}
	for i := range n {
		p.Ops[i] = "+*"[g.Intn(2)]
		p.Values[i] = big.NewInt(int64(g.Between(-10, 10)))
	}
	return p
}

// RandomRange is Random with values uniform in lo..hi (integers of any size
// up to decimal.MaxBits bits) and each operator drawn uniformly from the
// characters of ops ('+', '*' and '-'; a repeated one weighs more). It draws
// from splitmix64 as Random does, for each vertex its operator and then its
// value, so a seed names the same ring on every machine, and
// RandomRange(n, seed, -10, 10, "+*") is Random(n, seed).
func RandomRange(n int, seed uint64, lo, hi *big.Int, ops string) (*Polygon, error) {
	if n < 1 {
		return nil, fmt.Errorf("polygon: a random ring needs n ≥ 1 vertices, got %d", n)
	}
	if ops == "" {
		return nil, fmt.Errorf("polygon: a random ring needs at least one operator")
	}
	for k := 0; k < len(ops); k++ {
		if !validOp(ops[k]) {
			return nil, fmt.Errorf("polygon: operator %q of %q: want '+', '*' or '-'", ops[k], ops)
		}
	}
	if lo.Cmp(hi) > 0 {
		return nil, fmt.Errorf("polygon: the value range %v..%v is empty", lo, hi)
	}
	if lo.BitLen() > decimal.MaxBits || hi.BitLen() > decimal.MaxBits {
		return nil, fmt.Errorf("polygon: values of the range have more than 2^20 bits")
	}
	span := new(big.Int).Sub(hi, lo)
	span.Add(span, big.NewInt(1))
	g := splitmix.New(seed)
	p := &Polygon{Ops: make([]byte, n), Values: make([]*big.Int, n)}
	for i := range n {
		p.Ops[i] = ops[g.Intn(len(ops))]
		v := uniform(g, span)
		p.Values[i] = v.Add(v, lo)
	}
	return p, nil
}

// uniform is a uniform integer in [0, span), span ≥ 1: Intn's draw when
// span fits an int64 (so small ranges draw as Random does), else the
// bitlen(span-1) low bits of whole 64-bit words, most significant word
// first, drawn again until below span (fewer than two tries on average).
func uniform(g *splitmix.Rand, span *big.Int) *big.Int {
	if span.IsInt64() {
		return big.NewInt(int64(g.Intn(int(span.Int64()))))
	}
	bits := new(big.Int).Sub(span, big.NewInt(1)).BitLen()
	words := (bits + 63) / 64
	v, w := new(big.Int), new(big.Int)
	for {
		v.SetInt64(0)
		for k := range words {
			x := g.Next()
			if k == 0 && bits%64 != 0 {
				x &= 1<<(bits%64) - 1
			}
			v.Lsh(v, 64).Or(v, w.SetUint64(x))
		}
		if v.Cmp(span) < 0 {
			return v
		}
	}
}
