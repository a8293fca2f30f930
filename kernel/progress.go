package kernel

// Progress on long work: a line the front end shows in place (the REPL on
// its terminal's error stream, Jupyter as a display it updates) once work
// has run about a second, with the share done and an estimate of the time
// left, and takes away when the work ends. Builtins report through
// Env.Progress (coins solving); a sweep, map over a list, reports item by
// item (sweepPatch).

import (
	"fmt"
	"math"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// Work that ends within showAfter shows no progress at all; a shown line
// changes at most every refresh.
const (
	showAfter = time.Second
	refresh   = 200 * time.Millisecond
)

// progress is the meter of one cell.
type progress struct {
	show        func(line string) // ExecOptions.Progress; "" takes the line away
	now         func() time.Time  // time.Now; tests step a clock of their own
	start, last time.Time
	done, total int64
	shown       bool
	sweeps      int   // sweeps running: the outermost one reports, alone
	sweepTotal  int64 // the outermost sweep's items
}

func newProgress(show func(string)) *progress {
	return &progress{show: show, now: time.Now}
}

// report is Env.Progress: a builtin's work. Inside a sweep the sweep's
// progress says more (the fifth of seven solves), so the builtin's is not
// shown.
func (p *progress) report(done, total int64) {
	if p.sweeps == 0 {
		p.update(done, total)
	}
}

// update records that done of total units of the current work are done.
// Work with another total, or fewer done than before, is new work.
func (p *progress) update(done, total int64) {
	if p.show == nil {
		return
	}
	now := p.now()
	if total != p.total || done < p.done {
		p.start, p.total = now, total
	}
	p.done = done
	if done >= total {
		p.end()
		return
	}
	elapsed := now.Sub(p.start)
	if elapsed < showAfter || p.shown && now.Sub(p.last) < refresh {
		return
	}
	p.last, p.shown = now, true
	p.show(progressLine(done, total, elapsed))
}

// end takes the line away, if one is shown: the work, or the cell, ended.
func (p *progress) end() {
	if p.shown {
		p.shown = false
		p.show("")
	}
}

// progressLine is "42% done, about 12 s left; Ctrl-C stops it".
func progressLine(done, total int64, elapsed time.Duration) string {
	share := float64(done) / float64(total)
	if done == 0 {
		return "working; Ctrl-C stops it"
	}
	left := time.Duration(float64(elapsed) * (1 - share) / share)
	return fmt.Sprintf("%d%% done, about %s left; Ctrl-C stops it", int(math.Floor(share*100)), aboutDuration(left))
}

// aboutDuration is a time left as an estimate reads: whole seconds under a
// minute and a half, else minutes, else hours.
func aboutDuration(d time.Duration) string {
	switch {
	case d < 90*time.Second:
		return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
	case d < 90*time.Minute:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute)/time.Minute))
	}
	return fmt.Sprintf("%d h", int(d.Round(time.Hour)/time.Hour))
}

// sweepFunctions are the expr options of a sweep's progress: sweepPatch
// rewrites map(xs, body) into
//
//	$sweepEnd(map($sweepStart(xs), {$sweepStep(#index); body}))
//
// so the meter learns the number of items, each item as it starts, and
// the end. A map that fails leaves its sweep open; the cell ends then.
func (s *Session) sweepFunctions() []expr.Option {
	meter := func() *progress { return s.cell.progress }
	return []expr.Option{
		expr.Function("$sweepStart", func(args ...any) (any, error) {
			p := meter()
			p.sweeps++
			if items, ok := elements(args[0]); ok && p.sweeps == 1 {
				p.sweepTotal = int64(len(items))
				p.update(0, p.sweepTotal)
			}
			return args[0], nil
		}),
		expr.Function("$sweepStep", func(args ...any) (any, error) {
			if p := meter(); p.sweeps == 1 {
				p.update(int64(args[0].(int)), p.sweepTotal)
			}
			return nil, nil
		}),
		expr.Function("$sweepEnd", func(args ...any) (any, error) {
			p := meter()
			if p.sweeps == 1 {
				p.update(p.sweepTotal, p.sweepTotal)
			}
			p.sweeps--
			return args[0], nil
		}),
	}
}

type sweepPatch struct{}

func (sweepPatch) Visit(node *ast.Node) {
	n, ok := (*node).(*ast.BuiltinNode)
	if !ok || n.Name != "map" || len(n.Arguments) != 2 {
		return
	}
	pred, ok := n.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	// Each made-up node takes the place of what it wraps, so an error in
	// xs or the body still points at it.
	call := func(fn string, where ast.Node, args ...ast.Node) ast.Node {
		loc := where.Location()
		id := &ast.IdentifierNode{Value: fn}
		id.SetLocation(loc)
		c := &ast.CallNode{Callee: id, Arguments: args}
		c.SetLocation(loc)
		return c
	}
	index := &ast.PointerNode{Name: "index"}
	index.SetLocation(pred.Node.Location())
	seq := &ast.SequenceNode{Nodes: []ast.Node{call("$sweepStep", pred.Node, index), pred.Node}}
	seq.SetLocation(pred.Node.Location())
	pred.Node = seq
	inner := &ast.BuiltinNode{Name: "map", Arguments: []ast.Node{call("$sweepStart", n.Arguments[0], n.Arguments[0]), pred}}
	inner.SetLocation(n.Location())
	ast.Patch(node, call("$sweepEnd", n, inner))
}
