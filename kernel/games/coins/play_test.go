package coins_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
)

func TestPlayCoinsAgainstTheOptimum(t *testing.T) {
	c := gamestest.Must(t, "coins", "10 80 90 30")
	// A asks for a hint, plays L (a mistake), takes it back, plays R, then R
	// again after B's reply.
	env, log := gamestest.Scripted("?", "L", "u", "R", "x", "R")
	a := gamestest.PlayRecord(t, env, c)
	out := log.String()
	for _, s := range []string{
		"A to move, L or R (? hint, u undo, q quit): ?", "optimal: R (the mover's best margin 10)",
		"L: loses 20; optimal: R", "took back L (yours) and R (the optimum's)\n", "R: optimal", "B takes R (the optimum)",
		`"x" is not a move`, "the game is over",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("play lacks %q:\n%s", s, out)
		}
	}
	// One tie rule: after A's L, B's L and R both keep 20, and B takes R,
	// as solve does and docs/rules.md says (L only when it leaves A
	// strictly less).
	if _, afterL, _ := strings.Cut(out, "L: loses 20"); !strings.HasPrefix(strings.SplitN(afterL, "B takes ", 2)[1], "R (the optimum)") {
		t.Errorf("after A's L, B's reply is not R:\n%s", afterL)
	}
	// The record: A's moves and B's replies, the undone move gone.
	var moves []string
	for _, m := range a.Moves {
		moves = append(moves, m["move"].(string))
	}
	if got := strings.Join(moves, ""); got != "RRRL" || !gamestest.IsZero(a.Loss) || a.Totals["A"] != 110 {
		t.Errorf("record %s, loss %v, totals %v\n%s", got, a.Loss, a.Totals, out)
	}
}

func TestPlayCoinsAsBAndBoth(t *testing.T) {
	c := gamestest.Must(t, "coins", "10 80 90 30")
	env, log := gamestest.Scripted("L", "q")
	a := gamestest.PlayRecord(t, env, c, "B")
	if len(a.Moves) != 3 || a.Moves[0]["player"] != "A" || a.Moves[1]["move"] != "L" || !strings.Contains(log.String(), "A takes R (the optimum)") {
		t.Errorf("as B: %v\n%s", a.Moves, log)
	}
	env, _ = gamestest.Scripted("L", "L", "L") // then Ctrl-D: the record so far
	a = gamestest.PlayRecord(t, env, c, "both")
	if len(a.Moves) != 3 || a.Moves[1]["player"] != "B" {
		t.Errorf("both: %v", a.Moves)
	}
	if _, err := gamestest.Try(t, "play", c, "C"); err == nil || !strings.Contains(err.Error(), `argument 2 (players) must be "A", "B" or "both"`) {
		t.Errorf("play(c, \"C\"): %v", err)
	}
}

// Without anyone to answer (a script, piped input, Jupyter without
// allow_stdin) play is an error that points to analyze; an interrupt while
// it waits ends the cell.
func TestPlayNeedsAPerson(t *testing.T) {
	_, err := gamestest.Try(t, "play", gamestest.Must(t, "coins", "1 2"))
	if err == nil || !strings.Contains(err.Error(), "analyze(x, moves)") {
		t.Errorf("play without input: %v", err)
	}
	env, _ := gamestest.Scripted()
	ctx, cancel := context.WithCancel(context.Background())
	env.Ctx = ctx
	env.Input = func(string) (string, error) { cancel(); return "", ctx.Err() }
	if _, err := gamestest.Tool("play").Fn(env, gamestest.Must(t, "coins", "1 2")); !errors.Is(err, context.Canceled) {
		t.Errorf("interrupted play: %v", err)
	}
}

// play under a variant offers the rules' moves, refuses the others with
// the rules' reason and asks again, and the optimum replies by them.
func TestPlayUnderRules(t *testing.T) {
	c := gamestest.Must(t, "coins", "10 80 90 30", map[string]any{"take": 2})
	env, log := gamestest.Scripted("?", "L3", "R2")
	a := gamestest.PlayRecord(t, env, c)
	out := log.String()
	for _, s := range []string{`coins("10 80 90 30") (take 1..2 from either end)`, "A to move, L, L2, R or R2 (? hint, u undo, q quit): ?",
		"optimal: R2 (the mover's best margin 30)", "L3 takes 3 coins, but the rules allow 1 to 2 (take 2)", "R2: optimal",
		"B takes L2 (the optimum)", "the game is over"} {
		if !strings.Contains(out, s) {
			t.Errorf("play lacks %q:\n%s", s, out)
		}
	}
	if len(a.Moves) != 2 || a.Totals["A"] != 120 || a.Totals["B"] != 90 || !gamestest.IsZero(a.Loss) {
		t.Errorf("record %v, totals %v", a.Moves, a.Totals)
	}
}
