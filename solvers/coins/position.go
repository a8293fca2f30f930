package coins

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file is the one statement of what the rules mean: the moves of a
// position in the game's order, what a move does and what it scores. The
// test-only exhaustive search plays through these functions alone; the fast
// DPs follow the same order through nthMove, moveCount and nextM, and work
// on the transformed value x that xOf, marginOf and afterOf define below.

// Move takes Count coins from one end of the row: Side 'L' (the leftmost
// coins) or 'R' (the rightmost).
type Move struct {
	Side  byte // 'L' or 'R'
	Count int  // ≥ 1
}

// String writes m as the game does: "L" or "R" for one coin, "L2", "R3", …
// for more.
func (m Move) String() string {
	if m.Count == 1 {
		return string(m.Side)
	}
	return string(m.Side) + strconv.Itoa(m.Count)
}

// LineString writes a line of moves as one string: "L2RL3".
func LineString(line []Move) string {
	var b strings.Builder
	for _, m := range line {
		b.WriteString(m.String())
	}
	return b.String()
}

// Position is a point of a game on a row: the coins Lo..Hi−1 (counting
// from 0) are left and, under take "2M", M is the current M (0 under other
// rules). The player to move is the caller's to know.
type Position struct{ Lo, Hi, M int }

// Left is how many coins are left.
func (p Position) Left() int { return p.Hi - p.Lo }

// Start is the position of a game on n coins whose M (under take "2M";
// 0 or less means 1) is m.
func (r Rules) Start(n, m int) Position {
	if !r.TwoM() {
		return Position{0, n, 0}
	}
	return Position{0, n, max(m, 1)}
}

// limit is the most coins a move may take at a position with rem coins
// left and the given M.
func (r Rules) limit(rem, m int) int {
	if r.TwoM() {
		return min(2*m, rem)
	}
	return min(r.k(), rem)
}

// rightCount is how many R moves a position has: none under ends "left",
// and never one that takes every coin left (that move is written L).
func (r Rules) rightCount(rem, m int) int {
	if r.Ends == LeftEnd {
		return 0
	}
	return max(0, min(r.limit(rem, m), rem-1))
}

// moveCount is how many legal moves a position has.
func (r Rules) moveCount(rem, m int) int { return r.limit(rem, m) + r.rightCount(rem, m) }

// nthMove is move i (from 0) of a position in the game's order: L1, L2, …,
// up to the limit, then R1, R2, …. The fast DPs record a choice as this i.
func (r Rules) nthMove(rem, m, i int) Move {
	if lim := r.limit(rem, m); i >= lim {
		return Move{'R', i - lim + 1}
	}
	return Move{'L', i + 1}
}

// nextM is M after a move of x coins at M m (0 under rules without M).
func (r Rules) nextM(m, x int) int {
	if !r.TwoM() {
		return 0
	}
	return max(m, x)
}

// Moves lists the legal moves at p in the game's order (L before R, fewer
// coins before more); a move that takes every coin left is its L move.
// A position without coins has none.
func (r Rules) Moves(p Position) []Move {
	n := r.moveCount(p.Left(), p.M)
	ms := make([]Move, n)
	for i := range ms {
		ms[i] = r.nthMove(p.Left(), p.M, i)
	}
	return ms
}

// Check says why m is not a legal move at p, or nil. The reason reads
// after the move: "L3" + " takes 3 coins, but the rules allow 1 to 2 (take
// 2)". R with every coin left is legal too: it is the same move as L
// (Canonical writes it so).
func (r Rules) Check(p Position, m Move) error {
	rem := p.Left()
	switch {
	case rem == 0:
		return errors.New("cannot be played: no coins are left")
	case m.Side != 'L' && m.Side != 'R' || m.Count < 1:
		return errors.New("is not a move: write L or R, then how many coins when more than one (L2, R3)")
	case m.Side == 'R' && r.Ends == LeftEnd:
		return errors.New(`takes from the right, but the rules take from the left end only (ends "left")`)
	case r.TwoM() && m.Count > 2*p.M:
		return fmt.Errorf(`takes %d coins, but with M = %d a move takes 1 to %d (take "2M")`, m.Count, p.M, 2*p.M)
	case !r.TwoM() && m.Count > r.k():
		return fmt.Errorf("takes %d coins, but the rules allow %s (take %d)", m.Count, countRange(r.k()), r.k())
	case m.Count > rem:
		return fmt.Errorf("takes %d coins, but %s left", m.Count, coinCount(rem))
	}
	return nil
}

func countRange(k int) string {
	if k == 1 {
		return "1"
	}
	return fmt.Sprintf("1 to %d", k)
}

func coinCount(n int) string {
	if n == 1 {
		return "only 1 is"
	}
	return fmt.Sprintf("only %d are", n)
}

// Canonical is m as Moves writes it: R taking every coin left becomes L.
func (r Rules) Canonical(p Position, m Move) Move {
	if m.Count == p.Left() {
		m.Side = 'L'
	}
	return m
}

// Next is the position after the legal move m at p.
func (r Rules) Next(p Position, m Move) Position {
	q := Position{p.Lo, p.Hi, r.nextM(p.M, m.Count)}
	if r.Canonical(p, m).Side == 'L' {
		q.Lo += m.Count
	} else {
		q.Hi -= m.Count
	}
	return q
}

// Gain is what the legal move m at p scores for its mover, coins being the
// whole row p counts in: the coins taken, or under score "rest" the sum of
// the coins left after the move.
func (r Rules) Gain(coins []*big.Int, p Position, m Move) *big.Int {
	lo, hi := r.scored(p, m)
	return sum(coins[lo:hi])
}

// scored is the coins lo..hi−1 that the legal move m at p scores.
func (r Rules) scored(p Position, m Move) (lo, hi int) {
	q := r.Next(p, m)
	switch {
	case r.Score == ScoreRest:
		return q.Lo, q.Hi // the coins left
	case q.Lo == p.Lo:
		return q.Hi, p.Hi // taken on the right
	}
	return p.Lo, q.Lo // taken on the left
}

// The fast DPs do not compute margins directly. With S(p) the sum of the
// coins left at p, they compute
//
//	x(p) = σ·S(p) − min over the moves of x(the position after it),  x(no coins) = 0,
//
// with σ = +1 under score "taken" (x is then the mover's total from p on:
// they get all of S(p) but what the opponent gets next) and σ = −1 under
// score "rest" (x is then the margin minus S(p)). One minimum, no per-move
// gain, and the first move in the game's order that reaches it is the
// first optimal move. marginOf and afterOf turn x back into margins.

// sigma is σ.
func (r Rules) sigma() int64 {
	if r.Score == ScoreRest {
		return -1
	}
	return 1
}

// marginOf is the mover's margin at a position with sum s and value x:
// 2x − s under score "taken", x + s under score "rest".
func (r Rules) marginOf(s, x *big.Int) *big.Int {
	if r.Score == ScoreRest {
		return new(big.Int).Add(x, s)
	}
	v := new(big.Int).Lsh(x, 1)
	return v.Sub(v, s)
}

// afterOf is what a move still guarantees its mover, their gain minus the
// opponent's margin after it, when the position before has sum s and the
// one after has value xq: s − 2·xq under score "taken", −xq under "rest".
func (r Rules) afterOf(s, xq *big.Int) *big.Int {
	if r.Score == ScoreRest {
		return new(big.Int).Neg(xq)
	}
	v := new(big.Int).Lsh(xq, 1)
	return v.Sub(s, v)
}

// ParseMove reads one move as a user writes it: L or R (either case), then
// optionally how many coins ("L", "r", "L2", "R10").
func ParseMove(s string) (Move, error) {
	line, err := ParseLine(s)
	switch {
	case err != nil:
		return Move{}, err
	case len(line) != 1:
		return Move{}, fmt.Errorf("%q is not one move: write L or R, then how many coins when more than one (L2, R3)", s)
	}
	return line[0], nil
}

// MoveError is a line of moves that does not read: Index is the move's
// number (from 1), Offset the byte where it starts.
type MoveError struct {
	Index, Offset int
	Text, Why     string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%q) %s", e.Index, e.Text, e.Why)
}

// ParseLine reads a line of moves: their concatenation ("L2RL3"), in any
// case, with white space and commas between moves ignored.
func ParseLine(s string) ([]Move, error) {
	var line []Move
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' {
			i++
			continue
		}
		start := i
		side := c &^ 0x20 // upper case
		i++
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		text := s[start:i]
		bad := func(why string) error {
			return &MoveError{Index: len(line) + 1, Offset: start, Text: text, Why: why}
		}
		if side != 'L' && side != 'R' {
			_, size := utf8.DecodeRuneInString(s[start:])
			text = s[start : start+size]
			return nil, bad("is not a move: write L or R, then how many coins when more than one (L2, R3)")
		}
		count := 1
		if digits := text[1:]; digits != "" {
			n, err := strconv.Atoi(digits)
			switch {
			case err != nil:
				return nil, bad("takes more coins than any row has")
			case n < 1:
				return nil, bad("takes no coins: a move takes at least 1")
			}
			count = n
		}
		line = append(line, Move{side, count})
	}
	return line, nil
}

// ParseMoves reads a line given as a list of moves (["L2", "R"]).
func ParseMoves(list []string) ([]Move, error) {
	line := make([]Move, len(list))
	for i, s := range list {
		ms, err := ParseLine(s)
		var me *MoveError
		switch {
		case errors.As(err, &me):
			return nil, &MoveError{Index: i + 1, Text: s, Why: me.Why}
		case len(ms) != 1:
			return nil, &MoveError{Index: i + 1, Text: s, Why: "is not one move: write L or R, then how many coins when more than one (L2, R3)"}
		}
		line[i] = ms[0]
	}
	return line, nil
}
