package tools_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/sessiontest"
)

// Every surface names a coins move one way: the last coin is L (R there
// is the same move), a move that takes every coin left is written from
// the left (L2 for the last two), and analyze, match, tournament, solve,
// dp and after agree on it and on the optimal moves, however the line
// spelt its moves.
func TestCoinsMovesHaveOneText(t *testing.T) {
	rules := []string{"{}", "{take: 2}", "{take: 3}", `{take: "2M"}`, `{score: "rest"}`, `{take: 2, score: "rest"}`}
	r := rand.New(rand.NewPCG(31, 3))
	s := kernel.NewSession()
	checked := 0
	for range 150 {
		n := 1 + r.IntN(6)
		row := make([]string, n)
		for i := range row {
			row[i] = fmt.Sprint(r.IntN(7) - 2)
		}
		rule := rules[r.IntN(len(rules))]
		sessiontest.Result(t, s, fmt.Sprintf("c = coins([%s], %s)", strings.Join(row, ", "), rule))
		// A line that spells every move from the right, "R" for the last
		// coin and "R2" for the last two too, and what the games write.
		var line, canonical []string
		type cell struct{ lo, hi int }
		var cells []cell
		lo, hi := 1, n
		for lo <= hi {
			left := hi - lo + 1
			k := 1 + r.IntN(min(left, 3))
			m := fmt.Sprintf("R%d", k)
			if s.Execute(context.Background(), fmt.Sprintf("after(c, %q)", strings.Join(line, "")+m)).Err != nil {
				k, m = 1, "R1"
			}
			cells = append(cells, cell{lo, hi})
			line = append(line, m)
			want := strings.TrimSuffix(fmt.Sprintf("R%d", k), "1")
			if k == left {
				want = strings.TrimSuffix(fmt.Sprintf("L%d", k), "1")
				lo += k
			} else {
				hi -= k
			}
			canonical = append(canonical, want)
		}
		text := strings.Join(line, "")
		sessiontest.Result(t, s, fmt.Sprintf("a = analyze(c, %q); d = dp(c)", text))
		if got, want := sessiontest.Result(t, s, fmt.Sprintf("after(c, %q).moves", text)), fmt.Sprintf("%q", strings.Join(canonical, "")); got != want {
			t.Fatalf("%s %s: after(c, %q).moves is %s, want %s", row, rule, text, got, want)
		}
		for k := range line {
			prefix := strings.Join(line[:k], "")
			cellArgs := fmt.Sprintf("%d, %d", cells[k].lo, cells[k].hi)
			if rule == `{take: "2M"}` {
				cellArgs += ", p.m"
			}
			check := fmt.Sprintf(`let p = after(c, %q); [a.moves[%d].move, a.moves[%d].best == solve(p).optimal, a.moves[%d].best == at(d, %s).best]`,
				prefix, k+1, k+1, k+1, cellArgs)
			if got, want := sessiontest.Result(t, s, check), fmt.Sprintf("[%q, true, true]", canonical[k]); got != want {
				t.Fatalf("%s %s, line %q, turn %d: [move, best == solve's optimal, best == dp's] is %s, want %s (analyze says %s)",
					row, rule, text, k+1, got, want, sessiontest.Result(t, s, fmt.Sprintf("a.moves[%d]", k+1)))
			}
			checked++
		}
		// A strategy that always says "R" plays the last coin as L.
		rs := `strategy({"R"})`
		got := sessiontest.Result(t, s, fmt.Sprintf("let m = match(c, %s, %s); [m.moves[-1].move, tournament([c], %s).rows[1].moves[-1:], m.moves[-1].best]", rs, rs, rs))
		if !strings.HasPrefix(got, `["L", "L", ["L"`) {
			t.Fatalf("%s %s: a strategy of R's ends the match as %s, want its last move L", row, rule, got)
		}
	}
	if checked < 300 {
		t.Fatalf("only %d turns checked", checked)
	}
}
