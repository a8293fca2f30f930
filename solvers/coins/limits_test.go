package coins

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// Every long piece of work stops at the first look at the context after a
// cancel: the hook cancels from inside the loops, so no clock decides.
func TestVariantsCancel(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 7))
	small := randRow(rng, 3000, -1e9, 1e9)
	huge := variantRow(rng, 400, 3) // past 64 bits: the math/big DPs
	type job func(context.Context) error
	solve := func(g Game) job {
		return func(ctx context.Context) error { _, err := g.Solve(ctx, nil); return err }
	}
	line := func(g Game) job {
		return func(ctx context.Context) error { _, err := g.Line(ctx, []Move{{'L', 1}}, nil); return err }
	}
	table := func(g Game) job {
		return func(ctx context.Context) error { _, err := g.Table(ctx, nil); return err }
	}
	rules := func(s string) Rules { r, _ := ParseRules(s); return r }
	for _, tc := range []struct {
		name string
		run  job
	}{
		{"take 3, int64", solve(Game{Coins: small, Rules: rules("take=3")})},
		{"take 3, big", solve(Game{Coins: huge, Rules: rules("take=3")})},
		{"score rest line", line(Game{Coins: small, Rules: rules("score=rest")})},
		{"default line", line(Game{Coins: small})},
		{"take 2M left, int64", solve(Game{Coins: small, Rules: rules("take=2M,ends=left")})},
		{"take 2M left, big", solve(Game{Coins: huge, Rules: rules("take=2M,ends=left")})},
		{"take 2M both", solve(Game{Coins: small[:150], Rules: rules("take=2M")})},
		{"left take 3", solve(Game{Coins: append(append([]*big.Int{}, small...), small...), Rules: rules("take=3,ends=left")})},
		{"table, take 2", table(Game{Coins: small[:1000], Rules: rules("take=2")})},
	} {
		tune := defaultTuning
		tune.int64Chunk, tune.bigChunk = 256, 64 // many chunks even on these rows
		cancelAfter(t, tc.name, 20, tune, tc.run)
	}
}

// Progress runs from 0 to the whole, never backwards, for every kind of DP.
func TestVariantsProgress(t *testing.T) {
	a := randRow(rand.New(rand.NewPCG(2, 2)), 300, -50, 50)
	for _, rules := range []string{"", "take=3", "score=rest", "take=2,ends=left", "take=2M,ends=left", "take=2M"} {
		r, _ := ParseRules(rules)
		g := Game{Coins: a, Rules: r}
		if r.TwoM() && r.Ends == BothEnds {
			g.Coins = a[:60]
		}
		for what, run := range map[string]func(func(done, total int64)) error{
			"solve": func(rep func(done, total int64)) error { _, err := g.Solve(context.Background(), rep); return err },
			"line":  func(rep func(done, total int64)) error { _, err := g.Line(context.Background(), nil, rep); return err },
			"table": func(rep func(done, total int64)) error { _, err := g.Table(context.Background(), rep); return err },
		} {
			var reports [][2]int64
			if err := run(func(done, total int64) { reports = append(reports, [2]int64{done, total}) }); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%q %s", rules, what)
			if len(reports) < 2 || reports[0][0] != 0 || reports[len(reports)-1][0] != reports[0][1] {
				t.Fatalf("%s: reports %v…", name, reports[:min(len(reports), 3)])
			}
			for i := 1; i < len(reports); i++ {
				if reports[i][0] < reports[i-1][0] || reports[i][1] != reports[0][1] {
					t.Fatalf("%s: reports go backwards or change their total: %v then %v", name, reports[i-1], reports[i])
				}
			}
		}
	}
}

// The memory estimates bound what the work allocates, and not by far.
func TestVariantsBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, tc := range []struct {
		rules string
		n     int
		kind  int
	}{
		{"take=3", 2000, 1}, {"take=3", 300, 3}, {"score=rest", 2000, 1}, {"take=5,score=rest", 1500, 2},
		{"take=3,ends=left", 100000, 1}, {"take=2M,ends=left", 1500, 1}, {"take=2M,ends=left", 300, 3},
		{"take=2M", 120, 1}, {"take=2M,score=rest", 60, 3},
	} {
		r, _ := ParseRules(tc.rules)
		g := Game{Coins: variantRow(rng, tc.n, tc.kind), Rules: r}
		for what, c := range map[string]struct {
			estimate int64
			run      func() error
		}{
			"solve": {g.SolveBytes(), func() error { _, err := g.Solve(context.Background(), nil); return err }},
			"table": {g.TableSize(), func() error { _, err := g.Table(context.Background(), nil); return err }},
		} {
			got := allocated(t, c.run)
			// Rows and answers (O(n) of them) come on top of the tables.
			slack := int64(tc.n)*400 + 1<<20
			if got > c.estimate+slack || c.estimate > 4*got+slack {
				t.Errorf("%s n = %d kind %d %s: allocated %d bytes, estimate %d", tc.rules, tc.n, tc.kind, what, got, c.estimate)
			}
		}
	}
}

// allocated is how many bytes run allocates.
func allocated(t *testing.T, run func() error) int64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := run(); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// Take 2M from both ends past its limit is refused before any work, and
// so is a ring of diagonals past MaxTableBytes.
func TestVariantsLimits(t *testing.T) {
	rules := func(s string) Rules { r, _ := ParseRules(s); return r }
	for _, tc := range []struct {
		g    Game
		want string
	}{
		{Game{Coins: Random(600, 1), Rules: rules("take=2M")}, `n = 600 under take "2M" from both ends means comparing`},
		{Game{Coins: Random(30000, 1), Rules: rules("take=30000")}, "n = 30000 needs"},
	} {
		var le *LimitError
		calls := 0
		tune := defaultTuning
		tune.chunkHook = func() { calls++ }
		_, err := tc.g.Solve(withTuning(context.Background(), tune), nil)
		if !errors.As(err, &le) || !strings.HasPrefix(err.Error(), tc.want) || calls != 0 {
			t.Errorf("%v n = %d: %v after %d chunks, want a LimitError %q before any", tc.g.Rules, len(tc.g.Coins), err, calls, tc.want)
		}
	}
	// The limit falls where MaxTwoMBothSteps's doc comment says.
	for n, refused := range map[int]bool{421: false, 422: true} {
		err := Game{Coins: Random(n, 1), Rules: rules("take=2M")}.check(0, "")
		if (err != nil) != refused {
			t.Errorf("n = %d: %v", n, err)
		}
	}
}
