package games

import (
	"math/big"
	"unsafe"

	"gamelab/kernel/builtin"
)

// A game is played through its positions: an instance before any move (a
// polygon, a row of coins, a board) is a position, and so is every state
// after some moves (after). What the engine writes once — after, analyze,
// play, trace, the game tree, json's moves record, strategies — it writes
// over this interface, OpenSpiel's State; a game's package implements it
// for its values. Capabilities only some games have (a DP table, editing, a
// plan tree) are optional interfaces a position or value may implement, as
// starlark-go's values do (HasAttrs, Indexable).

// Position is one state of a game. Positions are values: Play returns a new
// one and leaves its receiver as it was.
type Position interface {
	builtin.Value
	// Game is the game this is a position of.
	Game() *Game
	// Rules are the rules it is played under.
	Rules() Rules
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
	// Carry is how the next position's value counts for this mover: +1
	// when the same player moves on (the polygon), −1 when the other one
	// does, whose margin is this player's loss (coins), 0 when each turn
	// is scored on its own (Life Line: the best points of one stone).
	Carry int
}

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
	out := &History{Start: start, Totals: make(map[string]*big.Int, 2)}
	buf := (*historyBuf)(nil)
	if h != nil {
		out.Start = h.Start
		if h.buf != nil && len(h.buf.moves) == n {
			buf = h.buf // h is the end of its line: extend the line in place
		}
		for p, v := range h.Totals {
			out.Totals[p] = v
		}
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

// Over says p has no move left.
func Over(p Position) bool { return len(p.Legal()) == 0 }

// Eval is a position solved: the value for its mover (SPEC §5: coins the
// mover's margin over what is left, the polygon the best last value still
// reachable, Life Line the best points of this turn), every optimal move in
// the game's order, and the one the game's plan takes (its tie rule: what
// solve's line and the optimum's replies in play choose).
type Eval struct {
	Value  *big.Int
	Best   []Move
	Choice Move // nil when the game is over
}

// Solver is a position its game solves fast: its own DP rather than the
// exhaustive search, under the session's budget and interrupt (env).
type Solver interface {
	Evaluate(env *builtin.Env) (*Eval, error)
}

// LineScorer is a position that scores a whole line of moves at once
// faster than position by position (coins: one pass of its DP for the
// line). Turns returns, for each move of line (legal, checked by the
// caller), the Eval of the position it is made from, plus one more for
// the position the line ends in.
type LineScorer interface {
	ScoreLine(env *builtin.Env, line []Move) ([]*Eval, error)
}

// MoverSetter is a position of a game with no fixed order of play (Life
// Line): the same position with player to move, so it can be solved for
// the player a move names.
type MoverSetter interface {
	WithMover(player string) (Position, error)
}

// MoverOf is a move that names its player (a Life Line stone [r, p, 4]).
type MoverOf interface {
	Player() string
}

// Evaluate solves p: with its game's solver where it has one, else by
// exhaustive search (small positions only).
func Evaluate(env *builtin.Env, p Position) (*Eval, error) {
	if s, ok := p.(Solver); ok {
		return s.Evaluate(env)
	}
	return Exhaustive(env.Ctx, p)
}

// AfterValue is what move m at p is worth to its mover once made, given
// the value of the position it leads to.
func AfterValue(st Step, next *big.Int) *big.Int {
	v := new(big.Int)
	if st.Reward != nil {
		v.Set(st.Reward)
	}
	switch st.Carry {
	case 1:
		v.Add(v, next)
	case -1:
		v.Sub(v, next)
	}
	return v
}

// Loss is how much a move worth after loses against the best value:
// value − after for a maximiser, after − value for a minimiser; 0 exactly
// for an optimal move.
func Loss(p Position, value, after *big.Int) *big.Int {
	if p.Minimizes() {
		return new(big.Int).Sub(after, value)
	}
	return new(big.Int).Sub(value, after)
}

// Better says a is strictly better than b for p's mover.
func Better(p Position, a, b *big.Int) bool {
	if p.Minimizes() {
		return a.Cmp(b) < 0
	}
	return a.Cmp(b) > 0
}
