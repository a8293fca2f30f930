package kernel

// The running cell: where its output goes (its account with the budget is
// package budget's, its language the running Cell of package lang).

import (
	"context"
	"io"
	"strings"

	"gamelab/kernel/budget"
	"gamelab/kernel/builtin"
	"gamelab/kernel/lang"
)

// cellRun is the state of the cell being executed: where its output goes and
// the Env its builtins see.
type cellRun struct {
	*budget.Account // the cell's account with the memory budget, and its interrupt checks
	session         *Session
	ctx             context.Context // cancelled by an interrupt or by the budget's watchdog
	out             *Output
	opts            ExecOptions
	env             *builtin.Env
	stdout          strings.Builder
	stderr          strings.Builder
	page            strings.Builder
	warned          map[string]bool // the warnings given so far
	progress        *lang.Progress  // the cell's progress line
	// slider is the name the statement running assigns a slider(…) to,
	// "" when it does not (slider.go).
	slider string
	cached int // the solves answered from the cache (solvecache.go)
}

func (c *cellRun) print(text string) {
	c.record(&c.stdout, text, c.opts.Stdout)
}

// eprint writes to the cell's error stream (eprint, warnings).
func (c *cellRun) eprint(text string) {
	c.record(&c.stderr, text, c.opts.Stderr)
}

// recordLimit is how much of a stream Output keeps when the front end
// takes it as it is written: print(1..4*10**7) streams 389 MB that the
// cell's record need not hold a second time.
const recordLimit = 1 << 20

// record writes text to the stream w, when the front end streams, and
// keeps it in the cell's record b: all of it when nothing streams (its
// memory reserved first: print(1..10**8) then needs a gigabyte), else its
// first recordLimit bytes.
func (c *cellRun) record(b *strings.Builder, text string, w io.Writer) {
	if w == nil {
		c.Reserve(int64(len(text)))
		b.WriteString(text)
		return
	}
	if room := recordLimit - b.Len(); room > 0 {
		b.WriteString(text[:min(len(text), room)])
	}
	io.WriteString(w, text)
}

// warn reports a warning on the error stream, once per cell: a sweep such
// as map(1..9, solve(b, #).best) warns about its board once, not nine times.
func (c *cellRun) warn(msg string) {
	if c.warned[msg] {
		return
	}
	if c.warned == nil {
		c.warned = map[string]bool{}
	}
	c.warned[msg] = true
	c.eprint("warning: " + msg + "\n")
}

// showHelp is help text the user asked for: in the pager when the front
// end has one and the user asked with `name?`, else printed.
func (c *cellRun) showHelp(text string, page bool) {
	if !page || !c.opts.Pager {
		c.print(text + "\n")
		return
	}
	if c.page.Len() > 0 {
		c.page.WriteString("\n")
	}
	c.page.WriteString(text + "\n")
}

// clear asks the front end to clear the cell's output (see ExecOptions.Clear).
func (c *cellRun) clear(wait bool) {
	if c.opts.Clear != nil {
		c.opts.Clear(wait)
	}
}

func (c *cellRun) show(d Display) {
	c.out.Displays = append(c.out.Displays, d)
	if c.opts.Display != nil {
		c.opts.Display(d)
	}
}
