// Package progress is the meter behind gamelab's progress lines: given how
// much of a piece of work is done, it decides when a line shows (once the
// work has run about a second), what it says (the share done and the time
// left) and when it goes (when the work ends). Where the line is drawn is
// the caller's: the REPL's terminal, a Jupyter display, a batch command's
// error stream.
package progress

import (
	"fmt"
	"math"
	"time"
)

// Work that ends within ShowAfter shows no progress at all; a shown line
// changes at most every Refresh.
const (
	ShowAfter = time.Second
	Refresh   = 200 * time.Millisecond
)

// Meter follows one piece of work at a time.
type Meter struct {
	show        func(line string) // "" takes the line away
	Now         func() time.Time  // time.Now; tests step a clock of their own
	start, last time.Time
	done, total int64
	shown       bool
}

// New is a meter that shows its lines through show ("" takes the line
// away); nil show makes a meter that shows nothing.
func New(show func(line string)) *Meter {
	return &Meter{show: show, Now: time.Now}
}

// Update records that done of total units of the current work are done.
// Work with another total, or fewer done than before, is new work.
func (m *Meter) Update(done, total int64) {
	if m.show == nil {
		return
	}
	now := m.Now()
	if total != m.total || done < m.done {
		m.start, m.total = now, total
	}
	m.done = done
	if done >= total {
		m.End()
		return
	}
	elapsed := now.Sub(m.start)
	if elapsed < ShowAfter || m.shown && now.Sub(m.last) < Refresh {
		return
	}
	m.last, m.shown = now, true
	m.show(Line(done, total, elapsed))
}

// End takes the line away, if one is shown: the work ended.
func (m *Meter) End() {
	if m.shown {
		m.shown = false
		m.show("")
	}
}

// Line is "42% done, about 12 s left; Ctrl-C stops it".
func Line(done, total int64, elapsed time.Duration) string {
	share := float64(done) / float64(total)
	if done == 0 {
		return "working; Ctrl-C stops it"
	}
	left := time.Duration(float64(elapsed) * (1 - share) / share)
	return fmt.Sprintf("%d%% done, about %s left; Ctrl-C stops it", int(math.Floor(share*100)), About(left))
}

// About is a time left as an estimate reads: whole seconds under a minute
// and a half, else minutes, else hours.
func About(d time.Duration) string {
	switch {
	case d < 90*time.Second:
		return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
	case d < 90*time.Minute:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute)/time.Minute))
	}
	return fmt.Sprintf("%d h", int(d.Round(time.Hour)/time.Hour))
}
