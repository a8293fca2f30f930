package games

import (
	"math/big"
	"unsafe"

	"gamelab/kernel/builtin"
)

// Position is one state of a game: an instance before any move (a
// polygon, a row of coins, a board; its History is nil) or the state after
// some moves (after). It is OpenSpiel's State: what the tools write once
// (after, analyze, play, trace, the game tree, json's moves record, the
// strategies) they write over this interface. Positions are values: Play
// and WithRules return a new one and leave their receiver as it was.
type Position interface {
	builtin.Value
	// Game is the game this is a position of.
	Game() *Game
	// Rules are the rules it is played under.
	Rules() Rules
	// WithRules is the same position under rules r, r being rules of its
	// game (with(x, rules)); an error says why r cannot apply here (a
	// board's grid is its shape).
	WithRules(r Rules) (Position, error)
	// Mover names the player to move: "A" or "B" (coins), "1" for the
	// polygon's one player, a Life Line stone "1".."9"; "" when the game
	// is over, or when the game has no order of play and each move names
	// its player (a Life Line board outside play).
	Mover() string
	// Legal lists the moves of the mover in the game's order (the order
	// ties are broken in); empty when the game is over.
	Legal() []Move
	// Play makes m and returns the position it leads to, or an error that
	// says in the game's words why m is illegal here.
	Play(m Move) (Position, error)
	// Step is what m earns its mover (see Step); m is legal here.
	Step(m Move) Step
	// Terminal is what the game is worth at its end, once no move is left:
	// the polygon's last value, 0 for coins and Life Line.
	Terminal() *big.Int
	// Minimizes says the mover wants the smallest value (the polygon
	// under goal "min"); all else maximises.
	Minimizes() bool
	// ParseMove reads one move as a user writes it: "L2", 3, [3, 2] or
	// [3, 2, 4], or says what a move looks like.
	ParseMove(x any) (Move, error)
	// History is the line played from the instance to here.
	History() *History
}

// Move is one move in its game's notation.
type Move interface {
	// String is the move as text: "L2", "3", "(3,2)".
	String() string
	// Value is the move as expr and json see it: "L2", 3, [3, 2].
	Value() any
}

// Step says what a move is worth to its mover, so that the value of every
// position follows from its moves alone (the exhaustive solver, analyze):
//
//	value(p) = best over legal m of  Reward(m) + Carry(m) · value(next)
//
// and value(p) = Terminal() once no move is left.
type Step struct {
	// Reward is what the move itself scores for its mover: coins taken
	// (or the coins left, under score "rest"), Life Line points, nothing
	// (nil) in the polygon game.
	Reward *big.Int
	// Carry is how the next position's value counts for this mover.
	Carry Carry
}

// Carry is how the value of the position a move leads to counts for the
// player who made it.
type Carry int

const (
	// CarryNone: each turn is scored on its own (Life Line: the best
	// points of one stone); the next position's value does not count.
	CarryNone Carry = 0
	// CarrySame: the same player moves on (the polygon): the next value
	// is theirs too, and adds.
	CarrySame Carry = 1
	// CarryNegated: the other player moves next in a zero-sum game (coins):
	// their margin is this player's loss, and subtracts.
	CarryNegated Carry = -1
)

// History is the line of play that led to a position: the instance it
// started from, the moves, and who moved each (the moves record of json
// and of a position's text, and where analyze numbers its turns from).
type History struct {
	Start   Position // the instance, before any move
	Moves   []Move
	Players []string            // Players[i] made Moves[i]
	Totals  map[string]*big.Int // each player's rewards so far; nil entries are 0

	// buf holds Moves and Players with room to grow, and the moves' text,
	// shared along a line of play, so that extending the last history of
	// a line costs no copy (a match or an analyzed line of n moves makes n
	// of them, in linear time and memory). Moves and Players are cut to
	// their length, so an append to them never writes into buf.
	buf     *historyBuf
	textLen int // how much of buf.text is this history's Line
}

// historyBuf is the storage a line's histories share: its length is that
// of the longest of them.
type historyBuf struct {
	moves   []Move
	players []string
	text    []byte // the moves written one after another: "LRL2"
}

// Line is the moves' texts one after another ("LRL2"), without a copy:
// the bytes a history shows are never written again.
func (h *History) Line() string {
	if h == nil || h.buf == nil || h.textLen == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(h.buf.text), h.textLen)
}

// Len is the number of moves played; a nil History has none.
func (h *History) Len() int {
	if h == nil {
		return 0
	}
	return len(h.Moves)
}

// Extend is h with move m by player, which earned reward: a new History,
// h unchanged.
func (h *History) Extend(start Position, player string, m Move, reward *big.Int) *History {
	n := h.Len()
	out := &History{Start: start}
	buf := (*historyBuf)(nil)
	if h != nil {
		out.Start = h.Start
		if h.buf != nil && len(h.buf.moves) == n {
			buf = h.buf // h is the end of its line: extend the line in place
		}
		out.Totals = h.Totals // shared while no reward changes them: no history writes a map it did not make
	}
	if reward != nil {
		totals := make(map[string]*big.Int, max(len(out.Totals), 2))
		for p, v := range out.Totals {
			totals[p] = v
		}
		out.Totals = totals
	}
	if buf == nil { // a new line, a second line from h, or a history made by hand
		buf = &historyBuf{moves: make([]Move, n, 2*n+4), players: make([]string, n, 2*n+4)}
		if h != nil {
			copy(buf.moves, h.Moves)
			copy(buf.players, h.Players)
			if h.buf != nil {
				buf.text = []byte(h.Line())
			} else {
				for _, hm := range h.Moves {
					buf.text = append(buf.text, hm.String()...)
				}
			}
		}
	}
	buf.moves = append(buf.moves, m)
	buf.players = append(buf.players, player)
	buf.text = append(buf.text, m.String()...)
	out.Moves, out.Players, out.buf = buf.moves[:n+1:n+1], buf.players[:n+1:n+1], buf
	out.textLen = len(buf.text)
	if reward != nil {
		t := new(big.Int).Set(reward)
		if prev := out.Totals[player]; prev != nil {
			t.Add(t, prev)
		}
		out.Totals[player] = t
	}
	return out
}

// Total is what player has scored so far.
func (h *History) Total(player string) *big.Int {
	if h == nil || h.Totals[player] == nil {
		return new(big.Int)
	}
	return h.Totals[player]
}

// Stuck is a position that can tell that no line of play ends from it (a
// puzzle's dead end, where only play that ends counts): a match that
// reaches one stops there and says so, rather than play on for ever.
type Stuck interface {
	Stuck(env *builtin.Env) (bool, error)
}

// Sized is a position that says about how many bytes one of its line
// holds, for the tools that keep a line of them (a match reserves that
// much a move); for another, 128 and 16 a part (Shrinkable), which a
// position made from a number of counters would overstate by its number.
type Sized interface {
	Bytes() int64
}
