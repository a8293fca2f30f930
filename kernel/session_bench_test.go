package kernel

// Benchmarks of the engine's cost per cell.

import (
	"context"
	"fmt"
	"testing"
)

func BenchmarkTrivialCell(b *testing.B) {
	s := NewSession()
	ctx := context.Background()
	for b.Loop() {
		if out := s.Execute(ctx, "1+1"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}

// BenchmarkLoopBody is the cost of a loop pass that does nothing, the
// interrupt check included (ns per item: the reported ns/op / 100000).
func BenchmarkLoopBody(b *testing.B) {
	s := NewSession()
	ctx := context.Background()
	if out := s.Execute(ctx, "xs = 1..100000"); out.Err != nil {
		b.Fatal(out.Err)
	}
	for b.Loop() {
		if out := s.Execute(ctx, "count(xs, {true})"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}

// BenchmarkShowResult is what showing a value costs a front end without
// pictures (the REPL, scripts, piped input: text only) and one with them
// (Jupyter: text and SVG), for values at the SVG limits (a board of
// display.MaxSVGRows rows, a ring of MaxSVGVertices) and beyond them (a
// 2000-row board, drawn as a card).
func BenchmarkShowResult(b *testing.B) {
	s := NewSession()
	ctx := context.Background()
	if out := s.Execute(ctx, "b80 = randboard(80, 1)\nr80 = solve(b80, 3)\np500 = randpolygon(500, 1)\nr2000 = solve(randboard(2000, 1), 3)"); out.Err != nil {
		b.Fatal(out.Err)
	}
	for _, name := range []string{"b80", "r80", "p500", "r2000"} {
		for _, svg := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/svg=%v", name, svg), func(b *testing.B) {
				for b.Loop() {
					if out := s.ExecuteWith(ctx, name, ExecOptions{SVG: svg}); out.Err != nil {
						b.Fatal(out.Err)
					}
				}
			})
		}
	}
}

// BenchmarkCellManyVars is a trivial cell in a session of 10,000 variables:
// a statement's cost must not grow with the variables it does not use.
func BenchmarkCellManyVars(b *testing.B) {
	s := NewSession()
	for i := range 10000 {
		s.vars[fmt.Sprintf("v%d", i)] = i
	}
	b.ResetTimer()
	for b.Loop() {
		if out := s.Execute(context.Background(), "v1 + 1"); out.Err != nil {
			b.Fatal(out.Err)
		}
	}
}
