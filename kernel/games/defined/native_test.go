package defined_test

import (
	"context"
	"testing"

	"gamelab/kernel/builtin"
)

// TestCoinsAgainstNative: coins in a row re-expressed in the language
// (scripts/games/coins.gl) equals the native solver on 1,000 random rows
// under each rule set the issue names (the default, take k, ends left,
// score rest, and combinations): the first player's margin and every
// optimal first move, in the game's order. The statement lists the seeds
// where they differ: none.
func TestCoinsAgainstNative(t *testing.T) {
	s := session(t, func(*builtin.Env, []any) error { return nil })
	for _, rules := range []string{`{}`, `{take: 2}`, `{take: 3}`, `{ends: "left"}`, `{score: "rest"}`,
		`{take: 2, ends: "left", score: "rest"}`} {
		code := `filter(1..1000, {let c = randcoins(1 + # % 7, #, {values: -30..30}); ` +
			`let mine = solve(row(c.values, ` + rules + `)); let native = solve(with(c, ` + rules + `)); ` +
			`mine.value != native.diff || mine.optimal != native.optimal})`
		out := s.Execute(context.Background(), code)
		if out.Err != nil {
			t.Fatalf("%s: %s", rules, out.Err.Msg)
		}
		if out.Result.Text != "[]" {
			t.Errorf("under %s the two differ at seeds %s", rules, out.Result.Text)
		}
	}
}
