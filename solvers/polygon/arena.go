package polygon

import (
	"math/big"
	"sync/atomic"
)

// arena keeps the big values of the exact tables, out of the allocator's
// way: each value is a header word (its length in words, shifted left once;
// the low bit its sign) followed by its magnitude, in chunks of words that
// hold no pointers, so the collector neither scans them nor tracks a
// million small objects, and a value costs its words plus one. A table
// entry refers to a value by a ref: chunk index << 32 | offset; 0 is no
// value (chunk 0 is never used).
//
// Each worker appends to chunks of its own (arenaWriter); chunk indexes come
// from an atomic counter. The directory is grown only between levels
// (reserve), by enough for the level's worst case, so that workers store
// into it without locks while others read what earlier levels stored.
type arena struct {
	dir  [][]big.Word
	next atomic.Int64 // the next chunk index
	// words counts the words of every chunk made, for the table budget.
	words atomic.Int64
	// chunkWords is the size of the chunks started in this level.
	chunkWords int
}

// minChunkWords is the smallest chunk: 256 KiB.
const minChunkWords = 1 << 15

// reserve prepares a level that stores at most values values of at most
// bits bits each, for workers writers: no writer runs meanwhile.
func (a *arena) reserve(values, bits, workers int) {
	if a.next.Load() == 0 {
		a.next.Store(1)
	}
	per := bits/64 + 2 // header and magnitude words
	a.chunkWords = max(minChunkWords, 4*per)
	// A writer starts a chunk only when the value does not fit the rest of
	// its current one, so every chunk but its last is 3/4 full.
	chunks := values*per/(a.chunkWords*3/4) + 2*workers + 2
	if need := int(a.next.Load()) + chunks; need > len(a.dir) {
		dir := make([][]big.Word, max(need, 2*len(a.dir)))
		copy(dir, a.dir)
		a.dir = dir
	}
}

// get makes z a view of the value ref refers to and returns it. The view
// shares the arena's words: it must never be changed (z.Neg on itself only
// flips the sign; the capacity is cut so nothing can append into the arena).
func (a *arena) get(ref uint64, z *big.Int) *big.Int {
	c := a.dir[ref>>32]
	off := int(uint32(ref))
	end := off + 1 + int(c[off]>>1)
	z.SetBits(c[off+1 : end : end])
	if c[off]&1 != 0 {
		z.Neg(z)
	}
	return z
}

// arenaWriter appends one worker's values.
type arenaWriter struct {
	a     *arena
	idx   int // the current chunk's index
	chunk []big.Word
	off   int // its first free word
}

// put copies x into the arena and returns its ref.
func (w *arenaWriter) put(x *big.Int) uint64 {
	ws := x.Bits()
	need := len(ws) + 1
	if w.chunk == nil || w.off+need > len(w.chunk) {
		w.idx = int(w.a.next.Add(1) - 1)
		w.chunk = make([]big.Word, max(w.a.chunkWords, need))
		w.a.words.Add(int64(len(w.chunk)))
		w.a.dir[w.idx] = w.chunk
		w.off = 0
	}
	hdr := big.Word(len(ws)) << 1
	if x.Sign() < 0 {
		hdr |= 1
	}
	w.chunk[w.off] = hdr
	copy(w.chunk[w.off+1:], ws)
	ref := uint64(w.idx)<<32 | uint64(w.off)
	w.off += need
	return ref
}
