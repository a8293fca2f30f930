package coins

import (
	"context"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestMarginsAreEval: on random rows (negative coins among them), every
// position's Eval from Margins is Game.Eval's of that position; rows past
// 62 bits are refused.
func TestMarginsAreEval(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 5))
	for range 200 {
		n := 1 + r.IntN(12)
		row := make([]*big.Int, n)
		for i := range row {
			row[i] = big.NewInt(int64(r.IntN(41) - 10))
		}
		m, ok := NewMargins(row)
		if !ok {
			t.Fatalf("refused %v", row)
		}
		for lo := 0; lo < n; lo++ {
			for hi := lo + 1; hi <= n; hi++ {
				got := m.Eval(Position{Lo: lo, Hi: hi})
				want, err := Game{Coins: row[lo:hi]}.Eval(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if got.Value.Cmp(want.Value) != 0 || len(got.Moves) != len(want.Moves) {
					t.Fatalf("%v, coins %d..%d: %v %v, Eval's %v %v", row, lo, hi, got.Value, got.Moves, want.Value, want.Moves)
				}
				for i := range got.Moves {
					if got.Moves[i] != want.Moves[i] || got.After[i].Cmp(want.After[i]) != 0 {
						t.Fatalf("%v, coins %d..%d: move %v after %v, Eval's %v after %v", row, lo, hi, got.Moves[i], got.After[i], want.Moves[i], want.After[i])
					}
				}
			}
		}
	}
	if _, ok := NewMargins([]*big.Int{new(big.Int).Lsh(big.NewInt(1), 62)}); ok {
		t.Error("a coin of 2^62 was taken")
	}
}
