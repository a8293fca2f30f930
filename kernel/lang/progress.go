package lang

// Progress on long work: a line the front end shows in place (the REPL on
// its terminal's error stream, Jupyter as a display it updates) once work
// has run about a second, with the share done and an estimate of the time
// left, and takes away when the work ends. Builtins report through
// Env.Progress (coins solving); a sweep, map over a list, reports item by
// item (sweepPatch).

import (
	meter "gamelab/internal/progress"
)

// Progress is the progress line of one cell: the meter of
// internal/progress, and the sweeps running in the cell.
type Progress struct {
	*meter.Meter
	sweeps     int   // sweeps running: the outermost one reports, alone
	sweepTotal int64 // the outermost sweep's items
	sweepDone  int64 // the items a search (which has no #index) has started
}

// NewProgress is a progress line shown through show ("" takes it away);
// nil show shows none.
func NewProgress(show func(string)) *Progress {
	return &Progress{Meter: meter.New(show)}
}

// Count is the cell's Env.Count: work of no known total, shown as a count
// (outside a sweep, as Report).
func (p *Progress) Count(done int64, unit string) {
	if p.sweeps == 0 {
		p.Meter.Count(done, unit)
	}
}

// Report is the cell's Env.Progress: a builtin's work. Inside a sweep the
// sweep's progress says more (the fifth of seven solves), so the
// builtin's is not shown.
func (p *Progress) Report(done, total int64) {
	if p.sweeps == 0 {
		p.Update(done, total)
	}
}
