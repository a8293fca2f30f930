package coins

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// brute is the exhaustive game-tree search every fast DP is checked
// against: minimax on the mover's margin over exactly the moves Rules.Moves
// lists, scored as Rules.Gain scores them (the coins Rules.scored names,
// summed from its own prefix sums so long rows stay quick), played by
// Rules.Next. It knows nothing of x, σ, diagonals or clamped M; the memo
// is keyed by the whole position.
type brute struct {
	r      Rules
	coins  []*big.Int
	prefix []*big.Int
	memo   map[Position]*big.Int
}

func newBrute(r Rules, coins []*big.Int) *brute {
	b := &brute{r: r, coins: coins, prefix: []*big.Int{new(big.Int)}, memo: map[Position]*big.Int{}}
	for _, c := range coins {
		b.prefix = append(b.prefix, new(big.Int).Add(b.prefix[len(b.prefix)-1], c))
	}
	return b
}

func (b *brute) gain(p Position, m Move) *big.Int {
	lo, hi := b.r.scored(p, m)
	return new(big.Int).Sub(b.prefix[hi], b.prefix[lo])
}

func (b *brute) margin(p Position) *big.Int {
	if p.Left() == 0 {
		return new(big.Int)
	}
	if v, ok := b.memo[p]; ok {
		return v
	}
	var best *big.Int
	for _, v := range b.afters(p) {
		if best == nil || v.Cmp(best) > 0 {
			best = v
		}
	}
	b.memo[p] = best
	return best
}

// afters is what each move at p guarantees its mover.
func (b *brute) afters(p Position) []*big.Int {
	var out []*big.Int
	for _, m := range b.r.Moves(p) {
		v := new(big.Int).Sub(b.gain(p, m), b.margin(b.r.Next(p, m)))
		out = append(out, v)
	}
	return out
}

func (b *brute) best(p Position) []Move {
	var best []Move
	v := b.margin(p)
	for i, a := range b.afters(p) {
		if a.Cmp(v) == 0 {
			best = append(best, b.r.Moves(p)[i])
		}
	}
	return best
}

// allRules is every combination the tests cover: take 1, 2, 3, 4 and 2M,
// both ends or the left, score taken or rest.
func allRules() []Rules {
	var out []Rules
	for _, take := range []int{1, 2, 3, 4, TakeTwoM} {
		for _, ends := range []Ends{BothEnds, LeftEnd} {
			for _, score := range []Scoring{ScoreTaken, ScoreRest} {
				out = append(out, Rules{Take: take, Ends: ends, Score: score})
			}
		}
	}
	return out
}

// variantRow is a random row of n coins: small values with many ties,
// large int64 ones, and values past 64 bits of both signs.
func variantRow(rng *rand.Rand, n, kind int) []*big.Int {
	switch kind % 4 {
	case 0:
		return randRow(rng, n, -3, 3)
	case 1:
		return randRow(rng, n, -1000, 1000)
	case 2:
		return randRow(rng, n, -1e15, 1e15)
	}
	r := randRow(rng, n, -1e9, 1e9)
	for _, c := range r {
		c.Lsh(c, 40+uint(rng.IntN(60)))
	}
	return r
}

func sameMoves(a, b []Move) bool { return slices.Equal(a, b) }

// smallChunks makes the DPs look at the context, change slabs, cross
// chunks and hand half a diagonal to the helper often, so small rows cross
// those borders too.
func smallChunks() context.Context {
	return withTuning(context.Background(), tuning{int64Chunk: 128, int128Chunk: 64, bigChunk: 64, slabWords: 3, halfCells: 32})
}

// randomGame is a game of n coins of value kind kind (variantRow) under r,
// which under take "2M" starts part-way, with M 1..4, one time in three.
func randomGame(rng *rand.Rand, r Rules, n, kind int) (Game, string) {
	g := Game{Coins: variantRow(rng, n, kind), Rules: r}
	if r.TwoM() && rng.IntN(3) == 0 {
		g.M = 1 + rng.IntN(4)
	}
	return g, fmt.Sprintf("rules %v, M %d, row %v", r, g.M, g.Coins)
}

func TestVariantsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 21))
	ctx := smallChunks()
	for _, r := range allRules() {
		for iter := range 120 {
			g, name := randomGame(rng, r, 1+iter%9, iter/9)
			checkSolve(t, ctx, name, g)
			checkLine(t, ctx, name, g, rng)
		}
	}
}

// checkSolve: Solve's margin, totals, optimal first moves and line against
// the exhaustive search, and the line optimal at every step.
func checkSolve(t *testing.T, ctx context.Context, name string, g Game) {
	t.Helper()
	b := newBrute(g.Rules, g.Coins)
	start := g.start()
	res, err := g.Solve(ctx, nil)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if want := b.margin(start); res.Diff.Cmp(want) != 0 {
		t.Fatalf("%s: diff %v, brute force %v", name, res.Diff, want)
	}
	if want := b.best(start); !sameMoves(res.Optimal, want) {
		t.Fatalf("%s: optimal first moves %v, brute force %v", name, res.Optimal, want)
	}
	v, err := g.Value(ctx)
	if err != nil || v.Cmp(res.Diff) != 0 {
		t.Fatalf("%s: Value %v, %v; Solve's diff %v", name, v, err, res.Diff)
	}
	// Replay the line: every move optimal, the first optimal one in the
	// game's order (under the default rules the seed's tie rule instead,
	// which TestAgainstBruteForce checks), and the totals its own.
	total := [2]*big.Int{new(big.Int), new(big.Int)}
	p := start
	for turn, m := range res.Line {
		best := b.best(p)
		if !slices.Contains(best, m) || !g.Rules.IsDefault() && best[0] != m {
			t.Fatalf("%s: move %d is %v at %+v; the optimal moves are %v", name, turn+1, m, p, best)
		}
		total[turn%2].Add(total[turn%2], g.Rules.Gain(g.Coins, p, m))
		p = g.Rules.Next(p, m)
	}
	if p.Left() != 0 || res.Moves != LineString(res.Line) {
		t.Fatalf("%s: line %v (%q) ends at %+v", name, res.Line, res.Moves, p)
	}
	if total[0].Cmp(res.Best) != 0 || total[1].Cmp(res.Second) != 0 || new(big.Int).Sub(res.Best, res.Second).Cmp(res.Diff) != 0 {
		t.Fatalf("%s: totals %v %v, the line's %v %v, diff %v", name, res.Best, res.Second, total[0], total[1], res.Diff)
	}
}

// checkLine: the values of a random legal line, optimal or not, at every
// position it passes, against the exhaustive search.
func checkLine(t *testing.T, ctx context.Context, name string, g Game, rng *rand.Rand) {
	t.Helper()
	b := newBrute(g.Rules, g.Coins)
	var line []Move
	p := g.start()
	for p.Left() > 0 && rng.IntN(8) > 0 {
		ms := g.Rules.Moves(p)
		m := ms[rng.IntN(len(ms))]
		if m.Count == p.Left() && g.Rules.Ends == BothEnds && rng.IntN(2) == 0 {
			m.Side = 'R' // the same move, spelt R
		}
		line = append(line, m)
		p = g.Rules.Next(p, m)
	}
	es, err := g.Line(ctx, line, nil)
	if err != nil {
		t.Fatalf("%s: line %v: %v", name, line, err)
	}
	if len(es) != len(line)+1 {
		t.Fatalf("%s: %d evals for %d moves", name, len(es), len(line))
	}
	p = g.start()
	for i, e := range es {
		if e.Position != p {
			t.Fatalf("%s: line %v: position %d is %+v, want %+v", name, line, i, e.Position, p)
		}
		want := b.afters(p)
		if e.Value.Cmp(b.margin(p)) != 0 || !sameMoves(e.Moves, g.Rules.Moves(p)) || len(e.After) != len(want) {
			t.Fatalf("%s: line %v at %+v: value %v moves %v, brute force %v %v", name, line, p, e.Value, e.Moves, b.margin(p), g.Rules.Moves(p))
		}
		for j := range want {
			if e.After[j].Cmp(want[j]) != 0 {
				t.Fatalf("%s: line %v at %+v: after %v is %v, brute force %v", name, line, p, e.Moves[j], e.After[j], want[j])
			}
		}
		if i < len(line) {
			p = g.Rules.Next(p, line[i])
		}
	}
}

// The LeetCode problems' own examples (SPEC §6.2).
func TestLeetCodeExamples(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules string
		row   []int64
		check func(r *Result) bool
		want  string
	}{
		{"Stone Game III: the second player wins", "take=3,ends=left", []int64{1, 2, 3, 7}, func(r *Result) bool { return r.Diff.Sign() < 0 }, "a negative margin"},
		{"Stone Game III: the first player wins", "take=3,ends=left", []int64{1, 2, 3, -9}, func(r *Result) bool { return r.Diff.Sign() > 0 }, "a positive margin"},
		{"Stone Game III: a tie", "take=3,ends=left", []int64{1, 2, 3, 6}, func(r *Result) bool { return r.Diff.Sign() == 0 }, "margin 0"},
		{"Stone Game VII", "score=rest", []int64{5, 3, 1, 4, 2}, func(r *Result) bool { return r.Diff.Int64() == 6 }, "margin 6"},
		{"Stone Game VII, longer", "score=rest", []int64{7, 90, 5, 1, 100, 10, 10, 2}, func(r *Result) bool { return r.Diff.Int64() == 122 }, "margin 122"},
		{"Stone Game II", "take=2M,ends=left", []int64{2, 7, 9, 4, 4}, func(r *Result) bool { return r.Best.Int64() == 10 }, "first player's total 10"},
		{"Stone Game II, longer", "take=2M,ends=left", []int64{1, 2, 3, 4, 5, 100}, func(r *Result) bool { return r.Best.Int64() == 104 }, "first player's total 104"},
		{"Stone Game", "", []int64{5, 3, 4, 5}, func(r *Result) bool { return r.Diff.Sign() > 0 }, "a positive margin"},
	} {
		rules, err := ParseRules(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Game{Coins: row(tc.row...), Rules: rules}.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !tc.check(r) {
			t.Errorf("%s %v: best %v, second %v, diff %v; want %s", tc.name, tc.row, r.Best, r.Second, r.Diff, tc.want)
		}
	}
}

// The default rules through Game answer exactly as Solve, seed tie rule
// and all, and list every optimal first move.
func TestGameDefaultIsSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for iter := range 300 {
		a := variantRow(rng, 1+iter%9, iter)
		want, err := Solve(context.Background(), a)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Game{Coins: a}.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.Moves != want.Moves || got.Best.Cmp(want.Best) != 0 || got.Diff.Cmp(want.Diff) != 0 {
			t.Fatalf("%v: Game %v %s, Solve %v %s", a, got.Best, got.Moves, want.Best, want.Moves)
		}
		if b := newBrute(Rules{}, a).best(Position{0, len(a), 0}); !sameMoves(got.Optimal, b) {
			t.Fatalf("%v: optimal %v, brute force %v", a, got.Optimal, b)
		}
	}
}

func TestLineRefusesIllegalMoves(t *testing.T) {
	a := row(1, 2, 3, 4, 5)
	for _, tc := range []struct {
		rules, line, want string
	}{
		{"take=2", "L3", `move 1 ("L3") takes 3 coins, but the rules allow 1 to 2 (take 2)`},
		{"ends=left", "LR", `move 2 ("R") takes from the right, but the rules take from the left end only (ends "left")`},
		{"take=2M", "L2L5", `move 2 ("L5") takes 5 coins, but with M = 2 a move takes 1 to 4 (take "2M")`},
		{"", "LLLLLL", `move 6 ("L") cannot be played: no coins are left`},
		{"take=9", "R6", `move 1 ("R6") takes 6 coins, but only 5 are left`},
		{"", "L2", `move 1 ("L2") takes 2 coins, but the rules allow 1 (take 1)`},
	} {
		rules, err := ParseRules(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		line, err := ParseLine(tc.line)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Game{Coins: a, Rules: rules}.Line(context.Background(), line, nil)
		var me *MoveError
		if !errors.As(err, &me) || err.Error() != tc.want {
			t.Errorf("%s %s: %v, want %s", tc.rules, tc.line, err, tc.want)
		}
	}
}

// Rows long enough to cross the move table's words, the DP's chunks, the
// slabs and (take k from both ends, n = 200) the halves of a diagonal that
// runDP's helper steps at the same time (the tuning makes all of them
// small), against the same search.
func TestVariantsLongRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 20))
	ctx := smallChunks()
	for _, r := range allRules() {
		for _, n := range []int{17, 40, 70, 200} {
			if r.TwoM() && r.Ends == BothEnds && n > 20 {
				n = 20
			}
			for kind := range 4 {
				if n == 200 && (r.shape() != shapeInterval || kind%3 != 0) {
					continue // rows whose diagonals runDP's helper splits
				}
				g, name := randomGame(rng, r, n, kind)
				checkSolve(t, ctx, name, g)
				checkLine(t, ctx, name, g, rng)
			}
		}
	}
}
