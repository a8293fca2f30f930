package coins_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
	solcoins "gamelab/solvers/coins"
)

// The builtins wrap the solvers; these compare a builtin call with the bare
// solver to show what the wrapping (argument checks, result fields) costs,
// and measure the speed targets of issues 12 and 18 through the builtins,
// as a user solves: go test -run '^$' -bench . -benchtime 1x -benchmem.

func BenchmarkSolveCoinsBuiltin(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.Must(b, "randcoins", 3000, 1))
}

func BenchmarkSolveCoinsDirect(b *testing.B) {
	env, _ := gamestest.Recording()
	c, _ := gamestest.Tool("randcoins").Fn(env, 3000, 1)
	for b.Loop() {
		if _, err := solcoins.Solve(context.Background(), c.(*coins.Coins).Row()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAnalyzeCoins3000(b *testing.B) {
	env, _ := gamestest.Recording()
	c, _ := gamestest.Tool("randcoins").Fn(env, 3000, 1)
	line := strings.Repeat("LR", 1500)
	for b.Loop() {
		if _, err := gamestest.Tool("analyze").Fn(env, c, line); err != nil {
			b.Fatal(err)
		}
	}
}

// Issue 18's speed targets, solved through the builtins as a user solves
// them: polygon with '-' (random ops from "+-*") beside a "+*" ring of the
// same size, n = 500, on the int64 path (values -1..1) and the exact one
// (-10..10); coins take 3 and score "rest" at n = 30000 (each under 3 s and
// 400 MB), ends "left" with take 3 at n = 10^6 (under 2 s), take "2M" at
// n = 2000 (under 5 s); a square Life Line board of N = 1000 (under 2 s and
// 300 MB). go test -run '^$' -bench Variant -benchtime 1x -benchmem.

func BenchmarkVariantCoinsTake3N30000(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randcoins", 30000, map[string]any{"take": 3}))
}

func BenchmarkVariantCoinsRestN30000(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randcoins", 30000, map[string]any{"score": "rest"}))
}

// LeetCode's Stone Game II takes from the left; from both ends the solver
// refuses n = 2000 (5·10^11 moves to compare).
func BenchmarkVariantCoins2MLeftN2000(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randcoins", 2000, map[string]any{"take": "2M", "ends": "left"}))
}

// randcoins stops at 100000 coins; a million are made from a longer row
// of the same kind (randcoins(100000, 1)'s coins ten times).
func BenchmarkVariantCoinsLeftTake3N1e6(b *testing.B) {
	row := gamestest.RandBench(b, "randcoins", 100000, nil).(*coins.Coins).Row()
	var long []*big.Int
	for range 10 {
		long = append(long, row...)
	}
	env, _ := gamestest.Recording()
	c, err := gamestest.Tool("with").Fn(env, coins.NewCoins(long), map[string]any{"ends": "left", "take": 3})
	if err != nil {
		b.Fatal(err)
	}
	gamestest.BenchSolve(b, c)
}

// BenchmarkTournamentCoins: 10,000 rows of 20 coins, greedy (A) against
// optimal (B), as tournament(xs, {A: greedy, B: optimal}) plays them; the
// target is under 2 s for all of them.
func BenchmarkTournamentCoins(b *testing.B) {
	env, _ := gamestest.Recording()
	rows := make([]any, 10000)
	for i := range rows {
		rows[i] = gamestest.Must(b, "randcoins", 20, i+1)
	}
	sides := map[string]any{"A": gamestest.Tool("greedy").Value, "B": gamestest.Tool("optimal").Value}
	tournament := gamestest.Tool("tournament")
	for b.Loop() {
		if _, err := tournament.Fn(env, rows, sides); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMatchLongRow: one match of 6000 coins, greedy against optimal.
// The row's table answers every position (it took 50 s position by
// position, O(n³), when the oracle refused tables past 4 MiB); the target
// is under a second.
func BenchmarkMatchLongRow(b *testing.B) {
	env, _ := gamestest.Recording()
	row := gamestest.Must(b, "randcoins", 6000, 1)
	match := gamestest.Tool("match")
	for b.Loop() {
		if _, err := match.Fn(env, row, gamestest.Tool("greedy").Value, gamestest.Tool("optimal").Value); err != nil {
			b.Fatal(err)
		}
	}
}
