package polygon

import (
	"context"
	"errors"
	"math"
	"math/big"
	"runtime"
	"sync/atomic"
	"time"
)

// Estimates. A solve's time is the sum of its levels': an int64 level of C
// cells and ln-1 splits each costs about C·(ln-1)·fastSplit, an exact one
// C·(exactCell + (ln-1)·exactSplit + wordCell·w²) with w its numbers'
// 64-bit words (the per-cell parts are the few candidates settled exactly,
// whose big products cost w², and the values stored), times sizeFactor(n)
// as the tables outgrow the caches. Which levels
// are exact, and how long their numbers get, the instance itself says:
// its first values are solved as a chain (sampleGrowth, a millisecond) and
// the bit lengths of its levels extrapolated linearly (a chain's numbers
// grow about linearly with its length).
//
// How fast the levels go depends on the instance as much as on the machine
// and its load ('-' splits are never pruned as dominated, small values tie
// often), so an estimate over a second times a probe: the instance's first
// values solved as an instance of their own, as many as the model puts at
// about probeTime, each level timed. The int64 and the exact levels it did,
// against the model's time for them, give this machine's speeds for each;
// the levels' bit lengths give the growth. The same model at the
// project's speeds weighs the levels in Options.Progress, so that the
// share done is about the share of the time.

// Estimate is what a solve is expected to take.
type Estimate struct {
	Time time.Duration
	// Bytes is the most memory the solve's tables hold at once, big numbers
	// included: what Options.MaxTableBytes must allow.
	Bytes int64
	// KeptBytes is what the table kept by Options.KeepTable holds.
	KeptBytes int64
	// Rough says the time rests on guesses more than measurements: no probe
	// was timed (the model puts the solve under a second at the project's
	// speeds), or the probe did fewer than 20 of the exact levels the
	// instance is expected to have.
	Rough bool
}

// speeds are a machine's costs in nanoseconds of wall time with the
// default workers (see above).
type speeds struct {
	fastSplit, exactSplit, exactCell, wordCell float64
}

// projectSpeeds were measured on the project's 2-core machines: int64
// rings, and the levels of randpolygon(n, 1) for n = 150..1500 (an exact
// cell cost about 2.7 µs + 5.6 ns a split at n = 1500, its numbers' size
// hardly showing: the float ranking leaves few big products a cell). The
// exact costs are those at n ≤ 300, where sizeFactor is 1: the costs at
// 1500 over sizeFactor(1500), 2.24 (they were taken as they were, and
// sizeFactor counted the caches twice: the model alone put
// randpolygon(1500, 1)'s 18 s solve at 33 s; now 16 s). A probe's
// estimate does not depend on them (it scales them by what it measures);
// the model alone (ModelSolve, the kernel's warning) and Progress's
// weights do.
var projectSpeeds = speeds{fastSplit: 6, exactSplit: 2.5, exactCell: 1200, wordCell: 0.45}

// sampleLength is the length of the chain whose levels predict an
// instance's numbers; probeTime what a probe should take.
const (
	sampleLength = 48
	probeTime    = 250 * time.Millisecond
	// probeDeadline stops a probe the model misjudged; the levels it did
	// still count.
	probeDeadline = time.Second
)

// growth is an instance's numbers as its sample shows them: bit length
// first + rate·(ln-1) at level ln.
type growth struct {
	first, rate float64
}

// bitsAt is the predicted bit length of level ln.
func (g growth) bitsAt(ln int) float64 { return g.first + g.rate*float64(ln-1) }

// fitGrowth fits levels' bit lengths top[2..] (top[ln] for level ln) from
// the leaves' largest, first: the least-squares slope through (1, first).
func fitGrowth(first float64, top []float64) growth {
	g := growth{first: first}
	var sx, sy float64
	for ln := 2; ln < len(top); ln++ {
		sx += float64(ln-1) * float64(ln-1)
		sy += float64(ln-1) * (max(top[ln], first) - first)
	}
	if sx > 0 {
		g.rate = max(0, sy/sx)
	}
	return g
}

// sampleGrowth solves the chain of the first values (opAt(x) joining
// values x-1 and x) and fits its levels' bit lengths.
func sampleGrowth(values []*big.Int, opAt func(x int) byte) growth {
	s := min(len(values), sampleLength)
	first := 0.0
	for _, v := range values[:s] {
		first = max(first, float64(v.BitLen()))
	}
	cfg := defaultConfig()
	top := make([]float64, s+1)
	cfg.levelHook = func(ln int, _ bool, bits int) { top[ln] = float64(bits) }
	t := newTables(s, true, opAt, Options{Workers: 1, MaxTableBytes: DefaultMaxTableBytes}, cfg, new(atomic.Bool))
	if t.fill(values[:s]) != nil {
		return growth{first: first}
	}
	return fitGrowth(first, top)
}

// levelNs is the time of a level of cells cells of chains of length ln
// whose numbers have bits bits.
func (s speeds) levelNs(cells, ln int, bits float64) float64 {
	return s.kindNs(cells, ln, bits, bits >= 62)
}

// kindNs is levelNs for a level known to be exact or not.
func (s speeds) kindNs(cells, ln int, bits float64, exact bool) float64 {
	c, k := float64(cells), float64(ln-1)
	if !exact {
		return c * k * s.fastSplit
	}
	w := bits / 64
	return c * (s.exactCell + s.wordCell*w*w + k*s.exactSplit)
}

// predictNs is the time of levels 2..n of an instance growing as g.
func (s speeds) predictNs(n int, chain bool, g growth) float64 {
	var ns float64
	for ln := 2; ln <= n; ln++ {
		cells := n
		if chain {
			cells = n - ln + 1
		}
		bits := g.bitsAt(ln)
		level := s.levelNs(cells, ln, bits)
		if bits >= 62 {
			level *= sizeFactor(n)
		}
		ns += level
	}
	return ns
}

// sizeFactor is how much slower an exact cell of an instance of n values
// is than the model's, as its tables outgrow the caches: at the same
// length, a cell of a 1500-vertex ring cost 2.2 to 2.6 times one of a
// 300-vertex ring, and sqrt(n/300) fits 300..1500 within a fifth; below
// 300 the tables fit. A probe of a prefix is scaled by it too, so what it
// measures is the machine's speed, not its prefix's size.
func sizeFactor(n int) float64 { return math.Sqrt(float64(max(n, 300)) / 300) }

// instance is what an estimate needs of an instance: its values, the
// operator of the edge before each (opAt, as newTables takes it), and
// whether it is a chain.
type instance struct {
	values []*big.Int
	opAt   func(x int) byte
	chain  bool
}

// prefix is the instance of the first s values: a ring of them (its edge 1
// joining v(s) and v1 has the instance's operator there) or a chain.
func (in instance) prefix(s int) instance {
	if in.chain {
		return instance{in.values[:s], in.opAt, true}
	}
	n := len(in.values)
	return instance{in.values[:s], func(x int) byte { return in.opAt(x % s % n) }, false}
}

// estimate times what work (the model's nanoseconds at given speeds for
// an instance growing as g) takes on this machine for in, probing in's
// prefix when it is over a second and probing is asked for; without the
// probe it is the model's at the project's speeds, the same on every
// machine at any load.
func estimate(ctx context.Context, in instance, opts Options, probing bool, work func(s speeds, g growth) float64) (Estimate, error) {
	n := len(in.values)
	g := sampleGrowth(in.values, in.opAt)
	e := Estimate{Rough: true}
	sp := projectSpeeds
	if probing && work(sp, g) > float64(time.Second) {
		var err error
		if sp, g, e.Rough, err = probe(ctx, in, opts, g); err != nil {
			return Estimate{}, err
		}
		opts.Workers = 0 // the probe ran with the solve's workers
	}
	ns := work(sp, g)
	if w := opts.Workers; w > 0 && w < runtime.GOMAXPROCS(0) {
		ns *= float64(runtime.GOMAXPROCS(0)) / float64(w)
	}
	e.Time = time.Duration(ns)
	e.Bytes, e.KeptBytes = tableBytes(n, in.chain, g)
	return e, nil
}

// probe solves the prefix of in the model puts at about probeTime (stopped
// at probeDeadline if it takes longer) and returns this machine's speeds
// as it found them: the int64 levels' time over the model's for them scales the
// project's int64 speed, the exact levels' the exact ones. The growth is
// refitted from the levels done. rough says the probe reached no exact
// level, or fewer than 20, though the instance has some.
func probe(ctx context.Context, in instance, opts Options, g growth) (sp speeds, _ growth, rough bool, err error) {
	// The largest prefix the model puts at about probeTime.
	s := sampleLength
	for s < len(in.values) && projectSpeeds.predictNs(s+s/8+1, in.chain, g) < float64(probeTime) {
		s += s/8 + 1
	}
	s = min(s, len(in.values))
	p := in.prefix(s)
	top := make([]float64, 2, s+1) // top[ln]: level ln's bit length, from 2
	var fastNs, fastModel, exactNs, exactModel float64
	exactLevels := 0
	cfg := defaultConfig()
	last, wasExact := time.Now(), false
	cfg.levelHook = func(ln int, exact bool, bits int) {
		now := time.Now()
		ns := float64(now.Sub(last).Nanoseconds())
		last = now
		top = append(top[:ln], float64(bits))
		switched := exact && !wasExact
		wasExact = exact
		if switched || ln == 2 {
			// The first level of an engine also pays for its tables
			// (allocated, copied, the root bits of the int64 levels),
			// which the model leaves out.
			return
		}
		cells := s
		if p.chain {
			cells = s - ln + 1
		}
		model := projectSpeeds.kindNs(cells, ln, float64(bits), exact)
		if exact {
			model *= sizeFactor(s)
		}
		if exact {
			exactNs, exactModel, exactLevels = exactNs+ns, exactModel+model, exactLevels+1
		} else {
			fastNs, fastModel = fastNs+ns, fastModel+model
		}
	}
	pctx, cancel := context.WithTimeout(ctx, probeDeadline)
	defer cancel()
	probeOpts := Options{Workers: opts.Workers, MaxTableBytes: opts.MaxTableBytes}
	_, err = runSolve(pctx, p.values, &probeOpts, func(stop *atomic.Bool) (struct{}, error) {
		t := newTables(s, p.chain, p.opAt, probeOpts, cfg, stop)
		return struct{}{}, t.fill(p.values)
	})
	if err := ctx.Err(); err != nil {
		return sp, g, true, err // the caller's, not the probe's deadline
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return sp, g, true, err
	}
	if len(top) > 2 {
		g = fitGrowth(g.first, top)
	}
	sp = projectSpeeds
	if fastModel > 0 && fastNs > 0 {
		sp.fastSplit *= fastNs / fastModel
	}
	if exactModel > 0 && exactNs > 0 {
		f := exactNs / exactModel
		sp.exactSplit, sp.exactCell, sp.wordCell = f*sp.exactSplit, f*sp.exactCell, f*sp.wordCell
	}
	rough = exactLevels < 20 && g.bitsAt(len(in.values)) >= 62
	return sp, g, rough, nil
}

// tableBytes are the tables' peak and kept sizes for an instance growing
// as g: the int64 tables, or the exact ones (both while switching) with
// their big numbers (two a cell, the words of the predicted bit lengths
// plus a header word).
func tableBytes(n int, chain bool, g growth) (peak, kept int64) {
	t := &tables{n: n, chain: chain}
	if g.bitsAt(n) < 62 {
		return t.fastBytes(), 16 * int64(n) * int64(n)
	}
	var words int64
	for ln := 1; ln <= n; ln++ {
		if b := g.bitsAt(ln); b >= 64 {
			words += int64(2 * t.cells(ln) * (int(b)/64 + 2))
		}
	}
	peak = genBytes(n) + 8*words
	if g.first < 62 {
		peak += t.fastBytes()
	}
	return peak, keptGenBytes(n) + 8*words
}

// EstimateSolve is what SolveWith(ctx, p, opts) is expected to take on
// this machine: time (a probe of up to about a quarter second when the
// solve would take over a second; ctx stops it), table memory, the kept
// table's memory.
func EstimateSolve(ctx context.Context, p *Polygon, opts Options) (Estimate, error) {
	return ringEstimate(ctx, p, opts, true)
}

// ModelSolve is EstimateSolve without the probe: the cost model's time at
// the project's speeds (its 2-core machines) for the instance's own
// numbers, which depends on the instance alone, never on this machine or
// its load, so that what is said of it (the kernel's warning before a long
// solve) is the same on every run. It is Rough, and takes a millisecond.
func ModelSolve(p *Polygon, opts Options) (Estimate, error) {
	return ringEstimate(context.Background(), p, opts, false)
}

func ringEstimate(ctx context.Context, p *Polygon, opts Options, probing bool) (Estimate, error) {
	if err := p.Validate(); err != nil {
		return Estimate{}, err
	}
	n := p.N()
	in := instance{p.Values, func(x int) byte { return p.Ops[x%n] }, false}
	return estimate(ctx, in, opts, probing, func(s speeds, g growth) float64 { return s.predictNs(n, false, g) })
}

// EstimateChain is EstimateSolve for SolveChain(ctx, c, opts).
func EstimateChain(ctx context.Context, c *Chain, opts Options) (Estimate, error) {
	return chainEstimate(ctx, c, opts, true)
}

// ModelChain is ModelSolve for SolveChain(ctx, c, opts).
func ModelChain(c *Chain, opts Options) (Estimate, error) {
	return chainEstimate(context.Background(), c, opts, false)
}

func chainEstimate(ctx context.Context, c *Chain, opts Options, probing bool) (Estimate, error) {
	if err := c.Validate(); err != nil {
		return Estimate{}, err
	}
	m := c.M()
	in := instance{c.Values, func(x int) byte { return c.Ops[x-1] }, true}
	return estimate(ctx, in, opts, probing, func(s speeds, g growth) float64 { return s.predictNs(m, true, g) })
}

// EstimateLine is what SolveLine(ctx, p, moves, opts) is expected to
// take: the ring's solve and those of the chains of n, n-1, … values its
// moves leave (memory: the ring's tables, the largest; one is held at a
// time).
func EstimateLine(ctx context.Context, p *Polygon, moves []int, opts Options) (Estimate, error) {
	if err := p.Validate(); err != nil {
		return Estimate{}, err
	}
	n := p.N()
	in := instance{p.Values, func(x int) byte { return p.Ops[x%n] }, false}
	return estimate(ctx, in, opts, true, func(s speeds, g growth) float64 {
		ns := s.predictNs(n, false, g)
		for k := range min(len(moves), n) {
			ns += s.predictNs(n-k, true, g)
		}
		return ns
	})
}
