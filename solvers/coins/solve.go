// Package coins solves "coins in a row" (seed 003, AtCoder DP "Deque"): two
// players alternately take the leftmost or rightmost coin of a row of
// integers, each maximising their own total.
//
// The solver is exact for coins of any size and sign and follows seed 003's
// tie-breaking, so its move strings match the seed's program. It keeps the
// value DP in O(n) memory and the choices as one bit per interval, so
// n = 30000 with moves needs about 56 MB where the seed's two n×n tables
// would need about 4 GB.
//
// The DP works on the mover's margin d(i,j): what the player to move on coins
// i..j gets minus what the other player gets. d(i,i) = a_i and
//
//	d(i,j) = max(a_i − d(i+1,j), a_j − d(i,j−1)).
//
// Because the coins i..j are shared out between the two players, the mover's
// total is (S(i,j) + d(i,j))/2 and the other's (S(i,j) − d(i,j))/2, so the
// seed's two rules ("A takes L only when strictly better for A", "B takes L
// only when it leaves A strictly less") both become one: the mover takes L
// exactly when a_i − d(i+1,j) > a_j − d(i,j−1).
package coins

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
)

// MaxTableBytes bounds the move table Solve will allocate (one bit per
// interval, n(n−1)/2 bits: 56 MB at n = 30000, 1 GiB near n = 92000).
// SolveValue needs no table and has no such limit.
const MaxTableBytes = 1 << 30

// Result is the outcome of optimal play on one row.
type Result struct {
	N      int
	Coins  []*big.Int // the row as solved (the caller's values, not copied)
	Best   *big.Int   // A's (the first player's) total
	Second *big.Int   // B's total
	Diff   *big.Int   // Best − Second
	// Moves has one letter per turn, L or R, A's turns at even indices (0, 2, …).
	// Ties are broken as seed 003 does; the last coin is always L.
	Moves string
}

// ErrEmpty is returned for a row without coins. The package's messages carry
// no "coins:" prefix: callers say where (line, builtin) themselves.
var ErrEmpty = errors.New("no coins: a game needs n ≥ 1")

// TableBytes is the size in bytes of Solve's move table for n coins.
func TableBytes(n int) int64 {
	return int64(tableWords(n)) * 8
}

// Solve plays the row optimally for both players. It honours ctx: a
// cancelled context stops it within milliseconds with ctx's error.
func Solve(ctx context.Context, coins []*big.Int) (*Result, error) {
	return solve(ctx, coins, false)
}

// solve is Solve with the int64 fast path optionally disabled, so tests can
// check the two paths against each other.
func solve(ctx context.Context, coins []*big.Int, bigOnly bool) (*Result, error) {
	n := len(coins)
	if n == 0 {
		return nil, ErrEmpty
	}
	if b := TableBytes(n); b > MaxTableBytes {
		return nil, fmt.Errorf("n = %d needs %d MiB for the move table, more than the %d MiB limit (the value alone needs no table)",
			n, b>>20, MaxTableBytes>>20)
	}
	table := newChoices(n)
	dp := newDP(coins, bigOnly)
	if err := runDP(ctx, dp, n, table, nil); err != nil {
		return nil, err
	}
	r := &Result{N: n, Coins: coins, Diff: dp.value(0), Moves: table.moves()}
	r.Best, r.Second = split(sum(coins), r.Diff)
	return r, nil
}

// SolveValue returns only A's total minus B's (AtCoder's X − Y), in O(n)
// memory for any n.
func SolveValue(ctx context.Context, coins []*big.Int) (*big.Int, error) {
	if len(coins) == 0 {
		return nil, ErrEmpty
	}
	dp := newDP(coins, false)
	if err := runDP(ctx, dp, len(coins), nil, nil); err != nil {
		return nil, err
	}
	return dp.value(0), nil
}

// split turns the sum s of some coins and the mover's margin d on them into
// the mover's and the other player's totals, (s+d)/2 and (s−d)/2. Both are
// integers because s and d have the same parity (they differ by twice the
// other player's total).
func split(s, d *big.Int) (mover, other *big.Int) {
	mover = new(big.Int).Add(s, d)
	mover.Rsh(mover, 1)
	other = new(big.Int).Sub(s, mover)
	return mover, other
}

func sum(coins []*big.Int) *big.Int {
	s := new(big.Int)
	for _, c := range coins {
		s.Add(s, c)
	}
	return s
}

// diffDP is one number representation of the rolling margin row. After
// diagonal sz has been stepped over i in [0, n−sz), d[i] holds d(i, i+sz).
type diffDP interface {
	// step computes diagonal sz for i in [lo, hi), lo a multiple of 64, and
	// when row is non-nil stores bit i of row set iff the mover takes L.
	step(sz, lo, hi int, row []uint64)
	// value returns a copy of d[i].
	value(i int) *big.Int
	// chunk is how many cells to step between looks at the context: a
	// multiple of 64 worth about a tenth of a millisecond.
	chunk() int
}

// Cells per look at the context (multiples of 64): about a tenth of a
// millisecond of work each. Variables so tests can cross chunk borders with
// small rows.
var int64Chunk, bigChunk = 1 << 16, 1 << 10

// chunkHook, when set by a test, runs before every chunk, so a test can
// cancel mid-solve without sleeping.
var chunkHook func()

// runDP fills the diagonals 1..n−1 of the margin DP in place, calling after
// (if non-nil) once the row holds diagonal sz, for sz = 0 (the coins
// themselves) up to n−1.
func runDP(ctx context.Context, dp diffDP, n int, table *choices, after func(sz int)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if after != nil {
		after(0)
	}
	chunk := dp.chunk()
	for sz := 1; sz < n; sz++ {
		var row []uint64
		if table != nil {
			row = table.diag(sz)
		}
		for m, lo := n-sz, 0; lo < m; lo += chunk {
			if chunkHook != nil {
				chunkHook()
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			dp.step(sz, lo, min(lo+chunk, m), row)
		}
		if after != nil {
			after(sz)
		}
	}
	return nil
}

// newDP picks the int64 representation when it cannot overflow, big.Int
// otherwise. Every margin on coins i..j, and every candidate a_i − d(…)
// or a_j − d(…), is bounded in absolute value by Σ|a_k| over i..j, so if
// the whole row's Σ|a_k| is below 2^62 no int64 operation can wrap, nor can
// the difference of two candidates that step uses for its branch-free
// choice. The check is done once, up front, instead of per cell.
func newDP(coins []*big.Int, bigOnly bool) diffDP {
	n := len(coins)
	if !bigOnly {
		a := make([]int64, n)
		var total uint64
		ok := true
		for i, c := range coins {
			if !c.IsInt64() {
				ok = false
				break
			}
			v := c.Int64()
			a[i] = v
			abs := uint64(v)
			if v < 0 {
				abs = uint64(-v) // v = MinInt64 gives 2^63, caught below
			}
			total += abs
			if abs > math.MaxInt64/2 || total > math.MaxInt64/2 {
				ok = false
				break
			}
		}
		if ok {
			d := make([]int64, n)
			copy(d, a)
			return &int64DP{a: a, d: d}
		}
	}
	p := &bigDP{a: coins, d: make([]*big.Int, n), x: new(big.Int), y: new(big.Int)}
	for i, c := range coins {
		p.d[i] = new(big.Int).Set(c)
	}
	return p
}

type int64DP struct{ a, d []int64 }

func (p *int64DP) chunk() int { return int64Chunk }

func (p *int64DP) value(i int) *big.Int { return big.NewInt(p.d[i]) }

func (p *int64DP) step(sz, lo, hi int, row []uint64) {
	for w0 := lo; w0 < hi; w0 += 64 {
		end := min(w0+64, hi)
		left := p.a[w0:end]
		right := p.a[w0+sz : end+sz]
		right = right[:len(left)]
		d := p.d[w0 : end+1]
		var word uint64
		for k, ai := range left {
			x := ai - d[k+1]     // take L: the coin, minus the other's margin after
			y := right[k] - d[k] // take R
			// y − x cannot wrap (see newDP); it is negative iff x > y,
			// the seed's "strictly better" rule, and m is then all ones.
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

type bigDP struct {
	a    []*big.Int
	d    []*big.Int
	x, y *big.Int // scratch, swapped into d to avoid allocating per cell
}

func (p *bigDP) chunk() int { return bigChunk }

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

// choices holds one bit per interval (i, i+sz), sz ≥ 1: set when the mover
// takes L. Each diagonal starts on a word boundary so step can write whole
// words; that wastes under one word per diagonal.
type choices struct {
	n     int
	start []int // start[sz]: first word of diagonal sz
	words []uint64
}

func tableWords(n int) int {
	w := 0
	for sz := 1; sz < n; sz++ {
		w += (n - sz + 63) / 64
	}
	return w
}

func newChoices(n int) *choices {
	c := &choices{n: n, start: make([]int, n+1)}
	for sz := 1; sz < n; sz++ {
		c.start[sz+1] = c.start[sz] + (n-sz+63)/64
	}
	c.words = make([]uint64, c.start[n])
	return c
}

func (c *choices) diag(sz int) []uint64 { return c.words[c.start[sz]:c.start[sz+1]] }

func (c *choices) left(i, j int) bool {
	return c.words[c.start[j-i]+i>>6]>>(uint(i)&63)&1 == 1
}

// moves replays the choices from the whole row; the last coin is L, as in
// the seed.
func (c *choices) moves() string {
	b := make([]byte, 0, c.n)
	i, j := 0, c.n-1
	for i < j {
		if c.left(i, j) {
			b = append(b, 'L')
			i++
		} else {
			b = append(b, 'R')
			j--
		}
	}
	return string(append(b, 'L'))
}
