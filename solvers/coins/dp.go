package coins

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"sync/atomic"
)

// diffDP is one number representation of the rolling margin row. After
// diagonal sz has been stepped over i in [0, n−sz), d[i] holds d(i, i+sz).
//
// Three representations, picked per row by newDP from a bound that holds
// for every cell: every margin on coins i..j, and every candidate
// a_i − d(…) or a_j − d(…), is at most Σ|a_k| over i..j in absolute value.
// So one look at the whole row decides, once, that no cell can overflow;
// no per-cell checks are needed and none can be forgotten.
type diffDP interface {
	// step computes diagonal sz for i in [lo, hi), lo a multiple of 64, and
	// when row is non-nil stores bit i of row set iff the mover takes L.
	stepper
	// value returns a copy of d[i].
	value(i int) *big.Int
}

// stepper is a DP over the intervals of a row that runDP drives diagonal
// by diagonal: the default rules' margins (diffDP) or, under take k from
// both ends, the x of position.go (intervalDP).
type stepper interface {
	// step computes diagonal sz (the intervals of sz+1 coins) for the
	// intervals starting at i in [lo, hi), lo a multiple of 64, and when
	// row is non-nil records each one's choice there.
	step(sz, lo, hi int, row []uint64)
}

// tuning is the solver's work sizes and its test hooks. Solve runs with
// defaultTuning; a test passes its own through the context (withTuning), so
// no test changes package state and tests may run in parallel.
type tuning struct {
	// Cells per look at the context (multiples of 64): about a tenth of a
	// millisecond of work each. Tests make them small to cross chunk
	// borders with small rows.
	int64Chunk, int128Chunk, bigChunk int
	// slabWords is the largest allocation of the move table: 8 MiB, zeroed
	// in a few milliseconds (see choices).
	slabWords int
	// halfCells is the fewest cells a diagonal's upper half must have for
	// the helper (runDP) to take it: below that the hand-over costs more
	// than it saves.
	halfCells int
	// chunkHook, when set, runs before every chunk, so a test can cancel
	// mid-solve without sleeping; slabHook sees every slab's size in words.
	chunkHook func()
	slabHook  func(words int)
}

var defaultTuning = tuning{int64Chunk: 1 << 16, int128Chunk: 1 << 14, bigChunk: 1 << 10, slabWords: 1 << 20, halfCells: 4096}

type tuningKey struct{}

// withTuning is ctx carrying t for the solves that run under it (tests).
func withTuning(ctx context.Context, t tuning) context.Context {
	return context.WithValue(ctx, tuningKey{}, t)
}

// tuningOf is the tuning ctx carries, else defaultTuning.
func tuningOf(ctx context.Context) tuning {
	if t, ok := ctx.Value(tuningKey{}).(tuning); ok {
		return t
	}
	return defaultTuning
}

// chunkOf is how many cells dp steps between looks at the context: a cell
// of the variants' DPs compares up to 2k moves.
func (t tuning) chunkOf(dp stepper) int {
	switch dp := dp.(type) {
	case *int64DP:
		return t.int64Chunk
	case *int128DP:
		return t.int128Chunk
	case *packedDP:
		return max(64, t.int64Chunk/dp.k&^63)
	case *bigIntervalDP:
		return max(64, t.bigChunk/dp.k&^63)
	}
	return t.bigChunk
}

// runDP fills the diagonals 1..n−1 of the margin DP in place, calling after
// (if non-nil) once the row holds diagonal sz, for sz = 0 (the coins
// themselves) up to n−1.
func runDP(ctx context.Context, dp stepper, n int, table *choices, after func(sz int)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if after != nil {
		after(0)
	}
	t := tuningOf(ctx)
	chunk := t.chunkOf(dp)
	var h *helper
	if _, ok := dp.(intervalDP); ok && runtime.GOMAXPROCS(0) > 1 {
		h = startHelper(ctx, dp, chunk)
		defer h.stop()
	}
	for sz := 1; sz < n; sz++ {
		var row []uint64
		if table != nil {
			row = table.diag(sz)
		}
		m := n - sz
		split := m
		if h != nil && m >= 2*t.halfCells {
			split = m / 2 &^ 63
			h.give(span{sz, split, m, row})
		}
		var err error
		for lo := 0; lo < split && err == nil; lo += chunk {
			if t.chunkHook != nil {
				t.chunkHook()
			}
			if err = ctx.Err(); err == nil {
				dp.step(sz, lo, min(lo+chunk, split), row)
			}
		}
		if split < m {
			err = errors.Join(err, h.wait())
		}
		if err != nil {
			return ctx.Err()
		}
		if after != nil {
			after(sz)
		}
	}
	return nil
}

// helper steps the upper half of each long diagonal on a second core, for
// the interval DPs, whose step writes only its own cells (into a ring row
// no cell reads) and whole words of the move table. dp.go's margin DPs
// work in place, each cell reading its right neighbour, so they stay on
// one core.
type helper struct {
	state atomic.Int32 // idle, busy (a span handed over), or quit
	s     span         // the span while busy
	err   error        // its result, once idle again
}

const (
	helperIdle int32 = iota
	helperBusy
	helperQuit
)

type span struct {
	sz, lo, hi int
	row        []uint64
}

// startHelper starts the helper's goroutine. Hand-over is a flag that
// each side spins on (yielding between looks), not a channel: a diagonal
// is tens of microseconds of work, and waking a parked thread took as
// long, so with channels the two halves barely overlapped (take 3 of
// 30000 coins took the same time on one core as on two).
func startHelper(ctx context.Context, dp stepper, chunk int) *helper {
	h := &helper{}
	go func() {
		for {
			st := h.state.Load()
			for st == helperIdle {
				runtime.Gosched()
				st = h.state.Load()
			}
			if st == helperQuit {
				return
			}
			s := h.s
			var err error
			for lo := s.lo; lo < s.hi && err == nil; lo += chunk {
				if err = ctx.Err(); err == nil {
					dp.step(s.sz, lo, min(lo+chunk, s.hi), s.row)
				}
			}
			h.err = err
			h.state.Store(helperIdle)
		}
	}()
	return h
}

// give hands s to the helper, which is idle.
func (h *helper) give(s span) {
	h.s = s
	h.state.Store(helperBusy)
}

// wait waits for the helper to finish the span it was given.
func (h *helper) wait() error {
	for h.state.Load() == helperBusy {
		runtime.Gosched()
	}
	return h.err
}

func (h *helper) stop() { h.state.Store(helperQuit) }

// numPath selects the representation: auto picks the cheapest that is safe;
// the others let tests force a slower one on rows a faster one would take.
type numPath int

const (
	auto numPath = iota
	wide         // int128 if safe, big otherwise
	bigOnly
)

// newDP picks the representation:
//   - int64 when Σ|a_k| < 2^62: then neither a cell nor the difference of
//     two candidates (used by step's branch-free choice) can wrap;
//   - int128 when every coin fits in int64: Σ|a_k| ≤ n·2^63 < 2^125 for any
//     n that fits in memory, so nothing wraps in 128 bits either;
//   - math/big otherwise.
func newDP(coins []*big.Int, want numPath) diffDP {
	n := len(coins)
	a := make([]int64, n)
	all64 := true
	var total uint64 // Σ|a_k|, while below 2^62
	for i, c := range coins {
		if !c.IsInt64() {
			all64 = false
			break
		}
		v := c.Int64()
		a[i] = v
		abs := uint64(v)
		if v < 0 {
			abs = -abs // 2^63 for MinInt64, which the test below catches
		}
		if total <= math.MaxInt64/2 && abs <= math.MaxInt64/2 {
			total += abs // no uint64 wrap: both terms are below 2^62
		} else {
			total = math.MaxInt64/2 + 1 // saturate: too big for int64
		}
	}
	switch {
	case want == auto && all64 && total <= math.MaxInt64/2:
		d := make([]int64, n)
		copy(d, a)
		return &int64DP{a: a, d: d}
	case want != bigOnly && all64:
		p := &int128DP{a: make([]int128, n), d: make([]int128, n)}
		for i, v := range a {
			p.a[i] = int128{lo: uint64(v), hi: v >> 63}
		}
		copy(p.d, p.a)
		return p
	}
	p := &bigDP{a: coins, d: make([]*big.Int, n), x: new(big.Int), y: new(big.Int)}
	for i, c := range coins {
		p.d[i] = new(big.Int).Set(c)
	}
	return p
}

// window returns, for the cells i in [w0, end) of diagonal sz, the coins
// a_i and a_(i+sz) and the margins d[w0..end], sliced to equal lengths so
// the compiler drops the bounds checks in the cell loops.
func window[T any](a, d []T, sz, w0, end int) (left, right, dd []T) {
	left = a[w0:end]
	right = a[w0+sz : end+sz]
	return left, right[:len(left)], d[w0 : end+1]
}

type int64DP struct{ a, d []int64 }

func (p *int64DP) value(i int) *big.Int { return big.NewInt(p.d[i]) }

func (p *int64DP) step(sz, lo, hi int, row []uint64) {
	for w0 := lo; w0 < hi; w0 += 64 {
		end := min(w0+64, hi)
		left, right, d := window(p.a, p.d, sz, w0, end)
		var word uint64
		for k, ai := range left {
			x := ai - d[k+1]     // take L: the coin, minus the other's margin after
			y := right[k] - d[k] // take R
			// y − x cannot wrap (see newDP); it is negative iff x > y,
			// the "strictly better" tie rule, and m is then all ones.
			// Branch-free, because the choices of random rows defeat a
			// branch predictor. The bits enter word from the top.
			t := y - x
			m := t >> 63
			d[k] = y - t&m // x when x > y, y otherwise
			word = word>>1 | uint64(m)<<63
		}
		word >>= uint(64 - len(left))
		if row != nil {
			row[w0>>6] = word
		}
	}
}

// int128 is a two's-complement 128-bit integer.
type int128 struct {
	lo uint64
	hi int64
}

func sub128(x, y int128) int128 {
	lo, borrow := bits.Sub64(x.lo, y.lo, 0)
	return int128{lo: lo, hi: x.hi - y.hi - int64(borrow)}
}

func (v int128) big() *big.Int {
	b := big.NewInt(v.hi)
	b.Lsh(b, 64)
	return b.Add(b, new(big.Int).SetUint64(v.lo))
}

type int128DP struct{ a, d []int128 }

func (p *int128DP) value(i int) *big.Int { return p.d[i].big() }

// step is int64DP.step in 128 bits: the same branch-free choice on the sign
// of y − x, the same bit order.
func (p *int128DP) step(sz, lo, hi int, row []uint64) {
	for w0 := lo; w0 < hi; w0 += 64 {
		end := min(w0+64, hi)
		left, right, d := window(p.a, p.d, sz, w0, end)
		var word uint64
		for k, ai := range left {
			x := sub128(ai, d[k+1])
			y := sub128(right[k], d[k])
			m := sub128(y, x).hi >> 63 // all ones iff x > y
			d[k] = int128{lo: y.lo ^ (y.lo^x.lo)&uint64(m), hi: y.hi ^ (y.hi^x.hi)&m}
			word = word>>1 | uint64(m)<<63
		}
		word >>= uint(64 - len(left))
		if row != nil {
			row[w0>>6] = word
		}
	}
}

type bigDP struct {
	a    []*big.Int
	d    []*big.Int
	x, y *big.Int // scratch, swapped into d to avoid allocating per cell
}

func (p *bigDP) value(i int) *big.Int { return new(big.Int).Set(p.d[i]) }

func (p *bigDP) step(sz, lo, hi int, row []uint64) {
	for w0 := lo; w0 < hi; w0 += 64 {
		end := min(w0+64, hi)
		var word uint64
		for i := w0; i < end; i++ {
			p.x.Sub(p.a[i], p.d[i+1])
			p.y.Sub(p.a[i+sz], p.d[i])
			if p.x.Cmp(p.y) > 0 {
				word |= 1 << uint(i-w0)
				p.d[i], p.x = p.x, p.d[i]
			} else {
				p.d[i], p.y = p.y, p.d[i]
			}
		}
		if row != nil {
			row[w0>>6] = word
		}
	}
}
