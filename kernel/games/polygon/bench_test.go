package polygon_test

import (
	"testing"

	"gamelab/kernel/games/gamestest"
)

// The builtins wrap the solvers; these compare a builtin call with the bare
// solver to show what the wrapping (argument checks, result fields) costs,
// and measure the speed targets of issues 12 and 18 through the builtins,
// as a user solves: go test -run '^$' -bench . -benchtime 1x -benchmem.

func BenchmarkAnalyzePolygon50(b *testing.B) {
	env, _ := gamestest.Recording()
	p, _ := gamestest.Tool("randpolygon").Fn(env, 50, 1)
	// A line that is not the optimum: delete edge 1, then merge from the left.
	line := []any{1}
	for e := 2; e <= 50; e++ {
		line = append(line, e)
	}
	for b.Loop() {
		if _, err := gamestest.Tool("analyze").Fn(env, p, line); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVariantPolygonPlusTimes500Int64(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randpolygon", 500, map[string]any{"values": []any{-1, 1}}))
}

func BenchmarkVariantPolygonMinus500Int64(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randpolygon", 500, map[string]any{"values": []any{-1, 1}, "ops": "+-*"}))
}

func BenchmarkVariantPolygonPlusTimes500Exact(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randpolygon", 500, nil))
}

func BenchmarkVariantPolygonMinus500Exact(b *testing.B) {
	gamestest.BenchSolve(b, gamestest.RandBench(b, "randpolygon", 500, map[string]any{"ops": "+-*"}))
}
