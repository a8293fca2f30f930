// Package repl is gamelab's terminal front end: a read-eval-print loop on
// github.com/chzyer/readline that drives one kernel.Session. It adds what a
// terminal user expects and the engine does not know about: numbered and
// continuation prompts, persistent history, Tab completion, Ctrl-C that clears
// the line or interrupts the running cell, and colour.
//
// The REPL takes its input, output, history file and colour as options, so
// tests run it on pipes without a terminal.
package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"

	"github.com/chzyer/readline"

	"gamelab/internal/version"
	"gamelab/kernel"
	"gamelab/kernel/builtin"
)

// REPL is one interactive session on a terminal. Make it with New and run it
// with Run; a REPL runs once.
type REPL struct {
	eng         kernel.Engine
	in          io.Reader
	out         io.Writer
	version     string
	historyPath string
	color       bool
	colorSet    bool // color was chosen by an option, not detected
	clears      bool // clear() clears the screen: out is a terminal
	width       int  // terminal width when out is not a terminal

	progressShown bool // a progress line is on the screen (progress.go)

	// interrupts delivers SIGINT sent to the process from elsewhere (kill
	// -INT); a Ctrl-C typed on the terminal is a key (see keys.go). Nil:
	// Run listens for SIGINT.
	interrupts <-chan os.Signal

	keys    *keyboard
	suspend func() // Ctrl-Z on a terminal; nil elsewhere
	rl      *readline.Instance
	hist    *history
	next    int             // number of the next cell, shown in the prompt
	pending strings.Builder // lines of an unfinished entry, each ended by "\n"
	scan    kernel.Scanner  // whether pending is complete, a line at a time

	outMu sync.Mutex // guards out and atBOL
	atBOL bool       // the last byte written to out ended a line
}

// Option configures a REPL.
type Option func(*REPL)

// WithEngine makes the REPL drive e (a *kernel.Session with state of its
// own, or a test's fake) instead of a new empty session.
func WithEngine(e kernel.Engine) Option { return func(r *REPL) { r.eng = e } }

// WithIO sets the keyboard and the screen (default os.Stdin and os.Stdout).
// When in is a terminal the REPL puts it in raw mode while reading a line;
// any other reader is taken as already delivering key presses one by one.
func WithIO(in io.Reader, out io.Writer) Option {
	return func(r *REPL) { r.in, r.out = in, out }
}

// WithHistory sets the history file; "" keeps history in memory only.
// The default is DefaultHistoryPath().
func WithHistory(path string) Option { return func(r *REPL) { r.historyPath = path } }

// WithColor turns colour on or off; by default it is on when the output is a
// terminal and NO_COLOR is not set (see ColorFor).
func WithColor(on bool) Option { return func(r *REPL) { r.color, r.colorSet = on, true } }

// WithVersion sets the version the welcome line shows (default: gamelab's
// own, internal/version.Version).
func WithVersion(v string) Option { return func(r *REPL) { r.version = v } }

// New returns a REPL configured by opts.
func New(opts ...Option) *REPL {
	r := &REPL{in: os.Stdin, out: os.Stdout, version: version.Version, historyPath: DefaultHistoryPath(), width: 80, next: 1, atBOL: true}
	for _, o := range opts {
		o(r)
	}
	if r.eng == nil {
		r.eng = kernel.NewSession()
	}
	if !r.colorSet {
		r.color = ColorFor(r.out)
	}
	r.clears = r.clears || IsTerminal(r.out) // tests set it for a fake screen
	return r
}

// DefaultHistoryPath is $GAMELAB_HISTORY if set, else ~/.gamelab_history
// ("" when there is no home directory: history stays in memory).
func DefaultHistoryPath() string {
	if p := os.Getenv("GAMELAB_HISTORY"); p != "" {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return home + string(os.PathSeparator) + ".gamelab_history"
}

// ColorFor reports whether colour suits w: a terminal, NO_COLOR unset or
// empty (https://no-color.org), and TERM other than "dumb".
func ColorFor(w io.Writer) bool {
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return IsTerminal(w)
}

// IsTerminal reports whether x is an *os.File open on a terminal: isatty,
// asked of the terminal driver (tcgetattr), so /dev/null and other
// character devices that are not terminals say no. It leaves the file's
// mode alone (f.Fd would switch it to blocking).
func IsTerminal(x any) bool {
	f, ok := x.(*os.File)
	if !ok || f == nil {
		return false
	}
	sc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	term := false
	if err := sc.Control(func(fd uintptr) { term = readline.IsTerminal(int(fd)) }); err != nil {
		return false
	}
	return term
}

// ANSI colours for the prompt, continuation prompt and errors.
const (
	colPrompt = "\033[32m"
	colError  = "\033[31m"
	colReset  = "\033[0m"
)

func (r *REPL) paint(col, s string) string {
	if !r.color {
		return s
	}
	return col + s + colReset
}

// prompt is "[N]> " for a new entry and dots of the same width for its
// continuation lines, so the code lines up.
func (r *REPL) prompt() string {
	p := fmt.Sprintf("[%d]>", r.next)
	if r.pending.Len() > 0 {
		p = strings.Repeat(".", len(p)-1) + ">"
	}
	return r.paint(colPrompt, p) + " "
}

// Run reads entries and executes them until Ctrl-D on an empty line, `exit`
// or `quit`, or the end of the input, and then returns nil. Cancelling ctx
// interrupts a running cell and ends the REPL with ctx's error.
func (r *REPL) Run(ctx context.Context) error {
	if r.rl != nil {
		return errors.New("repl: Run called twice")
	}
	hist, warn := openHistory(r.historyPath)
	r.hist = hist
	defer hist.close()
	if f, ok := r.in.(*os.File); ok && IsTerminal(f) {
		restore, err := r.rawTerminal(f)
		if err != nil {
			return fmt.Errorf("repl: %w", err)
		}
		defer restore()
	}
	keys := newKeyboard(r.in, r.suspend)
	r.keys = keys
	rl, err := readline.NewEx(r.readlineConfig(keys))
	if err != nil {
		keys.Close()
		return fmt.Errorf("repl: %w", err)
	}
	r.rl = rl
	defer rl.Close()
	// Closing the keyboard ends a pending Readline with io.EOF, from any
	// goroutine (rl.Close is not safe for that). It must come before
	// rl.Close, which waits for readline's reader, and readline does not
	// pass the close on to its input.
	defer keys.Close()
	defer context.AfterFunc(ctx, func() { keys.Close() })()
	r.syncHistory()

	if r.interrupts == nil {
		// SIGINT is caught for the whole run: one sent from elsewhere while
		// no cell runs must not kill the session.
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt)
		defer signal.Stop(ch)
		r.interrupts = ch
	}

	r.welcome()
	if warn != nil {
		r.printf("%s\n", r.paint(colError, "history not saved: "+warn.Error()))
	}
	indent := ""
	for {
		rl.SetPrompt(r.prompt())
		var line string
		var err error
		if indent == "" {
			line, err = rl.Readline()
		} else {
			line, err = rl.ReadlineWithDefault(indent)
		}
		r.syncHistory()
		// The indentation the REPL wrote ahead of a continuation line shows
		// where the code is; it is not the user's: the entry, its history
		// and save_session keep the line as typed after it.
		line = strings.TrimPrefix(line, indent)
		indent = ""
		switch {
		case errors.Is(err, readline.ErrInterrupt):
			r.pending.Reset() // Ctrl-C drops the whole unfinished entry
			r.scan = kernel.Scanner{}
			continue
		case errors.Is(err, io.EOF):
			return ctx.Err()
		case err != nil:
			return fmt.Errorf("repl: reading input: %w", err)
		}
		entry := decodeEntry(line)
		if r.pending.Len() == 0 && strings.TrimSpace(entry) == "" {
			continue
		}
		// Each line is scanned once, and the entry joined once: a list of
		// 40,000 lines pasted in is read in linear time.
		c, ind, invalid := kernel.Incomplete, "", false
		for _, l := range strings.Split(entry, "\n") {
			c, ind = r.scan.Line(l)
			invalid = invalid || c == kernel.Invalid // as IsComplete of the whole: no line can mend it
		}
		if invalid {
			c = kernel.Invalid
		}
		r.pending.WriteString(entry)
		if c == kernel.Incomplete {
			r.pending.WriteString("\n")
			indent = ind
			continue
		}
		code := r.pending.String()
		r.pending.Reset()
		r.scan = kernel.Scanner{}
		if err := r.hist.add(code); err != nil {
			r.printf("%s\n", r.paint(colError, "history not saved: "+err.Error()))
		}
		r.syncHistory()
		switch strings.TrimSpace(code) {
		case "exit", "quit":
			return nil
		}
		if err := r.execute(ctx, code); err != nil {
			return fmt.Errorf("repl: %w", err)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// rawTerminal puts the terminal f in raw mode until the returned restore is
// called, and sets r.suspend to stop the process with the terminal as the
// shell gave it, and make it raw again when the shell continues it.
func (r *REPL) rawTerminal(f *os.File) (restore func(), err error) {
	sc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	var fd int
	sc.Control(func(u uintptr) { fd = int(u) }) // f.Fd would make f blocking
	saved, err := readline.MakeRaw(fd)
	if err != nil {
		return nil, err
	}
	r.suspend = func() {
		readline.Restore(fd, saved)
		stopProcess()
		readline.MakeRaw(fd)
	}
	return func() { readline.Restore(fd, saved) }, nil
}

func (r *REPL) readlineConfig(keys io.ReadCloser) *readline.Config {
	cfg := &readline.Config{
		Prompt:                 r.prompt(),
		AutoComplete:           completer{r},
		HistoryLimit:           historyLimit,
		DisableAutoSaveHistory: true, // the REPL saves whole entries itself
		EOFPrompt:              "\n", // readline's way of saying: print no "^D"
		Stdin:                  keys,
		Stdout:                 r.out,
		Stderr:                 r.out,
		// A REPL always edits interactively, even on a pipe in tests.
		ForceUseInteractive: true,
		FuncIsTerminal:      func() bool { return true },
	}
	// Run keeps a terminal raw for the whole session (see keys.go): readline
	// must neither leave raw mode when it returns a line nor suspend on
	// Ctrl-Z itself, since that would leave the terminal raw for the shell.
	cfg.FuncMakeRaw = func() error { return nil }
	cfg.FuncExitRaw = func() error { return nil }
	if r.suspend != nil {
		cfg.FuncFilterInputRune = func(c rune) (rune, bool) {
			if c == keySuspend {
				r.suspend()
				return c, false
			}
			return c, true
		}
	}
	if IsTerminal(r.out) {
		cfg.FuncGetWidth = r.screenWidth
	} else {
		cfg.FuncGetWidth = func() int { return r.width }
		cfg.FuncOnWidthChanged = func(func()) {}
	}
	return cfg
}

func (r *REPL) welcome() {
	name := "gamelab"
	if r.version != "" {
		name += " " + r.version
	}
	r.printf("%s: optimal play in the polygon game, coins in a row and Life Line.\n", name)
	r.printf("Type help for the builtins, help(name) for one; Tab completes; Ctrl-D leaves.\n")
}

// errCellLeft ends Run when the user asks, with Ctrl-\, to leave a cell
// that does not stop: the only way to get the terminal back is then to
// leave the cell running and exit. Ctrl-C never does it: a third Ctrl-C
// that lost the session and every variable in it was a trap.
var errCellLeft = errors.New("left the running cell, and the session, at Ctrl-\\")

// execute runs one entry as a cell and prints what it produced: print()
// output, the error stream (eprint, warnings: in the error colour) and shown
// items as they come (a long cell shows its progress; clear() clears the
// screen), then the value of the last expression or the error. Ctrl-C
// (SIGINT) cancels the cell's context; the engine then stops and leaves the
// variables as they were.
func (r *REPL) execute(ctx context.Context, code string) error {
	// A SIGINT sent while no cell ran was meant for none.
	discard(r.interrupts)
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ctrlC, quit := r.keys.startCell()
	defer r.keys.endCell()
	stops := 0
	interrupt := func() {
		if stops++; stops == 1 {
			cancel()
			return
		}
		r.note("still stopping; the session and its variables stay (Ctrl-\\ leaves gamelab without them)")
	}
	// A Ctrl-C typed before the cell starts stops it before it does anything
	// (the engine then returns at once, Interrupted).
	select {
	case <-ctrlC:
		interrupt()
	default:
	}
	opts := kernel.ExecOptions{
		Stdout:  writerFunc(func(s string) { r.printf("%s", s) }),
		Stderr:  writerFunc(r.printError),
		Display: func(d kernel.Display) { r.printBlock(d.Text) },
		Clear:   func(bool) { r.clearScreen() },
		Input:   r.input,
	}
	opts.Width, opts.Progress = r.screenWidth(), r.progressOption()
	done := make(chan *kernel.Output, 1)
	go func() { done <- r.eng.ExecuteWith(cctx, code, opts) }()
	var out *kernel.Output
	for out == nil {
		select {
		case out = <-done:
		case <-ctrlC:
			interrupt()
		case <-r.interrupts:
			interrupt()
		case <-quit:
			return errCellLeft
		}
	}
	r.next = out.Count + 1
	if out.Result != nil {
		r.printBlock(out.Result.Text)
	}
	if out.Err != nil {
		if out.Err.Kind == builtin.Interrupted || stops > 0 {
			r.note("interrupted")
		} else {
			r.printBlock(r.paint(colError, out.Err.Error()))
		}
	}
	r.endLine()
	return nil
}

// note prints a line about an interrupt, on a line of its own.
func (r *REPL) note(msg string) { r.printBlock(r.paint(colError, msg)) }

func discard(ch <-chan os.Signal) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}

// printBlock writes s on lines of its own.
func (r *REPL) printBlock(s string) {
	if s == "" {
		return
	}
	r.outMu.Lock()
	defer r.outMu.Unlock()
	r.endLineLocked()
	r.write(s)
	r.endLineLocked()
}

// printError writes text of the error stream in the error colour, painting
// each line on its own so that the newlines (which write watches) stay
// outside the colour codes.
func (r *REPL) printError(s string) {
	r.outMu.Lock()
	defer r.outMu.Unlock()
	for _, l := range strings.SplitAfter(s, "\n") {
		text := strings.TrimSuffix(l, "\n")
		if text != "" {
			r.write(r.paint(colError, text))
		}
		if len(text) < len(l) {
			r.write("\n")
		}
	}
}

// clearScreen is clear() on a terminal: the cursor home and the screen
// erased (the scrollback keeps the rest). Elsewhere the output is a record
// and clear() leaves it alone.
func (r *REPL) clearScreen() {
	if r.clears {
		r.outMu.Lock()
		defer r.outMu.Unlock()
		r.write("\033[H\033[2J")
		r.atBOL = true
	}
}

// endLine ends a line left open by print() output, so the next prompt starts
// at the left margin.
func (r *REPL) endLine() {
	r.outMu.Lock()
	defer r.outMu.Unlock()
	r.endLineLocked()
}

func (r *REPL) endLineLocked() {
	if !r.atBOL {
		r.write("\n")
	}
}

func (r *REPL) printf(format string, args ...any) {
	r.outMu.Lock()
	defer r.outMu.Unlock()
	r.write(fmt.Sprintf(format, args...))
}

// write writes s to the screen and notes whether it ended a line; r.outMu
// is held, since a running cell's output (from the engine's goroutine) and
// the REPL's notes about Ctrl-C come at the same time.
func (r *REPL) write(s string) {
	if s == "" {
		return
	}
	r.eraseProgress()
	io.WriteString(r.out, s)
	r.atBOL = strings.HasSuffix(s, "\n")
}

// writerFunc is an io.Writer that hands each write to a function as text.
type writerFunc func(s string)

func (f writerFunc) Write(p []byte) (int, error) {
	f(string(p))
	return len(p), nil
}
