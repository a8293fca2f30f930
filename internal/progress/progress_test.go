package progress

import (
	"strings"
	"testing"
	"time"
)

// TestMeter: nothing for work under a second; then the share done and the
// time left, at most every Refresh; the line goes when the work ends; new
// work (another total) starts the clock again.
func TestMeter(t *testing.T) {
	var lines []string
	now := time.Unix(0, 0)
	m := New(func(l string) { lines = append(lines, l) })
	m.Now = func() time.Time { return now }
	step := func(d time.Duration, done, total int64) { now = now.Add(d); m.Update(done, total) }
	step(0, 0, 100)
	step(500*time.Millisecond, 10, 100)
	step(500*time.Millisecond, 25, 100) // a quarter in 1 s: 3 s left
	step(100*time.Millisecond, 30, 100) // within Refresh: not shown
	step(time.Second, 50, 100)
	step(0, 100, 100)
	step(0, 0, 7)
	step(2*time.Second, 1, 7)
	m.End()
	want := []string{
		"25% done, about 3 s left; Ctrl-C stops it", "50% done, about 2 s left; Ctrl-C stops it", "",
		"14% done, about 12 s left; Ctrl-C stops it", "",
	}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q\nwant  %q", lines, want)
	}
	New(nil).Update(1, 2) // a meter without a line shows nothing, and does not fail
	for d, want := range map[time.Duration]string{80 * time.Second: "80 s", 20 * time.Minute: "20 min", 100 * time.Minute: "2 h"} {
		if got := About(d); got != want {
			t.Errorf("About(%v) = %s, want %s", d, got, want)
		}
	}
}

// TestEstimateFollowsTheSpeed: the time left is at the speed of the last
// Window, not the average since the start, so work that speeds up (a
// polygon solve's first levels are slow for their units) is not
// overestimated for long; an estimate from under a tenth of the work, or
// while the speed still changes, says it is rough.
func TestEstimateFollowsTheSpeed(t *testing.T) {
	var lines []string
	now := time.Unix(0, 0)
	m := New(func(l string) { lines = append(lines, l) })
	m.Now = func() time.Time { return now }
	m.Update(0, 1000)
	// 1 unit a second for 5 s, then 100 a second.
	for i := 1; i <= 5; i++ {
		now = now.Add(time.Second)
		m.Update(int64(i), 1000)
	}
	for i := 1; i <= 5; i++ {
		now = now.Add(time.Second)
		m.Update(5+100*int64(i), 1000)
	}
	first, last := lines[0], lines[len(lines)-1]
	if first != "0% done, about 17 min left (a rough guess); Ctrl-C stops it" {
		t.Errorf("first line %q", first)
	}
	// 505 done: the last 3 s ran at 100 a second (from 205 to 505), so
	// 495 left take about 5 s; the average (50 a second) is still far
	// off, so the estimate is rough.
	if last != "50% done, about 5 s left (a rough guess); Ctrl-C stops it" {
		t.Errorf("last line %q", last)
	}
	for range 3 {
		now = now.Add(time.Second)
		m.Update(m.done+100, 1000)
	}
	// Steady since: 805 done at 100 a second lately, 57 on average.
	if got := lines[len(lines)-1]; got != "80% done, about 2 s left (a rough guess); Ctrl-C stops it" {
		t.Errorf("steady line %q", got)
	}
}

// TestCount: work of no known total shows, after a second, how much is
// done and how fast, and goes when it ends.
func TestCount(t *testing.T) {
	var lines []string
	m := New(func(l string) { lines = append(lines, l) })
	now := time.Unix(0, 0)
	m.Now = func() time.Time { return now }
	m.Count(0, "positions solved")
	now = now.Add(500 * time.Millisecond)
	m.Count(50000, "positions solved")
	if len(lines) != 0 {
		t.Fatalf("shown before a second: %q", lines)
	}
	now = now.Add(time.Second)
	m.Count(1234567, "positions solved")
	if len(lines) != 1 || lines[0] != "1,234,567 positions solved, 823,044 a second; Ctrl-C stops it" {
		t.Fatalf("%q", lines)
	}
	m.Count(-1, "")
	if len(lines) != 2 || lines[1] != "" {
		t.Fatalf("not taken away: %q", lines)
	}
}
