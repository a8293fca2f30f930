package defined_test

import (
	"context"
	"testing"

	"gamelab/kernel/builtin"
)

// TestPolygonAgainstNative: the polygon game re-expressed in the language
// (scripts/games/polygon.gl) equals the native solver on 1,000 random
// rings of 1..6 vertices (values -5..5, edges +, * and -) under each goal:
// the best value and every optimal first edge. The statement lists the
// seeds where they differ: none.
func TestPolygonAgainstNative(t *testing.T) {
	s := session(t, func(*builtin.Env, []any) error { return nil })
	for _, rules := range []string{`{goal: "max"}`, `{goal: "min"}`} {
		code := `filter(1..1000, {let p = randpolygon(1 + # % 6, #, {values: -5..5, ops: "+*-"}); ` +
			`let mine = solve(pg(p, ` + rules + `)); let native = solve(with(p, ` + rules + `)); ` +
			`mine.value != native.best || mine.optimal != native.optimal})`
		out := s.Execute(context.Background(), code)
		if out.Err != nil {
			t.Fatalf("%s: %s", rules, out.Err.Msg)
		}
		if out.Result.Text != "[]" {
			t.Errorf("under %s the two differ at seeds %s", rules, out.Result.Text)
		}
	}
}
