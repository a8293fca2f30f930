package polygon

import (
	"context"
	"errors"
	"maps"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// gap is one poll seen by the hook.
type gap struct {
	ph        phase
	work, big int
}

// recordPolls runs f with a config whose poll hook records every poll; at
// (0-based) poll number cancelAt it calls cancel and raises the flag (-1:
// never). After f returns, no poll may happen: a late one means a goroutine
// of the solve is still running.
func recordPolls(t *testing.T, cancelAt int, cancel func(), f func(cfg *config)) (polls []gap, cancelIdx int) {
	t.Helper()
	var mu sync.Mutex
	returned := false
	cancelIdx = -1
	cfg := defaultConfig()
	cfg.pollHook = func(ph phase, work, big int) bool {
		mu.Lock()
		defer mu.Unlock()
		if returned {
			t.Errorf("poll in phase %s after Solve returned", ph)
		}
		polls = append(polls, gap{ph, work, big})
		if len(polls)-1 == cancelAt {
			cancel()
			cancelIdx = cancelAt
			return true
		}
		return false
	}
	f(cfg)
	mu.Lock()
	returned = true
	mu.Unlock()
	return polls, cancelIdx
}

// pollBound is the most work one goroutine may do between two polls in each
// phase of an n-vertex solve (the table in cancel.go), and whether the phase
// may do math/big operations (at most one between polls).
func pollBound(ph phase, n int) (work int, big bool) {
	switch ph {
	case phaseAlloc:
		return max(allocBlock, n), false
	case phaseLeaves, phaseResult:
		return 1, false
	case phaseFast:
		return n - 1, false
	case phaseSwitch:
		return 4 * (n - 1), false
	case phaseExact:
		return 3 * (n - 1), true
	case phasePlan:
		return n - 1, true
	case phaseTrace:
		return 1, false
	case phaseOptimal:
		return n - 1, true
	}
	panic(ph)
}

// cancelCases go through every phase: int64 only, int64 then exact, exact
// from the leaves on 600-bit values (shifted levels from the start).
func cancelCases() []struct {
	name   string
	p      *Polygon
	phases []phase
} {
	huge := kernelRandPolygon(40, 7, "mixed")
	for _, v := range huge.Values {
		v.Lsh(v, 600)
	}
	all := []phase{phaseAlloc, phaseLeaves, phaseResult, phasePlan}
	return []struct {
		name   string
		p      *Polygon
		phases []phase
	}{
		{"int64", genPolygon(150, "*", -1, 1), append([]phase{phaseFast}, all...)},
		{"switch", kernelRandPolygon(80, 1, "mixed"), append([]phase{phaseFast, phaseSwitch, phaseExact}, all...)},
		{"huge", huge, append([]phase{phaseExact}, all...)},
	}
}

// Every phase polls, and never does more than its bounded work between two
// polls: the latency bound, proved by counting instead of timing. A phase
// that stopped polling would report all its work at its closing poll.
func TestPollGapsBounded(t *testing.T) {
	t.Parallel()
	for _, tc := range cancelCases() {
		for _, workers := range []int{1, 2} {
			n := tc.p.N()
			var r *Result
			polls, _ := recordPolls(t, -1, nil, func(cfg *config) {
				var err error
				if r, err = solveWith(context.Background(), tc.p, Options{Workers: workers}, cfg); err != nil {
					t.Fatal(err)
				}
				if _, err := r.TraceContext(context.Background()); err != nil {
					t.Fatal(err)
				}
			})
			seen := map[phase]int{}
			for _, g := range polls {
				seen[g.ph]++
				work, big := pollBound(g.ph, n)
				if g.work > work || g.big > 1 || g.big > 0 && !big {
					t.Errorf("%s, %d workers: phase %s did %d units and %d math/big operations between polls, want ≤ %d and ≤ %d",
						tc.name, workers, g.ph, g.work, g.big, work, map[bool]int{true: 1}[big])
				}
			}
			for _, ph := range append(tc.phases, phaseTrace) {
				if seen[ph] == 0 {
					t.Errorf("%s, %d workers: phase %s never polled", tc.name, workers, ph)
				}
			}
		}
	}
}

// allocRows polls between blocks, and its rows are disjoint and full length.
func TestAllocRowsPolls(t *testing.T) {
	const rows, cols = 700, 500 // 350000 elements: three blocks
	var stop atomic.Bool
	mt := meter{stop: &stop, phase: phaseAlloc}
	var gaps []int
	mt.hook = func(ph phase, work, big int) bool { gaps = append(gaps, work); return false }
	tab, err := allocRows[int64](&mt, rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	if len(gaps) < 3 || slices.Max(gaps) > allocBlock {
		t.Errorf("polls after %v elements, want ≥ 3 polls of ≤ %d", gaps, allocBlock)
	}
	for r, row := range tab {
		if len(row) != cols || cap(row) != cols {
			t.Fatalf("row %d: len %d cap %d", r, len(row), cap(row))
		}
		for c := range row {
			row[c] = int64(r*cols + c)
		}
	}
	for r, row := range tab {
		for c, v := range row {
			if v != int64(r*cols+c) {
				t.Fatalf("rows overlap at %d,%d", r, c)
			}
		}
	}
	// Raised flag: the next poll stops the allocation.
	stop.Store(true)
	if _, err := allocRows[int64](&mt, rows, cols); err != errStopped {
		t.Fatalf("allocRows with the stop flag raised returned %v", err)
	}
}

// largest is the largest size whose tables need no more than the default
// budget.
func largest(need func(n int) int64) int {
	n := 1
	for need(n+1) <= DefaultMaxTableBytes {
		n++
	}
	return n
}

// The bounds above hold at the largest sizes the default budget admits: the
// comment in cancel.go names them.
func TestLargestAcceptedSizes(t *testing.T) {
	if got := largest(fastBytes); got != 13377 {
		t.Errorf("largest int64-only n = %d, cancel.go says 13377", got)
	}
	if got := largest(genBytes); got != 9362 {
		t.Errorf("largest exact n = %d, cancel.go says 9362", got)
	}
	if got := largest(func(n int) int64 { return genBytes(n) + fastBytes(n) }); got != 7670 {
		t.Errorf("largest n switching to exact = %d, cancel.go says 7670", got)
	}
}

// Cancelling at any poll of any phase makes Solve return ctx.Err() after at
// most one more poll gap per goroutine, with none of its goroutines left.
func TestCancelAtEveryPhase(t *testing.T) {
	base := runtime.NumGoroutine()
	for _, tc := range cancelCases() {
		const workers = 2
		n := tc.p.N()
		full, _ := recordPolls(t, -1, nil, func(cfg *config) {
			if _, err := solveWith(context.Background(), tc.p, Options{Workers: workers}, cfg); err != nil {
				t.Fatal(err)
			}
		})
		// Cancel at the first, middle and last poll of every phase, and at
		// 16 polls spread over the whole solve.
		at := map[int]bool{}
		first := map[phase]int{}
		last := map[phase]int{}
		for i, g := range full {
			if _, ok := first[g.ph]; !ok {
				first[g.ph] = i
			}
			last[g.ph] = i
		}
		for ph, i := range first {
			at[i], at[(i+last[ph])/2], at[last[ph]] = true, true, true
		}
		for k := 0; k < 16; k++ {
			at[k*len(full)/16] = true
		}
		hit := map[phase]bool{}
		for _, k := range slices.Sorted(maps.Keys(at)) {
			ctx, cancel := context.WithCancel(context.Background())
			var err error
			polls, idx := recordPolls(t, k, cancel, func(cfg *config) {
				_, err = solveWith(ctx, tc.p, Options{Workers: workers}, cfg)
			})
			if idx < 0 {
				t.Fatalf("%s: the solve ended before poll %d (it has %d)", tc.name, k, len(full))
			}
			hit[polls[idx].ph] = true
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%s: cancelled at poll %d (%s): Solve returned %v, want context.Canceled", tc.name, k, polls[idx].ph, err)
			}
			// After the cancel each worker polls at most twice: once to
			// notice it, once to close its gap.
			after := polls[idx+1:]
			work := 0
			for _, g := range after {
				w, _ := pollBound(g.ph, n)
				work += g.work
				if g.work > w {
					t.Errorf("%s: cancelled at poll %d: a gap of %d units in %s", tc.name, k, g.work, g.ph)
				}
			}
			if len(after) > 2*workers {
				t.Errorf("%s: cancelled at poll %d (%s): %d more polls before Solve returned, want ≤ %d",
					tc.name, k, polls[idx].ph, len(after), 2*workers)
			}
			cancel()
		}
		for ph := range first {
			if !hit[ph] {
				t.Errorf("%s: no cancel landed in phase %s", tc.name, ph)
			}
		}
	}
	// Solve joins its workers before it returns; they may still be exiting.
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > base; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines left running (%d before)", runtime.NumGoroutine(), base)
		}
		runtime.Gosched()
	}
}

// TraceContext stops at a cancelled step; a context cancelled before any call
// is refused at once.
func TestCancelTraceAndBefore(t *testing.T) {
	r := mustSolve(t, genPolygon(60, "mixed", -3, 3))
	ctx, cancel := context.WithCancel(context.Background())
	var err error
	polls, idx := recordPolls(t, 10, cancel, func(cfg *config) {
		r.cfg = cfg
		_, err = r.TraceContext(ctx)
	})
	if !errors.Is(err, context.Canceled) || idx != 10 || len(polls) != 11 {
		t.Fatalf("TraceContext cancelled at step 10: err %v after %d polls", err, len(polls))
	}
	if _, err := r.TraceContext(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("TraceContext on a cancelled context returned %v", err)
	}
	if _, err := Solve(ctx, mustParse(t, "+ 1")); !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve on a cancelled context returned %v", err)
	}
	// A real deadline, not the hook: Solve returns DeadlineExceeded.
	dctx, dcancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer dcancel()
	if _, err := Solve(dctx, kernelRandPolygon(1500, 1, "mixed")); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve past its deadline returned %v", err)
	}
}

// Expr, built in linear time from the merge tree, is the string the plan
// spells when its merges are applied one by one to the chain's texts.
func TestExprMatchesMerges(t *testing.T) {
	for _, p := range []*Polygon{genPolygon(1, "*", -3, 3), genPolygon(2, "mixed", -3, 3), kernelRandPolygon(90, 3, "mixed"), genPolygon(200, "*", -1, 1)} {
		r := mustSolve(t, p)
		n, f := r.N, r.First-1
		parts, edges := make([]string, n), make([]int, n-1)
		for k := range n {
			parts[k] = p.Values[(f+k)%n].String()
			if k > 0 {
				edges[k-1] = (f+k)%n + 1
			}
		}
		for _, e := range r.Merges {
			k := slices.Index(edges, e)
			parts = slices.Replace(parts, k, k+2, "("+parts[k]+string(p.Ops[e-1])+parts[k+1]+")")
			edges = slices.Delete(edges, k, k+1)
		}
		want := parts[0]
		if n > 1 {
			want = want[1 : len(want)-1]
		}
		if got := r.Expr(); got != want {
			t.Fatalf("n = %d: Expr() = %.60q…, the merges spell %.60q…", n, got, want)
		}
	}
}

// The chain sizes SolveChain's doc comment names.
func TestLargestAcceptedChains(t *testing.T) {
	fast := func(m int) int64 { return (&tables{n: m, chain: true}).fastBytes() }
	for _, tc := range []struct {
		name string
		need func(int) int64
		want int
	}{
		{"int64", fast, 16384},
		{"switching", func(m int) int64 { return fast(m) + genBytes(m) }, 8128},
		{"exact", genBytes, 9362},
	} {
		if got := largest(tc.need); got != tc.want {
			t.Errorf("largest %s chain: %d, chain.go says %d", tc.name, got, tc.want)
		}
	}
}

// Chains poll as rings do, the pass for every optimal next merge included,
// and stop at a cancel; a line stops between and within its positions.
func TestChainPollsAndCancel(t *testing.T) {
	t.Parallel()
	for _, tc := range cancelCases() {
		c := tc.p.Open(1)
		m := c.M()
		polls, _ := recordPolls(t, -1, nil, func(cfg *config) {
			if _, err := solveChainWith(context.Background(), c, Options{Workers: 2}, cfg); err != nil {
				t.Fatal(err)
			}
		})
		seen := map[phase]bool{}
		for _, g := range polls {
			seen[g.ph] = true
			if work, big := pollBound(g.ph, m); g.work > work || g.big > 1 || g.big > 0 && !big {
				t.Errorf("%s chain: phase %s did %d units and %d math/big operations between polls", tc.name, g.ph, g.work, g.big)
			}
		}
		if !seen[phaseOptimal] || !seen[phasePlan] {
			t.Errorf("%s chain: phases polled %v", tc.name, seen)
		}
		ctx, cancel := context.WithCancel(context.Background())
		_, idx := recordPolls(t, len(polls)/2, cancel, func(cfg *config) {
			if _, err := solveChainWith(ctx, c, Options{Workers: 2}, cfg); !errors.Is(err, context.Canceled) {
				t.Errorf("%s chain cancelled at poll %d: %v", tc.name, len(polls)/2, err)
			}
		})
		if idx < 0 {
			t.Errorf("%s chain: the cancel never landed", tc.name)
		}
		cancel()
	}
	p := Random(60, 3)
	r := mustSolve(t, p)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := SolveLine(ctx, p, append([]int{r.First}, r.Merges...), Options{Progress: func(done, total int64) {
		if calls++; calls == 100 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a line cancelled part-way: %v", err)
	}
}
