package lifeline

import (
	"fmt"
	"math/rand/v2"

	"gamelab/internal/splitmix"
)

// RandomBoard returns a board of size n (1..MaxN) that depends only on seed:
// each vertex is empty with probability 1/4, otherwise it holds a stone 1..4
// drawn uniformly (few stone numbers make groups worth capturing). The
// generator is PCG seeded with (seed, n), so a seed names the same board in
// every release that keeps this comment.
func RandomBoard(n int, seed uint64) *Board {
	b := NewBoard(n)
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	for i := range b.Cells {
		if v := rng.IntN(16); v >= 4 {
			b.Cells[i] = uint8(1 + v%4)
		}
	}
	return b
}

// RandomOptions shape RandomBoardWith's boards.
type RandomOptions struct {
	Grid   Grid
	Lo, Hi int     // the stones, drawn uniformly from Lo..Hi within 1..9
	Empty  float64 // the chance, 0..1, that a vertex is empty
}

// DefaultRandom are RandomBoard's proportions: a quarter empty, stones 1..4.
var DefaultRandom = RandomOptions{Grid: Triangle, Lo: 1, Hi: 4, Empty: 0.25}

// check reports why the options make no board of size n, in the words of
// the options (randboard's stones and empty), or nil.
func (o RandomOptions) check(n int) error {
	switch {
	case !o.Grid.valid():
		return fmt.Errorf("lifeline: unknown grid %d", uint8(o.Grid))
	case o.Grid.checkSize(n) != "":
		return fmt.Errorf("lifeline: %s", o.Grid.checkSize(n))
	case o.Lo < 1 || o.Hi > 9 || o.Lo > o.Hi:
		return fmt.Errorf("lifeline: stones %d..%d are not a range within 1..9", o.Lo, o.Hi)
	case !(o.Empty >= 0 && o.Empty <= 1): // NaN fails too
		return fmt.Errorf("lifeline: the share of empty vertices %v is outside 0..1", o.Empty)
	}
	return nil
}

// RandomBoardWith returns a board of size n drawn with the options: each
// vertex is empty with probability o.Empty, otherwise it holds a stone drawn
// uniformly from o.Lo..o.Hi. It depends only on (n, seed, o): the generator
// is splitmix64 seeded with seed, drawing per vertex in reading order one
// 64-bit word for emptiness (empty iff its top 53 bits, as a fraction of
// 2^53, are below o.Empty) and then, for a stone, one bounded draw; so a
// seed names the same board on every machine and in every release that
// keeps this comment. Invalid options return an error saying which.
func RandomBoardWith(n int, seed uint64, o RandomOptions) (*Board, error) {
	if err := o.check(n); err != nil {
		return nil, err
	}
	b := o.Grid.NewBoard(n)
	rng := splitmix.New(seed)
	// Exact in float64 for every Empty in 0..1: a product with a power of two.
	threshold := uint64(o.Empty * (1 << 53))
	for i := range b.Cells {
		if rng.Next()>>11 < threshold {
			continue
		}
		b.Cells[i] = uint8(rng.Between(o.Lo, o.Hi))
	}
	return b, nil
}
