package lifeline

import "math/rand/v2"

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
