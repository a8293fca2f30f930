package coins

import (
	"errors"
	"fmt"
	"math/big"

	"gamelab/internal/decimal"
	"gamelab/internal/splitmix"
)

// Random is randcoins(n, seed): n coins of 1..100 drawn from splitmix64
// seeded with seed, so a seed names the same row on every machine and
// every Go release.
func Random(n int, seed uint64) []*big.Int {
	g := splitmix.New(seed)
	row := make([]*big.Int, n)
	for i := range row {
		row[i] = big.NewInt(int64(g.Between(1, 100)))
	}
	return row
}

// RandomRange is Random with the values drawn uniformly from lo..hi,
// integers of any size up to decimal.MaxBits bits (−10^30..10^30 is
// fine). RandomRange(n, seed, 1, 100) is Random(n, seed): a range of under
// 2^63 values draws as splitmix.Rand.Intn does, and a wider one the same
// way in as many 64-bit words as it needs.
func RandomRange(n int, seed uint64, lo, hi *big.Int) ([]*big.Int, error) {
	switch {
	case lo.Cmp(hi) > 0:
		return nil, fmt.Errorf("the range %v..%v has no values: the first must not pass the last", lo, hi)
	case lo.BitLen() > decimal.MaxBits || hi.BitLen() > decimal.MaxBits:
		return nil, errors.New("a range's ends must stay within 2^1048576 (integers stop at 2^20 bits)")
	}
	span := new(big.Int).Sub(hi, lo)
	span.Add(span, big.NewInt(1))
	g := splitmix.New(seed)
	row := make([]*big.Int, n)
	u := newUniform(span)
	for i := range row {
		v := u.draw(g)
		row[i] = v.Add(v, lo)
	}
	return row, nil
}

// uniform draws from 0..span−1 by rejection, as splitmix.Rand.Intn does in
// one word: w words make X < 2^(64w); draws below 2^(64w) mod span are
// rejected, so X mod span is uniform. With one word and span < 2^63 it is
// Intn itself, draw for draw.
type uniform struct {
	span, limit *big.Int
	small       int // span, when below 2^63
	words       int
}

func newUniform(span *big.Int) *uniform {
	u := &uniform{span: span, words: (new(big.Int).Sub(span, big.NewInt(1)).BitLen() + 63) / 64}
	if span.IsInt64() {
		u.small = int(span.Int64())
	}
	u.limit = new(big.Int).Lsh(big.NewInt(1), uint(64*u.words))
	u.limit.Mod(u.limit, span)
	return u
}

// draw is the next value, a fresh *big.Int.
func (u *uniform) draw(g *splitmix.Rand) *big.Int {
	if u.small > 0 {
		return big.NewInt(int64(g.Intn(u.small)))
	}
	x, w := new(big.Int), new(big.Int)
	for {
		x.SetInt64(0)
		for range u.words {
			x.Lsh(x, 64)
			x.Or(x, w.SetUint64(g.Next()))
		}
		if x.Cmp(u.limit) >= 0 {
			return x.Mod(x, u.span)
		}
	}
}
