package defined_test

import (
	"context"
	"testing"

	"gamelab/kernel"
)

func TestTmpProf(t *testing.T) {
	s := kernel.NewSession()
	s.Execute(context.Background(), `sub = game({name: "sub", moves: {1..min(#.state, 2)}, play: {#.state - #.move}, value: {-1}}); p = sub(200000); v = solve(p).value`)
	out := s.Execute(context.Background(), "q = match(p, greedy, greedy)\nlen(q.moves)")
	t.Log(out.Result.Text, out.Err)
}
