//go:build !js

package defined_test

import (
	"context"
	"fmt"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games/defined"
)

// TestPartsRunOnWords: the parts of the subtraction game and of coins
// (benchGames), which the fast path compiles, run on the search's words:
// a call makes nothing on the heap (the machine, or a state boxed along
// the way, would make a view, a list or an int's box a call), so the
// speed the benchmarks measure is the words' and not the machine's.
func TestPartsRunOnWords(t *testing.T) {
	allocs := &builtin.Builtin{Name: "allocs", Fn: func(env *builtin.Env, args ...any) (any, error) {
		p, name := args[0].(*defined.Position), args[1].(string)
		var err error
		call := defined.Part(p, name)
		n := testing.AllocsPerRun(200, func() {
			if e := call(); e != nil {
				err = e
			}
		})
		return fmt.Sprint(n), err
	}}
	for _, g := range []benchGame{benchGames[0], benchGames[2]} {
		s := kernel.NewSession(kernel.WithBuiltins(allocs))
		if out := s.Execute(context.Background(), g.def); out.Err != nil {
			t.Fatal(out.Err.Msg)
		}
		for _, part := range []string{"moves", "play", "earn", "key"} {
			out := s.Execute(context.Background(), fmt.Sprintf("allocs(%s, %q)", g.instance, part))
			if out.Err != nil {
				t.Fatalf("%s's %s: %s", g.name, part, out.Err.Msg)
			}
			if got := out.Result.Text; got != `"0"` {
				t.Errorf("%s's %s makes %s objects a call, want none", g.name, part, got)
			}
		}
	}
}
