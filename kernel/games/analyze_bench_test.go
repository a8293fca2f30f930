package games

import (
	"strings"
	"testing"
)

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
