package polygon

import (
	"math/big"

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
