package games

import (
	"context"
	"errors"
	"math/big"
)

// ErrTooLarge is Exhaustive's error for a game tree past its bound.
var ErrTooLarge = errors.New("the game is too large to search exhaustively (more than a million positions); its own solver answers it")

// maxExhaustive bounds the positions Exhaustive visits.
const maxExhaustive = 1 << 20

// Exhaustive solves p by searching every line of play from it (OpenSpiel's
// minimax over any state): the value is Terminal at the end, else the best
// over the legal moves of Step.Reward + Step.Carry · value(next). It knows
// nothing of any game but what Position says, so it answers every game on
// small instances and is the reference the games' fast solvers are tested
// against. Positions that are Keyed are searched once. Choice is the first
// optimal move in the game's order.
func Exhaustive(ctx context.Context, p Position) (*Eval, error) {
	s := &search{ctx: ctx, memo: map[string]*big.Int{}}
	return s.eval(p)
}

// ExhaustiveValue is Exhaustive's value alone.
func ExhaustiveValue(ctx context.Context, p Position) (*big.Int, error) {
	s := &search{ctx: ctx, memo: map[string]*big.Int{}}
	return s.value(p)
}

type search struct {
	ctx     context.Context
	memo    map[string]*big.Int
	visited int
}

// eval is p's value and every optimal move.
func (s *search) eval(p Position) (*Eval, error) {
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
func (s *search) after(p Position, m Move) (*big.Int, error) {
	next, err := p.Play(m)
	if err != nil {
		return nil, err
	}
	st := p.Step(m)
	v := new(big.Int)
	if st.Carry != 0 {
		if v, err = s.value(next); err != nil {
			return nil, err
		}
	}
	return AfterValue(st, v), nil
}

// value is p's value, memoised by key where p has one.
func (s *search) value(p Position) (*big.Int, error) {
	if s.visited++; s.visited > maxExhaustive {
		return nil, ErrTooLarge
	}
	if s.visited%1024 == 0 {
		if err := s.ctx.Err(); err != nil {
			return nil, err
		}
	}
	key := ""
	if k, ok := p.(Keyed); ok {
		key = k.Key()
		if v, ok := s.memo[key]; ok {
			return v, nil
		}
	}
	ev, err := s.eval(p)
	if err != nil {
		return nil, err
	}
	if key != "" {
		s.memo[key] = ev.Value
	}
	return ev.Value, nil
}
