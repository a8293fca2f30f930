//go:build !js

package judge

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gamelab/kernel/budget"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Config is one gamelab judge: what to judge and how. cmd/gamelab fills
// it from the flags; Check says what is wrong with it in the flags' words.
type Config struct {
	Game       *games.Game
	Format     string // a batch format's name; "" the game's first
	Rules      games.Rules
	Count      int    // instances to try
	Seed       uint64 // instance i (from 0) is made from Seed + i
	MinN, MaxN int    // sizes grow from MinN to MaxN; 0: 1 and the judge's MaxN
	Values     *kit.Bounds
	Ops        string // the polygon's operators; "": the format's
	// Gen, when set, makes the instances instead of the game's generator
	// (--gen): the value of the user's expression for size n and seed;
	// GenText is the expression, for the line that regenerates one.
	Gen     Generator
	GenText string
	// Program is the program judged; Against, when set, a second one
	// judged on the same instances (--against ./brute).
	Program, Against []string
	Limits           Limits // each run's; CPU 0: 2 s, Wall 0: DefaultWall
	Jobs             int    // instances run at once; 0: the cores
	Interactive      bool   // the program plays gamelab (Judge.Interactive)
	Save             string // where the failing input goes; "": a new file in the temporary directory
	ShrinkTime       time.Duration
	Verbose          bool      // a line per run: its verdict, CPU time and memory
	Progress         io.Writer // a terminal's line, redrawn in place; nil: none
	Budget           int64     // the memory budget of the judge's own work; 0: budget.Default()
}

// Generator is a user's instance for size n from seed: any value, which
// must be an instance of the game judged.
type Generator func(ctx context.Context, n int, seed uint64) (any, error)

// DefaultCPU is the CPU time limit of a run when none is given: CPU time,
// so that a loaded machine does not fail a program that is fast enough.
const DefaultCPU = 2 * time.Second

// DefaultWall is the wall-time guard of a CPU-time limit when none is
// given: generous, so that a loaded machine, which slows the wall clock of
// a run but not its CPU time, stops only a program that waits or sleeps.
func DefaultWall(cpu time.Duration) time.Duration { return 5*cpu + 5*time.Second }

// judging is a Config checked, with what it resolved.
type judging struct {
	*Config
	j          *Judge
	format     *games.BatchFormat // nil when interactive
	jf         *Format
	spec       Spec
	shrinkIn   kit.Bounds // the values shrinking keeps to: --values, else the judge's, else (--gen) none
	minN, maxN int
	name       string
	mem        *budget.Budget
	progs      [][]string
	status     *status
}

// Check says what is wrong with c in the flags' words, before anything
// runs: counts, sizes (the largest an instance may have, and what the
// memory budget lets the judge make and solve), values, operators,
// limits, and the programs (one that does not exist, a directory).
func (c *Config) Check() error {
	_, err := c.resolve()
	return err
}

func (c *Config) resolve() (*judging, error) {
	j := For(c.Game)
	if j == nil {
		return nil, fmt.Errorf("%s has no judge", c.Game.Name)
	}
	if len(c.Program) == 0 {
		return nil, fmt.Errorf("give the program after --: gamelab judge %s -- ./prog", c.Game.Name)
	}
	r := &judging{Config: c, j: j, progs: [][]string{c.Program}}
	if c.Against != nil {
		r.progs = append(r.progs, c.Against)
	}
	if c.Interactive {
		if j.Interactive == nil {
			return nil, fmt.Errorf("%s cannot be played interactively", c.Game.Name)
		}
		if c.Format != "" {
			return nil, fmt.Errorf("--interactive has a protocol of its own (gamelab help judge): --format does not apply")
		}
	} else {
		f, err := c.Game.Format(c.Format)
		if err != nil {
			return nil, err
		}
		r.format, r.jf = f, j.Formats[f.Name]
	}
	r.name = "gamelab judge " + c.Game.Name
	switch {
	case c.Interactive:
		r.name += " --interactive"
	default:
		r.name += " --format " + r.format.Name
	}
	if err := r.resolveSpec(); err != nil {
		return nil, err
	}
	if err := r.resolveSizes(); err != nil {
		return nil, err
	}
	if err := r.resolveLimits(); err != nil {
		return nil, err
	}
	for _, p := range r.progs {
		if err := CheckProgram(p); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// resolveSpec settles the values and operators drawn.
func (r *judging) resolveSpec() error {
	r.spec = Spec{Values: r.j.Values, Ops: r.j.Ops, Rules: r.Rules}
	if r.jf != nil && r.jf.Ops != "" {
		r.spec.Ops = r.jf.Ops
	}
	if v := r.Values; v != nil {
		lim := r.j.ValueLimits
		if lim.Lo != nil && v.Lo.Cmp(lim.Lo) < 0 || lim.Hi != nil && v.Hi.Cmp(lim.Hi) > 0 {
			return fmt.Errorf("--values %s: a %s's values are %s", bounds(*v), r.j.Noun, boundsWords(lim))
		}
		if v.Lo.BitLen() > 1<<20 || v.Hi.BitLen() > 1<<20 {
			return fmt.Errorf("--values %s: values stop at 2^1048576", bounds(*v))
		}
		r.spec.Values = *v
	}
	r.shrinkIn = r.spec.Values
	if r.Gen != nil && r.Values == nil {
		r.shrinkIn = kit.Bounds{}
	}
	if r.Ops != "" {
		if r.j.Ops == "" {
			return fmt.Errorf("--ops: %s has no operators", r.Game.Name)
		}
		for _, op := range r.Ops {
			if !strings.ContainsRune(r.j.Ops, op) {
				return fmt.Errorf("--ops %q: the operators are %s", r.Ops, strings.Join(strings.Split(r.j.Ops, ""), ", "))
			}
		}
		r.spec.Ops = r.Ops
	}
	return nil
}

// boundsWords writes a range of allowed values: "1..9".
func boundsWords(b kit.Bounds) string {
	switch {
	case b.Lo == nil:
		return "at most " + b.Hi.String()
	case b.Hi == nil:
		return "at least " + b.Lo.String()
	}
	return "within " + b.Lo.String() + ".." + b.Hi.String()
}

// resolveSizes checks the sizes up front: at least the rules' smallest,
// at most the largest gamelab judges, and the largest within the memory
// budget.
func (r *judging) resolveSizes() error {
	switch {
	case r.Count < 1 || r.Count > 1_000_000_000:
		return fmt.Errorf("--count must be 1 to 1000000000, got %d", r.Count)
	}
	least := r.j.minN(r.Rules)
	r.minN, r.maxN = r.MinN, r.MaxN
	if r.minN == 0 {
		r.minN = least
	}
	if r.maxN == 0 {
		r.maxN = max(r.j.MaxN, r.minN)
	}
	largest := r.j.Largest(r.Rules)
	rules := ""
	if !r.Rules.IsDefault() {
		rules = " under --rules " + r.Rules.Text()
	}
	switch {
	case r.MaxN != 0 && r.MaxN < least:
		return fmt.Errorf("--max-n %d: the smallest %s with a move%s has %s", r.MaxN, r.j.Noun, rules, r.j.count(least))
	case r.minN < least:
		return fmt.Errorf("--min-n %d: the smallest %s with a move%s has %s", r.minN, r.j.Noun, rules, r.j.count(least))
	case r.maxN < r.minN:
		return fmt.Errorf("--max-n %d is less than --min-n %d", r.maxN, r.minN)
	case r.minN > largest:
		return fmt.Errorf("--min-n %d: the largest %s gamelab judges%s has %s", r.minN, r.j.Noun, rules, r.j.count(largest))
	case r.maxN > largest:
		return fmt.Errorf("--max-n %d: the largest %s gamelab judges%s has %s", r.maxN, r.j.Noun, rules, r.j.count(largest))
	}
	r.mem = budget.New(r.Budget)
	if r.Budget == 0 {
		r.mem = budget.New(budget.Default())
	}
	if r.Gen == nil {
		if need := r.j.Need(r.maxN, r.Rules); need > r.mem.Limit() {
			flag := "--max-n"
			if r.maxN == r.minN && r.MaxN == 0 {
				flag = "--min-n"
			}
			return fmt.Errorf("%s %d: a %s of %s needs about %s to make, solve and check, more than the memory budget of %s (GAMELAB_MEMORY sets it)",
				flag, r.maxN, r.j.Noun, r.j.count(r.maxN), mb(need), mb(r.mem.Limit()))
		}
	}
	return nil
}

// resolveLimits fills in the default limits and checks the others.
func (r *judging) resolveLimits() error {
	l := &r.Limits
	if l.CPU > 24*time.Hour || l.Wall > 240*time.Hour {
		return fmt.Errorf("--time may be at most 24h and --wall 240h")
	}
	if l.CPU == 0 {
		l.CPU = DefaultCPU
	}
	if l.Wall == 0 {
		l.Wall = DefaultWall(l.CPU)
	}
	switch {
	case l.CPU < 0:
		return fmt.Errorf("--time must be positive, got %s", l.CPU)
	case l.Wall < l.CPU:
		return fmt.Errorf("--wall %s is less than --time %s: the wall-time guard must give the program at least its CPU time", l.Wall, l.CPU)
	case l.Memory < 0 || l.Memory > 0 && l.Memory < 1<<20:
		return fmt.Errorf("--memory must be at least 1MB, got %d bytes", l.Memory)
	case r.Jobs < 0 || r.Jobs > 256:
		return fmt.Errorf("--jobs must be 1 to 256, got %d", r.Jobs)
	case r.ShrinkTime < 0:
		return fmt.Errorf("--shrink-time must be positive, got %s", r.ShrinkTime)
	}
	if r.Jobs == 0 {
		r.Jobs = runtime.NumCPU()
	}
	if r.ShrinkTime == 0 {
		r.ShrinkTime = time.Minute
	}
	return nil
}

// size is instance i's size: from minN to maxN in Count even steps,
// computed in 128 bits so that no size overflows.
func (r *judging) size(i int) int {
	hi, lo := bits.Mul64(uint64(i), uint64(r.maxN-r.minN)+1)
	q, _ := bits.Div64(hi, lo, uint64(r.Count))
	return r.minN + int(q)
}

// Judge judges the program(s) and writes the report to out, a problem of
// the judge's own (an instance it could not make, a program it cannot
// start) to errw. It returns the exit status: 0 all passed, 1 a failure,
// 2 the judge's problem, 130 interrupted (ctx ended).
func (c *Config) Judge(ctx context.Context, out, errw io.Writer) int {
	r, err := c.resolve()
	if err != nil {
		fmt.Fprintf(errw, "gamelab judge %s: %v\n", c.Game.Name, err)
		return 2
	}
	r.status = newStatus(c.Progress)
	leave := enter()
	defer leave()
	st := newStats(len(r.progs))
	passed, fail, err := r.loop(ctx, out, st)
	r.status.clear()
	switch {
	case err != nil && ctx.Err() == nil:
		fmt.Fprintf(errw, "%s: %v\n", r.name, err)
		return 2
	case fail == nil && ctx.Err() != nil && passed < r.Count:
		fmt.Fprintf(out, "%s: interrupted at instance %d of %d (%d passed)\n", r.name, passed+1, r.Count, passed)
		r.summary(out, st)
		return 130
	case fail == nil:
		fmt.Fprintf(out, "%s: %d of %d instances passed, sizes %d to %d %s\n", r.name, passed, r.Count, r.minN, r.size(r.Count-1), r.j.Unit[1])
		r.summary(out, st)
		return 0
	}
	code := r.report(ctx, out, fail)
	if passed > 0 {
		fmt.Fprintf(out, "before it, %s passed:\n", kit.Count(passed, "instance", "instances"))
		r.summary(out, st)
	}
	return code
}

// loop runs the instances on Jobs workers and takes their results in
// order: the first failure in that order stops it, so that what it finds
// does not depend on Jobs (later instances still running are cancelled,
// earlier ones finish). passed is how many instances passed before it.
func (r *judging) loop(ctx context.Context, out io.Writer, st *stats) (passed int, fail *trial, err error) {
	var next atomic.Int64
	var limit atomic.Int64 // instances from limit on are not started
	limit.Store(int64(r.Count))
	var mu sync.Mutex
	cancels := map[int]context.CancelFunc{}
	results := make(chan *trial)
	var wg sync.WaitGroup
	for range r.Jobs {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if int64(i) >= limit.Load() || ctx.Err() != nil {
					return
				}
				ictx, cancel := context.WithCancel(ctx)
				mu.Lock()
				cancels[i] = cancel
				mu.Unlock()
				t := r.try(ictx, i)
				mu.Lock()
				delete(cancels, i)
				mu.Unlock()
				cancel()
				results <- t
			}
		})
	}
	go func() { wg.Wait(); close(results) }()
	pending := map[int]*trial{}
	stopAt := r.Count // the first failing instance so far
	for t := range results {
		if t.err == nil && t.failed() < 0 || t.i >= stopAt {
			pending[t.i] = t
		} else if ctx.Err() == nil { // a failure, or the judge's own problem: no instance after it matters
			stopAt = t.i
			pending[t.i] = t
			limit.Store(int64(t.i + 1))
			mu.Lock()
			for k, cancel := range cancels {
				if k > t.i {
					cancel()
				}
			}
			mu.Unlock()
		}
		for ; fail == nil && err == nil && pending[passed] != nil; passed++ {
			t := pending[passed]
			delete(pending, passed)
			switch {
			case t.err != nil:
				err = fmt.Errorf("instance %d: %v", t.i+1, t.err)
			case t.failed() >= 0:
				fail = t
			default:
				st.add(t)
				r.logRun(out, t)
				r.status.show(false, "instance %d of %d (%s): %d passed", t.i+1, r.Count, r.j.count(t.n), passed+1)
			}
			if fail != nil || err != nil {
				break
			}
		}
	}
	if fail == nil && err == nil && ctx.Err() != nil { // interrupted: a failure found after the instances it stopped
		for _, t := range pending {
			if t.err == nil && t.failed() >= 0 && (fail == nil || t.i < fail.i) {
				fail = t
			}
		}
	}
	return passed, fail, err
}

// logRun writes a line per run of an instance (--verbose).
func (r *judging) logRun(out io.Writer, t *trial) {
	if !r.Verbose {
		return
	}
	for k, v := range t.v {
		who := ""
		if len(r.progs) > 1 {
			who = shellWords(r.progs[k]) + ": "
		}
		fmt.Fprintf(out, "instance %d (seed %d, %s): %saccepted, %s of CPU, %s of memory\n",
			t.i+1, t.seed, r.j.count(t.n), who, seconds(v.o.CPU), v.o.memoryText())
	}
}

// trial is one instance judged.
type trial struct {
	i    int // its number, from 0
	n    int // the size drawn
	seed uint64
	x    games.Position
	v    []verdict // one per program
	err  error     // the judge's own problem, or ctx's end
}

// failed is the first program that failed, -1 when none did.
func (t *trial) failed() int {
	for k, v := range t.v {
		if v.kind != "" {
			return k
		}
	}
	return -1
}

// try makes instance i and judges every program on it.
func (r *judging) try(ctx context.Context, i int) *trial {
	t := &trial{i: i, n: r.size(i), seed: r.Seed + uint64(i)}
	t.x, t.err = r.instance(ctx, t.n, t.seed)
	if t.err == nil {
		t.v, t.err = r.judgeAll(ctx, t.x, t.seed)
	}
	if ctx.Err() != nil {
		t.err = ctx.Err()
	}
	if t.err == nil && t.failed() < 0 { // kept while earlier instances finish: only its figures
		t.x = nil
		for k := range t.v {
			t.v[k].o.Stdout, t.v[k].o.Stderr = nil, nil
		}
	}
	return t
}

// judgeAll judges every program on x.
func (r *judging) judgeAll(ctx context.Context, x games.Position, seed uint64) ([]verdict, error) {
	vs := make([]verdict, len(r.progs))
	for k, prog := range r.progs {
		v, err := r.judgeOne(ctx, prog, x, seed)
		if err != nil {
			return nil, err
		}
		vs[k] = v
	}
	return vs, nil
}
