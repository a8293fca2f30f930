package coins

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// occurring is every position with coins left that play from start can
// reach, found by walking the game tree through Rules.Moves and Next.
func occurring(r Rules, start Position) map[Position]bool {
	seen := map[Position]bool{}
	var walk func(p Position)
	walk = func(p Position) {
		if p.Left() == 0 || seen[p] {
			return
		}
		seen[p] = true
		for _, m := range r.Moves(p) {
			walk(r.Next(p, m))
		}
	}
	walk(start)
	return seen
}

// Every cell of the table equals the exhaustive search on its position,
// the table has exactly the positions that occur, and its plan is the
// solve's line.
func TestTableAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	ctx := smallChunks()
	small := 0 // cells MarginInt64 gave
	defer func() {
		if small == 0 {
			t.Error("MarginInt64 gave no cell of any table")
		}
	}()
	for _, r := range allRules() {
		for iter := range 40 {
			n := 1 + iter%9
			if iter >= 38 {
				n = 70 // past a word of reachable Ms, past the DP's chunks
				if r.TwoM() && r.Ends == BothEnds {
					n = 24
				}
			}
			g, name := randomGame(rng, r, n, iter)
			tab, err := g.Table(ctx, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b := newBrute(r, g.Coins)
			want := occurring(r, g.start())
			got := 0
			tab.Cells(func(c *Cell) bool {
				got++
				p := Position{c.From - 1, c.To, c.M}
				if !want[p] {
					t.Fatalf("%s: cell %+v cannot occur", name, p)
				}
				if c.Position != p || c.Value.Cmp(b.margin(p)) != 0 || !sameMoves(c.Best(), b.best(p)) {
					t.Fatalf("%s: cell %d..%d M %d: margin %v best %v, brute force %v %v", name, c.From, c.To, c.M, c.Value, c.Best(), b.margin(p), b.best(p))
				}
				again, err := tab.At(c.From, c.To, c.M)
				if err != nil || again.Value.Cmp(c.Value) != 0 {
					t.Fatalf("%s: At(%d, %d, %d) = %v, %v", name, c.From, c.To, c.M, again, err)
				}
				if best := tab.AppendBest(nil, c.From, c.To, c.M); !slices.Equal(best, c.Best()) {
					t.Fatalf("%s: AppendBest(%d, %d, %d) = %v, the cell's %v", name, c.From, c.To, c.M, best, c.Best())
				}
				if m := tab.Margin(c.From, c.To, c.M); m.Cmp(c.Value) != 0 {
					t.Fatalf("%s: Margin(%d, %d, %d) = %v, the cell's %v", name, c.From, c.To, c.M, m, c.Value)
				}
				if m, ok := tab.MarginInt64(c.From, c.To, c.M); ok && m != c.Value.Int64() {
					t.Fatalf("%s: MarginInt64(%d, %d, %d) = %d; the cell's %v", name, c.From, c.To, c.M, m, c.Value)
				} else if ok {
					small++
				}
				return true
			})
			if got != len(want) || got != tab.Len() {
				t.Fatalf("%s: %d cells, Len %d, %d positions occur", name, got, tab.Len(), len(want))
			}
			res, err := g.Solve(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			plan := tab.Plan()
			p := g.start()
			for i, c := range plan {
				if c.Position != p {
					t.Fatalf("%s: plan cell %d is %+v, the solve's line is at %+v", name, i, c.Position, p)
				}
				p = r.Next(p, res.Line[i])
			}
			if len(plan) != len(res.Line) {
				t.Fatalf("%s: plan of %d cells, line of %d moves", name, len(plan), len(res.Line))
			}
		}
	}
}

func TestTableAtErrors(t *testing.T) {
	for _, tc := range []struct {
		rules       string
		from, to, m int
		want        string
	}{
		{"", 0, 3, 0, "coins 0..3: the row has 5 coins (from ≤ to, both 1..5)"},
		{"", 4, 3, 0, "coins 4..3: the row has 5 coins"},
		{"ends=left", 2, 4, 0, `coins 2..4 cannot be left: under ends "left" the coins left are always from..5`},
		{"take=3", 2, 4, 1, `these rules have no M (only take "2M" has one), but M = 1 was asked for`},
		{"take=2M,ends=left", 2, 5, 2, "with coins 2..5 left, M = 2 cannot occur (M can be 1 there)"},
		{"take=2M", 3, 5, 5, "with coins 3..5 left, M = 5 cannot occur (M can be 1, 2 there)"},
	} {
		r, _ := ParseRules(tc.rules)
		tab, err := Game{Coins: row(1, 2, 3, 4, 5), Rules: r}.Table(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = tab.At(tc.from, tc.to, tc.m)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s At(%d, %d, %d): %v, want %s", tc.rules, tc.from, tc.to, tc.m, err, tc.want)
		}
	}
	// Ms lists what occurs, in order.
	r, _ := ParseRules("take=2M,ends=left")
	tab, _ := Game{Coins: row(1, 2, 3, 4, 5, 6, 7), Rules: r}.Table(context.Background(), nil)
	if got := tab.Ms(3, 7); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("Ms(3, 7) = %v, want [1 2]", got)
	}
}
