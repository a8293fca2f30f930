package coins

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
)

// Table is the DP of a game as a value (dp(x), issue 21): for every
// position that can arise from the game's start — every interval of coins
// from..to (under ends "left" the intervals from..n) and, under take "2M",
// every M that can occur there — the mover's best margin and every move's
// value, so every optimal move. Coins count from 1 here, as users count
// them. It is meant for rows of up to a few thousand coins: it keeps a
// value for every interval (TableSize says how much memory).
type Table struct {
	g     Game
	t     *fullTable
	reach *reachable // under take "2M": the Ms that occur; nil otherwise
}

// Cell is one position of a Table: coins From..To left (counting from 1)
// and, under take "2M", M (0 otherwise), with its Eval: Value is the
// mover's best margin there, Best() its optimal moves.
type Cell struct {
	From, To, M int
	Eval
}

// TableSize is the memory Table allocates on g: a value for every
// position it keeps, and under take "2M" a bit for every M that occurs.
func (g Game) TableSize() int64 {
	states, _ := g.size()
	shift := uint(0)
	if g.Rules.shape() <= shapeInterval {
		k := min(g.Rules.k(), len(g.Coins))
		shift = moveBits(k)
		states += int64(k+1) * int64(len(g.Coins)) // the DP's ring of diagonals
	}
	b := states * g.valueBytes(shift)
	if g.Rules.TwoM() { // reachable's bits, and its cover of every end (one under ends "left") and M
		ends := int64(1)
		if g.Rules.Ends == BothEnds {
			ends = 2 * int64(len(g.Coins)+1)
		}
		b += g.reachBits()/8 + 24*int64(g.reachSlots()) + 8*ends*int64(max(g.M, len(g.Coins))+1)
	}
	return b
}

// Table fills g's table (see Table).
func (g Game) Table(ctx context.Context, report func(done, total int64)) (*Table, error) {
	if err := g.check(g.TableSize(), "table"); err != nil {
		return nil, err
	}
	t := newFullTable(g)
	if t.shape <= shapeInterval {
		if err := fillIntervals(ctx, t, report); err != nil {
			return nil, err
		}
	} else if err := t.fill(ctx, report); err != nil {
		return nil, err
	}
	tab := &Table{g: g, t: t}
	if g.Rules.TwoM() {
		tab.reach = newReachable(g)
		if err := tab.reach.fill(ctx); err != nil {
			return nil, err
		}
	}
	return tab, nil
}

// fillIntervals fills the table of intervals (take k from both ends, the
// default rules included) with the interval DP, copying each diagonal off
// the ring as it passes: interval lo..lo+sz is at base[sz+1] + lo.
func fillIntervals(ctx context.Context, t *fullTable, report func(done, total int64)) error {
	g := t.g
	dp := newIntervalDP(g.Coins, g.Rules) // the default rules' x are take 1's
	n := t.n
	var after func(sz int)
	switch dp := dp.(type) {
	case *packedDP:
		xs := make([]int64, t.base[n+1])
		t.x = int64Store(xs)
		after = func(sz int) {
			for i, y := range dp.ring[sz%(dp.k+1)][:n-sz] {
				xs[t.base[sz+1]+i] = y >> dp.b
			}
		}
	case *bigIntervalDP:
		xs := make([]*big.Int, t.base[n+1])
		t.x = bigStore(xs)
		after = func(sz int) {
			for i, v := range dp.ring[sz%(dp.k+1)][:n-sz] {
				xs[t.base[sz+1]+i] = new(big.Int).Set(v)
			}
		}
	}
	progress := diagonalProgress(n, report)
	return runDP(ctx, dp, n, nil, func(sz int) { after(sz); progress(sz) })
}

// Len is how many cells the table has.
func (tab *Table) Len() int {
	if tab.reach != nil {
		return tab.reach.count()
	}
	if tab.t.shape == shapeSuffix {
		return tab.t.n
	}
	return tab.t.n * (tab.t.n + 1) / 2
}

// CellError is At's error: which of its arguments ("from", "to" or "M")
// names no cell, and why.
type CellError struct {
	Arg string
	Msg string
}

func (e *CellError) Error() string { return e.Msg }

// At is the cell of coins from..to (counting from 1) with M m (under take
// "2M"; 0 otherwise), or a *CellError that says which cells there are.
func (tab *Table) At(from, to, m int) (*Cell, error) {
	n, r := tab.t.n, tab.g.Rules
	bad := func(arg, format string, a ...any) (*Cell, error) {
		return nil, &CellError{Arg: arg, Msg: fmt.Sprintf(format, a...)}
	}
	switch {
	case from < 1 || to > n || from > to:
		arg := "from"
		if from >= 1 && from <= n && to > n {
			arg = "to"
		}
		return bad(arg, "coins %d..%d: the row has %d coins (from ≤ to, both 1..%d)", from, to, n, n)
	case r.Ends == LeftEnd && to != n:
		return bad("to", `coins %d..%d cannot be left: under ends "left" the coins left are always from..%d`, from, to, n)
	case !r.TwoM() && m != 0:
		return bad("M", `these rules have no M (only take "2M" has one), but M = %d was asked for`, m)
	case r.TwoM():
		ms := tab.Ms(from, to)
		if len(ms) == 0 {
			return bad("from", "coins %d..%d cannot be left in this game", from, to)
		}
		if !tab.reach.has(Position{from - 1, to, m}) {
			return bad("M", "with coins %d..%d left, M = %d cannot occur (M can be %s there)", from, to, m, intList(ms))
		}
	}
	return tab.cell(Position{from - 1, to, m}), nil
}

// Margin is the mover's best margin with coins from..to left and M m, a
// cell that At would give (its Value), without the values of its moves:
// for a table written cell by cell.
func (tab *Table) Margin(from, to, m int) *big.Int {
	p := Position{from - 1, to, m}
	return tab.g.Rules.marginOf(tab.t.sumOf(p), tab.t.xOf(p))
}

// MarginInt64 is Margin as an int64, without allocating, when the table
// keeps its values in int64 (rows whose sums stay below 2^62, where every
// margin fits); ok is false otherwise, when Margin gives it.
func (tab *Table) MarginInt64(from, to, m int) (v int64, ok bool) {
	xs, small := tab.t.x.(int64Store)
	if !small || tab.t.sums.small == nil {
		return 0, false
	}
	p := Position{from - 1, to, m}
	x, s := xs[tab.t.index(p)], tab.t.sums.small[p.Hi]-tab.t.sums.small[p.Lo]
	if tab.g.Rules.Score == ScoreRest {
		return x + s, true
	}
	return 2*x - s, true
}

// AppendBest appends the optimal moves of the cell of coins from..to and
// M m (At's Best()) to dst, in the game's order, making no value where the
// table keeps int64s: for a table written cell by cell.
func (tab *Table) AppendBest(dst []Move, from, to, m int) []Move {
	p := Position{from - 1, to, m}
	v, small := tab.MarginInt64(from, to, m)
	if !small {
		c := tab.cell(p)
		return append(dst, c.Best()...)
	}
	r, xs := tab.g.Rules, tab.t.x.(int64Store)
	s, rem := tab.t.sums.small[p.Hi]-tab.t.sums.small[p.Lo], p.Left()
	for i := range r.moveCount(rem, p.M) {
		mv := r.nthMove(rem, p.M, i)
		var x int64 // of the position after the move: 0 without coins
		if q := r.Next(p, mv); q.Left() > 0 {
			x = xs[tab.t.index(q)]
		}
		after := s - 2*x // as afterOf
		if r.Score == ScoreRest {
			after = -x
		}
		if after == v {
			dst = append(dst, mv)
		}
	}
	return dst
}

func (tab *Table) cell(p Position) *Cell {
	return &Cell{From: p.Lo + 1, To: p.Hi, M: p.M, Eval: tab.t.eval(p)}
}

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// Ms lists the Ms that occur with coins from..to left (under take "2M";
// nil otherwise or when those coins cannot be left).
func (tab *Table) Ms(from, to int) []int {
	if tab.reach == nil || from < 1 || to > tab.t.n || from > to {
		return nil
	}
	return tab.reach.ms(from-1, to)
}

// Cells calls yield on every cell in the order the DP fills them: fewer
// coins first, then by From, then by M; it stops when yield returns false.
func (tab *Table) Cells(yield func(*Cell) bool) {
	n := tab.t.n
	for rem := 1; rem <= n; rem++ {
		first := 0
		if tab.g.Rules.Ends == LeftEnd {
			first = n - rem // only the suffix
		}
		for lo := first; lo+rem <= n; lo++ {
			ms := []int{0}
			if tab.reach != nil {
				ms = tab.reach.ms(lo, lo+rem)
			}
			for _, m := range ms {
				if !yield(tab.cell(Position{lo, lo + rem, m})) {
					return
				}
			}
		}
	}
}

// Plan lists the cells the solve's optimal line passes through, from the
// start: under the default rules Solve's line (the seed's tie rule), under
// others the first optimal move in the game's order at every turn.
func (tab *Table) Plan() []*Cell {
	var plan []*Cell
	r := tab.g.Rules
	for p := tab.g.start(); p.Left() > 0; {
		c := tab.cell(p)
		plan = append(plan, c)
		m := c.Moves[0]
		switch {
		case r.IsDefault():
			// L only when strictly better (solve.go); the last coin is L.
			if len(c.Moves) == 2 && c.After[0].Cmp(c.After[1]) <= 0 {
				m = c.Moves[1]
			}
		default:
			m = tab.t.firstBest(p)
		}
		p = r.Next(p, m)
	}
	return plan
}

// reachable marks, under take "2M", which (coins left, M) occur from the
// start: one bit per M up to max(M at the start, coins taken), which bounds
// M (it never passes the most coins one move took).
type reachable struct {
	g    Game
	n    int
	bits [][]uint64 // bits[interval]: bit M set when M occurs
}

// reachBits is how many bits reachable keeps.
func (g Game) reachBits() int64 {
	n, m0 := len(g.Coins), g.start().M
	var total int64
	for rem := 1; rem <= n; rem++ {
		count := int64(n - rem + 1)
		if g.Rules.Ends == LeftEnd {
			count = 1
		}
		total += count * int64((max(m0, n-rem)+64)/64*64)
	}
	return total
}

func newReachable(g Game) *reachable {
	n := len(g.Coins)
	return &reachable{g: g, n: n, bits: make([][]uint64, g.reachSlots())}
}

// reachSlots is how many intervals can be left: n suffixes under ends
// "left", else n(n+1)/2 intervals.
func (g Game) reachSlots() int {
	n := len(g.Coins)
	if g.Rules.Ends == LeftEnd {
		return n
	}
	return n * (n + 1) / 2
}

// slot is the interval lo..hi−1's place in bits: by coins taken, then lo
// (under ends "left" lo alone).
func (rc *reachable) slot(lo, hi int) int {
	if rc.g.Rules.Ends == LeftEnd {
		return lo
	}
	taken := rc.n - (hi - lo)
	return taken*(taken+1)/2 + lo
}

func (rc *reachable) row(lo, hi int) []uint64 {
	s := rc.slot(lo, hi)
	if rc.bits[s] == nil {
		rc.bits[s] = make([]uint64, (max(rc.g.start().M, rc.n-(hi-lo))+64)/64)
	}
	return rc.bits[s]
}

func (rc *reachable) has(p Position) bool {
	if p.M < 1 {
		return false
	}
	b := rc.bits[rc.slot(p.Lo, p.Hi)]
	return p.M/64 < len(b) && b[p.M/64]>>(p.M%64)&1 == 1
}

// set marks M as occurring with coins lo..hi−1 left.
func (rc *reachable) set(lo, hi, m int) { rc.row(lo, hi)[m/64] |= 1 << (m % 64) }

// fill propagates from the start, positions with more coins first (so
// every position is complete before its moves are followed), in O(n³)
// time for any n rather than one step per move. A move of X coins at M
// leaves M' = max(M, X):
//   - X ≤ M keeps M: from coins lo..hi−1 the L moves reach lo+1..lo+a
//     with the same hi (a = min(M, coins − 1)) and the R moves the same
//     lo with hi−1..hi−a, runs that cover[L|R] keep the far end of, per
//     M, and each position reads before it adds its own;
//   - X > M gives M' = X: the Xs in (M, 2M] over the occurring Ms, one
//     sweep of a difference array per position.
func (rc *reachable) fill(ctx context.Context) error {
	both, n := rc.g.Rules.Ends == BothEnds, rc.n
	s := rc.g.start()
	rc.set(s.Lo, s.Hi, s.M)
	width := max(s.M, n) + 1
	coverL := make([][]int, n+1) // coverL[hi][M]: the last lo an L move reaches, or −1
	coverR := make([][]int, n+1) // coverR[lo][M]: the first hi an R move reaches, or n+1
	cover := func(c [][]int, i, none int) []int {
		if c[i] == nil {
			c[i] = make([]int, width)
			fill(c[i], none)
		}
		return c[i]
	}
	diff := make([]int, n+2)
	hook := tuningOf(ctx).chunkHook
	for rem := n; rem >= 1; rem-- {
		if hook != nil {
			hook()
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		first := 0
		if !both {
			first = n - rem
		}
		for lo := first; lo+rem <= n; lo++ {
			hi := lo + rem
			for m, last := range coverL[hi] {
				if last >= lo {
					rc.set(lo, hi, m)
				}
			}
			for m, first := range coverR[lo] {
				if first <= hi {
					rc.set(lo, hi, m)
				}
			}
			clear(diff[:rem+1])
			sweep := false
			rc.each(lo, hi, func(m int) {
				if a := min(m, rem-1); a >= 1 {
					l := cover(coverL, hi, -1)
					l[m] = max(l[m], lo+a)
					if both {
						r := cover(coverR, lo, n+1)
						r[m] = min(r[m], hi-a)
					}
				}
				if top := min(2*m, rem-1); top > m {
					diff[m+1]++
					diff[top+1]--
					sweep = true
				}
			})
			for x, run := 1, 0; sweep && x < rem; x++ {
				if run += diff[x]; run > 0 {
					rc.set(lo+x, hi, x)
					if both {
						rc.set(lo, hi-x, x)
					}
				}
			}
		}
	}
	return nil
}

// each calls f on every M that occurs with coins lo..hi−1 left, in order.
func (rc *reachable) each(lo, hi int, f func(m int)) {
	for w, word := range rc.bits[rc.slot(lo, hi)] {
		for ; word != 0; word &= word - 1 {
			f(w*64 + bits.TrailingZeros64(word))
		}
	}
}

func (rc *reachable) ms(lo, hi int) []int {
	var out []int
	rc.each(lo, hi, func(m int) { out = append(out, m) })
	return out
}

func (rc *reachable) count() int {
	c := 0
	for _, b := range rc.bits {
		for _, w := range b {
			c += bits.OnesCount64(w)
		}
	}
	return c
}
