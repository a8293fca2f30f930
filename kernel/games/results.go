package games

import "gamelab/kernel/builtin"

// Results of its own: a value that implements one of these answers that
// tool itself, with its own result type; without it the tool's generic
// result answers (a Solution, the optimal line's Trace, the game tree,
// the exhaustive search's table). Each receives the whole argument list
// (the value first), so a game words its own errors with its own parameter
// names ("solve: argument 2 (player) …").

// Solvable values answer solve(x, …).
type Solvable interface {
	Solve(env *builtin.Env, fn string, args []any) (any, error)
}

// Traceable values answer trace(x, …).
type Traceable interface {
	Trace(env *builtin.Env, fn string, args []any) (any, error)
}

// Explainable values answer explain(x, …) (the polygon's plan tree).
type Explainable interface {
	Explain(env *builtin.Env, args []any) (any, error)
}

// Plottable values answer plot(x) with a chart of their own.
type Plottable interface {
	Plot() (any, error)
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

// Resulter is a value that says what the tools give for it, for Tab
// completion (Results).
type Resulter interface {
	Results() Results
}
