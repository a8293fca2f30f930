package tools_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/sessiontest"
)

// random(s) playing both sides gives each player a stream of its own: the
// turn pairs of A and B agree about as often as two coin flips do (they
// agreed 96.5 % of the time when B drew A's numbers), and the same call
// plays the same line again.
func TestRandomDrawsPerPlayer(t *testing.T) {
	s := kernel.NewSession()
	same, pairs := 0, 0
	for seed := 1; seed <= 60; seed++ {
		for _, sides := range []string{fmt.Sprintf("random(%d)", seed), fmt.Sprintf("{A: random(%d), B: random(%d)}", seed, seed)} {
			code := fmt.Sprintf("join(map(match(randcoins(20, %d), %s).moves, #.move), \"\")", seed, sides)
			line := strings.Trim(sessiontest.Result(t, s, code), `"`)
			if again := strings.Trim(sessiontest.Result(t, s, code), `"`); again != line {
				t.Fatalf("%s plays %s, then %s", code, line, again)
			}
			for k := 0; k+1 < len(line)-1; k += 2 { // A's move k, B's k+1; the last coin is always L
				pairs++
				if line[k] == line[k+1] {
					same++
				}
			}
		}
	}
	if f := float64(same) / float64(pairs); f < 0.4 || f > 0.6 {
		t.Fatalf("A's and B's draws agree in %d of %d turn pairs (%.2f), want about half", same, pairs, f)
	}
}

// json(t) writes a tournament's mean exactly, as the fraction total/games:
// past 2^53 a float would read as an integer it is not.
func TestTournamentMeanExactInJSON(t *testing.T) {
	s := kernel.NewSession()
	// A takes the right coin, 0, and loses 2·(2^53 + 1) in the first game
	// and nothing in the others: over 2 games the mean is 2^53 + 1, which
	// no float holds; over 4 it is (2^53 + 1)/2.
	for _, c := range []struct{ rows, want string }{
		{`[coins([2**53 + 1, 0]), coins([5])]`, "9007199254740993"},
		{`[coins([2**53 + 1, 0]), coins([5]), coins([1, 2]), coins([7])]`, "9007199254740993/2"},
	} {
		sessiontest.Result(t, s, `t = tournament(`+c.rows+`, {A: strategy({"R"}), B: optimal})`)
		j := sessiontest.Result(t, s, "json(t)")
		if !strings.Contains(j, `"mean":"`+c.want+`"`) {
			t.Fatalf("json(t) of %s does not have A's mean %s exactly: %s", c.rows, c.want, j)
		}
		if got := sessiontest.Result(t, s, "t.summary.A.mean"); strings.Contains(got, "/") {
			t.Fatalf("the session's mean is %s: it stays a float", got)
		}
	}
}

// A Life Line match lists every player it was played with, as the
// tournament's rows do, also a stone that never got a turn.
func TestLifeLineMatchListsEveryone(t *testing.T) {
	s := kernel.NewSession()
	sessiontest.Result(t, s, `b = board(2, "1 0 2"); m = match(b, {4: greedy, 2: optimal}); r = tournament([b], {4: greedy, 2: optimal}).rows[1]`)
	if got := sessiontest.Result(t, s, "[len(m.moves), sort(keys(m.totals)), sort(keys(m.loss)), sort(keys(r.outcome)), sort(keys(r.loss))]"); got != `[1, ["2", "4"], ["2", "4"], ["2", "4"], ["2", "4"]]` {
		t.Fatalf("[moves, totals, loss, the row's outcome and loss] = %s", got)
	}
}

// A polygon of one vertex has no move: its match and tournament play none
// and score the value; after refuses a move.
func TestOneVertexPolygonHasNoMove(t *testing.T) {
	s := kernel.NewSession()
	sessiontest.Result(t, s, `p = polygon("+ 5")`)
	if got := sessiontest.Result(t, s, `[len(match(p, optimal).moves), match(p, greedy).score, tournament([p], optimal).rows[1].moves, len(trace(p).steps)]`); got != `[0, 5, "", 0]` {
		t.Fatalf("[moves, score, the row's moves, trace steps] of a one-vertex match = %s", got)
	}
	if out := s.Execute(t.Context(), "after(p, [1])"); out.Err == nil || !strings.Contains(out.Err.Msg, "one vertex") {
		t.Fatalf("after(p, [1]) = %v, want an error that says the game is over", out.Err)
	}
}

// Under suicide: false a Life Line match ends when the stone to move has
// no legal vertex, though empty ones are left (as help(match) says).
func TestNoSuicideMatchEndsWithoutAMove(t *testing.T) {
	s := kernel.NewSession()
	seen := 0
	for seed := 1; seed <= 300 && seen < 3; seed++ {
		sessiontest.Result(t, s, fmt.Sprintf("b = randboard(4, %d, {suicide: false, empty: 0.5}); m = match(b, {1: random(%d), 2: random(%d)})", seed, seed, seed+1))
		empty := sessiontest.Result(t, s, "count(flatten(m.end.rows), # == 0)")
		turns := sessiontest.Result(t, s, "count(flatten(b.rows), # == 0)")
		moves := sessiontest.Int(t, s, "len(m.moves)")
		if fmt.Sprint(moves) == turns || empty == "0" {
			continue // played every turn, or filled the board
		}
		seen++
		mover := []string{"1", "2"}[moves%2]
		if out := s.Execute(t.Context(), "solve(m.end, "+mover+")"); out.Err == nil || !strings.Contains(out.Err.Msg, "no move") {
			t.Fatalf("seed %d: the match stopped after %d of %s turns with %s empty vertices, but stone %s can move there (%v)", seed, moves, turns, empty, mover, out.Err)
		}
	}
	if seen == 0 {
		t.Fatal("no match under suicide: false stopped early")
	}
}

// A long tournament's table keeps one column grid: the rows after the
// "…" start their columns where the header's start (they had a grid of
// their own).
func TestTournamentTableOneGrid(t *testing.T) {
	s := kernel.NewSession()
	text := sessiontest.Result(t, s, "tournament(map(1..300, randcoins(6, #)), {A: greedy, B: optimal})")
	starts := func(line string) []int {
		var out []int
		for _, loc := range regexp.MustCompile(`\S+( \S+)*`).FindAllStringIndex(line, -1) {
			out = append(out, len([]rune(line[:loc[0]])))
		}
		return out
	}
	lines := strings.Split(text, "\n")
	head := starts(lines[0])
	rows := 0
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "(") {
			break // the rows end: the note, the summary, the histogram
		}
		if l == "…" {
			continue
		}
		rows++
		if got := starts(l); fmt.Sprint(got) != fmt.Sprint(head) {
			t.Fatalf("row %q has its columns at %v, the header %q at %v", l, got, lines[0], head)
		}
	}
	if rows != 30 {
		t.Fatalf("%d rows shown, want 30:\n%s", rows, text)
	}
}
