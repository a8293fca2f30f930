package games

import (
	"gamelab/kernel/builtin"
	"math/big"
)

// Capabilities: the optional interfaces through which the engine's
// builtins reach what only some values can do. Each receives the whole
// argument list (the value first), so a game words its own errors with its
// own parameter names ("setv: argument 1 (p) …").

// Solvable values answer solve(x, …): a game value, a position.
type Solvable interface {
	Solve(env *builtin.Env, fn string, args []any) (any, error)
}

// Traceable values answer trace(x, …) with a trace of their own; positions
// that are not traced by the generic Trace of the optimal line.
type Traceable interface {
	Trace(env *builtin.Env, fn string, args []any) (any, error)
}

// Explainable values answer explain(x, …) themselves (the polygon's plan
// tree); other positions get the game tree.
type Explainable interface {
	Explain(env *builtin.Env, args []any) (any, error)
}

// Plottable values answer plot(x) with a chart of their own.
type Plottable interface {
	Plot() (any, error)
}

// Editing: each returns a changed copy and leaves the value as it was.
type (
	// Reader answers at(x, i) / at(b, r, p).
	Reader interface {
		At(args []any) (any, error)
	}
	// ValueSetter answers setv(x, i, v).
	ValueSetter interface {
		SetV(args []any) (any, error)
	}
	// Inserter answers insert(x, i, …).
	Inserter interface {
		Insert(args []any) (any, error)
	}
	// Remover answers remove(x, i).
	Remover interface {
		Remove(args []any) (any, error)
	}
	// Rotator answers rotate(x, k).
	Rotator interface {
		Rotate(k int) (any, error)
	}
	// Reverser answers reverse(x).
	Reverser interface {
		Reverse() (any, error)
	}
)

// Ruled values are played under rules that with(x, rules) changes.
type Ruled interface {
	Rules() Rules
	WithRules(r Rules) (any, error)
}

// Warner is a position that may be one play cannot reach (a Life Line
// board with a group already dead): the warnings to say once when a line
// of play starts from it.
type Warner interface {
	Warnings() []string
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

// Keyed positions name themselves for the exhaustive search's memo: two
// positions with the same key have the same value and moves.
type Keyed interface {
	Key() string
}

// Returner is a value that says what an engine builtin returns for it when
// that differs from what its game's Returns say of its values (a polygon
// ring is solved into a ring result, a chain into a chain result), for
// completion. nil: the game's.
type Returner interface {
	Returns(fn string) []any
}

// Tabled values answer dp(x, …): the DP table their game's solver fills,
// as a value (cells read with at, their sub-games with position).
type Tabled interface {
	DP(env *builtin.Env, args []any) (any, error)
}

// Positioner is a DP table whose cells are sub-games: position(d, i, j).
type Positioner interface {
	Position(args []any) (any, error)
}

// Annotator is a position whose moves do more than the value says (a Life
// Line stone removes groups): for move m, the fields analyze adds to its
// turn (removed: the stones it takes) and the words play says of it.
type Annotator interface {
	Annotate(m Move) (fields map[string]any, words string)
}

// Situated is a position that says where the game stands, for the nodes of
// a game tree: a line ("A to move, coins 1..4") and a short form for the
// picture ("coins 1..4"). Without it a node says whose move it is.
type Situated interface {
	Where() (line, short string)
}

// Gainer is a position whose moves gain something their Step does not
// say (the polygon scores only at its end): what greedy maximises, the
// value a merge makes. Without it a move's gain is its Step's Reward.
type Gainer interface {
	Gain(m Move) *big.Int
}

// Chooser is a position that reads a strategy's answer in its own terms
// where that differs from ParseMove (Life Line: [row, position], the
// mover's stone).
type Chooser interface {
	ParseChoice(x any) (Move, error)
}

// Sider is a position without a fixed order of play (a Life Line board):
// the same position with players taking turns in that order.
type Sider interface {
	ForPlayers(players []string) (Position, error)
}

// Endless is a position of a game whose play need not end by itself (Life
// Line: captures free vertices again): how many turns a match from it
// plays at most.
type Endless interface {
	MatchTurns() int
}

// Oracle solves positions of one game fast, all of them having been solved
// at once: ok is false for a position it does not hold, which is then
// solved on its own.
type Oracle func(p Position) (ev *Eval, ok bool)

// Oracled is a position whose game can solve every position that play
// from it reaches at once (coins: the table of every interval), cheaper
// for a match, which asks for many, than solving each as it comes. A nil
// Oracle: not here (the table would be too large).
type Oracled interface {
	Oracle(env *builtin.Env) (Oracle, error)
}

// Shrinkable is an instance shrink can make smaller: its parts (vertices,
// coins, stones) and its values, which it may delete and change one copy
// at a time. Positions count parts and values from 0, in the game's order.
type Shrinkable interface {
	// Parts is how many parts may be deleted.
	Parts() int
	// WithoutParts is the instance without parts [i, j); false when that
	// leaves no instance (no vertex, no coin).
	WithoutParts(i, j int) (Position, bool)
	// ShrinkValues are the values that may be made smaller, in order.
	ShrinkValues() []*big.Int
	// WithValue is the instance with value i set to v; false when the game
	// does not allow v there (a stone 0).
	WithValue(i int, v *big.Int) (Position, bool)
}

// Reducer is a Shrinkable with steps of its own, larger than deleting a
// part, tried before them: a board without its last row.
type Reducer interface {
	Smaller() []Position
}

// Simplifier is a Shrinkable with simpler forms of the same size and
// values, tried after the values: a polygon with a '*' or '-' edge made
// '+'. Each candidate is one step simpler.
type Simplifier interface {
	Simpler() []Position
}
