//go:build !js

package judge

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"text/tabwriter"
	"time"
)

// What the judge says while it works and when it is done: a progress line
// on the terminal, and each program's CPU time and peak memory by size.

// status is the progress line, redrawn in place at most every 200 ms; a
// nil writer shows nothing.
type status struct {
	mu    sync.Mutex
	w     io.Writer
	last  time.Time
	shown bool
}

func newStatus(w io.Writer) *status { return &status{w: w} }

// show redraws the line; force shows it even within 200 ms of the last.
func (s *status) show(force bool, format string, a ...any) {
	if s == nil || s.w == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !force && time.Since(s.last) < 200*time.Millisecond {
		return
	}
	s.last, s.shown = time.Now(), true
	fmt.Fprintf(s.w, "\r\x1b[K"+format, a...)
}

// clear takes the line away.
func (s *status) clear() {
	if s == nil || s.w == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shown {
		fmt.Fprint(s.w, "\r\x1b[K")
		s.shown = false
	}
}

// stats are each program's runs of the instances that passed, by size.
type stats struct{ progs []map[int]*sizeStat }

// sizeStat is one size's runs: how many, and the most CPU time and
// memory one took, with where (the instance, from 1).
type sizeStat struct {
	runs         int
	cpu          time.Duration
	cpuAt, memAt int
	mem          int64
	memAtMost    bool // mem is only a bound (Outcome.MemoryAtMost)
}

// memText writes the most memory: "≤ 21 MB" when only a bound is known.
func (g *sizeStat) memText() string {
	return Outcome{Memory: g.mem, MemoryAtMost: g.memAtMost}.memoryText()
}

func newStats(progs int) *stats {
	s := &stats{}
	for range progs {
		s.progs = append(s.progs, map[int]*sizeStat{})
	}
	return s
}

// add counts t's runs.
func (s *stats) add(t *trial) {
	for k, v := range t.v {
		row := s.progs[k][t.n]
		if row == nil {
			row = &sizeStat{}
			s.progs[k][t.n] = row
		}
		row.runs++
		if v.o.CPU >= row.cpu {
			row.cpu, row.cpuAt = v.o.CPU, t.i+1
		}
		if v.o.Memory > row.mem || v.o.Memory == row.mem && !v.o.MemoryAtMost {
			row.mem, row.memAt, row.memAtMost = v.o.Memory, t.i+1, v.o.MemoryAtMost
		}
	}
}

// summary writes each program's table: per size (or range of sizes, at
// most 8 rows), how many runs, the most CPU time and memory a run took
// and where, then the most of all.
func (r *judging) summary(w io.Writer, s *stats) {
	for k, rows := range s.progs {
		if len(rows) == 0 {
			continue
		}
		who := "the program"
		if len(r.progs) > 1 {
			who = shellWords(r.progs[k])
		}
		sizes := make([]int, 0, len(rows))
		for n := range rows {
			sizes = append(sizes, n)
		}
		slices.Sort(sizes)
		fmt.Fprintf(w, "%s, by size: the most CPU time and peak memory a run took, at instance #\n", who)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "  %s\truns\tCPU time\t#\tmemory\t#\t\n", r.j.Unit[1])
		var all sizeStat
		allN := [2]int{}
		per := (len(sizes) + 7) / 8
		for from := 0; from < len(sizes); from += per {
			group := sizes[from:min(from+per, len(sizes))]
			var g sizeStat
			for _, n := range group {
				g.merge(rows[n], n, nil)
				all.merge(rows[n], n, &allN)
			}
			label := fmt.Sprint(group[0])
			if len(group) > 1 {
				label = fmt.Sprintf("%d..%d", group[0], group[len(group)-1])
			}
			fmt.Fprintf(tw, "  %s\t%d\t%s\t%d\t%s\t%d\t\n", label, g.runs, seconds(g.cpu), g.cpuAt, g.memText(), g.memAt)
		}
		tw.Flush()
		fmt.Fprintf(w, "  slowest: %s of CPU time at %s (instance %d); most memory: %s at %s (instance %d)\n",
			seconds(all.cpu), r.j.count(allN[0]), all.cpuAt, all.memText(), r.j.count(allN[1]), all.memAt)
	}
}

// merge adds row, the runs of size n, to g; at, when set, keeps the size
// of g's slowest and largest run.
func (g *sizeStat) merge(row *sizeStat, n int, at *[2]int) {
	g.runs += row.runs
	if row.cpu >= g.cpu {
		g.cpu, g.cpuAt = row.cpu, row.cpuAt
		if at != nil {
			at[0] = n
		}
	}
	if row.mem >= g.mem {
		g.mem, g.memAt, g.memAtMost = row.mem, row.memAt, row.memAtMost
		if at != nil {
			at[1] = n
		}
	}
}
