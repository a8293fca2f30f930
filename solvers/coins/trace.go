package coins

import (
	"context"
	"errors"
	"math/big"
)

// Turn is one move of the optimal play in Result.Moves.
type Turn struct {
	Turn   int      // 1-based
	Player byte     // 'A' (odd turns) or 'B'
	Side   byte     // 'L' or 'R'
	Index  int      // 1-based position of the coin in the original row
	Coin   *big.Int // its value
	A, B   *big.Int // running totals after this turn
	// Final is the mover's total at the end of the game with this move and
	// optimal play after it; Other is what it would have been had the mover
	// taken the other end instead (then optimal play). Other is nil on the
	// last turn, which has one coin and no choice. Other == Final means
	// both ends were optimal and the tie rule (docs/rules.md) picked Side.
	Final, Other *big.Int
}

// Trace replays r.Moves turn by turn. It has to compute: the O(n)-memory DP
// keeps only the sign of each choice, not the value of the end not taken, so
// Trace runs the value DP once more (as long as Solve's pass, O(n) memory)
// and catches the two margins it needs per turn as the diagonals pass by.
// It honours ctx like Solve.
func (r *Result) Trace(ctx context.Context) ([]Turn, error) {
	if !r.Rules.IsDefault() {
		return nil, errors.New("a trace of turns is for the default rules (one coin from either end); under other rules Game.Line scores the line")
	}
	n := r.N
	// Turn t (0-based) faces coins lo[t]..hi[t], n−t of them.
	lo, hi := make([]int, n), make([]int, n)
	for t, i, j := 0, 0, n-1; t < n; t++ {
		lo[t], hi[t] = i, j
		if r.Moves[t] == 'L' {
			i++
		} else {
			j--
		}
	}
	// afterL[t] = d(lo+1, hi) and afterR[t] = d(lo, hi−1): the next mover's
	// margin after each possible move of turn t. Both intervals have
	// n−t−1 coins, so they lie on diagonal n−t−2, at indices lo and lo+1.
	afterL, afterR := make([]*big.Int, n), make([]*big.Int, n)
	dp := newDP(r.Coins, auto)
	catch := func(sz int) {
		if t := n - sz - 2; t >= 0 {
			afterR[t] = dp.value(lo[t])
			afterL[t] = dp.value(lo[t] + 1)
		}
	}
	if err := runDP(ctx, dp, n, nil, catch); err != nil {
		return nil, err
	}

	turns := make([]Turn, n)
	total := [2]*big.Int{new(big.Int), new(big.Int)} // A's and B's running totals
	left := sum(r.Coins)                             // the coins still on the table
	for t := range turns {
		i, j, mover := lo[t], hi[t], t%2
		tn := Turn{Turn: t + 1, Player: "AB"[mover], Side: r.Moves[t], Index: i + 1, Coin: r.Coins[i]}
		if tn.Side == 'R' {
			tn.Index, tn.Coin = j+1, r.Coins[j]
		}
		if t < n-1 {
			// The mover's final total after taking coin c with the
			// opponent's margin m on the rest: own total so far plus
			// the mover's share of the remaining coins, (S + c − m)/2.
			final := func(c, m *big.Int) *big.Int {
				v := new(big.Int).Add(left, c)
				v.Rsh(v.Sub(v, m), 1) // exact: S − c and m have the same parity
				return v.Add(v, total[mover])
			}
			fl, fr := final(r.Coins[i], afterL[t]), final(r.Coins[j], afterR[t])
			tn.Final, tn.Other = fl, fr
			if tn.Side == 'R' {
				tn.Final, tn.Other = fr, fl
			}
		}
		total[mover] = new(big.Int).Add(total[mover], tn.Coin)
		left.Sub(left, tn.Coin)
		if t == n-1 {
			tn.Final = total[mover]
		}
		tn.A, tn.B = total[0], total[1]
		turns[t] = tn
	}
	return turns, nil
}
