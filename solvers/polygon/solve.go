package polygon

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"
)

// Result is the answer for one polygon.
type Result struct {
	N      int
	Scores []*big.Int // Scores[i]: best score when edge i+1 is deleted first
	Worst  []*big.Int // Worst[i]: worst score when edge i+1 is deleted first
	Best   *big.Int   // the best score overall
	// Optimal lists every optimal first edge, increasing, 1-based.
	Optimal []int
	// First is the plan's first edge: the original program's choice, the smallest optimal.
	First int
	// Merges are the n-1 remaining edges in merge order, by original edge
	// number, as the original program's stack pops them.
	Merges []int

	poly *Polygon // a private copy, for Expr and Trace
	cfg  *config  // the solve's, for Trace's polls
}

// Options tune Solve. The zero value means the defaults.
type Options struct {
	// Workers is the number of goroutines each DP level is split over
	// (default: GOMAXPROCS).
	Workers int
	// MaxTableBytes caps the memory of the DP tables, big numbers included
	// (default DefaultMaxTableBytes); larger instances are refused with a
	// *SizeError: before the solve when the tables alone would not fit, else
	// at the first level whose numbers would pass it.
	MaxTableBytes int64
	// Progress, when set, is told after each level of the DP how much of the
	// work is done: done of total units, from the solve's own goroutine.
	// A level of chains of length ln counts (ln−1)·ln units: n cells of
	// ln−1 splits each, on numbers that grow about as fast as ln, so that
	// the share done predicts the time left on the rings that take long.
	Progress func(done, total int64)
}

// unitsThrough is the work of levels 2..ln in Options.Progress's units,
// Σ (l−1)·l for l = 2..ln, which is (ln−1)·ln·(ln+1)/3.
func unitsThrough(ln int) int64 {
	l := int64(ln)
	return (l - 1) * l * (l + 1) / 3
}

// levelDone reports level ln as done to Options.Progress, if any.
func (t *tables) levelDone(ln int) {
	if t.opts.Progress != nil {
		t.opts.Progress(unitsThrough(ln), unitsThrough(t.n))
	}
}

// DefaultMaxTableBytes is the default table budget: 8 GiB, a third of this
// project's 24 GiB machines.
const DefaultMaxTableBytes = 8 << 30

// SizeError refuses an instance whose tables would not fit the budget.
type SizeError struct {
	N     int
	Need  int64 // bytes the tables would take
	Limit int64 // the budget
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("polygon: n = %d needs about %s for its DP tables, more than the %s allowed",
		e.N, humanBytes(e.Need), humanBytes(e.Limit))
}

func humanBytes(b int64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", b)
}

// Solve solves p with the default options.
func Solve(ctx context.Context, p *Polygon) (*Result, error) {
	return SolveWith(ctx, p, Options{})
}

// SolveWith solves p exactly. It returns ctx.Err() within well under 100 ms
// of ctx being cancelled, whatever phase the solve is in (see cancel.go), and
// a *SizeError for instances whose tables would not fit in
// opts.MaxTableBytes. It leaves no goroutine behind.
func SolveWith(ctx context.Context, p *Polygon, opts Options) (*Result, error) {
	return solveWith(ctx, p, opts, defaultConfig())
}

// config is what a test may vary in one solve. Each solve has its own, so
// tests steer the solver through it (solveWith), never through package
// variables, and can run in parallel.
type config struct {
	// delta bounds a candidate's relative error (ext.go); a test tightens
	// it to see that wrong answers are caught.
	delta float64
	// falseRoots marks every value the exact engine computes as a product
	// and a sum (root bits, see undominated): a fault the tests must catch.
	falseRoots bool
	// pollHook, when set, sees every poll (cancel.go).
	pollHook func(ph phase, work, big int) bool
	// settled, when set, gets how the exact engine settled the candidates
	// other than each cell's leaders: tied by residues, computed exactly.
	settled func(residue, exact int)
}

func defaultConfig() *config { return &config{delta: defaultDelta} }

func solveWith(ctx context.Context, p *Polygon, opts Options, cfg *config) (*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if !boundedBits(p.Values) {
		// The tables keep each value's binary exponent in an int32.
		return nil, fmt.Errorf("polygon: values too large: together they have 2^31 bits or more, so a score could exceed what the solver can rank")
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.MaxTableBytes <= 0 {
		opts.MaxTableBytes = DefaultMaxTableBytes
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	stop, release := watch(ctx)
	defer release()
	r, err := solve(p, opts, cfg, stop)
	if err == errStopped && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return r, err
}

func solve(p *Polygon, opts Options, cfg *config, stop *atomic.Bool) (*Result, error) {
	t, err := buildTables(p, opts, cfg, stop)
	if err != nil {
		return nil, err
	}
	n := len(p.Values)
	r := &Result{N: n, Scores: make([]*big.Int, n), Worst: make([]*big.Int, n), poly: p.Clone(), cfg: cfg}
	mt := t.meter(phaseResult)
	best := 0
	for e := 0; e < n; e++ {
		if mt.stopped() {
			return nil, errStopped
		}
		r.Scores[e] = t.value(e, n, true).bigInt()
		r.Worst[e] = t.value(e, n, false).bigInt()
		if r.Scores[e].Cmp(r.Scores[best]) > 0 {
			best = e
		}
		mt.add(1)
	}
	if mt.stopped() {
		return nil, errStopped
	}
	r.Best = new(big.Int).Set(r.Scores[best])
	for e := 0; e < n; e++ {
		if r.Scores[e].Cmp(r.Best) == 0 {
			r.Optimal = append(r.Optimal, e+1)
		}
	}
	r.First = r.Optimal[0]
	if r.Merges, err = t.plan(r.First - 1); err != nil {
		return nil, err
	}
	return r, nil
}

// Table layout. Vertices are numbered 0..n-1 and the ring is doubled: index x
// in [0, 2n) is vertex x mod n, and the edge between x-1 and x is edge x mod n
// (0-based). The chain of length ln starting at i (0 ≤ i < n) ends at
// j = i+ln-1 < 2n-1; deleting edge e first leaves the chain (e, n).
//
// Every table exists twice, so that the loop over split points k in [i, j)
// reads both operands in increasing memory order:
//   - by start: S[i][ln-1] is chain (i, ln), i < n; the left operands of
//     cell (i, j) are S[i][0 : ln-1];
//   - by end: T[j][n-ln] is the chain of length ln ending at j, for ends
//     0 ≤ j < 2n-1; the right operands (k+1 .. j) are T[j][n-ln+1 : n].
//
// A chain with i+ln-1 ≤ n-2 is stored in T under both j and j+n. Rows are
// cut from blocks allocated one at a time (allocRows), so that allocation
// polls for cancellation too.
type tables struct {
	n   int
	ops []byte // ops[x]: the operator of the edge between x-1 and x, x in [0, 2n)
	mul []bool // mul[x] == (ops[x] == '*')
	// runEnd[x] is the first index after x whose operator differs from
	// ops[x] (2n at the end): the split loops run over such runs.
	runEnd []int32
	fast   *fastTables
	gen    *genTables
	opts   Options
	cfg    *config
	stop   *atomic.Bool
}

// errStopped is returned by the engines when the stop flag is raised; Solve
// turns it into ctx.Err().
var errStopped = errors.New("polygon: solve cancelled")

func (t *tables) meter(ph phase) meter { return meter{stop: t.stop, phase: ph, hook: t.cfg.pollHook} }

func buildTables(p *Polygon, opts Options, cfg *config, stop *atomic.Bool) (*tables, error) {
	n := len(p.Values)
	t := &tables{n: n, ops: make([]byte, 2*n), mul: make([]bool, 2*n), opts: opts, cfg: cfg, stop: stop}
	for x := 0; x < 2*n; x++ {
		t.ops[x] = p.Ops[x%n]
		t.mul[x] = p.Ops[x%n] == '*'
	}
	t.runEnd = make([]int32, 2*n)
	for x := 2*n - 1; x >= 0; x-- {
		if x == 2*n-1 || t.ops[x+1] != t.ops[x] {
			t.runEnd[x] = int32(x + 1)
		} else {
			t.runEnd[x] = t.runEnd[x+1]
		}
	}
	fits := true
	for _, v := range p.Values {
		fits = fits && v.IsInt64()
	}
	ln := 2
	if fits {
		if need := fastBytes(n); need > opts.MaxTableBytes {
			return nil, &SizeError{N: n, Need: need, Limit: opts.MaxTableBytes}
		}
		var err error
		if t.fast, err = t.newFastTables(p.Values); err != nil {
			return nil, err
		}
		if ln, err = t.runFast(); err != nil {
			return nil, err
		}
		if ln > n {
			return t, nil
		}
	}
	// Some level may leave int64: continue exactly from level ln. While the
	// int64 tables are copied, both exist.
	need := genBytes(n)
	if t.fast != nil {
		need += fastBytes(n)
	}
	if need > opts.MaxTableBytes {
		return nil, &SizeError{N: n, Need: need, Limit: opts.MaxTableBytes}
	}
	var err error
	if t.gen, err = t.newGenTables(ln, p.Values); err != nil {
		return nil, err
	}
	t.fast = nil
	if err := t.runGen(ln); err != nil {
		return nil, err
	}
	return t, nil
}

// value is the exact min (hi false) or max (hi true) of chain (i mod n, ln).
func (t *tables) value(i, ln int, hi bool) num {
	i %= t.n
	if t.gen != nil {
		return t.gen.value(i, ln-1, hi)
	}
	if hi {
		return num{s: t.fast.sHi[i][ln-1]}
	}
	return num{s: t.fast.sLo[i][ln-1]}
}

// residue64 is the value of chain (i mod n, ln) modulo 2^64.
func (t *tables) residue64(i, ln int, hi bool) uint64 {
	i %= t.n
	if t.gen != nil {
		if hi {
			return t.gen.sHi.rows[i].w[ln-1]
		}
		return t.gen.sLo.rows[i].w[ln-1]
	}
	if hi {
		return uint64(t.fast.sHi[i][ln-1])
	}
	return uint64(t.fast.sLo[i][ln-1])
}

// parallelCells runs fn for every start i in [0, n) on opts.Workers
// goroutines, each taking one contiguous block (the cells of a level cost the
// same) and polling with its own meter of phase ph; fn gets the meter, the
// worker number and its block. It returns when every worker has.
func (t *tables) parallelCells(ph phase, fn func(mt *meter, w, i0, i1 int)) {
	run := func(w, i0, i1 int) {
		mt := t.meter(ph)
		fn(&mt, w, i0, i1)
		mt.stopped() // closes the last poll gap, for the test hook
	}
	workers := min(t.opts.Workers, t.n)
	if workers <= 1 || t.n < 16 {
		run(0, 0, t.n)
		return
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		i0, i1 := t.n*w/workers, t.n*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(w, i0, i1)
		}()
	}
	wg.Wait()
}
