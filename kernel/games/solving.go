package games

import (
	"errors"
	"math/big"

	"gamelab/kernel/builtin"
)

// Solving: a position's value and optimal moves (Evaluate), by the game's
// own fast solver where it has one (Solver, with LineScorer and Oracled for
// many positions at once), else by the exhaustive search (Keyed positions
// searched once).

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

// ErrNoEnd is the cause of the error of solving a position that has no
// value because no line of play ends from it, in a game where only play
// that ends counts (a puzzle: repeat "lose"); dp lists such a position
// without a value.
var ErrNoEnd = errors.New("no line of play ends from here")

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

// Keyed positions name themselves for the exhaustive search's memo: two
// positions with the same key have the same value and moves.
type Keyed interface {
	Key() string
}

// Evaluate solves p: with its game's solver where it has one, else by
// exhaustive search (small positions only).
func Evaluate(env *builtin.Env, p Position) (*Eval, error) {
	if s, ok := p.(Solver); ok {
		return s.Evaluate(env)
	}
	return Exhaustive(env.Ctx, p)
}

// Evaluator solves the many positions of one piece of work (a line of
// play, a game tree, a match): each with its game's solver where it has
// one, else all with one exhaustive Search, so that no position is
// searched twice.
type Evaluator struct {
	env    *builtin.Env
	search *Search
}

// NewEvaluator is an Evaluator under env's budget and interrupt.
func NewEvaluator(env *builtin.Env) *Evaluator { return &Evaluator{env: env} }

// Eval is p solved (over: its Terminal value, no move).
func (e *Evaluator) Eval(p Position) (*Eval, error) {
	if s, ok := p.(Solver); ok {
		return s.Evaluate(e.env)
	}
	if e.search == nil {
		e.search = NewSearch(e.env.Ctx)
	}
	return e.search.Solve(p)
}

// AfterValue is what move m at p is worth to its mover once made, given
// the value of the position it leads to.
func AfterValue(st Step, next *big.Int) *big.Int {
	v := new(big.Int)
	if st.Reward != nil {
		v.Set(st.Reward)
	}
	switch st.Carry {
	case CarrySame:
		v.Add(v, next)
	case CarryNegated:
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
