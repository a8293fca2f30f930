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
	Scores []*big.Int // Scores[i]: best score (under Goal) when edge i+1 is deleted first
	Worst  []*big.Int // Worst[i]: worst score when edge i+1 is deleted first
	Best   *big.Int   // the best score overall: the max (GoalMin: the min) of Scores
	// Optimal lists every optimal first edge, increasing, 1-based.
	Optimal []int
	// First is the plan's first edge: the original program's choice, the smallest optimal.
	First int
	// Merges are the n-1 remaining edges in merge order, by original edge
	// number, as the original program's stack pops them.
	Merges []int
	// Goal is the goal solved for (Options.Goal).
	Goal Goal
	// Table is the DP table when Options.KeepTable asked for it, else nil.
	Table *Table

	poly *Polygon // a private copy, for Expr and Trace
	cfg  *config  // the solve's, for Trace's polls
}

// levelUnits is the work of level ln of an n-vertex instance growing as
// g in Options.Progress's units: the nanoseconds the estimate's model
// gives it at the project's speeds (estimate.go), at least 1, so that the
// share done is about the share of the time.
func levelUnits(n, ln int, chain bool, g growth) int64 {
	cells := n
	if chain {
		cells = n - ln + 1
	}
	return max(1, int64(projectSpeeds.levelNs(cells, ln, g.bitsAt(ln))))
}

// progressUnits is the work of levels 2..n (see levelUnits).
func progressUnits(n int, chain bool, g growth) int64 {
	var u int64
	for l := 2; l <= n; l++ {
		u += levelUnits(n, l, chain, g)
	}
	return u
}

// levelDone reports level ln as done to Options.Progress, if any, and to
// the test hook: whether the exact engine did it, and the bit length its
// values reached.
func (t *tables) levelDone(ln int, exact bool, bits int) {
	if h := t.cfg.levelHook; h != nil {
		h(ln, exact, bits)
	}
	if t.opts.Progress != nil {
		t.unitsDone += levelUnits(t.n, ln, t.chain, t.growth)
		t.opts.Progress(t.unitsDone, t.unitsTotal)
	}
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
	// levelHook, when set, sees every level as it ends (levelDone).
	levelHook func(ln int, exact bool, bits int)
	// settled, when set, gets how the exact engine settled the candidates
	// other than each cell's leaders: tied by residues, computed exactly.
	settled func(residue, exact int)
}

func defaultConfig() *config { return &config{delta: defaultDelta} }

func solveWith(ctx context.Context, p *Polygon, opts Options, cfg *config) (*Result, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return runSolve(ctx, p.Values, &opts, func(stop *atomic.Bool) (*Result, error) { return solve(p, opts, cfg, stop) })
}

// runSolve checks what every solve checks (values whose size the tables can
// rank, a live ctx), sets opts' defaults and runs f with a stop flag
// raised when ctx is cancelled, turning errStopped into ctx.Err().
func runSolve[R any](ctx context.Context, values []*big.Int, opts *Options, f func(stop *atomic.Bool) (R, error)) (R, error) {
	var zero R
	if !boundedBits(values) {
		// The tables keep each value's binary exponent in an int32.
		return zero, fmt.Errorf("polygon: values too large: together they have 2^31 bits or more, so a score could exceed what the solver can rank")
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.MaxTableBytes <= 0 {
		opts.MaxTableBytes = DefaultMaxTableBytes
	}
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	stop, release := watch(ctx)
	defer release()
	r, err := f(stop)
	if err == errStopped && ctx.Err() != nil {
		return zero, ctx.Err()
	}
	return r, err
}

func solve(p *Polygon, opts Options, cfg *config, stop *atomic.Bool) (*Result, error) {
	n := len(p.Values)
	t := newTables(n, false, func(x int) byte { return p.Ops[x%n] }, opts, cfg, stop)
	if err := t.fill(p.Values); err != nil {
		return nil, err
	}
	hi := opts.Goal.wantsMax()
	r := &Result{N: n, Scores: make([]*big.Int, n), Worst: make([]*big.Int, n), Goal: opts.Goal, poly: p.Clone(), cfg: cfg}
	mt := t.meter(phaseResult)
	best := 0
	for e := 0; e < n; e++ {
		if mt.stopped() {
			return nil, errStopped
		}
		r.Scores[e] = t.value(e, n, hi).bigInt()
		r.Worst[e] = t.value(e, n, !hi).bigInt()
		if opts.Goal.better(r.Scores[e].Cmp(r.Scores[best]), 0) {
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
	rank := func(k int) int { return (r.First - 1 + k) % n } // the order of the edges' numbers
	cuts, err := t.planOf(r.First-1, n, opts.Goal, rank, nil)
	if err != nil {
		return nil, err
	}
	r.Merges = make([]int, len(cuts))
	for k, x := range cuts {
		r.Merges[k] = x%n + 1
	}
	if opts.KeepTable {
		r.Table = t.keep(r.First-1, opts.Goal, rank)
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
//
// A chain instance (SolveChain) of m values uses the same layout with
// n = m and nothing doubled: its sub-chain (i, ln) exists for i+ln ≤ m,
// level ln has m-ln+1 cells, the tables by end have one row per vertex,
// and the edge between x-1 and x (1 ≤ x < m) is ops[x].
type tables struct {
	n     int
	chain bool   // a chain instance, not a ring
	ops   []byte // ops[x]: the operator of the edge between x-1 and x, x in [0, 2n)
	opAt  func(x int) byte
	// runEnd[x] is the first index after x whose operator differs from
	// ops[x] (2n at the end): the split loops run over such runs.
	runEnd []int32
	fast   *fastTables
	gen    *genTables
	opts   Options
	cfg    *config
	stop   *atomic.Bool
	// growth predicts the levels' numbers, and unitsDone and unitsTotal
	// follow Options.Progress in its units (levelUnits).
	growth                growth
	unitsDone, unitsTotal int64
}

// errStopped is returned by the engines when the stop flag is raised; Solve
// turns it into ctx.Err().
var errStopped = errors.New("polygon: solve cancelled")

func (t *tables) meter(ph phase) meter { return meter{stop: t.stop, phase: ph, hook: t.cfg.pollHook} }

// newTables lays out an instance of n vertices whose edge between x-1 and x
// has operator opAt(x), x in [0, 2n) (a chain's edges 1..n-1 only), for the
// engines; fill then solves it.
func newTables(n int, chain bool, opAt func(x int) byte, opts Options, cfg *config, stop *atomic.Bool) *tables {
	t := &tables{n: n, chain: chain, ops: make([]byte, 2*n), opAt: opAt, opts: opts, cfg: cfg, stop: stop}
	for x := 0; x < 2*n; x++ {
		if !chain || 1 <= x && x < n {
			t.ops[x] = opAt(x)
		}
	}
	t.runEnd = make([]int32, 2*n)
	for x := 2*n - 1; x >= 0; x-- {
		if x == 2*n-1 || t.ops[x+1] != t.ops[x] {
			t.runEnd[x] = int32(x + 1)
		} else {
			t.runEnd[x] = t.runEnd[x+1]
		}
	}
	return t
}

// cells is the number of cells of level ln: every start of a ring, the
// starts i ≤ n-ln of a chain.
func (t *tables) cells(ln int) int {
	if t.chain {
		return t.n - ln + 1
	}
	return t.n
}

// cellsFrom is the length of the longest chain starting at vertex i.
func (t *tables) cellsFrom(i int) int {
	if t.chain {
		return t.n - i
	}
	return t.n
}

// byEndRows is the number of rows of the int64 tables by end (see tables).
func (t *tables) byEndRows() int {
	if t.chain {
		return t.n
	}
	return 2*t.n - 1
}

// fill computes every cell of the tables from the leaves values.
func (t *tables) fill(values []*big.Int) error {
	n, opts := t.n, t.opts
	if opts.Progress != nil && t.unitsTotal == 0 {
		t.growth = sampleGrowth(values, t.opAt)
		t.unitsTotal = progressUnits(n, t.chain, t.growth)
	}
	fits := true
	for _, v := range values {
		fits = fits && v.IsInt64()
	}
	ln := 2
	if fits {
		if need := t.fastBytes(); need > opts.MaxTableBytes {
			return &SizeError{N: n, Need: need, Limit: opts.MaxTableBytes}
		}
		var err error
		if t.fast, err = t.newFastTables(values); err != nil {
			return err
		}
		if ln, err = t.runFast(); err != nil {
			return err
		}
		if ln > n {
			return nil
		}
	}
	// Some level may leave int64: continue exactly from level ln. While the
	// int64 tables are copied, both exist.
	need := genBytes(n)
	if t.fast != nil {
		need += t.fastBytes()
	}
	if need > opts.MaxTableBytes {
		return &SizeError{N: n, Need: need, Limit: opts.MaxTableBytes}
	}
	var err error
	if t.gen, err = t.newGenTables(ln, values); err != nil {
		return err
	}
	t.fast = nil
	return t.runGen(ln)
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

// parallelCells runs fn for every start i in [0, cells) on opts.Workers
// goroutines, each taking one contiguous block (the cells of a level cost the
// same) and polling with its own meter of phase ph; fn gets the meter, the
// worker number and its block. It returns when every worker has.
func (t *tables) parallelCells(ph phase, cells int, fn func(mt *meter, w, i0, i1 int)) {
	run := func(w, i0, i1 int) {
		mt := t.meter(ph)
		fn(&mt, w, i0, i1)
		mt.stopped() // closes the last poll gap, for the test hook
	}
	workers := min(t.opts.Workers, cells)
	if workers <= 1 || cells < 16 {
		run(0, 0, cells)
		return
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		i0, i1 := cells*w/workers, cells*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(w, i0, i1)
		}()
	}
	wg.Wait()
}
