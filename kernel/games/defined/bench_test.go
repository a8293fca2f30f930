package defined_test

import (
	"context"
	"testing"

	"gamelab/kernel"
)

// The speed of games defined in the language, on the rules the issue
// measures against Python's functools.lru_cache minimax (bench/defined
// runs the Python side by side): the subtraction game (take 1..7), coins
// in a row and tic-tac-toe from the empty board.

func benchSolve(b *testing.B, def, call string) {
	s := kernel.NewSession()
	if out := s.Execute(context.Background(), def); out.Err != nil {
		b.Fatal(out.Err.Msg)
	}
	b.ResetTimer()
	for b.Loop() {
		// A new instance each time: its table is its own.
		if out := s.Execute(context.Background(), call); out.Err != nil {
			b.Fatal(out.Err.Msg)
		}
	}
}

const subtraction = `sub = game({name: "sub", moves: {1..min(#.state, 7)}, play: {#.state - #.move}, value: {-1}})`

func BenchmarkSubtraction10000(b *testing.B) {
	benchSolve(b, subtraction, `solve(sub(10000)).value`)
}
