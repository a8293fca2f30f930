package coins_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/gamestest"
)

// Issue 21's property tests: dp(x) is read through the builtins a user
// calls (dp, at, position) under every combination of the rules, on random
// small rows, and every cell's margin and optimal moves are the brute
// force's on the coins it leaves. The plan is a line of optimal moves from
// the whole row to the last coin.

func TestDPAgainstBruteForce(t *testing.T) {
	t.Parallel()
	gamestest.EachInstance(t, laws, rand.New(rand.NewPCG(21, 2026)), 25, func(v gamestest.Variant, where string, x games.Position) {
		checkCoinsDP(t, where, v, x)
	})
}

func checkCoinsDP(t *testing.T, where string, v gamestest.Variant, x games.Position) {
	t.Helper()
	d := gamestest.Must(t, "dp", x).(*coins.DP)
	b := newCoinsBrute(v.Rules)
	row := gamestest.Bigs(x.(*coins.Coins).Values)
	twoM := v.Rules["take"] == "2M"
	// the positions play can reach: coins from..to left, with M
	type pos struct{ from, to, m int }
	reach := map[pos]bool{}
	var walk func(from, to, m int)
	walk = func(from, to, m int) {
		if from > to || reach[pos{from, to, m}] {
			return
		}
		reach[pos{from, to, m}] = true
		names, rests, ms, _ := b.options(row[from-1:to], m)
		for k := range names {
			f := from
			if names[k][0] == 'L' {
				f = from + (to - from + 1 - len(rests[k]))
			}
			if twoM {
				walk(f, f+len(rests[k])-1, ms[k])
			} else {
				walk(f, f+len(rests[k])-1, 1)
			}
		}
	}
	walk(1, len(row), 1)
	atArgs := func(p pos) []any {
		if twoM {
			return []any{d, p.from, p.to, p.m}
		}
		return []any{d, p.from, p.to}
	}
	seen := 0
	for from := 1; from <= len(row); from++ {
		for to := from; to <= len(row); to++ {
			for m := 1; m <= len(row); m++ {
				if !twoM && m > 1 {
					break
				}
				p := pos{from, to, m}
				got, err := gamestest.Try(t, "at", atArgs(p)...)
				if !reach[p] {
					if err == nil && twoM {
						t.Fatalf("%s: at(d, %d, %d, %d) is a cell, but play never leaves coins %d..%d with M %d", where, from, to, m, from, to, m)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: at%v: %v", where, atArgs(p)[1:], err)
				}
				seen++
				c := got.(*coins.Cell)
				moves := b.after(row[from-1:to], m)
				margin, best := gamestest.BruteBest(moves, false)
				if gamestest.BigOf(c.Margin).Cmp(margin) != 0 {
					t.Fatalf("%s: at%v margin %v, exhaustively %v", where, atArgs(p)[1:], c.Margin, margin)
				}
				// the default game names the last coin both L and R
				gotBest := slices.DeleteFunc(slices.Clone(c.Best), func(s string) bool { return from == to && s == "R" && !slices.Contains(best, any("R")) })
				if fmt.Sprint(gotBest) != fmt.Sprint(best) {
					t.Fatalf("%s: at%v best %v, exhaustively %v", where, atArgs(p)[1:], c.Best, best)
				}
				sub := gamestest.Must(t, "position", atArgs(p)...).(games.Position)
				env, _ := gamestest.Recording()
				if ev, err := games.Evaluate(env, sub); err != nil || ev.Value.Cmp(margin) != 0 {
					t.Fatalf("%s: position%v solves to %v (%v), the cell's margin %v", where, atArgs(p)[1:], ev, err, margin)
				}
			}
		}
	}
	if !twoM && seen != len(reach) {
		t.Fatalf("%s: %d cells found, %d positions occur", where, seen, len(reach))
	}
	// The plan: the whole row first, then each cell one that an optimal
	// move of the cell before leaves (the solve's tie rule picks which),
	// the last one's optimal move taking every coin.
	var starts []pos
	for _, pc := range d.Plan {
		p := pos{pc[0], pc[1], 1}
		if twoM {
			p.m = pc[2]
		}
		starts = append(starts, p)
	}
	if len(starts) == 0 || starts[0] != (pos{1, len(row), 1}) {
		t.Fatalf("%s: the plan %v does not start with the whole row", where, d.Plan)
	}
	for k, p := range starts {
		c := gamestest.Must(t, "at", atArgs(p)...).(*coins.Cell)
		names, rests, ms, _ := b.options(row[p.from-1:p.to], p.m)
		found := false
		for i, name := range names {
			if !slices.Contains(c.Best, name) {
				continue
			}
			f := p.from
			if name[0] == 'L' {
				f += p.to - p.from + 1 - len(rests[i])
			}
			next := pos{f, f + len(rests[i]) - 1, ms[i]}
			if !twoM {
				next.m = 1
			}
			if k+1 < len(starts) && next == starts[k+1] || k+1 == len(starts) && len(rests[i]) == 0 {
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: the plan %v: no optimal move %v of cell %d leads to the next", where, d.Plan, c.Best, k)
		}
	}
}

// dp of a position (after some moves) is the table of the coins left as a
// row of their own, from the position's M: its top margin is the exhaustive
// search's on those coins, and every cell of it is the whole row's cell of
// the same coins and M, renumbered.
func TestDPOfACoinsPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2026))
	tried := 0
	for _, v := range laws.Variants() {
		b := newCoinsBrute(v.Rules)
		twoM := v.Rules["take"] == "2M"
		for trial := range 12 {
			x := v.Instance(t, r)
			whole := gamestest.Must(t, "dp", x).(*coins.DP)
			var p games.Position = x
			for range 1 + r.IntN(3) {
				legal := p.Legal()
				if len(legal) == 0 {
					break
				}
				p = gamestest.Must(t, "after", p, []any{legal[r.IntN(len(legal))].Value()}).(games.Position)
			}
			pos, ok := p.(*coins.Coins)
			if !ok || pos.N == 0 {
				continue
			}
			tried++
			where := fmt.Sprintf("%s trial %d: %s after %q", v, trial, x.Text(), pos.Moves)
			d := gamestest.Must(t, "dp", pos).(*coins.DP)
			left := gamestest.Bigs(pos.Values)
			margin, _ := gamestest.BruteBest(b.after(left, max(pos.M, 1)), false)
			if gamestest.BigOf(d.Value).Cmp(margin) != 0 {
				t.Fatalf("%s: dp's value %v, exhaustively %v", where, d.Value, margin)
			}
			// the coins left are from+1..from+N of the whole row: the L
			// moves took the first from
			from := 0
			for _, m := range regexp.MustCompile(`[LR][0-9]*`).FindAllString(pos.Moves, -1) {
				if k, _ := strconv.Atoi(m[1:]); m[0] == 'L' {
					from += max(k, 1)
				}
			}
			for _, pc := range d.Plan {
				args := []any{d, pc[0], pc[1]}
				wholeArgs := []any{whole, pc[0] + from, pc[1] + from}
				if twoM {
					args, wholeArgs = append(args, pc[2]), append(wholeArgs, pc[2])
				}
				c := gamestest.Must(t, "at", args...).(*coins.Cell)
				wc := gamestest.Must(t, "at", wholeArgs...).(*coins.Cell) // play reached it: the whole table has it
				if gamestest.BigOf(wc.Margin).Cmp(gamestest.BigOf(c.Margin)) != 0 {
					t.Fatalf("%s: cell %v margin %v, the whole row's %v", where, pc, c.Margin, wc.Margin)
				}
			}
			if top := d.Plan[0]; top[0] != 1 || top[1] != pos.N || twoM && top[2] != pos.M {
				t.Fatalf("%s: the plan starts at %v, not the coins left", where, top)
			}
		}
	}
	if tried < 50 {
		t.Errorf("only %d positions tried", tried)
	}
	over := gamestest.Must(t, "after", gamestest.Must(t, "coins", []any{1, 2}), "LR")
	if err := gamestest.MustErr(t, "dp", over); !strings.Contains(err.Error(), "has no coins left: the game is over") {
		t.Errorf("dp of a finished game: %v", err)
	}
}
