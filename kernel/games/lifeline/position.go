package lifeline

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/solvers/lifeline"
)


// stoneMove is one Life Line move: player's stone at (r, p).
type stoneMove struct{ r, p, player int }

// stoneMoves reads a line of Life Line moves: [row, position, player], one
// or a list of them.
func stoneMoves(fn string, k int, a any) ([]stoneMove, error) {
	l, ok := AsList(a)
	if !ok {
		return nil, BadType(fn, k, "moves", "a list of moves [row, position, player]", a)
	}
	if len(l) > 0 {
		if _, single := AsList(l[0]); !single {
			l = []any{l} // one move, [3, 2, 4]
		}
	}
	out := make([]stoneMove, len(l))
	for t, x := range l {
		m, ok := AsList(x)
		if !ok || len(m) != 3 {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d that is not [row, position, player]: %s", t+1, Format(x))
		}
		var v [3]int
		for i, y := range m {
			n, msg := ToInt(y)
			if msg != "" {
				return nil, builtin.ArgError(fn, k, "moves", "has move %d whose %s %s", t+1, []string{"row", "position", "player"}[i], msg)
			}
			v[i] = n
		}
		out[t] = stoneMove{v[0], v[1], v[2]}
	}
	return out, nil
}

// placeStone plays move t of a Life Line line on b, saying in the game's
// words why a move is illegal.
func placeStone(env *builtin.Env, fn string, t int, b *lifeline.Board, m stoneMove) (*lifeline.Move, error) {
	what := fmt.Sprintf("stone %d at (%d,%d)", m.player, m.r, m.p)
	switch {
	case m.player < 1 || m.player > 9:
		return nil, illegal(fn, 2, t, what, fmt.Sprintf("players are 1..9, got %d", m.player))
	case !b.Contains(m.r, m.p):
		return nil, illegal(fn, 2, t, what, fmt.Sprintf("(%d,%d) is not on the board (rows 1..%d, row r has positions 1..r)", m.r, m.p, b.N))
	case b.At(m.r, m.p) != 0:
		return nil, illegal(fn, 2, t, what, fmt.Sprintf("(%d,%d) is occupied by stone %d", m.r, m.p, b.At(m.r, m.p)))
	}
	mv, err := lifeline.Place(env.Ctx, b, m.player, m.r, m.p)
	if err != nil {
		return nil, SolverError(fn, err)
	}
	return mv, nil
}
