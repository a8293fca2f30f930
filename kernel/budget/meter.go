package budget

// One cell's account with the budget: what its operations reserve, the
// watchdog that cancels it when the heap passes the budget, and the
// interrupt checks of its loops.

import (
	"context"
	"math"
	"runtime/debug"
	"sync/atomic"
	"time"

	"gamelab/kernel/builtin"
)

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

// Account is one cell's builtin.Meter.
type Account struct {
	budget  *Budget
	ctx     context.Context // cancelled by an interrupt or, with errOverBudget, by the watchdog
	cancel  context.CancelCauseFunc
	pending int64 // bytes reserved since the heap was last read (see Reserve)
	ticks   int
	over    atomic.Bool // the cell was stopped: what it holds passed the budget
	// suspect is set by the watchdog when the heap, garbage and all, has
	// passed the budget: the cell's next Check collects and sees (confirm).
	suspect atomic.Bool
	// room is the heap's objects that fit in the budget as the watchdog
	// last saw it: the limit less what is in use besides the heap. Each
	// Check reads the heap against it (heapOver).
	room atomic.Int64
	// calm is the heap's objects below which Check asks for no collection
	// after one found that the cell fits: its garbage then grows by a
	// sixteenth of the budget before the next.
	calm    atomic.Int64
	reader  heapReader
	reading atomic.Bool // a Check is reading into reader
}

var _ builtin.Meter = (*Account)(nil)

// Start opens the account of a cell that runs under ctx: the returned
// context is ctx, cancelled also by the watchdog when the heap passes the
// budget. end stops the watchdog and hands memory back to the operating
// system when the cell allocated more than freeAfter: a cell of 40 MB of
// code or a large intermediate result would otherwise keep the process's
// RSS up long after it ended.
func (b *Budget) Start(ctx context.Context) (a *Account, cellCtx context.Context, end func()) {
	cellCtx, cancel := context.WithCancelCause(ctx)
	a = &Account{budget: b, ctx: cellCtx, cancel: cancel}
	a.look()
	before := allocatedBytes()
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.watch(cancel, stop)
	}()
	return a, cellCtx, func() {
		close(stop)
		<-done
		cancel(nil)
		if allocatedBytes()-before > freeAfter && b.freeing.TryLock() {
			// In the background: a collection of a large heap of pointers
			// takes hundreds of milliseconds, which the user would wait
			// for after an interrupt; the next cell runs alongside.
			go func() {
				defer b.freeing.Unlock()
				debug.FreeOSMemory()
			}()
		}
	}
}

// watch runs the watchdog of the cell until stop is closed. When the heap,
// its garbage included, has passed the budget, it asks the cell to
// collect and see (suspect): the cell's own goroutine, at its next Check,
// runs a collection during which it allocates nothing, so what is in use
// after it is what the cell holds (a collection the watchdog forced would
// count all the cell allocated while it marked, hundreds of megabytes
// on a busy machine, and the cell would go on growing past the budget
// meanwhile). A cell that checks nothing within confirmWait (a solver
// that polls only its context) is collected by the watchdog, which
// cancels its context when it holds more than the budget, so that it
// stops with a MemoryError too.
func (a *Account) watch(cancel context.CancelCauseFunc, stop <-chan struct{}) {
	tick := time.NewTicker(watchdogPeriod)
	defer tick.Stop()
	var asked time.Time // when the cell was asked to collect; zero when not
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			switch {
			case a.over.Load(): // the cell saw it is over
				return
			case a.look() <= a.budget.Limit(): // budget(n) may change it as the cell runs
				a.suspect.Store(false)
				asked = time.Time{}
				continue
			case asked.IsZero() || !a.suspect.Load():
				// over, the first time or again after the cell saw it fit
				asked = time.Now()
				a.suspect.Store(true)
				continue
			case time.Since(asked) < confirmWait:
				continue
			case a.budget.fits(0):
				a.suspect.Store(false)
				asked = time.Time{}
				continue
			}
			a.over.Store(true)
			cancel(errOverBudget)
			return
		}
	}
}

// look reads what is in use and keeps the heap's room (see room).
func (a *Account) look() (inUse int64) {
	inUse, besides := a.budget.inUse()
	a.room.Store(a.budget.Limit() - besides)
	return inUse
}

// heapOver is the cell's own look at the heap, at each Check: whether its
// objects have passed their room, and the calm after the last collection.
// With the watchdog alone, a cell that allocates a gigabyte a second held
// half the budget again before it was stopped on a loaded machine, where
// the watchdog, every 5 ms, waited for a core; a check comes every 1,024
// items or a chunk of work, so the overshoot is bounded in bytes.
func (a *Account) heapOver() bool {
	if !checkReadsHeap || !a.reading.CompareAndSwap(false, true) {
		return false // another goroutine checks the account now: it looks
	}
	defer a.reading.Store(false)
	objects := a.reader.objects()
	return objects > a.room.Load() && objects > a.calm.Load()
}

// confirmWait is how long the watchdog waits for the cell's own
// collection (see watch): Check runs every millisecond of a cell's work.
const confirmWait = 30 * time.Millisecond

// confirm is the cell's collection that the watchdog asked for: when what
// is in use after it passes the budget, the cell stops (its context too:
// work that polls only that stops as well).
func (a *Account) confirm() {
	a.suspect.Store(false)
	if a.budget.fits(0) {
		a.calm.Store(HeapBytes() + a.budget.Limit()/16)
		return
	}
	a.over.Store(true)
	a.cancel(errOverBudget)
}

// Over says whether the cell was stopped for what it holds: it passed the
// budget (an interrupt of the cell's context is then a MemoryError).
func (a *Account) Over() bool { return a.over.Load() }

// Err is the error the cell stops with now: the budget's when it went
// over, the context's when it was interrupted, nil while it may run on.
func (a *Account) Err() error {
	if a.over.Load() {
		return a.budget.Error(0)
	}
	return a.ctx.Err()
}

// Reserve panics with a MemoryError when the heap and bytes together would
// pass the budget, after one collection has had its chance to make room.
// Small reservations only count towards the next reading of the heap, so
// their overshoot is at most reserveQuantum.
func (a *Account) Reserve(bytes int64) {
	if bytes <= 0 {
		return
	}
	if bytes < reserveQuantum {
		if a.pending += bytes; a.pending < reserveQuantum {
			return
		}
	}
	a.pending = 0
	if !a.budget.fits(bytes) {
		panic(a.budget.Error(bytes))
	}
}

// ReserveItems reserves n items of size bytes each.
func (a *Account) ReserveItems(n, size int64) {
	if n > 0 && size > 0 && n > math.MaxInt64/size {
		panic(a.budget.Error(math.MaxInt64))
	}
	a.Reserve(n * size)
}

// Fits says whether bytes more fit in the budget now.
func (a *Account) Fits(bytes int64) bool {
	return bytes < reserveQuantum || a.budget.fits(bytes)
}

// Check panics with the cell's error now if it was interrupted or went
// over the budget.
func (a *Account) Check() {
	if a.budget.OnCheck != nil {
		a.budget.OnCheck()
	}
	if a.suspect.Load() || a.heapOver() {
		a.confirm()
	}
	if err := a.Err(); err != nil {
		panic(err)
	}
}

// Poll checks every 65536 items of a loop.
func (a *Account) Poll(i int) {
	if i&0xffff == 0xffff {
		a.Check()
	}
}

// Tick checks once every 1024 calls; a tick costs an increment.
func (a *Account) Tick() {
	a.ticks++
	if a.ticks&1023 == 0 {
		a.Check()
	}
}
