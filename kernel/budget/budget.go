// Package budget is a session's memory budget: one limit for the values
// the session holds and the work of the statement that runs, and the
// cell's account with it (Account), which every operation asks through
// the builtin.Meter interface before it allocates and while it loops.
//
// The meter is the Go heap itself (runtime/metrics), so the session's
// variables, its history and whatever the running statement has built are
// all counted, by the runtime that allocated them, with no per-value
// bookkeeping that could drift. Three things keep a statement inside it:
//
//   - every operation that allocates in proportion to its inputs (string
//     +, repeat, join, ranges, big-integer products and powers, …) asks
//     the Meter's Reserve for the bytes it is about to allocate, before
//     allocating them;
//   - a watchdog reads the heap every few milliseconds while a cell runs and
//     cancels the cell's context when the heap has gone past the budget, so
//     the solvers and every loop that polls the context (they allocate table
//     by table, never all at once) stop with a MemoryError too;
//   - the Go runtime's own memory limit (debug.SetMemoryLimit) sits a
//     twentieth above the budget, less what the process holds outside the
//     runtime, so the collector works harder before the process's resident
//     memory can pass the budget by a tenth (the limit is soft: a collector
//     short of CPU on a loaded machine overshoots it, and at a tenth it
//     did, by a few MB), and a cell that allocated a lot hands its
//     memory back to the operating system when it ends (debug.FreeOSMemory).
//
// The budget is the process's: what is in use is the heap, the runtime's
// own structures, and the memory the process holds outside the runtime,
// its code and libraries (Limits.Own), so a budget of 64 MB
// leaves the session's values and a statement's work some 48 MB, and the
// process's resident memory stays within the budget and a tenth.
package budget

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"gamelab/kernel/builtin"
)

// Min is the smallest budget a session takes. The budget counts what the
// process holds, and a process that has just started holds about 20 MB
// (the runtime, the builtins' tables, the help texts), so in 32 MB the
// statements of a session still do their small work, the larger ending in
// a MemoryError; a tight address-space limit leaves less than the 64 MB
// that was the smallest (ulimit -v 900000: about 40 MB).
const Min = 32 << 20

// Budget is one session's memory budget.
type Budget struct {
	limit   atomic.Int64 // bytes; the watchdog reads it while budget(n) may change it
	own     int64        // the most the process holds outside the Go runtime (Limits.Own); what of it is resident is in use
	freeing sync.Mutex   // held while memory goes back to the system after a cell (see Start)
	// OnCheck, when set, runs at every check of a cell's account: a test
	// cancels the cell there to prove that an operation that had started
	// stops, without timing anything; the web page yields there and reads
	// its stop flag (kernel.WithPoll).
	OnCheck func()
}

// New is a budget of bytes (at least Min), told to the Go runtime (see Set).
func New(bytes int64) *Budget {
	b := &Budget{own: processLimits().Own}
	b.Set(max(bytes, Min))
	return b
}

// Default is the budget of a new session: a quarter of the memory this
// process may use (the machine's RAM, or the container's limit when that
// is smaller), under the ceiling that the address-space and data limits
// leave (see Limits), at least Min; GAMELAB_MEMORY (bytes, or with a
// suffix KB, MB, GB) sets another. A quarter leaves room for the garbage
// collector's headroom and for the rest of the machine. A GAMELAB_MEMORY
// that FromEnv refuses gives the default: the front ends report FromEnv's
// error at start instead of running with it.
func Default() int64 {
	n, err := FromEnv()
	if err != nil {
		return processLimits().Default()
	}
	return n
}

// FromEnv is the budget GAMELAB_MEMORY asks for, or the default when it is
// not set; an error that says what is wrong when it is not a number of
// bytes, is less than Min or is more than the limits let the process hold.
func FromEnv() (int64, error) {
	v, ok := os.LookupEnv("GAMELAB_MEMORY")
	if !ok {
		return processLimits().Default(), nil
	}
	n, err := ParseBytes(v)
	switch {
	case err != nil:
		return 0, fmt.Errorf("GAMELAB_MEMORY=%q is not a number of bytes: write it like 2GB, 512MB or 1073741824", v)
	case n < Min:
		return 0, fmt.Errorf("GAMELAB_MEMORY=%q is less than the smallest budget, %s", v, builtin.ByteSize(Min))
	}
	if err := processLimits().Check(n); err != nil {
		return 0, fmt.Errorf("GAMELAB_MEMORY=%q %v", v, err)
	}
	return n, nil
}

// processLimits are this process's limits, read once, at the first
// session's start, when what the process maps is what the runtime took
// before any statement ran.
var processLimits = sync.OnceValue(ReadLimits)

// ProcessLimits are the memory limits of this process (see Limits), as the
// first session read them.
func ProcessLimits() Limits { return processLimits() }

// MachineMemory is the memory this process may use: the smaller of
// /proc/meminfo's MemTotal and its cgroups' limits; 4 GiB when neither can
// be read (not Linux).
func MachineMemory() int64 {
	l := processLimits()
	if l.Cgroup > 0 {
		return min(l.RAM, l.Cgroup)
	}
	return l.RAM
}

// ParseBytes reads "512MB", "2GB", "1073741824".
func ParseBytes(s string) (int64, error) {
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

// Guard opens an account for work outside a session (a batch command's
// solve of one instance): its context is cancelled when the heap passes the
// budget, and end closes the account and returns, when that is what stopped
// the work, the error to report.
func (b *Budget) Guard(ctx context.Context) (guarded context.Context, end func() error) {
	a, guarded, closeAccount := b.Start(ctx)
	return guarded, func() error {
		over := a.Over()
		closeAccount()
		if over {
			return fmt.Errorf("memory budget exceeded: more than the budget of %s (GAMELAB_MEMORY sets it)", builtin.ByteSize(b.Limit()))
		}
		return nil
	}
}

// Limit is the budget in bytes.
func (b *Budget) Limit() int64 { return b.limit.Load() }

// Set makes bytes the budget and tells the Go runtime. Its memory limit
// bounds what the runtime maps and has not returned (the heap, its garbage
// and free pages, the stacks), which with the memory the process holds
// outside it is the process's resident memory: at the budget and a tenth,
// less that, the collector runs harder as the heap's garbage grows and
// returns freed memory to the system before the process passes the budget
// by a tenth, while the tenth above what the budget lets the heap hold
// (the budget less the process's own) leaves the garbage of a statement
// that stays inside it room enough not to be collected at every step.
func (b *Budget) Set(bytes int64) {
	b.limit.Store(bytes)
	// What the process holds outside the runtime grows as more of its code
	// runs: by half of what may still come in.
	own := ownResident(b.own)
	own += (b.own - own) / 2
	debug.SetMemoryLimit(max(bytes+bytes/20-own, bytes/2))
}

// InUse is the memory in use as the budget counts it: the heap's objects
// (garbage not yet collected included), the runtime's structures and
// stacks, and what the process holds outside the runtime (Limits.Own, what
// of it is resident). The room left in the pages of small objects (some
// tenth of a heap of maps; after a collection, the holes of its garbage,
// which the next objects of their sizes take) is not: it goes in the
// twentieth above the budget that the runtime's memory limit keeps (see
// Set).
func (b *Budget) InUse() int64 {
	inUse, _ := b.inUse()
	return inUse
}

// inUse is InUse and, of it, what is in use besides the heap's objects.
func (b *Budget) inUse() (inUse, besides int64) {
	h := readHeap()
	besides = h.runtime + ownResident(b.own)
	return h.objects + besides, besides
}

// Available is how many bytes more fit now.
func (b *Budget) Available() int64 { return max(b.Limit()-b.InUse(), 0) }

// Error is the error of a statement that would pass the budget: how much
// its next step needs, when known (need > 0), and how much is in use.
func (b *Budget) Error(need int64) *builtin.Error {
	what := "the statement needs more memory than is left"
	if need > 0 {
		what = "the next step needs " + builtin.ByteSize(need)
	}
	return builtin.Errorf(builtin.MemoryError, "memory budget exceeded: %s, %s is in use, and the budget is %s (budget(bytes) changes it)",
		what, builtin.ByteSize(b.InUse()), builtin.ByteSize(b.Limit()))
}

// fits says whether need more bytes fit, after one collection has had its
// chance to make room.
func (b *Budget) fits(need int64) bool {
	limit := b.Limit()
	if need > limit {
		return false
	}
	if b.InUse()+need <= limit {
		return true
	}
	runtime.GC()
	return b.InUse()+need <= limit
}

// MemoryReturned waits until memory the last cells freed has gone back to
// the operating system.
func (b *Budget) MemoryReturned() {
	b.freeing.Lock()
	//lint:ignore SA2001 a wait for the background release, not a critical section
	b.freeing.Unlock()
}

// errOverBudget is the watchdog's cause for cancelling a cell.
var errOverBudget = errors.New("memory budget exceeded")
