package all_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/tools"
)

// playEnv answers play's prompts with lines, then io.EOF; it records what
// play printed and showed, prompts included.
func playEnv(lines ...string) (*builtin.Env, *strings.Builder) { return gamestest.Scripted(lines...) }

func playRecord(t *testing.T, env *builtin.Env, args ...any) *tools.Analysis {
	t.Helper()
	v, err := lookup(t, "play").Fn(env, args...)
	if err != nil {
		t.Fatal(err)
	}
	return v.(*tools.Analysis)
}

func TestPlayCoinsAgainstTheOptimum(t *testing.T) {
	c := must(t, "coins", "10 80 90 30")
	// A asks for a hint, plays L (a mistake), takes it back, plays R, then R
	// again after B's reply.
	env, log := playEnv("?", "L", "u", "R", "x", "R")
	a := playRecord(t, env, c)
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
	if got := strings.Join(moves, ""); got != "RRRL" || !isZero(a.Loss) || a.Totals["A"] != 110 {
		t.Errorf("record %s, loss %v, totals %v\n%s", got, a.Loss, a.Totals, out)
	}
}

func TestPlayCoinsAsBAndBoth(t *testing.T) {
	c := must(t, "coins", "10 80 90 30")
	env, log := playEnv("L", "q")
	a := playRecord(t, env, c, "B")
	if len(a.Moves) != 3 || a.Moves[0]["player"] != "A" || a.Moves[1]["move"] != "L" || !strings.Contains(log.String(), "A takes R (the optimum)") {
		t.Errorf("as B: %v\n%s", a.Moves, log)
	}
	env, _ = playEnv("L", "L", "L") // then Ctrl-D: the record so far
	a = playRecord(t, env, c, "both")
	if len(a.Moves) != 3 || a.Moves[1]["player"] != "B" {
		t.Errorf("both: %v", a.Moves)
	}
	if _, err := call(t, "play", c, "C"); err == nil || !strings.Contains(err.Error(), `argument 2 (players) must be "A", "B" or "both"`) {
		t.Errorf("play(c, \"C\"): %v", err)
	}
}

func TestPlayPolygonAndLifeline(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	env, log := playEnv("9", "3", "2", "u", "u", "1", "?")
	a := playRecord(t, env, p)
	out := log.String()
	for _, s := range []string{"edge to delete first, 1..5", "edge 9 does not exist", "3: optimal", "edge to merge",
		"1: loses 320; optimal: 3 4", "optimal: 2 5 (best final score 168)"} {
		if !strings.Contains(out, s) {
			t.Errorf("polygon play lacks %q:\n%s", s, out)
		}
	}
	if len(a.Moves) != 1 || a.Moves[0]["move"] != 1 || a.Loss != 320 {
		t.Errorf("record %v, loss %v", a.Moves, a.Loss)
	}
	b := must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	env, log = playEnv("1 1", "3 2", "4,4", "x")
	a = playRecord(t, env, b, []any{4, 1})
	out = log.String()
	for _, s := range []string{"player 4: row and position", "(1,1) is occupied by stone 2", "(3,2): optimal", "player 1: row and position", "a move is a row and a position"} {
		if !strings.Contains(out, s) {
			t.Errorf("lifeline play lacks %q:\n%s", s, out)
		}
	}
	if len(a.Moves) != 2 || a.Totals["4"] != 6 {
		t.Errorf("record %v, totals %v", a.Moves, a.Totals)
	}
}

// Without anyone to answer (a script, piped input, Jupyter without
// allow_stdin) play is an error that points to analyze; an interrupt while
// it waits ends the cell.
func TestPlayNeedsAPerson(t *testing.T) {
	_, err := call(t, "play", must(t, "coins", "1 2"))
	if err == nil || !strings.Contains(err.Error(), "analyze(x, moves)") {
		t.Errorf("play without input: %v", err)
	}
	env, _ := playEnv()
	ctx, cancel := context.WithCancel(context.Background())
	env.Ctx = ctx
	env.Input = func(string) (string, error) { cancel(); return "", ctx.Err() }
	if _, err := lookup(t, "play").Fn(env, must(t, "coins", "1 2")); !errors.Is(err, context.Canceled) {
		t.Errorf("interrupted play: %v", err)
	}
}

// play under a variant offers the rules' moves, refuses the others with
// the rules' reason and asks again, and the optimum replies by them.
func TestPlayUnderRules(t *testing.T) {
	c := must(t, "coins", "10 80 90 30", map[string]any{"take": 2})
	env, log := playEnv("?", "L3", "R2")
	a := playRecord(t, env, c)
	out := log.String()
	for _, s := range []string{`coins("10 80 90 30") (take 1..2 from either end)`, "A to move, L, L2, R or R2 (? hint, u undo, q quit): ?",
		"optimal: R2 (the mover's best margin 30)", "L3 takes 3 coins, but the rules allow 1 to 2 (take 2)", "R2: optimal",
		"B takes L2 (the optimum)", "the game is over"} {
		if !strings.Contains(out, s) {
			t.Errorf("play lacks %q:\n%s", s, out)
		}
	}
	if len(a.Moves) != 2 || a.Totals["A"] != 120 || a.Totals["B"] != 90 || !isZero(a.Loss) {
		t.Errorf("record %v, totals %v", a.Moves, a.Totals)
	}
}
