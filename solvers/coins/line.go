package coins

import (
	"context"
	"fmt"
	"math/big"
)

// LineTurn is one turn of a line of play that need not be optimal: the
// mover's margin (their total minus the other's, over the coins still on
// the table) before the move and after each of the two moves.
type LineTurn struct {
	// Value is d(i, j): the margin the mover can guarantee on coins i..j.
	Value *big.Int
	// TakeL and TakeR are what the mover still guarantees after taking the
	// left or the right coin: that coin minus the opponent's margin on the
	// rest. Value is the larger of the two; with one coin left both are it.
	TakeL, TakeR *big.Int
}

// Line scores the line of play moves (letters L and R, at most len(coins))
// on coins: one LineTurn per move. Any line, optimal or not, costs one pass
// of the value DP, O(n²) time and O(n) memory, as Trace does: turn t faces
// n−t coins, so the three margins it needs lie on diagonals n−t−1 and
// n−t−2 and are caught as those pass by. It honours ctx like Solve. It is
// Game.Line under the default rules, in the default rules' terms.
func Line(ctx context.Context, coins []*big.Int, moves string) ([]LineTurn, error) {
	n := len(coins)
	if n == 0 {
		return nil, ErrEmpty
	}
	if len(moves) > n {
		return nil, fmt.Errorf("%d moves for %d coins", len(moves), n)
	}
	line := make([]Move, len(moves))
	for t := range line {
		if c := moves[t]; c != 'L' && c != 'R' {
			return nil, fmt.Errorf("move %d is %q, not L or R", t+1, moves[t])
		}
		line[t] = Move{moves[t], 1}
	}
	es, err := Game{Coins: coins}.Line(ctx, line, nil)
	if err != nil {
		return nil, err
	}
	turns := make([]LineTurn, len(line))
	for t := range turns {
		e := es[t]
		turns[t] = LineTurn{Value: e.Value, TakeL: e.After[0], TakeR: e.After[len(e.After)-1]}
	}
	return turns, nil
}
