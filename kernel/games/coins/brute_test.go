package coins_test

import (
	"fmt"
	"math/big"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
)

// coinsBrute knows nothing of the engine or of any DP: it plays the rules
// of coins in a row (SPEC §1 and §6) literally from the fields a user sees
// (values, rules) and tries every line of play. It is the independent check
// of the game's Position (Legal, Play, Step), which the engine's exhaustive
// solver relies on; that one in turn is the reference for the fast solver
// (laws_test.go).

// coinsBrute solves rows of coins under rules by trying every line.
type coinsBrute struct {
	take int  // 1.., or 0 for "2M"
	left bool // ends "left"
	rest bool // score "rest"
	memo map[string]*big.Int
}

func newCoinsBrute(rules map[string]any) *coinsBrute {
	b := &coinsBrute{take: 1, left: rules["ends"] == "left", rest: rules["score"] == "rest", memo: map[string]*big.Int{}}
	switch t := rules["take"].(type) {
	case int:
		b.take = t
	case string:
		b.take = 0
	}
	return b
}

func sumOf(xs []*big.Int) *big.Int {
	s := new(big.Int)
	for _, x := range xs {
		s.Add(s, x)
	}
	return s
}

// options lists every legal move on the coins left (with the current M
// under take "2M") in the game's order (L1, L2, …, then R1, R2, …, a move
// that takes every coin being its L move): its name, the coins left after
// it, the next M and what it scores.
func (b *coinsBrute) options(row []*big.Int, m int) (names []string, rests [][]*big.Int, ms []int, gains []*big.Int) {
	limit := b.take
	if b.take == 0 {
		limit = 2 * m
	}
	limit = min(limit, len(row))
	add := func(side string, x int, rest, taken []*big.Int) {
		name := side
		if x > 1 {
			name += fmt.Sprint(x)
		}
		gain := sumOf(taken)
		if b.rest {
			gain = sumOf(rest)
		}
		names, rests, ms, gains = append(names, name), append(rests, rest), append(ms, max(m, x)), append(gains, gain)
	}
	for x := 1; x <= limit; x++ {
		add("L", x, row[x:], row[:x])
	}
	for x := 1; x <= limit && x < len(row) && !b.left; x++ {
		add("R", x, row[:len(row)-x], row[len(row)-x:])
	}
	return names, rests, ms, gains
}

// margin is the mover's best margin on the coins left with M m.
func (b *coinsBrute) margin(row []*big.Int, m int) *big.Int {
	if len(row) == 0 {
		return new(big.Int)
	}
	key := fmt.Sprint(row, m)
	if v, ok := b.memo[key]; ok {
		return v
	}
	var best *big.Int
	for _, mv := range b.after(row, m) {
		if best == nil || mv.After.Cmp(best) > 0 {
			best = mv.After
		}
	}
	b.memo[key] = best
	return best
}

// after is every legal move on the coins left and its after-value: what
// it scores minus the other player's best margin on what it leaves.
func (b *coinsBrute) after(row []*big.Int, m int) []gamestest.BruteMove {
	names, rests, ms, gains := b.options(row, m)
	out := make([]gamestest.BruteMove, len(names))
	for i := range names {
		out[i] = gamestest.BruteMove{Move: names[i], After: new(big.Int).Sub(gains[i], b.margin(rests[i], ms[i]))}
	}
	return out
}

// At is every legal move at a coins position and its after-value.
func (b *coinsBrute) At(x games.Position) []gamestest.BruteMove { return b.after(coinsLeft(x)) }

func (b *coinsBrute) Minimises() bool { return false }

// coinsLeft is a coins position's coins left and current M (1 where the
// rules have none: it is then unused).
func coinsLeft(x games.Position) ([]*big.Int, int) {
	switch p := x.(type) {
	case *coins.Coins:
		return gamestest.Bigs(p.Values), max(p.M, 1)
	}
	panic(fmt.Sprintf("not a coins position: %T", x))
}

// --- Life Line ---
