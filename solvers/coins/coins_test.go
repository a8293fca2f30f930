package coins

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func row(vs ...int64) []*big.Int {
	r := make([]*big.Int, len(vs))
	for i, v := range vs {
		r[i] = big.NewInt(v)
	}
	return r
}

func bigRow(t *testing.T, s string) []*big.Int {
	t.Helper()
	r, err := ParseRow(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// seedNaive is seed 003's exponential recursion, transcribed: A's best
// total on money[beg..ed] and the moves, with the seed's strict comparisons.
// It is the reference for both the value and the tie-breaking.
func seedNaive(money []*big.Int, beg, ed int) (*big.Int, string) {
	turns := beg + (len(money) - 1 - ed)
	if beg == ed {
		if turns%2 == 0 {
			return money[beg], "L"
		}
		return new(big.Int), "L"
	}
	one, m1 := seedNaive(money, beg+1, ed)
	two, m2 := seedNaive(money, beg, ed-1)
	if turns%2 == 0 {
		l := new(big.Int).Add(money[beg], one)
		r := new(big.Int).Add(money[ed], two)
		if l.Cmp(r) > 0 {
			return l, "L" + m1
		}
		return r, "R" + m2
	}
	if one.Cmp(two) < 0 {
		return one, "L" + m1
	}
	return two, "R" + m2
}

// margin is plain minimax on the mover's margin over a[i..j], the other
// brute force: it knows nothing of A, B or tie-breaking.
func margin(a []*big.Int, i, j int) *big.Int {
	if i == j {
		return a[i]
	}
	l := new(big.Int).Sub(a[i], margin(a, i+1, j))
	r := new(big.Int).Sub(a[j], margin(a, i, j-1))
	if l.Cmp(r) > 0 {
		return l
	}
	return r
}

func randRow(rng *rand.Rand, n int, lo, hi int64) []*big.Int {
	r := make([]*big.Int, n)
	for i := range r {
		u := rng.Uint64() // the whole int64 range when span wraps to 0
		if span := uint64(hi) - uint64(lo) + 1; span != 0 {
			u = rng.Uint64N(span)
		}
		r[i] = big.NewInt(lo + int64(u)) // wraps into range
	}
	return r
}

// checkAgainstBrute compares a solution with both brute forces and replays
// its moves, checking each is optimal for its mover and obeys the seed's
// tie-breaking.
func checkAgainstBrute(t *testing.T, a []*big.Int, r *Result) {
	t.Helper()
	best, moves := seedNaive(a, 0, len(a)-1)
	s := sum(a)
	second := new(big.Int).Sub(s, best)
	diff := new(big.Int).Sub(best, second)
	if r.N != len(a) || r.Best.Cmp(best) != 0 || r.Second.Cmp(second) != 0 || r.Diff.Cmp(diff) != 0 || r.Moves != moves {
		t.Fatalf("%v: got n=%d best=%v second=%v diff=%v moves=%s, want best=%v second=%v diff=%v moves=%s",
			a, r.N, r.Best, r.Second, r.Diff, r.Moves, best, second, diff, moves)
	}
	if d := margin(a, 0, len(a)-1); d.Cmp(diff) != 0 {
		t.Fatalf("%v: minimax margin %v, seed recursion %v", a, d, diff)
	}
	i, j := 0, len(a)-1
	for k := 0; k < len(r.Moves); k++ {
		if i == j {
			if r.Moves[k] != 'L' {
				t.Fatalf("%v: last move %c, want L", a, r.Moves[k])
			}
			break
		}
		l := new(big.Int).Sub(a[i], margin(a, i+1, j))
		rr := new(big.Int).Sub(a[j], margin(a, i, j-1))
		c := l.Cmp(rr)
		switch {
		case r.Moves[k] == 'L' && c <= 0, r.Moves[k] == 'R' && c > 0:
			t.Fatalf("%v: move %d (%c) on coins %d..%d: L is worth %v, R %v to the mover", a, k+1, r.Moves[k], i+1, j+1, l, rr)
		}
		if r.Moves[k] == 'L' {
			i++
		} else {
			j--
		}
	}
}

func TestSeedExample(t *testing.T) {
	r, err := Solve(context.Background(), row(10, 80, 90, 30))
	if err != nil {
		t.Fatal(err)
	}
	if r.Best.String() != "110" || r.Second.String() != "100" || r.Diff.String() != "10" || r.Moves != "RRRL" {
		t.Errorf("got %v %v %v %s, want 110 100 10 RRRL", r.Best, r.Second, r.Diff, r.Moves)
	}
}

func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	ranges := [][2]int64{{-3, 3}, {0, 2}, {-6, 6}, {-1000, 1000}, {-1e12, 1e12}}
	for iter := 0; iter < 3000; iter++ {
		n := 1 + iter%12
		rg := ranges[iter%len(ranges)]
		a := randRow(rng, n, rg[0], rg[1])
		for _, path := range []numPath{auto, wide, bigOnly} {
			r, err := solve(context.Background(), a, path)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstBrute(t, a, r)
		}
	}
}

// seedTable is coins_seed.cpp's O(n²) table DP on A's total, for rows too
// long for the recursion: it checks the tie-breaking across many bit words.
func seedTable(money []int64) (int64, string) {
	n := len(money)
	dp := make([][]int64, n)
	left := make([][]bool, n)
	for i := range dp {
		dp[i], left[i] = make([]int64, n), make([]bool, n)
	}
	turn := n%2 == 1
	for i := range n {
		if turn {
			dp[i][i] = money[i]
		}
		left[i][i] = true
	}
	turn = !turn
	for sz := 1; sz < n; sz++ {
		for i := 0; i+sz < n; i++ {
			one, two := dp[i+1][i+sz], dp[i][i+sz-1]
			if turn {
				dp[i][i+sz] = max(money[i]+one, money[i+sz]+two)
				left[i][i+sz] = money[i]+one > money[i+sz]+two
			} else {
				dp[i][i+sz] = min(one, two)
				left[i][i+sz] = one < two
			}
		}
		turn = !turn
	}
	var moves []byte
	for l, r := 0, n-1; l <= r; {
		if left[l][r] {
			moves, l = append(moves, 'L'), l+1
		} else {
			moves, r = append(moves, 'R'), r-1
		}
	}
	return dp[0][n-1], string(moves)
}

func TestAgainstSeedTableLongRows(t *testing.T) {
	// Small chunks cross chunk borders inside a diagonal; small slabs make
	// many slabs, diagonals longer than a slab, and slab ends left unused.
	ctx := withTuning(context.Background(), tuning{int64Chunk: 128, int128Chunk: 64, bigChunk: 64, slabWords: 5})
	rng := rand.New(rand.NewPCG(30, 3))
	for _, n := range []int{63, 64, 65, 130, 257, 400} {
		for _, rg := range [][2]int64{{-2, 2}, {1, 1e9}} {
			a := randRow(rng, n, rg[0], rg[1])
			vs := make([]int64, n)
			for i, c := range a {
				vs[i] = c.Int64()
			}
			best, moves := seedTable(vs)
			for _, path := range []numPath{auto, wide, bigOnly} {
				r, err := solve(ctx, a, path)
				if err != nil {
					t.Fatal(err)
				}
				if r.Best.Int64() != best || r.Moves != moves {
					t.Fatalf("n=%d range %v path %d: got %v %s, want %d %s", n, rg, path, r.Best, r.Moves, best, moves)
				}
				v, err := SolveValue(ctx, a)
				if err != nil || v.Cmp(r.Diff) != 0 {
					t.Fatalf("n=%d: SolveValue %v, %v; Solve's diff %v", n, v, err, r.Diff)
				}
			}
		}
	}
}

func TestBigNumbers(t *testing.T) {
	// Coins near 9e18: every total leaves int64, and seed 003's int wraps.
	a := bigRow(t, "9000000000000000000 9223372036854775807 -9223372036854775808 8999999999999999999 123456789012345678901234567890 7")
	r, err := Solve(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstBrute(t, a, r)

	r, err = Solve(context.Background(), bigRow(t, "9000000000000000000 9000000000000000000 9000000000000000000"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Best.String() != "18000000000000000000" || r.Second.String() != "9000000000000000000" || r.Moves != "RRL" {
		t.Errorf("got %v %v %s", r.Best, r.Second, r.Moves)
	}

	rng := rand.New(rand.NewPCG(9, 9))
	for iter := 0; iter < 300; iter++ {
		a := randRow(rng, 1+iter%10, math.MinInt64, math.MaxInt64)
		if iter%3 == 0 { // beyond 128 bits too
			for _, c := range a {
				c.Lsh(c, 70)
			}
		}
		for _, path := range []numPath{auto, bigOnly} {
			r, err := solve(context.Background(), a, path)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstBrute(t, a, r)
		}
	}
}

// Each row gets the cheapest representation that cannot overflow (int64
// exactly while Σ|a| < 2^62), and every representation answers right on
// both sides of its border.
func TestRepresentationBorders(t *testing.T) {
	const lim = math.MaxInt64 / 2 // 2^62 − 1
	for _, tc := range []struct {
		a    []*big.Int
		want string
	}{
		{row(lim/2, -(lim - lim/2)), "int64"},
		{row(lim/2+1, -(lim - lim/2)), "int128"},
		{row(lim, 0, 0), "int64"},
		{row(-lim, 1), "int128"},
		{row(math.MinInt64), "int128"},
		{row(math.MaxInt64, math.MinInt64, math.MaxInt64), "int128"},
		{row(lim/3, lim/3, -(lim / 3)), "int64"},
		{bigRow(t, "9223372036854775808 1"), "big"},
		{bigRow(t, "1 -9223372036854775809"), "big"},
	} {
		var got string
		switch newDP(tc.a, auto).(type) {
		case *int64DP:
			got = "int64"
		case *int128DP:
			got = "int128"
		case *bigDP:
			got = "big"
		}
		if got != tc.want {
			t.Errorf("%v: %s path, want %s", tc.a, got, tc.want)
		}
		for _, path := range []numPath{auto, wide, bigOnly} {
			r, err := solve(context.Background(), tc.a, path)
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstBrute(t, tc.a, r)
		}
	}
}

func TestTrace(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	for iter := 0; iter < 500; iter++ {
		a := randRow(rng, 1+iter%11, -5, 5)
		if iter%5 == 0 {
			a = randRow(rng, 1+iter%11, math.MinInt64+1, math.MaxInt64)
		}
		r, err := Solve(context.Background(), a)
		if err != nil {
			t.Fatal(err)
		}
		turns, err := r.Trace(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(turns) != r.N {
			t.Fatalf("%d turns for %d coins", len(turns), r.N)
		}
		tot := [2]*big.Int{new(big.Int), new(big.Int)}
		left := sum(a)
		i, j := 0, len(a)-1
		for k, tn := range turns {
			mover := k % 2
			// The brute-force final totals for the mover of each end.
			final := func(c *big.Int, ni, nj int) *big.Int {
				rest := new(big.Int).Sub(left, c)
				m := new(big.Int)
				if ni <= nj {
					m = margin(a, ni, nj)
				}
				v := new(big.Int).Sub(rest, m)
				v.Rsh(v, 1)
				return v.Add(v.Add(v, c), tot[mover])
			}
			var took, other, wantOther *big.Int
			idx := i
			if r.Moves[k] == 'L' {
				took, other = final(a[i], i+1, j), final(a[j], i, j-1)
				i++
			} else {
				took, other, idx = final(a[j], i, j-1), final(a[i], i+1, j), j
				j--
			}
			if k < r.N-1 {
				wantOther = other
			}
			tot[mover] = new(big.Int).Add(tot[mover], a[idx])
			left.Sub(left, a[idx])
			want := Turn{Turn: k + 1, Player: "AB"[mover], Side: r.Moves[k], Index: idx + 1, Coin: a[idx], A: tot[0], B: tot[1], Final: took, Other: wantOther}
			if !sameTurn(tn, want) {
				t.Fatalf("%v turn %d: got %+v, want %+v", a, k+1, tn, want)
			}
		}
		if last := turns[len(turns)-1]; last.A.Cmp(r.Best) != 0 || last.B.Cmp(r.Second) != 0 {
			t.Fatalf("%v: trace ends %v %v, result %v %v", a, last.A, last.B, r.Best, r.Second)
		}
	}
}

func sameTurn(x, y Turn) bool {
	eq := func(p, q *big.Int) bool { return p == nil && q == nil || p != nil && q != nil && p.Cmp(q) == 0 }
	return x.Turn == y.Turn && x.Player == y.Player && x.Side == y.Side && x.Index == y.Index &&
		eq(x.Coin, y.Coin) && eq(x.A, y.A) && eq(x.B, y.B) && eq(x.Final, y.Final) && eq(x.Other, y.Other)
}

func TestParseRow(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // the row joined by spaces, or the error
	}{
		{"10 80 90 30", "10 80 90 30"},
		{"  10\t80  90 30\r\n", "10 80 90 30"},
		{"+7 -7 0", "7 -7 0"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"", "empty row: a game needs at least one coin"},
		{" \t\r\n", "empty row: a game needs at least one coin"},
		{"1 x 3", `token 2 "x": not an integer`},
		{"1 2 3.5", `token 3 "3.5": not an integer`},
		{"1\u00a02 0x10", `token 3 "0x10": not an integer`},
		{"1,2", `token 1 "1,2": not an integer`},
		{"+-1 1e9", `token 1 "+-1": not an integer`},
		{"1 " + strings.Repeat("0", 400000) + "42", "1 42"}, // leading zeros do not count
		{"1 -" + strings.Repeat("9", 315653), `token 2 "-999999999999999999999999999999999999999…": 315653 digits, more than the 315652 an integer may have (1048576 bits)`},
	} {
		r, err := ParseRow(tc.in)
		var got string
		if err != nil {
			got = err.Error()
		} else {
			parts := make([]string, len(r))
			for i, v := range r {
				parts[i] = v.String()
			}
			got = strings.Join(parts, " ")
		}
		if got != tc.want {
			t.Errorf("ParseRow(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	_, err := ParseRow("5 6 seven")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Token != 3 || pe.Offset != 4 || pe.Text != "seven" {
		t.Errorf("ParseRow error %#v", err)
	}
}

func TestErrors(t *testing.T) {
	if _, err := Solve(context.Background(), nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("Solve(nil): %v", err)
	}
	if _, err := SolveValue(context.Background(), nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("SolveValue(nil): %v", err)
	}
	n := 140000
	a := make([]*big.Int, n)
	for i := range a {
		a[i] = big.NewInt(1)
	}
	_, err := Solve(context.Background(), a)
	if err == nil || !strings.Contains(err.Error(), "n = 140000 needs 1168 MiB") {
		t.Errorf("Solve(n = %d): %v", n, err)
	}
	if got := TableBytes(30000); got > 60<<20 {
		t.Errorf("TableBytes(30000) = %d", got)
	}
}

// Cancelling mid-solve stops Solve, SolveValue and Trace before the next
// chunk of the DP (about a tenth of a millisecond of work), on every number
// path. The hook cancels from inside the DP loop, so no sleep is needed to be
// sure the solve is running, and no clock decides the outcome: the count of
// chunks run after the cancel does.
func TestCancel(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	fast := randRow(rng, 20000, -1e9, 1e9)
	wide := randRow(rng, 6000, math.MinInt64+1, math.MaxInt64)
	huge := randRow(rng, 3000, math.MinInt64+1, math.MaxInt64)
	for _, c := range huge {
		c.Lsh(c, 40)
	}
	traced, err := Solve(context.Background(), huge)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		run  func(context.Context) error
	}{
		{"Solve int64", func(ctx context.Context) error { _, err := Solve(ctx, fast); return err }},
		{"Solve int128", func(ctx context.Context) error { _, err := Solve(ctx, wide); return err }},
		{"Solve big", func(ctx context.Context) error { _, err := Solve(ctx, huge); return err }},
		{"SolveValue", func(ctx context.Context) error { _, err := SolveValue(ctx, fast); return err }},
		{"Trace", func(ctx context.Context) error { _, err := traced.Trace(ctx); return err }},
	} {
		cancelAfter(t, tc.name, 50, defaultTuning, tc.run)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, row(1, 2, 3)); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context: %v", err)
	}
}

// cancelAfter runs run with a context that the DP's hook cancels at chunk
// chunks, and checks that run stops with context.Canceled before another.
func cancelAfter(t *testing.T, name string, chunks int, tune tuning, run func(context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	tune.chunkHook = func() {
		if calls++; calls == chunks {
			cancel()
		}
	}
	err := run(withTuning(ctx, tune))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("%s: err %v after %d chunks, want context.Canceled", name, err, calls)
	}
	if calls != chunks {
		t.Errorf("%s: %d chunks ran after the cancel, want none", name, calls-chunks)
	}
}

// A solve cancelled at once allocates one slab of the move table, not the
// table: the runtime zeroes a fresh allocation before Solve can look at the
// context again, which for a whole 625 MB table took over a second.
func TestCancelAllocatesOneSlab(t *testing.T) {
	t.Parallel()
	a := make([]*big.Int, 100000)
	for i := range a {
		a[i] = big.NewInt(int64(i%100 + 1))
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var slabs []int
	tune := defaultTuning
	tune.chunkHook = cancel
	tune.slabHook = func(words int) { slabs = append(slabs, words) }
	if _, err := Solve(withTuning(ctx, tune), a); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	const maxSlab = 1 << 20 // words: 8 MiB, zeroed in milliseconds
	if len(slabs) != 1 || slabs[0] > maxSlab {
		t.Errorf("slabs allocated before stopping: %v words, want one of at most %d", slabs, maxSlab)
	}
	// A whole solve hands out every word of the table, slab by slab.
	slabs = nil
	tune.chunkHook = nil
	const n = 1000
	r, err := Solve(withTuning(context.Background(), tune), a[:n])
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, w := range slabs {
		total += w
	}
	if total != tableWords(n) || len(r.Moves) != n {
		t.Errorf("n = %d: slabs of %d words in all, table %d words; %d moves", n, total, tableWords(n), len(r.Moves))
	}
}

// TestSolveProgress: the reports run from 0 to all of the DP's cells, never
// backwards, and the answer is Solve's.
func TestSolveProgress(t *testing.T) {
	a := []*big.Int{big.NewInt(10), big.NewInt(80), big.NewInt(90), big.NewInt(30), big.NewInt(5)}
	var reports [][2]int64
	r, err := SolveProgress(context.Background(), a, func(done, total int64) { reports = append(reports, [2]int64{done, total}) })
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Solve(context.Background(), a)
	if r.Diff.Cmp(want.Diff) != 0 || r.Moves != want.Moves {
		t.Errorf("SolveProgress %v %s, Solve %v %s", r.Diff, r.Moves, want.Diff, want.Moves)
	}
	if len(reports) != len(a) || reports[0] != [2]int64{0, 10} || reports[len(reports)-1] != [2]int64{10, 10} {
		t.Fatalf("reports %v", reports)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i][0] <= reports[i-1][0] {
			t.Errorf("reports go backwards: %v", reports)
		}
	}
}
