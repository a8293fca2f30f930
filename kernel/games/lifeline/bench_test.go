package lifeline_test

import (
	"context"
	"testing"

	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
	sollifeline "gamelab/solvers/lifeline"
)

// The builtins wrap the solvers; these compare a builtin call with the bare
// solver to show what the wrapping (argument checks, result fields) costs,
// and measure the speed targets of issues 12 and 18 through the builtins,
// as a user solves: go test -run '^$' -bench . -benchtime 1x -benchmem.

func BenchmarkSolveBoardBuiltin(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.Must(b, "randboard", 1000, 1), 2)
}

func BenchmarkSolveBoardDirect(b *testing.B) {
	env, _ := gamestest.Recording()
	x, _ := gamestest.Tool("randboard").Fn(env, 1000, 1)
	for b.Loop() {
		if _, err := sollifeline.Solve(context.Background(), x.(*lifeline.Board).Solver(), 2); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSetIndexBoard(b *testing.B) {
	env, _ := gamestest.Recording()
	x, _ := gamestest.Tool("randboard").Fn(env, 1000, 1)
	for b.Loop() {
		if _, err := x.(*lifeline.Board).SetIndex([]any{500, 250}, 3); err != nil {
			b.Fatal(err)
		}
	}
}

// The costs issue 12 sets: a 50-vertex polygon line (all 49 moves after the
// first) under a second, a 3000-coin line under two.

func BenchmarkVariantBoardSquareN1000(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randboard", 1000, map[string]any{"grid": "square"}), 2)
}
