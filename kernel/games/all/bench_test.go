package all_test

import (
	"context"
	"strings"
	"testing"

	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/lifeline"
	solcoins "gamelab/solvers/coins"
	sollifeline "gamelab/solvers/lifeline"
)

// The builtins wrap the solvers; these compare a builtin call with the bare
// solver to show what the wrapping (argument checks, result fields) costs.

func BenchmarkSolveCoinsBuiltin(b *testing.B) {
	env, _ := testEnv()
	c, _ := lookup(nil, "randcoins").Fn(env, 3000, 1)
	solve := lookup(nil, "solve")
	for b.Loop() {
		if _, err := solve.Fn(env, c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolveCoinsDirect(b *testing.B) {
	env, _ := testEnv()
	c, _ := lookup(nil, "randcoins").Fn(env, 3000, 1)
	for b.Loop() {
		if _, err := solcoins.Solve(context.Background(), c.(*coins.Coins).Row()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolveBoardBuiltin(b *testing.B) {
	env, _ := testEnv()
	x, _ := lookup(nil, "randboard").Fn(env, 1000, 1)
	solve := lookup(nil, "solve")
	for b.Loop() {
		if _, err := solve.Fn(env, x, 2); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolveBoardDirect(b *testing.B) {
	env, _ := testEnv()
	x, _ := lookup(nil, "randboard").Fn(env, 1000, 1)
	for b.Loop() {
		if _, err := sollifeline.Solve(context.Background(), x.(*lifeline.Board).Solver(), 2); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSetIndexBoard(b *testing.B) {
	env, _ := testEnv()
	x, _ := lookup(nil, "randboard").Fn(env, 1000, 1)
	for b.Loop() {
		if _, err := x.(*lifeline.Board).SetIndex([]any{500, 250}, 3); err != nil {
			b.Fatal(err)
		}
	}
}

// The costs issue 12 sets: a 50-vertex polygon line (all 49 moves after the
// first) under a second, a 3000-coin line under two.

func BenchmarkAnalyzePolygon50(b *testing.B) {
	env, _ := testEnv()
	p, _ := lookup(nil, "randpolygon").Fn(env, 50, 1)
	// A line that is not the optimum: delete edge 1, then merge from the left.
	line := []any{1}
	for e := 2; e <= 50; e++ {
		line = append(line, e)
	}
	for b.Loop() {
		if _, err := lookup(nil, "analyze").Fn(env, p, line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAnalyzeCoins3000(b *testing.B) {
	env, _ := testEnv()
	c, _ := lookup(nil, "randcoins").Fn(env, 3000, 1)
	line := strings.Repeat("LR", 1500)
	for b.Loop() {
		if _, err := lookup(nil, "analyze").Fn(env, c, line); err != nil {
			b.Fatal(err)
		}
	}
}
