package gamestest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"gamelab/kernel/games"
)

// MoveValues are moves as analyze's records write them: 3, "L2", [3, 2].
func MoveValues(line []games.Move) []any { return mapMoves(line, games.Move.Value) }

// Strs are moves as their texts, for messages and comparisons.
func Strs(xs []games.Move) []string { return mapMoves(xs, games.Move.String) }

func mapMoves[T any](line []games.Move, f func(games.Move) T) []T {
	out := make([]T, len(line))
	for i, m := range line {
		out[i] = f(m)
	}
	return out
}

// LineValues are moves as after and analyze take them: as the records
// write them, and a move that names its player (a Life Line stone) with
// that player last, [3, 2, 4].
func LineValues(line []games.Move) []any {
	out := MoveValues(line)
	for i, m := range line {
		if mo, ok := m.(games.MoverOf); ok {
			player, _ := strconv.Atoi(mo.Player())
			out[i] = append(ToAny(out[i].([]int)), player)
		}
	}
	return out
}

// WithMover is a position of free turns (a Life Line board) with a random
// player 1..3 to move (the position a move of that player is made from);
// other positions as they are.
func WithMover(t *testing.T, r *rand.Rand, x games.Position) games.Position {
	ms, ok := x.(games.FreeTurns)
	if !ok {
		return x
	}
	p, err := ms.WithMover(strconv.Itoa(1 + r.IntN(3)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Walk plays a random line of up to k moves from x and returns it with
// every position on the way (positions[i] is the one move i is made
// from, with its mover set, the last where the line ends).
func Walk(t *testing.T, r *rand.Rand, x games.Position, k int) ([]games.Move, []games.Position) {
	positions := []games.Position{x}
	var line []games.Move
	for ; k > 0 && !games.Over(x); k-- {
		legal := x.Legal()
		m := legal[r.IntN(len(legal))]
		next, err := x.Play(m)
		if err != nil {
			t.Fatalf("%s: the legal move %s: %v", x.Text(), m, err)
		}
		x = WithMover(t, r, next)
		line, positions = append(line, m), append(positions, x)
	}
	return line, positions
}

// SameOptimal checks that the optimal moves a solver gives (got) are the
// exhaustive solver's (want), in the game's order. The moves of got that
// Legal does not list must be other names of moves in want (the default
// coins game names the last coin both L and R, as it always has): they
// lead where one of those does.
func SameOptimal(x games.Position, got, want []games.Move) error {
	legal := map[string]bool{}
	for _, m := range x.Legal() {
		legal[m.String()] = true
	}
	var listed []games.Move
	for _, m := range got {
		if legal[m.String()] {
			listed = append(listed, m)
			continue
		}
		next, err := x.Play(m)
		if err != nil {
			return fmt.Errorf("optimal move %s is illegal: %v", m, err)
		}
		if !slices.ContainsFunc(want, func(w games.Move) bool {
			wn, _ := x.Play(w)
			return wn.(games.Keyed).Key() == next.(games.Keyed).Key()
		}) {
			return fmt.Errorf("optimal move %s is no optimal move %v", m, Strs(want))
		}
	}
	if !slices.Equal(Strs(listed), Strs(want)) {
		return fmt.Errorf("optimal moves %v, exhaustively %v", Strs(got), Strs(want))
	}
	return nil
}

// Parsed reads moves as the records write them back into moves at x (a
// Life Line move is x's mover's: the records name the player once, for
// the turn).
func Parsed(t *testing.T, x games.Position, values []any) []games.Move {
	out := make([]games.Move, len(values))
	for i, v := range values {
		if rp, ok := v.([]int); ok {
			player, _ := strconv.Atoi(x.Mover())
			v = []int{rp[0], rp[1], player}
		}
		m, err := x.ParseMove(v)
		if err != nil {
			t.Fatalf("record move %v: %v", v, err)
		}
		out[i] = m
	}
	return out
}
