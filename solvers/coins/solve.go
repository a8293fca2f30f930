// Package coins solves "coins in a row" (AtCoder DP "Deque"; rules in
// docs/rules.md): two players alternately take the leftmost or rightmost
// coin of a row of integers, each maximising their own total; and its rule
// variants (SPEC §6.2): take 1..k coins or LeetCode 1140's "2M", from both
// ends or the left only, scoring the coins taken or (LeetCode 1690) those
// left.
//
// The default game (Solve, SolveValue, Line, Result.Trace) is exact for
// coins of any size and sign and follows the original program's
// tie-breaking (docs/rules.md), so its move strings match that program's.
// It keeps the value DP in O(n) memory and the choices as one bit per
// interval, so n = 30000 with moves needs about 56 MB where that program's
// two n×n tables would need about 4 GB.
//
// The DP works on the mover's margin d(i,j): what the player to move on coins
// i..j gets minus what the other player gets. d(i,i) = a_i and
//
//	d(i,j) = max(a_i − d(i+1,j), a_j − d(i,j−1)).
//
// Because the coins i..j are shared out between the two players, the mover's
// total is (S(i,j) + d(i,j))/2 and the other's (S(i,j) − d(i,j))/2, so the
// two tie rules ("A takes L only when strictly better for A", "B takes L
// only when it leaves A strictly less") both become one: the mover takes L
// exactly when a_i − d(i+1,j) > a_j − d(i,j−1).
//
// Costs: n(n−1)/2 cells. A row is computed in int64 when Σ|a_i| < 2^62
// (about 1.5 ns a cell here: n = 30000 in under a second), in 128 bits when
// every coin fits in int64 (about 2-3 times that), and in math/big otherwise
// (about 50 ns a cell); see dp.go. Result.Trace costs one more pass of the
// same DP.
//
// Any rules (Game: a row, its Rules and M): rules.go names and reads the
// options; position.go is the one statement of what they mean (the moves
// of a position in the game's order, what a move does and scores), which
// a test-only exhaustive search plays through to check every DP. Game
// solves, scores lines of play (values before and after every move, for
// after/analyze/play), and fills the DP as a value (Table, issue 21); the
// first optimal move in the game's order breaks ties. The DPs work on one
// transformed value x (position.go) with a minimum per position:
//   - take k from both ends (interval.go): intervals diagonal by diagonal
//     in a ring of k+1 diagonals, packed keys that pick the first optimal
//     move without branches, and a move table of a few bits per interval;
//     take 3 at n = 30000 takes about 4 ns a cell on one core, and runDP
//     hands half of each long diagonal to a second one;
//   - ends "left" (full.go): every suffix, O(n) for any k;
//   - take "2M" (full.go): every suffix or interval with every M up to
//     ⌈coins/2⌉ (larger Ms allow every move to the end), 0.037·n³ and
//     0.031·n⁴ steps; from both ends it is refused past MaxTwoMBothSteps.
//
// Every DP is int64 when a bound on its values fits (one look at the row,
// no per-cell checks) and math/big otherwise, honours its context within
// milliseconds, reports progress, and says its memory before it starts
// (SolveBytes, LineBytes, TableSize; Steps for time). Random and
// RandomRange make the seeded rows of randcoins.
package coins

import (
	"context"
	"errors"
	"fmt"
	"math/big"
)

// MaxTableBytes bounds the move table Solve will allocate (one bit per
// interval, n(n−1)/2 bits: 56 MB at n = 30000, 1 GiB at n = 131072).
// SolveValue needs no table and has no such limit.
const MaxTableBytes = 1 << 30

// Result is the outcome of optimal play on one row.
type Result struct {
	N      int
	Coins  []*big.Int // the row as solved: a copy of the slice, sharing the values
	Best   *big.Int   // A's (the first player's) total; from a Game's position, the mover's
	Second *big.Int   // B's total
	Diff   *big.Int   // Best − Second
	// Moves has one letter per turn, L or R, A's turns at even indices (0, 2, …).
	// Ties are broken as docs/rules.md says; the last coin is always L.
	// Under other rules (Game.Solve) it is Line written out: "L2RL3".
	Moves string
	// Rules are the rules played (the zero value: the default game).
	Rules Rules
	// Line is the optimal line of Moves, one Move per turn: under rules
	// other than the default the first optimal move in the game's order
	// at every turn.
	Line []Move
	// Optimal lists every optimal first move, in the game's order.
	Optimal []Move
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
	return solve(ctx, coins, auto)
}

// SolveProgress is Solve that tells report, as it goes, how many of the
// DP's total cells are done (from 0 of total at the start to total of
// total at the end): the cells take about equal time, so a front end can
// show a progress line and estimate the time left. A nil report is Solve.
func SolveProgress(ctx context.Context, coins []*big.Int, report func(done, total int64)) (*Result, error) {
	if report == nil {
		return Solve(ctx, coins)
	}
	return solveWith(ctx, coins, auto, diagonalProgress(len(coins), report))
}

// solve is Solve with a choice of number representation, so tests can check
// the representations against each other.
func solve(ctx context.Context, coins []*big.Int, path numPath) (*Result, error) {
	return solveWith(ctx, coins, path, nil)
}

// solveWith is solve calling after once each diagonal sz is done (see runDP).
func solveWith(ctx context.Context, coins []*big.Int, path numPath, after func(sz int)) (*Result, error) {
	n := len(coins)
	if n == 0 {
		return nil, ErrEmpty
	}
	if b := TableBytes(n); b > MaxTableBytes {
		return nil, fmt.Errorf("n = %d needs %d MiB for the move table, more than the %d MiB limit (the value alone needs no table)",
			n, b>>20, MaxTableBytes>>20)
	}
	table := newChoices(n, tuningOf(ctx))
	dp := newDP(coins, path)
	// The first move's two values, caught on the last diagonal but one, say
	// which first moves are optimal.
	first := newLineCatch(Rules{}, n, []Position{{0, n, 0}})
	catch := first.catcher(func(int) func(int) *big.Int { return dp.value }, nil)
	if err := runDP(ctx, dp, n, table, func(sz int) {
		if sz >= n-2 {
			catch(sz)
		}
		if after != nil {
			after(sz)
		}
	}); err != nil {
		return nil, err
	}
	// Trace replays from Coins later: keep them even if the caller's
	// slice is edited in place.
	r := &Result{N: n, Coins: append([]*big.Int(nil), coins...), Diff: dp.value(0), Moves: table.moves()}
	r.Best, r.Second = split(sum(coins), r.Diff)
	r.Line = make([]Move, n)
	for i := range r.Line {
		r.Line[i] = Move{r.Moves[i], 1}
	}
	e := first.evals(coins, true)[0]
	r.Optimal = e.Best()
	return r, nil
}

// SolveValue returns only A's total minus B's (AtCoder's X − Y), in O(n)
// memory for any n.
func SolveValue(ctx context.Context, coins []*big.Int) (*big.Int, error) {
	if len(coins) == 0 {
		return nil, ErrEmpty
	}
	dp := newDP(coins, auto)
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

// choices holds one choice per interval (i, i+sz), sz ≥ 1, in width bits
// (1, 2, 4, 8, 16 or 32): under the default rules one bit, set when the mover
// takes L; under other rules the index of the chosen move in the game's
// order (nthMove). Each diagonal starts on a word boundary so step can write
// whole words; that wastes under one word per diagonal.
//
// The words live in slabs of at most tuning.slabWords, allocated only when the DP
// reaches them (diag). One allocation of the whole table (625 MB at
// n = 100000) would be zeroed by the runtime in one go, before the first
// look at the context, and could hold a cancelled solve for a second or
// more; a slab is zeroed in milliseconds, and a cancelled solve never
// allocates the rest.
type choices struct {
	n, width int
	diags    [][]uint64 // diags[sz], filled in by diag
	free     []uint64   // the unused end of the newest slab
	left     int        // words of the table not yet handed out
	tune     tuning     // slabWords and slabHook
}

func tableWords(n int) int { return tableWordsOf(n, 1) }

func tableWordsOf(n, width int) int {
	w := 0
	for sz := 1; sz < n; sz++ {
		w += diagWords(n, sz, width)
	}
	return w
}

// diagWords is the length in words of diagonal sz (its n−sz intervals).
func diagWords(n, sz, width int) int { return ((n-sz)*width + 63) / 64 }

func newChoices(n int, t tuning) *choices { return newChoicesOf(n, 1, t) }

func newChoicesOf(n, width int, t tuning) *choices {
	return &choices{n: n, width: width, diags: make([][]uint64, n), left: tableWordsOf(n, width), tune: t}
}

// diag returns diagonal sz's words, allocating them on first use; the DP
// asks for the diagonals in increasing order.
func (c *choices) diag(sz int) []uint64 {
	if c.diags[sz] == nil {
		w := diagWords(c.n, sz, c.width)
		if len(c.free) < w {
			size := max(w, min(c.tune.slabWords, c.left))
			if c.tune.slabHook != nil {
				c.tune.slabHook(size)
			}
			c.free = make([]uint64, size)
		}
		c.diags[sz], c.free = c.free[:w:w], c.free[w:]
		c.left -= w
	}
	return c.diags[sz]
}

// get is the choice recorded for the interval (i, i+sz), sz ≥ 1.
func (c *choices) get(sz, i int) int {
	bit := uint(i * c.width)
	return int(c.diags[sz][bit>>6] >> (bit & 63) & (1<<c.width - 1))
}

func (c *choices) takesLeft(i, j int) bool { return c.get(j-i, i) == 1 }

// moves replays the choices from the whole row; the last coin is L, as in
// the original program.
func (c *choices) moves() string {
	b := make([]byte, 0, c.n)
	i, j := 0, c.n-1
	for i < j {
		if c.takesLeft(i, j) {
			b = append(b, 'L')
			i++
		} else {
			b = append(b, 'R')
			j--
		}
	}
	return string(append(b, 'L'))
}
