package games_test

import (
	"context"
	"errors"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/games"
)

// loop is a game that can return to a position: a counter mod n that
// each move steps by 1 or 2, ending only at 0 from 1 (a bad rule, as a
// user may write one).
type loop struct {
	at, n int
	h     *games.History
}

type step int

func (s step) String() string { return strconv.Itoa(int(s)) }
func (s step) Value() any     { return int(s) }

var loopGame = &games.Game{Name: "loop", Title: "the loop game", Turns: games.InTurn, Players: []string{"A", "B"}, Words: games.Words{LineSep: ", "}}

func (l *loop) TypeName() string                              { return "loop" }
func (l *loop) Text() string                                  { return strconv.Itoa(l.at) }
func (l *loop) Game() *games.Game                             { return loopGame }
func (l *loop) Rules() games.Rules                            { return loopGame.Default() }
func (l *loop) WithRules(games.Rules) (games.Position, error) { return l, nil }
func (l *loop) Mover() string                                 { return []string{"A", "B"}[l.h.Len()%2] }
func (l *loop) Terminal() *big.Int                            { return new(big.Int) }
func (l *loop) Minimizes() bool                               { return false }
func (l *loop) History() *games.History                       { return l.h }
func (l *loop) ParseMove(x any) (games.Move, error)           { return step(x.(int)), nil }
func (l *loop) Step(games.Move) games.Step {
	return games.Step{Reward: new(big.Int), Carry: games.CarryNegated}
}
func (l *loop) Key() string { return strconv.Itoa(l.at) }
func (l *loop) Legal() []games.Move {
	if l.at == 0 {
		return nil
	}
	return []games.Move{step(1), step(2)}
}
func (l *loop) Play(m games.Move) (games.Position, error) {
	return &loop{at: (l.at + int(m.(step))) % l.n, n: l.n, h: l.h.Extend(l, l.Mover(), m, nil)}, nil
}

// TestLoopIsAnError: a game that can return to a position has no value
// by exhaustive search; the search says so with the line that loops,
// rather than running for ever or out of stack.
func TestLoopIsAnError(t *testing.T) {
	_, err := games.Exhaustive(context.Background(), &loop{at: 1, n: 5})
	var le *games.LoopError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "this game can return to a position") || len(le.Moves) == 0 {
		t.Fatalf("%v", err)
	}
	// The line it names does loop: played from the position it starts at, it comes back.
	start := &loop{at: 0, n: 5}
	if k, err := strconv.Atoi(le.Key); err == nil {
		start.at = k
	}
	at := start.at
	for _, m := range le.Moves {
		at = (at + int(m.(step))) % 5
	}
	if at != start.at {
		t.Errorf("the line %v from %d ends at %d", le.Moves, start.at, at)
	}
}

// TestSearchRemembers: a Search solves each keyed position once, however
// many times it is asked, and tells Solved each one once.
func TestSearchRemembers(t *testing.T) {
	s := games.NewSearch(context.Background())
	seen := map[string]int{}
	s.Solved = func(key string, _ games.Position, _ *games.Eval) { seen[key]++ }
	p := &loop{at: 0, n: 3}
	for range 3 {
		if _, err := s.Solve(p); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) != 1 || seen["0"] != 1 {
		t.Errorf("solved %v", seen)
	}
}
