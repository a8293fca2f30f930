package coins

import (
	"fmt"
)

// shape is how a DP lays out the positions of a game, which the rules
// decide: intervals of the row, or only its suffixes (ends "left"), each
// with every M that can arise (take "2M") or without.
type shape int

const (
	shapeDefault   shape = iota // the default rules: dp.go's margins, the seed's tie rule
	shapeInterval               // take k, both ends: interval.go, a ring of k+1 diagonals
	shapeSuffix                 // take k, ends "left": x of every suffix
	shapeSuffixM                // take "2M", ends "left": x of every suffix and M
	shapeIntervalM              // take "2M", both ends: x of every interval and M
)

func (r Rules) shape() shape {
	switch {
	case r.IsDefault():
		return shapeDefault
	case r.TwoM() && r.Ends == LeftEnd:
		return shapeSuffixM
	case r.TwoM():
		return shapeIntervalM
	case r.Ends == LeftEnd:
		return shapeSuffix
	}
	return shapeInterval
}

// MaxTwoMBothSteps bounds the work of take "2M" from both ends, whose
// positions are every interval with every M: about 0.074·n³ of them and
// 0.031·n⁴ moves to compare (a few nanoseconds each), so n = 400 needs
// about 8·10⁸ steps and 40 MB, n = 1000 would need 3·10¹⁰ steps. A game on
// more than 421 coins (from the start, M = 1) is refused before the work
// starts, with a *LimitError.
const MaxTwoMBothSteps = 1_000_000_000

// LimitError refuses a game too large to solve: its tables would pass
// MaxTableBytes or, under take "2M" from both ends, its work MaxTwoMBothSteps.
type LimitError struct {
	N     int
	Rules Rules
	Bytes int64 // memory the work would need
	Steps int64 // moves it would compare
	Why   string
}

func (e *LimitError) Error() string { return e.Why }

// capM is the largest M the DPs keep for a position with rem coins left
// after taken coins were taken, in a game that started with M m0: M never
// passes max(m0, the most coins one move took), and positions with
// 2M ≥ rem are all the same (every move stays legal to the end), so M is
// clamped to ⌈rem/2⌉ (clampM).
func capM(m0, taken, rem int) int { return min(max(m0, taken), (rem+1)/2) }

// clampM is the M that stands for M at a position with rem coins left.
func clampM(m, rem int) int { return min(m, (rem+1)/2) }

// sumMin is Σ min(2M, r) for M = 1..c: the moves from one side of c
// positions with r coins left and M = 1..c.
func sumMin(c, r int) int64 {
	h := int64(min(c, r/2))
	return h*(h+1) + (int64(c)-h)*int64(r)
}

// states is how many positions the DP for these rules keeps values of
// (every one a full table would hold), and steps how many moves it
// compares in all.
func (g Game) size() (states, steps int64) {
	n, r, m0 := len(g.Coins), g.Rules, g.start().M
	switch r.shape() {
	case shapeSuffix:
		return int64(n) + 1, 2 * int64(n)
	case shapeSuffixM:
		for i := range n {
			c := capM(m0, i, n-i)
			states += int64(c)
			steps += sumMin(c, n-i)
		}
		return states, steps
	case shapeIntervalM:
		for rem := 1; rem <= n; rem++ {
			c, count := capM(m0, n-rem, rem), int64(n-rem+1)
			states += count * int64(c)
			steps += count * (sumMin(c, rem) + sumMin(c, rem-1))
		}
		return states, steps
	}
	k := r.k()
	for rem := 1; rem <= n; rem++ {
		steps += int64(n-rem+1) * int64(min(k, rem)+min(k, rem-1))
	}
	return int64(n) * int64(n+1) / 2, steps
}

// Steps is how many moves solving g compares: time is about a
// nanosecond a step when the values fit in int64 (tens of nanoseconds in
// math/big), so callers can warn before a long solve.
func (g Game) Steps() int64 {
	_, steps := g.size()
	return steps
}

// valueBytes is the memory one stored value takes: 8 bytes in int64,
// else a pointer, a big.Int and its words.
func (g Game) valueBytes(shift uint) int64 {
	if fitsInt64(g.Coins, g.Rules, shift) {
		return 8
	}
	return 48 + 8*int64(xBound(absSum(g.Coins), len(g.Coins), g.Rules).BitLen()/64+1)
}

// ringBytes is the memory of the interval DP's last k+1 diagonals.
func (g Game) ringBytes() int64 {
	n := len(g.Coins)
	k := min(g.Rules.k(), n)
	return int64(k+1) * int64(n) * g.valueBytes(moveBits(k))
}

// SolveBytes is the memory Solve allocates on g beyond the row: the
// default rules' one-bit move table (TableBytes), take k from both ends'
// move table and ring of diagonals, every other rule's table of values.
func (g Game) SolveBytes() int64 {
	n := len(g.Coins)
	switch g.Rules.shape() {
	case shapeDefault:
		return TableBytes(n)
	case shapeInterval:
		return int64(tableWordsOf(n, choiceWidth(min(g.Rules.k(), n))))*8 + g.ringBytes()
	}
	states, _ := g.size()
	return states * g.valueBytes(0)
}

// LineBytes is the memory Line allocates for a line of the given number of
// moves: a ring of diagonals (O(n) under the default rules) or the table
// of values, and each position's values.
func (g Game) LineBytes(moves int) int64 {
	n := len(g.Coins)
	perTurn := int64(2*min(n, g.moveBound())+2) * 48
	switch g.Rules.shape() {
	case shapeDefault:
		return int64(moves+1)*perTurn + int64(n)*g.valueBytes(0)
	case shapeInterval:
		return int64(moves+1)*perTurn + g.ringBytes()
	}
	return int64(moves+1)*perTurn + g.SolveBytes()
}

// moveBound is the most moves any position of g has on one side.
func (g Game) moveBound() int {
	if g.Rules.TwoM() {
		return len(g.Coins)
	}
	return g.Rules.k()
}

// check refuses, before any work, a game whose memory (need bytes) would
// pass MaxTableBytes, or whose steps under take "2M" from both ends would
// pass MaxTwoMBothSteps.
func (g Game) check(need int64, what string) error {
	n := len(g.Coins)
	if n == 0 {
		return ErrEmpty
	}
	if err := g.Rules.Validate(); err != nil {
		return err
	}
	_, steps := g.size()
	if g.Rules.shape() == shapeIntervalM && steps > MaxTwoMBothSteps {
		return &LimitError{N: n, Rules: g.Rules, Bytes: need, Steps: steps,
			Why: fmt.Sprintf(`n = %d under take "2M" from both ends means comparing %.1e moves, more than the %.1e allowed (421 coins from the start)`,
				n, float64(steps), float64(MaxTwoMBothSteps))}
	}
	if need > MaxTableBytes {
		return &LimitError{N: n, Rules: g.Rules, Bytes: need, Steps: steps,
			Why: fmt.Sprintf("n = %d needs %d MiB for the %s, more than the %d MiB limit", n, need>>20, what, MaxTableBytes>>20)}
	}
	return nil
}
