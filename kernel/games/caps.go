package games

import "gamelab/kernel/builtin"

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
