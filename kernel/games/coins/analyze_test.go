package coins_test

import (
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/tools"
)

// after, analyze and solve of positions on small rows, against the brute
// force of brute_test.go (the default rules; laws_test.go has every variant
// against the exhaustive solver).

func TestAnalyzeCoinsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 3))
	for range 200 {
		n := 1 + r.IntN(9)
		row := make([]*big.Int, n)
		for i := range row {
			row[i] = big.NewInt(int64(r.IntN(21) - 5))
		}
		c := coins.NewCoins(row)
		before, _ := gamestest.Walk(t, r, c, r.IntN(3)) // sometimes from a position
		start := gamestest.Must(t, "after", c, gamestest.MoveValues(before)).(*coins.Coins)
		var line []string
		for k := 0; k < start.N && r.IntN(8) > 0; k++ {
			line = append(line, []string{"L", "R"}[r.IntN(2)])
		}
		a := gamestest.Must(t, "analyze", start, strings.Join(line, "")).(*tools.Analysis)
		gamestest.CheckRecord(t, a, false)
		brute := newCoinsBrute(nil)
		s := start
		for i, m := range a.Moves {
			left, _ := coinsLeft(s)
			value := brute.margin(left, 1)
			after := new(big.Int).Sub(left[0], brute.margin(left[1:], 1)) // L
			if line[i] == "R" {
				after = new(big.Int).Sub(left[len(left)-1], brute.margin(left[:len(left)-1], 1))
			}
			// One coin left is one move, L (as after and solve write it),
			// however the line spells it.
			var best []any
			if v := new(big.Int).Sub(left[0], brute.margin(left[1:], 1)); v.Cmp(value) == 0 {
				best = append(best, "L")
			}
			if v := new(big.Int).Sub(left[len(left)-1], brute.margin(left[:len(left)-1], 1)); v.Cmp(value) == 0 && len(left) > 1 {
				best = append(best, "R")
			}
			move := line[i]
			if len(left) == 1 {
				move = "L"
			}
			if gamestest.MustBig(t, m["value"]).Cmp(value) != 0 || gamestest.MustBig(t, m["after"]).Cmp(after) != 0 || !reflect.DeepEqual(m["best"], best) || m["move"] != move ||
				m["player"] != s.Turn || m["turn"] != len(s.Moves)+1 {
				t.Fatalf("%v from %q, line %v, turn %d: got %v; brute force value %s, after %s, best %v", row, start.Moves, line, i+1, m, value, after, best)
			}
			s = gamestest.Must(t, "after", s, line[i]).(*coins.Coins)
		}
		// analyze from a position counts the totals from the start.
		if !reflect.DeepEqual(a.Totals["A"], s.A) || !reflect.DeepEqual(a.Totals["B"], s.B) {
			t.Fatalf("totals %v, want %v %v", a.Totals, s.A, s.B)
		}
		// solve plays on optimally from the position: the rest has no loss.
		// Issue 18: its moves are those from the position, the moves made
		// before it are in played (they were one string before).
		if start.N > 0 {
			res := gamestest.Must(t, "solve", start).(*coins.Result)
			if res.Played != start.Moves || len(res.Moves) != start.N {
				t.Fatalf("%v from %q: solve's moves %q, played %q", row, start.Moves, res.Moves, res.Played)
			}
			opt := gamestest.Must(t, "analyze", start, res.Moves).(*tools.Analysis)
			if !gamestest.IsZero(opt.Loss) || !reflect.DeepEqual(opt.Totals["A"], res.Best) || !reflect.DeepEqual(opt.Totals["B"], res.Second) {
				t.Fatalf("%v from %q: solve's line %s loses %v, totals %v vs %v %v", row, start.Moves, res.Moves, opt.Loss, opt.Totals, res.Best, res.Second)
			}
		}
	}
}
