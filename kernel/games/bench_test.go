package games

import (
	"context"
	"testing"

	"gamelab/solvers/coins"
	"gamelab/solvers/lifeline"
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
		if _, err := coins.Solve(context.Background(), c.(*Coins).row); err != nil {
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
		if _, err := lifeline.Solve(context.Background(), x.(*Board).b, 2); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSetIndexBoard(b *testing.B) {
	env, _ := testEnv()
	x, _ := lookup(nil, "randboard").Fn(env, 1000, 1)
	for b.Loop() {
		if _, err := x.(*Board).SetIndex([]any{500, 250}, 3); err != nil {
			b.Fatal(err)
		}
	}
}
