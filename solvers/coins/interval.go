package coins

import (
	"math/big"
	"math/bits"
)

// intervalDP is the DP of take k from both ends, under either score: the x
// of position.go over the intervals of the row, diagonal by diagonal (as
// runDP drives it), in a ring of the last k+1 diagonals. Memory: (k+1)·n
// values, and with a move table one choice of choiceWidth(k) bits per
// interval. Time: n²/2 cells of up to 2k moves each.
type intervalDP interface {
	stepper
	// x is x(coins i..i+sz), while diagonal sz is one of the last k+1
	// stepped; a fresh *big.Int.
	x(sz, i int) *big.Int
}

// moveBits is how many bits the index of a move takes: a position has at
// most 2k moves (k = min(take, n)).
func moveBits(k int) uint { return uint(bits.Len(uint(2*k - 1))) }

// choiceWidth is the bits per interval of the move table: the power of two
// that holds moveBits(k), so no choice straddles two words.
func choiceWidth(k int) int {
	w := 1
	for w < int(moveBits(k)) {
		w *= 2
	}
	return w
}

// newIntervalDP picks the packed int64 DP when every value, shifted left
// by the move index's bits, fits (fitsInt64), and math/big otherwise.
func newIntervalDP(coins []*big.Int, r Rules) intervalDP {
	k := min(r.k(), len(coins))
	if b := moveBits(k); fitsInt64(coins, r, b) {
		return newPackedDP(coins, r, k, b)
	}
	return newBigIntervalDP(coins, r, k)
}

// putChoice records choice idx of interval i in a diagonal's words.
func putChoice(row []uint64, width, i, idx int) {
	bit := uint(i * width)
	row[bit>>6] |= uint64(idx) << (bit & 63)
}

// packedDP keeps y = x·2^b, b = moveBits(k), so that y + i, for move i of
// the game's order, orders moves by value and then by order: the minimum
// of those keys is the first optimal move, found with one min per move and
// no branches (random rows defeat a branch predictor), and key &^ (2^b − 1)
// is its y again.
type packedDP struct {
	k, width int
	b        uint
	q        []int64   // σ·2^b times the prefix sums
	ring     [][]int64 // ring[sz % (k+1)][i] = y of coins i..i+sz
}

func newPackedDP(coins []*big.Int, r Rules, k int, b uint) *packedDP {
	n := len(coins)
	p := &packedDP{k: k, width: choiceWidth(k), b: b, q: make([]int64, n+1), ring: make([][]int64, k+1)}
	for i, v := range signedPrefix[int64, int64Arith](newSums(coins), r) {
		p.q[i] = v << b
	}
	for s := range p.ring {
		p.ring[s] = make([]int64, n)
	}
	for i := range n { // one coin: take it (move 0), x = σ·a_i
		p.ring[0][i] = p.q[i+1] - p.q[i]
	}
	return p
}

func (p *packedDP) x(sz, i int) *big.Int { return big.NewInt(p.ring[sz%(p.k+1)][i] >> p.b) }

func (p *packedDP) step(sz, lo, hi int, row []uint64) {
	k, rem := p.k, sz+1
	lim := min(k, rem)
	out := p.ring[sz%(k+1)]
	mask := int64(1)<<p.b - 1
	// The diagonals each move leaves: L(c) leaves coins i+c..i+sz, R(c)
	// coins i..i+sz−c, both on diagonal sz−c.
	var ds [8][]int64
	diags := ds[:0]
	for c := 1; c <= lim && c < rem; c++ {
		diags = append(diags, p.ring[(sz-c)%(k+1)])
	}
	var window [64]int64 // each caller its own: runDP's helper steps too
	for w0 := lo; w0 < hi; w0 += 64 {
		end := min(w0+64, hi)
		keys := window[:end-w0]
		if len(diags) == 3 { // take 3, the common case, in one pass
			d1, d2, d3 := diags[0], diags[1], diags[2]
			minInto3(keys, d1[w0:], d2[w0:], d3[w0:], int64(lim))
		} else {
			for c, d := range diags {
				minInto(keys, d[w0+c+1:end+c+1], d[w0:end], int64(c), int64(lim+c), c == 0)
			}
		}
		if lim == rem { // L(rem) takes every coin: x = 0 after it
			for i := range keys {
				keys[i] = min(keys[i], int64(rem-1))
			}
		}
		var words []uint64
		if row != nil {
			words = row[w0*p.width>>6:]
		}
		finish(out[w0:end], p.q[w0:end], p.q[w0+rem:end+rem], keys, mask, words, uint(p.width))
	}
}

// The passes of packedDP.step over a window of cells are loops of their
// own with few live values, so the compiler keeps them in registers.

// minInto takes in the moves L(c) and R(c): left and right are the values
// after them, li and ri their places in the game's order; first says
// these are the first moves, whose keys start the minimum.
func minInto(keys, left, right []int64, li, ri int64, first bool) {
	left, right = left[:len(keys)], right[:len(keys)]
	if first {
		for i := range keys {
			keys[i] = min(left[i]+li, right[i]+ri)
		}
		return
	}
	for i := range keys {
		keys[i] = min(keys[i], left[i]+li, right[i]+ri)
	}
}

// minInto3 is minInto of the six moves L1 R1 L2 R2 L3 R3 at once: d1,
// d2, d3 are the diagonals one, two and three coins shorter, from the
// window's first cell on. Three slices, not six, keep the loop in
// registers.
//
//go:noinline
func minInto3(keys, d1, d2, d3 []int64, lim int64) {
	n := len(keys)
	d1, d2, d3 = d1[:n+1], d2[:n+2], d3[:n+3]
	for i := range keys {
		keys[i] = min(d1[i+1], d1[i]+lim, d2[i+2]+1, d2[i]+lim+1, d3[i+3]+2, d3[i]+lim+2)
	}
}

// finish is y = σ·2^b·S − the least y after a move, for every cell, and
// (when words is non-nil) each cell's choice in width bits from bit 0 of
// words on.
func finish(out, q0, q1, keys []int64, mask int64, words []uint64, width uint) {
	out, q0, q1 = out[:len(keys)], q0[:len(keys)], q1[:len(keys)]
	for i, key := range keys {
		out[i] = q1[i] - q0[i] - key&^mask
	}
	if words == nil {
		return
	}
	var word uint64
	bit, w := uint(0), 0
	for _, key := range keys {
		word |= uint64(key&mask) << bit
		if bit += width; bit == 64 {
			words[w], word, bit = word, 0, 0
			w++
		}
	}
	if bit > 0 {
		words[w] = word
	}
}

// bigIntervalDP is packedDP in math/big: the same moves in the same order,
// the first strictly smaller one kept. Diagonal sz's values are written
// into those of diagonal sz−k−1, which nothing needs any more.
type bigIntervalDP struct {
	k, width int
	q        []*big.Int
	ring     [][]*big.Int
	zero     *big.Int
}

func newBigIntervalDP(coins []*big.Int, r Rules, k int) *bigIntervalDP {
	n := len(coins)
	p := &bigIntervalDP{k: k, width: choiceWidth(k), q: signedPrefix[*big.Int, bigArith](newSums(coins), r), ring: make([][]*big.Int, k+1), zero: new(big.Int)}
	for s := range p.ring {
		p.ring[s] = make([]*big.Int, n)
	}
	for i := range n {
		p.ring[0][i] = new(big.Int).Sub(p.q[i+1], p.q[i])
	}
	return p
}

func (p *bigIntervalDP) x(sz, i int) *big.Int { return new(big.Int).Set(p.ring[sz%(p.k+1)][i]) }

func (p *bigIntervalDP) step(sz, lo, hi int, row []uint64) {
	k, rem := p.k, sz+1
	lim, rights := min(k, rem), min(k, rem-1)
	out := p.ring[sz%(k+1)]
	for i := lo; i < hi; i++ {
		var best *big.Int
		idx := 0
		for c := 1; c <= lim; c++ {
			v := p.zero
			if c < rem {
				v = p.ring[(sz-c)%(k+1)][i+c]
			}
			if best == nil || v.Cmp(best) < 0 {
				best, idx = v, c-1
			}
		}
		for c := 1; c <= rights; c++ {
			if v := p.ring[(sz-c)%(k+1)][i]; v.Cmp(best) < 0 {
				best, idx = v, lim+c-1
			}
		}
		z := out[i]
		if z == nil {
			z = new(big.Int)
			out[i] = z
		}
		z.Sub(p.q[i+rem], p.q[i])
		z.Sub(z, best)
		if row != nil {
			putChoice(row, p.width, i, idx)
		}
	}
}
