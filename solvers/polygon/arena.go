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
// from an atomic counter. The directory has two levels, segments of
// segChunks chunk slots under a fixed array of atomic pointers, so it never
// moves: a writer fills its own slots while others read slots filled in
// earlier levels (a level's cells read only earlier levels' values, and
// the levels are joined), with no lock and no bound to reserve.
type arena struct {
	segs [maxSegs]atomic.Pointer[[segChunks][]big.Word]
	next atomic.Int64 // the next chunk index (0 is never used)
	// words counts the words of every chunk made, for the table budget.
	words atomic.Int64
	// chunkWords is the size of the chunks started in this level.
	chunkWords int
}

const (
	segChunks = 1 << 10
	maxSegs   = 1 << 12 // 4M chunks of at least 256 KiB: far beyond any budget
	// minChunkWords is the smallest chunk: 256 KiB.
	minChunkWords = 1 << 15
)

// level prepares a level whose values have at most bits bits (no writer
// runs meanwhile): chunks at least four values long, so that a chunk is
// left at least 3/4 full.
func (a *arena) level(bits int) {
	a.chunkWords = max(minChunkWords, 4*(bits/64+2))
}

// slot is chunk c's place in the directory, its segment made on first use.
func (a *arena) slot(c int) *[]big.Word {
	p := &a.segs[c/segChunks]
	seg := p.Load()
	if seg == nil {
		p.CompareAndSwap(nil, new([segChunks][]big.Word))
		seg = p.Load()
	}
	return &seg[c%segChunks]
}

// get makes z a view of the value ref refers to and returns it. The view
// shares the arena's words: it must never be changed (z.Neg on itself only
// flips the sign; the capacity is cut so nothing can append into the arena).
func (a *arena) get(ref uint64, z *big.Int) *big.Int {
	c := a.segs[ref>>32/segChunks].Load()[ref>>32%segChunks]
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
		w.idx = int(w.a.next.Add(1))
		w.chunk = make([]big.Word, max(w.a.chunkWords, need))
		*w.a.slot(w.idx) = w.chunk
		w.a.words.Add(int64(len(w.chunk)))
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
