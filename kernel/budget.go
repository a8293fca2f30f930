package kernel

// The session's memory budget: one limit for the values the session holds
// and the work of the statement that runs.
//
// The meter is the Go heap itself (runtime/metrics), so the session's
// variables, its history and whatever the running statement has built are
// all counted, by the runtime that allocated them, with no per-value
// bookkeeping that could drift. Three things keep a statement inside it:
//
//   - every kernel operation that allocates in proportion to its inputs
//     (string +, repeat, join, replace, split, concat, ranges, big-integer
//     products and powers, …) asks reserve for the bytes it is about to
//     allocate, before allocating them;
//   - a watchdog reads the heap every few milliseconds while a cell runs and
//     cancels the cell's context when the heap has gone past the budget, so
//     the solvers and every loop that polls the context (they allocate table
//     by table, never all at once) stop with a MemoryError too;
//   - the Go runtime's own memory limit (debug.SetMemoryLimit) sits a little
//     above the budget, so the collector works harder before the heap can
//     reach it, and a cell that allocated a lot hands its memory back to the
//     operating system when it ends (debug.FreeOSMemory).

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"gamelab/kernel/builtin"
)

// minBudget is the smallest budget budget(n) accepts: below it the
// session's own working set (help text, the builtins' tables) would not fit.
const minBudget = 64 << 20

// reserveQuantum is how many bytes of small reservations pile up before the
// heap is read: a read costs a few hundred nanoseconds, so a loop of small
// allocations pays it once per megabyte.
const reserveQuantum = 1 << 20

// watchdogPeriod is how often the watchdog reads the heap while a cell runs.
const watchdogPeriod = 5 * time.Millisecond

// freeAfter is how many bytes a cell must have allocated for its end to hand
// memory back to the operating system (a forced collection costs time in
// proportion to the live heap, so small cells skip it).
const freeAfter = 32 << 20

// DefaultMemoryBudget is the budget of a new session: a quarter of the
// memory this process may use (the machine's RAM, or the container's limit
// when that is smaller), at least minBudget; GAMELAB_MEMORY (bytes, or with
// a suffix KB, MB, GB) overrides it. A quarter leaves room for the garbage
// collector's headroom and for the rest of the machine.
func DefaultMemoryBudget() int64 {
	if v, ok := os.LookupEnv("GAMELAB_MEMORY"); ok {
		if n, err := parseBytes(v); err == nil && n >= minBudget {
			return n
		}
	}
	return max(machineMemory()/4, minBudget)
}

// machineMemory is the memory this process may use: the smaller of
// /proc/meminfo's MemTotal and the cgroup's memory.max; 4 GiB when neither
// can be read (not Linux).
func machineMemory() int64 {
	total := int64(4 << 30)
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
					total = kb << 10
				}
			}
		}
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 {
			total = min(total, n)
		}
	}
	return total
}

// parseBytes reads "512MB", "2GB", "1073741824".
func parseBytes(s string) (int64, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is not a number of bytes", s)
	}
	return n * mult, nil
}

// WithMemoryBudget sets the session's memory budget in bytes (see
// DefaultMemoryBudget); budget(n) changes it from the session.
func WithMemoryBudget(bytes int64) Option {
	return func(s *Session) { s.budget = max(bytes, minBudget) }
}

// setBudget makes bytes the session's budget and tells the Go runtime, whose
// memory limit sits above it by an eighth (and 64 MiB), so that the
// collector runs harder as the heap nears the budget but a statement that
// stays inside it is never slowed by a collection per allocation.
func (s *Session) setBudget(bytes int64) {
	s.budget = bytes
	s.watched.Store(bytes)
	debug.SetMemoryLimit(bytes + bytes/8 + 64<<20)
}

// heapSample is the metric the meter reads: the bytes of live objects and
// of garbage not yet swept, what a new allocation adds to.
var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// heapBytes reads the heap. metrics.Read does not stop the world.
func heapBytes() int64 {
	sample := []metrics.Sample{heapSample[0]}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(min(sample[0].Value.Uint64(), math.MaxInt64))
}

// allocatedSample is the bytes allocated since the process started.
func allocatedBytes() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

// memoryError is the error of a statement that would pass the budget: how
// much its next step needs, when known, and how much is in use.
func (s *Session) memoryError(need int64) *builtin.Error {
	what := "the statement needs more memory than is left"
	if need > 0 {
		what = "the next step needs " + builtin.ByteSize(need)
	}
	return builtin.Errorf(builtin.MemoryError, "memory budget exceeded: %s, %s is in use, and the budget is %s (budget(bytes) changes it)",
		what, builtin.ByteSize(heapBytes()), builtin.ByteSize(s.budget))
}

// reserve is asked before allocating need bytes: it panics with a
// MemoryError (expr's VM turns the panic into the statement's error) when
// the heap and need together would pass the budget, after one collection
// has had its chance to make room. Small reservations only count towards
// the next reading of the heap, so their overshoot is at most
// reserveQuantum.
func (c *cellRun) reserve(need int64) {
	if need <= 0 || c.session == nil {
		return
	}
	c.pending += need
	if c.pending < reserveQuantum {
		return
	}
	c.pending = 0
	budget := c.session.budget
	if need > budget {
		panic(c.session.memoryError(need))
	}
	if heapBytes()+need <= budget {
		return
	}
	runtime.GC()
	if heapBytes()+need > budget {
		panic(c.session.memoryError(need))
	}
}

// reserveItems reserves n items of size bytes each, failing on an overflow
// of the product as on any other excess.
func (c *cellRun) reserveItems(n, size int64) {
	if n > 0 && size > 0 && n > math.MaxInt64/size {
		panic(c.session.memoryError(math.MaxInt64))
	}
	c.reserve(n * size)
}

// errOverBudget is the watchdog's cause for cancelling a cell.
var errOverBudget = errors.New("memory budget exceeded")

// watch runs the watchdog of one cell until stop is closed: when the heap
// is over the budget even after a collection, it cancels the cell with
// errOverBudget, so a solver or loop that polls the context stops.
func (s *Session) watch(cancel context.CancelCauseFunc, stop <-chan struct{}, over *atomic.Bool) {
	tick := time.NewTicker(watchdogPeriod)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			budget := s.watched.Load() // budget(n) may change it as the cell runs
			if heapBytes() <= budget {
				continue
			}
			runtime.GC()
			if heapBytes() > budget {
				over.Store(true)
				cancel(errOverBudget)
				return
			}
		}
	}
}

// startCell starts the cell's watchdog; the function it returns stops it,
// and hands memory back to the operating system when the cell allocated
// more than freeAfter: a cell of 40 MB of code or a large intermediate
// result would otherwise keep the process's RSS up long after it ended.
func (s *Session) startCell(cancel context.CancelCauseFunc, over *atomic.Bool) (end func()) {
	before := allocatedBytes()
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.watch(cancel, stop, over)
	}()
	return func() {
		close(stop)
		<-done
		if allocatedBytes()-before > freeAfter && s.freeing.TryLock() {
			// In the background: a collection of a large heap of pointers
			// takes hundreds of milliseconds, which the user would wait
			// for after an interrupt; the next cell runs alongside.
			go func() {
				defer s.freeing.Unlock()
				debug.FreeOSMemory()
			}()
		}
	}
}

// memoryReturned waits until memory the last cells freed has gone back to
// the operating system.
func (s *Session) memoryReturned() {
	s.freeing.Lock()
	//lint:ignore SA2001 a wait for the background release, not a critical section
	s.freeing.Unlock()
}

// budgetBuiltin is budget() and budget(bytes).
func budgetBuiltin(s *Session, args ...any) (any, error) {
	switch len(args) {
	case 0:
		return int(s.budget), nil
	case 1:
	default:
		return nil, fmt.Errorf("budget: takes 0 or 1 arguments (bytes), got %d", len(args))
	}
	n := asNumber(args[0])
	if n.kind == bigNum {
		return nil, builtin.ArgError("budget", 1, "bytes", "must be at most %d, got %s", int64(math.MaxInt64), formatValue(args[0]))
	}
	if str, ok := args[0].(string); ok {
		if b, err := parseBytes(str); err == nil {
			n = number{kind: intNum, i: b}
		}
	}
	if n.kind != intNum {
		return nil, builtin.ArgError("budget", 1, "bytes", "must be a number of bytes like 2**30 or \"512MB\", got %s", formatValue(args[0]))
	}
	if n.i < minBudget {
		return nil, builtin.ArgError("budget", 1, "bytes", "must be at least %d (%s), got %d", minBudget, builtin.ByteSize(minBudget), n.i)
	}
	if runtime.GC(); heapBytes() > n.i {
		// Every later statement would stop at once, this one too.
		return nil, builtin.ArgError("budget", 1, "bytes", "is less than the %s the session holds now (del some variables first), got %s",
			builtin.ByteSize(heapBytes()), builtin.ByteSize(n.i))
	}
	s.setBudget(n.i)
	return nil, nil
}

// resultBytes is what an operator's result will take, for those that can
// make a large one: exact integers beyond int64 (a product has the bits of
// both factors, a power those of the base times the exponent, which numPow
// caps). A string + reserves its own (concatStrings); everything else is
// small.
func resultBytes(op string, a, b any) int64 {
	x, y, k := pair(a, b)
	if k != bigNum && k != intNum {
		return 0
	}
	bits := func(n number) int64 {
		if n.kind == bigNum {
			return int64(n.b.BitLen())
		}
		return 64
	}
	switch op {
	case "$add", "$sub", "$neg", "$mod":
		if k == bigNum {
			return (max(bits(x), bits(y)) + 64) / 8
		}
	case "$mul":
		if k == bigNum {
			return (bits(x) + bits(y)) / 8
		}
	case "$pow":
		if y.kind == intNum && y.i > 0 && x.kind != notNum {
			return min(bits(x)*min(y.i, maxIntBits), maxIntBits) / 8
		}
	}
	return 0
}

// budgetDoc documents budget() for help; it is added to the kernel's table
// here, beside the code it describes.
var budgetDoc = &kernelBuiltin{doc: builtin.Builtin{
	Name:      "budget",
	Signature: "budget() / budget(bytes)",
	Doc: "The session's memory budget in bytes: one limit for its variables and history and for the work of the statement " +
		"that runs (strings, arrays, ranges, integers, games and solver tables). A statement that would pass it stops with a " +
		"MemoryError, keeping every variable, and its memory goes back. The default is a quarter of the machine's memory " +
		"(or of the container's limit), at least 64 MB: " + builtin.ByteSize(max(machineMemory()/4, minBudget)) + " here. " +
		"GAMELAB_MEMORY=2GB in the environment sets another; budget(bytes) changes it (at least 64 MB): " +
		`budget(2**30) or budget("512MB").`,
	Example: `budget()`,
	Returns: []any{0},
}, call: budgetBuiltin}

func init() { kernelBuiltins = append(kernelBuiltins, budgetDoc) }

// textBytes estimates, from above, the bytes of v written as text (print,
// string, toJSON, a result shown), walking arrays and maps and polling the
// cell as it goes: formatting allocates about that much, in one go that
// nothing interrupts, so it is reserved first. Typed arrays of numbers are
// sized without a walk.
func (c *cellRun) textBytes(v any) int64 {
	var walk func(v any, depth int) int64
	steps := 0
	walk = func(v any, depth int) int64 {
		steps++
		c.poll(steps)
		switch x := v.(type) {
		case nil, bool:
			return 5
		case string:
			return 2*int64(len(x)) + 2 // quoted, escapes at most double it
		case int, int64, float64:
			return 24
		case *big.Int:
			return int64(x.BitLen())*10/33 + 4 // log10(2) < 10/33
		case []int:
			return 22 * int64(len(x))
		case []float64:
			return 26 * int64(len(x))
		case []string:
			var n int64
			for _, s := range x {
				n += 2*int64(len(s)) + 4
			}
			return n
		case map[string]any:
			var n int64 = 2
			for k, e := range x {
				n += int64(len(k)) + 4 + walk(e, depth+1)
			}
			return n
		}
		if depth > maxValueDepth {
			panic(errTooDeep) // formatting it would overflow the stack
		}
		if items, ok := itemsOfAny(v); ok {
			var n int64 = 2
			for _, e := range items {
				n += 2 + walk(e, depth+1)
			}
			return n
		}
		return 1 << 10 // a game value: its text is cut to a summary
	}
	return walk(v, 0)
}

// itemsOfAny is v's items when it is a []any (other slices are sized
// without their items, above).
func itemsOfAny(v any) ([]any, bool) {
	xs, ok := v.([]any)
	return xs, ok
}

// fits says whether need more bytes fit in the budget now, after a
// collection if need be: reserve for the places that must not panic.
func (c *cellRun) fits(need int64) bool {
	if need < reserveQuantum {
		return true
	}
	budget := c.session.budget
	if need > budget {
		return false
	}
	if heapBytes()+need <= budget {
		return true
	}
	runtime.GC()
	return heapBytes()+need <= budget
}
