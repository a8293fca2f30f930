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
// n−t−2 and are caught as those pass by. It honours ctx like Solve.
func Line(ctx context.Context, coins []*big.Int, moves string) ([]LineTurn, error) {
	n := len(coins)
	if n == 0 {
		return nil, ErrEmpty
	}
	if len(moves) > n {
		return nil, fmt.Errorf("%d moves for %d coins", len(moves), n)
	}
	k := len(moves)
	lo := make([]int, k) // turn t faces coins lo[t] .. lo[t]+n−t−1
	for t, i, j := 0, 0, n-1; t < k; t++ {
		lo[t] = i
		switch moves[t] {
		case 'L':
			i++
		case 'R':
			j--
		default:
			return nil, fmt.Errorf("move %d is %q, not L or R", t+1, moves[t])
		}
	}
	turns := make([]LineTurn, k)
	dp := newDP(coins, auto)
	catch := func(sz int) {
		if t := n - 1 - sz; t < k {
			turns[t].Value = dp.value(lo[t])
		}
		// Turn t's moves leave n−t−1 coins: d(lo+1, hi) at lo+1 and
		// d(lo, hi−1) at lo on this diagonal.
		if t := n - 2 - sz; t >= 0 && t < k {
			hi := lo[t] + n - t - 1
			turns[t].TakeL = new(big.Int).Sub(coins[lo[t]], dp.value(lo[t]+1))
			turns[t].TakeR = new(big.Int).Sub(coins[hi], dp.value(lo[t]))
		}
	}
	if err := runDP(ctx, dp, n, nil, catch); err != nil {
		return nil, err
	}
	if k == n { // the last coin: no choice, and nothing left to the opponent
		turns[n-1].TakeL, turns[n-1].TakeR = turns[n-1].Value, turns[n-1].Value
	}
	return turns, nil
}
