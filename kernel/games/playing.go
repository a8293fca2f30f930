package games

import (
	"math/big"
	"strings"

	"gamelab/kernel/builtin"
)

// Playing and the words of play: how a person's moves are read and a
// position is told, and what a game without a fixed order of play needs.
// Each is optional; without it the tools do it generically from Position
// (moves read by ParseMove, a node saying whose move it is).

// Player is a position that knows how play asks for its moves: who the
// person moves for (players is play's second argument, nil when absent:
// the position to start from, with its order of play where the game needs
// one, and the players the person moves for), the prompt, and how typed
// text becomes a move.
type Player interface {
	PlayersFor(players any) (start Position, humans []string, err error)
	Prompt(mover string) string
	ParseTyped(line, mover string) (Move, error)
}

// LineParser reads a line of moves as after, analyze and play take it (a
// string of coin moves "L2RL", a list of edge numbers, a list of stones)
// for argument k of fn. Positions without one take a list of moves, or one
// move, each read by ParseMove.
type LineParser interface {
	ParseLine(fn string, k int, x any) ([]Move, error)
}

// Describer is a move with words for messages: "edge 3", `"L2"`, "stone 4
// at (3,2)"; without it a move is named by its String.
type Describer interface {
	Describe() string
}

// Situated is a position that says where the game stands, for the nodes of
// a game tree: a line ("A to move, coins 1..4") and a short form for the
// picture ("coins 1..4"). Without it a node says whose move it is.
type Situated interface {
	Where() (line, short string)
}

// Warner is a position that may be one play cannot reach (a Life Line
// board with a group already dead): the warnings to say once when a line
// of play starts from it.
type Warner interface {
	Warnings() []string
}

// Annotator is a position whose moves do more than the value says (a Life
// Line stone removes groups): for move m, the fields analyze adds to its
// turn (removed: the stones it takes) and the words play says of it.
type Annotator interface {
	Annotate(m Move) (fields map[string]any, words string)
}

// Gainer is a position whose moves gain something their Step does not
// say (the polygon scores only at its end): what greedy maximises, the
// value a merge makes. Without it a move's gain is its Step's Reward.
type Gainer interface {
	Gain(m Move) *big.Int
}

// FreeTurns is a position of a game whose Turns are Free (Life Line): any
// player may move, each move naming its player (MoverOf).
type FreeTurns interface {
	// WithMover is the same position with player to move, so it can be
	// solved for the player a move names.
	WithMover(player string) (Position, error)
	// ForPlayers is the same position with players taking turns in that
	// order (a match's).
	ForPlayers(players []string) (Position, error)
	// MatchTurns is how many turns a match plays at most: play need not
	// end by itself (captures free vertices again).
	MatchTurns() int
	// ParseChoice reads a strategy's answer in the game's own terms where
	// that differs from ParseMove (Life Line: [row, position], the mover's
	// stone).
	ParseChoice(x any) (Move, error)
}

// MoverOf is a move that names its player (a Life Line stone [r, p, 4]).
type MoverOf interface {
	Player() string
}

// Describe names a move for a message: its Describe, else its String.
func Describe(m Move) string {
	if d, ok := m.(Describer); ok {
		return d.Describe()
	}
	return m.String()
}

// ParseMoves reads items, a line's moves as a list, each with parse: the
// error of a bad one names it, argument k of fn.
func ParseMoves(fn string, k int, items []any, parse func(any) (Move, error)) ([]Move, error) {
	out := make([]Move, len(items))
	for t, item := range items {
		m, err := parse(item)
		if err != nil {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d that %s", t+1, err.Error())
		}
		out[t] = m
	}
	return out, nil
}

// LineText writes a line of moves as the game writes one: coin moves run
// together ("LR2"), others separated by commas ("3, 2").
func LineText(g *Game, line []Move) string {
	parts := make([]string, len(line))
	for i, m := range line {
		parts[i] = m.String()
	}
	return strings.Join(parts, g.Words.LineSep)
}
