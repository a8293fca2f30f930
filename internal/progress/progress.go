// Package progress is the meter behind gamelab's progress lines: given how
// much of a piece of work is done, it decides when a line shows (once the
// work has run about a second), what it says (the share done and the time
// left) and when it goes (when the work ends). Where the line is drawn is
// the caller's: the REPL's terminal, a Jupyter display, a batch command's
// error stream.
//
// The time left is estimated from the speed of the last few seconds of
// work, measured on this machine as it runs, not from the speed since the
// start: the units of a piece of work (a polygon solve's DP levels) need
// not all take the same time, and the recent speed follows the change. An
// estimate made from little of the work, or while the speed still
// changes, says that it is rough.
package progress

import (
	"fmt"
	"math"
	"time"
)

// Work that ends within ShowAfter shows no progress at all; a shown line
// changes at most every Refresh. The speed is measured over the last
// Window of work.
const (
	ShowAfter = time.Second
	Refresh   = 200 * time.Millisecond
	Window    = 3 * time.Second
)

// An estimate is rough before roughShare of the work is done, or while
// the speed of the last Window differs from the speed since the start by
// more than roughSpeed times.
const (
	roughShare = 0.1
	roughSpeed = 1.5
)

// Meter follows one piece of work at a time.
type Meter struct {
	show func(line string) // "" takes the line away
	Now  func() time.Time  // time.Now; tests step a clock of their own
	// Control names what stops the work where the line shows ("Stop" in
	// the web page, "■ Interrupt" in Jupyter); "" is Ctrl-C, the
	// terminal's.
	Control     string
	start, last time.Time
	done, total int64
	shown       bool
	samples     []sample // (time, done) of the updates of the last Window and one before
}

// sample is how much of the work was done when.
type sample struct {
	at   time.Time
	done int64
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
		m.start, m.total, m.samples = now, total, m.samples[:0]
	}
	m.done = done
	if done >= total {
		m.End()
		return
	}
	m.record(now, done)
	elapsed := now.Sub(m.start)
	if elapsed < ShowAfter || m.shown && now.Sub(m.last) < Refresh {
		return
	}
	m.last, m.shown = now, true
	m.show(m.line(now))
}

// record keeps the sample, and of the older ones those of the last Window
// and the one just before it (the oldest is where the window's speed is
// measured from).
func (m *Meter) record(now time.Time, done int64) {
	m.samples = append(m.samples, sample{now, done})
	keep := 0
	for keep+1 < len(m.samples) && now.Sub(m.samples[keep+1].at) >= Window {
		keep++
	}
	m.samples = append(m.samples[:0], m.samples[keep:]...)
}

// line is the line for now: the share done and the time left at the
// speed of the last Window.
func (m *Meter) line(now time.Time) string {
	first := m.samples[0]
	share := float64(m.done) / float64(m.total)
	if m.done == 0 || m.done == first.done {
		return m.sinceStart(now.Sub(m.start))
	}
	speed := float64(m.done-first.done) / now.Sub(first.at).Seconds()       // units a second, lately
	average := float64(m.done) / math.Max(now.Sub(m.start).Seconds(), 1e-9) // since the start
	left := time.Duration(float64(m.total-m.done) / speed * float64(time.Second))
	rough := share < roughShare || speed > roughSpeed*average || average > roughSpeed*speed
	return m.text(share, left, rough)
}

// sinceStart is "42% done, about 12 s left; Ctrl-C stops it" for the work
// done in elapsed, at the speed since the start.
func (m *Meter) sinceStart(elapsed time.Duration) string {
	share := float64(m.done) / float64(m.total)
	if m.done == 0 {
		return "working; " + m.stops()
	}
	return m.text(share, time.Duration(float64(elapsed)*(1-share)/share), share < roughShare)
}

// text is the line of share done with left to go; a rough estimate says so.
func (m *Meter) text(share float64, left time.Duration, rough bool) string {
	about := "about " + About(left) + " left"
	if rough {
		about += " (a rough guess)"
	}
	return fmt.Sprintf("%d%% done, %s; %s", int(math.Floor(share*100)), about, m.stops())
}

// stops is how the line ends: what stops the work.
func (m *Meter) stops() string { return Stops(m.Control, "it") }

// Stops says that control, the name of a front end's control that stops a
// cell ("" for Ctrl-C, the terminal's), stops what: "Ctrl-C stops the
// solve", "■ Interrupt stops it", "Stop ends it" (not "Stop stops").
func Stops(control, what string) string {
	switch control {
	case "":
		control = "Ctrl-C"
	case "Stop":
		return "Stop ends " + what
	}
	return control + " stops " + what
}

// Count records that done units of work whose total nobody knows are done
// (the positions a search has solved so far): after ShowAfter the line
// says how many, and how many a second lately, "120,000 positions solved,
// 48,000 a second; Ctrl-C stops it". A done below 0 ends the work.
func (m *Meter) Count(done int64, unit string) {
	if m.show == nil {
		return
	}
	if done < 0 {
		m.total = 0
		m.End()
		return
	}
	now := m.Now()
	if m.total != -1 || done < m.done {
		m.start, m.total, m.samples = now, -1, m.samples[:0]
	}
	m.done = done
	m.record(now, done)
	if now.Sub(m.start) < ShowAfter || m.shown && now.Sub(m.last) < Refresh {
		return
	}
	m.last, m.shown = now, true
	first := m.samples[0]
	rate := ""
	if secs := now.Sub(first.at).Seconds(); secs > 0 && done > first.done {
		rate = ", " + grouped(int64(float64(done-first.done)/secs)) + " a second"
	}
	m.show(fmt.Sprintf("%s %s%s; %s", grouped(done), unit, rate, m.stops()))
}

// grouped writes n with its thousands grouped: 1,234,567.
func grouped(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// End takes the line away, if one is shown: the work ended.
func (m *Meter) End() {
	if m.shown {
		m.shown = false
		m.show("")
	}
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
