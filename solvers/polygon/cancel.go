package polygon

import (
	"context"
	"sync/atomic"
)

// Cancellation. The REPL's Ctrl-C and Jupyter's interrupt cancel a solve's
// context and expect it back within 100 ms, so every phase of a solve polls a
// stop flag (raised by context.AfterFunc: an atomic load per poll, no channel
// operation) after a bounded amount of work:
//
//	phase   work between two polls of one goroutine (at most)
//	alloc   one block of table memory: allocBlock elements, or one row if larger
//	leaves  one vertex
//	fast    one int64 cell: n-1 split points
//	switch  one row of the int64 tables copied: 4(n-1) entries
//	exact   one cell's float ranking and candidate scans (3(n-1) split
//	        points, each with at most four int64 exact operations), and at
//	        most one math/big operation (storing a cell copies its two
//	        values into the arena, linear in their length too)
//	result  one edge's two scores
//	plan    one chain's split scan (n-1 split points), at most one exact
//	        evaluation of a split
//	trace   one step of Trace: one merge (and its big-number operation)
//	optimal one part's split scan in the pass for every optimal next merge
//	        (n-1 split points), at most one exact evaluation of a split
//
// The largest n the default table budget admits is 13377 (int64 tables only)
// and 9362 (exact tables, big values aside; 7670 when both exist during the
// switch), so a poll gap is at most a few tens of thousands of cheap
// operations—well under a millisecond—plus one big-number operation on the
// values of the instance. The test hook (config.pollHook) checks these
// bounds.
type phase uint8

const (
	phaseAlloc phase = iota
	phaseLeaves
	phaseFast
	phaseSwitch
	phaseExact
	phaseResult
	phasePlan
	phaseTrace
	phaseOptimal
	numPhases
)

var phaseNames = [numPhases]string{"alloc", "leaves", "fast", "switch", "exact", "result", "plan", "trace", "optimal"}

func (p phase) String() string { return phaseNames[p] }

// meter is one goroutine's cancellation poll. Work loops count what they do
// (work: cheap units as in the table above; big: exact operations) and call
// stopped between bounded amounts of it. The counts cost an add each and
// exist so that the test hook can see the work done between two polls.
type meter struct {
	stop  *atomic.Bool
	phase phase
	work  int
	big   int
	// hook, when set (by tests, config.pollHook), sees every poll: its phase
	// and the work the goroutine did since its previous poll. Returning true
	// raises the stop flag at once, as a cancelled context does a moment
	// later (AfterFunc runs in a goroutine of its own).
	hook func(ph phase, work, big int) bool
}

func (m *meter) add(units int) { m.work += units }

// stopped reports whether the solve is to stop. It is small enough to inline:
// a load, a branch and an atomic load when no hook is set.
func (m *meter) stopped() bool {
	if m.hook != nil {
		m.report()
	}
	return m.stop.Load()
}

// report hands the poll gap to the hook and starts a new one.
func (m *meter) report() {
	if m.hook(m.phase, m.work, m.big) {
		m.stop.Store(true)
	}
	m.work, m.big = 0, 0
}

// watch returns a flag raised when ctx is cancelled, and the function that
// stops watching.
func watch(ctx context.Context) (*atomic.Bool, func() bool) {
	stop := new(atomic.Bool)
	return stop, context.AfterFunc(ctx, func() { stop.Store(true) })
}

// allocBlock is the number of 8-byte elements (1 MiB) allocated at once:
// making a whole table (up to gigabytes) in one piece zeroes its memory in a
// loop no poll can interrupt, hundreds of milliseconds on this project's
// machines; one block takes well under one.
const allocBlock = 1 << 17

// allocRows makes a rows×cols table as row slices cut from blocks of about
// allocBlock elements (every table element here is 8 bytes), polling between
// blocks. A row's capacity ends with the row.
func allocRows[T any](m *meter, rows, cols int) ([][]T, error) {
	out := make([][]T, rows)
	per := max(1, allocBlock/max(cols, 1))
	for r := 0; r < rows; r += per {
		k := min(per, rows-r)
		block := make([]T, k*cols)
		for q := range k {
			out[r+q] = block[q*cols : (q+1)*cols : (q+1)*cols]
		}
		m.add(k * cols)
		if m.stopped() {
			return nil, errStopped
		}
	}
	return out, nil
}
