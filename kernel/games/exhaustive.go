package games

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// ErrTooLarge is the exhaustive search's error for a game tree past its
// bound.
var ErrTooLarge = errors.New("the game is too large to search exhaustively (more than a million positions); its own solver answers it")

// maxExhaustive bounds the positions a Search visits.
const maxExhaustive = 1 << 20

// Exhaustive solves p by searching every line of play from it (OpenSpiel's
// minimax over any state): the value is Terminal at the end, else the best
// over the legal moves of Step.Reward + Step.Carry · value(next). It knows
// nothing of any game but what Position says, so it answers every game on
// small instances and is the reference the games' fast solvers are tested
// against. Positions that are Keyed are searched once. Choice is the first
// optimal move in the game's order.
func Exhaustive(ctx context.Context, p Position) (*Eval, error) { return NewSearch(ctx).Solve(p) }

// ExhaustiveValue is Exhaustive's value alone.
func ExhaustiveValue(ctx context.Context, p Position) (*big.Int, error) {
	return NewSearch(ctx).Value(p)
}

// Search is an exhaustive search that remembers the value of every Keyed
// position it has solved, so that solving a line of play, or a game tree,
// or a table of positions from one Search solves each position once. Only
// values are remembered: positions of one key may differ in their moves (a
// key that sorts Nim's piles), so a position's optimal moves are always
// its own.
type Search struct {
	ctx     context.Context
	memo    map[string]*big.Int
	visited int
	// path is the line being searched, for a game that can return to a
	// position: the keys on it and the moves that led from each to the
	// next.
	onPath map[string]int
	path   []Move
	// Solved, when set, is told each Keyed position the first time it is
	// solved (a table of the solved positions).
	Solved func(key string, p Position, ev *Eval)
}

// NewSearch is a search that polls ctx as it goes.
func NewSearch(ctx context.Context) *Search {
	return &Search{ctx: ctx, memo: map[string]*big.Int{}, onPath: map[string]int{}}
}

// LoopError is a game that returns to a position along a line of play:
// the exhaustive search has no value for it (the line could go on for
// ever).
type LoopError struct {
	Game  *Game
	Key   string // the position that repeats
	Moves []Move // the line from its first visit back to it
}

func (e *LoopError) Error() string {
	return fmt.Sprintf("this game can return to a position: %s leads back to where it started (%s); a game must end whatever is played",
		LineText(e.Game, e.Moves), strings.TrimSpace(e.Key))
}

// Eval is p's value and every optimal move.
func (s *Search) Eval(p Position) (*Eval, error) {
	legal := p.Legal()
	if len(legal) == 0 {
		return &Eval{Value: p.Terminal()}, nil
	}
	afters := make([]*big.Int, len(legal))
	var best *big.Int
	for i, m := range legal {
		a, err := s.after(p, m)
		if err != nil {
			return nil, err
		}
		afters[i] = a
		if best == nil || Better(p, a, best) {
			best = a
		}
	}
	ev := &Eval{Value: best}
	for i, m := range legal {
		if afters[i].Cmp(best) == 0 {
			ev.Best = append(ev.Best, m)
		}
	}
	ev.Choice = ev.Best[0]
	return ev, nil
}

// after is what move m at p is worth to its mover.
func (s *Search) after(p Position, m Move) (*big.Int, error) {
	next, err := p.Play(m)
	if err != nil {
		return nil, err
	}
	st := p.Step(m)
	v := new(big.Int)
	if st.Carry != CarryNone {
		s.path = append(s.path, m)
		v, err = s.Value(next)
		s.path = s.path[:len(s.path)-1]
		if err != nil {
			return nil, err
		}
	}
	return AfterValue(st, v), nil
}

// Value is p's value, memoised by key where p has one.
func (s *Search) Value(p Position) (*big.Int, error) {
	if k, keyed := p.(Keyed); keyed {
		if v, ok := s.memo[k.Key()]; ok {
			return v, nil
		}
	}
	ev, err := s.Solve(p)
	if err != nil {
		return nil, err
	}
	return ev.Value, nil
}

// Solve is p's value and its own optimal moves, every position under it
// searched once (by key, where positions have keys).
func (s *Search) Solve(p Position) (*Eval, error) {
	if s.visited++; s.visited > maxExhaustive {
		return nil, ErrTooLarge
	}
	if s.visited%1024 == 0 {
		if err := s.ctx.Err(); err != nil {
			return nil, err
		}
	}
	k, keyed := p.(Keyed)
	if !keyed {
		return s.Eval(p)
	}
	key := k.Key()
	if at, ok := s.onPath[key]; ok {
		return nil, &LoopError{Game: p.Game(), Key: key, Moves: append([]Move(nil), s.path[at:]...)}
	}
	_, seen := s.memo[key]
	s.onPath[key] = len(s.path)
	ev, err := s.Eval(p)
	delete(s.onPath, key)
	if err != nil {
		return nil, err
	}
	if !seen {
		s.memo[key] = ev.Value
		if s.Solved != nil {
			s.Solved(key, p, ev)
		}
	}
	return ev, nil
}
