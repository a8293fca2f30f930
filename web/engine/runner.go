package engine

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"time"

	"gamelab/kernel"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games/tools"
	"gamelab/kernel/printer"
)

// Runner answers the page's requests with one session. Cells run one at a
// time on the goroutine of Run; everything else is answered at once by
// Handle, which never waits for a cell, so the worker's message handler can
// call it while a cell is waiting for its prompt's answer.
type Runner struct {
	session *kernel.Session
	post    func(Reply)
	// stopped reads the page's stop flag (a SharedArrayBuffer the Stop
	// button sets), nil when the page has none. It is polled from the
	// running cell's own callbacks (progress, output, prompts): in
	// WebAssembly nothing else runs while a cell computes, so no message
	// and no other goroutine can stop it (see pollStop).
	stopped func() bool
	queue   chan Request

	mu   sync.Mutex
	cell *running // the cell being executed; nil between cells
}

// running is the state of the cell being executed that Handle can reach.
type running struct {
	id      int
	cancel  context.CancelFunc
	answers chan string // the page's answer to the prompt asked
	replay  bool        // a cell replayed, which the stop flag does not stop
}

// maxQueued is how many cells may wait for the one running; the page sends
// one at a time, so more is a page gone wrong.
const maxQueued = 64

// NewRunner returns a Runner of session s that sends its replies with post.
// stopFlag reads the page's stop flag; nil when there is none.
func NewRunner(s *kernel.Session, post func(Reply), stopFlag func() bool) *Runner {
	return &Runner{session: s, post: post, stopped: stopFlag, queue: make(chan Request, maxQueued)}
}

// Handle takes one request from the page.
func (r *Runner) Handle(req Request) {
	switch req.Type {
	case ReqExecute, ReqReplay, ReqExplore:
		select {
		case r.queue <- req:
		default:
			r.post(Reply{Type: RepDone, ID: req.ID, Error: &ErrorInfo{Kind: "Error", Msg: "the engine is busy", Text: "the engine is busy"}})
		}
	case ReqInput:
		r.mu.Lock()
		if c := r.cell; c != nil && c.id == req.ID {
			select {
			case c.answers <- req.Text:
			default: // a second answer to one prompt: the first counts
			}
		}
		r.mu.Unlock()
	case ReqStop:
		r.mu.Lock()
		if r.cell != nil {
			r.cell.cancel()
		}
		r.mu.Unlock()
	case ReqComplete:
		matches, start, end := r.session.Complete(req.Code, req.Cursor)
		r.post(Reply{Type: RepCompletions, ID: req.ID, Matches: matches, Start: start, End: end})
	case ReqInspect:
		text, found := r.session.Inspect(req.Code, req.Cursor)
		r.post(Reply{Type: RepInspection, ID: req.ID, Text: text, Found: found})
	case ReqNames:
		reads, writes := r.session.Names(req.Code)
		r.post(Reply{Type: RepNames, ID: req.ID, Reads: reads, Writes: writes})
	case ReqCells:
		cells, err := Cells(req.Name, []byte(req.Text))
		rep := Reply{Type: RepCells, ID: req.ID, Cells: cells}
		if err != nil {
			rep.Error = &ErrorInfo{Kind: "Error", Msg: err.Error(), Text: err.Error()}
		}
		r.post(rep)
	default:
		msg := "the engine does not know the request " + req.Type
		r.post(Reply{Type: RepDone, ID: req.ID, Error: &ErrorInfo{Kind: "Error", Msg: msg, Text: msg}})
	}
}

// Run executes the queued cells one after another until ctx is done.
func (r *Runner) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case req := <-r.queue:
			switch req.Type {
			case ReqReplay:
				r.replay(ctx, req)
			case ReqExplore:
				r.explore(ctx, req)
			default:
				r.execute(ctx, req)
			}
		}
	}
}

// start makes the cell of id the running one; the function it returns ends it.
func (r *Runner) start(ctx context.Context, id int, replay bool) (context.Context, *running, func()) {
	ctx, cancel := context.WithCancel(ctx)
	c := &running{id: id, cancel: cancel, answers: make(chan string, 1), replay: replay}
	r.mu.Lock()
	r.cell = c
	r.mu.Unlock()
	return ctx, c, func() {
		r.mu.Lock()
		r.cell = nil
		r.mu.Unlock()
		cancel()
	}
}

// Poll is the session's poll (kernel.WithPoll, in the page): the running
// cell stops when the page's stop flag is up.
func (r *Runner) Poll() {
	r.mu.Lock()
	c := r.cell
	r.mu.Unlock()
	if c != nil {
		r.pollStop(c)
	}
}

// pollStop cancels cell c when the page's stop flag is up. It then yields,
// so that what the cancellation set off runs before the cell goes on: a
// solver's stop flag is raised by context.AfterFunc on a goroutine of its
// own, and WebAssembly has one thread that switches goroutines only when
// one yields.
func (r *Runner) pollStop(c *running) {
	if !c.replay && r.stopped != nil && r.stopped() {
		c.cancel()
		runtime.Gosched()
	}
}

// StopControl is the page's control that stops a cell, as the engine's
// progress lines and warnings name it ("Stop ends it").
const StopControl = "Stop"

// execute runs one cell, sending its output as it comes and then its end.
// With req.Name the cell's slider of that name moves to req.Text first (a
// slider's move, kernel.SetSlider), and the end says the code that ran.
func (r *Runner) execute(ctx context.Context, req Request) {
	ctx, c, end := r.start(ctx, req.ID, false)
	defer end()
	id := req.ID
	moved := ""
	if req.Name != "" {
		code, found := kernel.SetSlider(req.Code, req.Name, req.Text)
		if !found {
			msg := "the cell has no slider " + req.Name + " any more: run it to draw its sliders again"
			r.post(Reply{Type: RepDone, ID: id, Error: &ErrorInfo{Kind: "Error", Msg: msg, Text: msg}})
			return
		}
		req.Code, moved = code, code
	}
	out := newStreams(func(name, text string) {
		r.post(Reply{Type: RepStream, ID: id, Name: name, Text: text})
	}, func() { r.pollStop(c) })
	opts := kernel.ExecOptions{
		Pager: true, SVG: true, StopControl: StopControl,
		Stdout: out.writer("stdout"), Stderr: out.writer("stderr"),
		Display: func(d kernel.Display) {
			out.flush()
			r.post(Reply{Type: RepDisplay, ID: id, Data: bundle(d), DisplayID: d.ID, Update: d.Update})
			r.pollStop(c)
		},
		Clear: func(wait bool) {
			out.flush()
			r.post(Reply{Type: RepClear, ID: id, Wait: wait})
		},
		Progress: func(line string) {
			out.flush()
			r.post(Reply{Type: RepProgress, ID: id, Text: line})
			r.pollStop(c)
		},
		Input: func(ctx context.Context, prompt string) (string, error) {
			out.flush()
			r.post(Reply{Type: RepInput, ID: id, Text: prompt})
			select {
			case a := <-c.answers:
				return a, nil
			case <-ctx.Done():
				return "", ctx.Err()
			}
		},
	}
	res := r.session.ExecuteWith(ctx, req.Code, opts)
	out.flush()
	done := Reply{Type: RepDone, ID: id, Count: res.Count, Page: res.Page, Cached: res.Cached, Code: moved}
	done.Reads, done.Writes = r.session.Names(req.Code)
	if res.Result != nil {
		done.Result = bundle(*res.Result)
	}
	if res.Err != nil {
		done.Error = errorInfo(res.Err)
	}
	r.post(done)
}

// explore answers a click in an explorer (explore(x) in a cell): the
// explorer after the page's line, as the done reply's Result, computed in
// the session without a cell, so the notebook's counter and history stay
// as they were. It runs in turn with the cells, and Stop stops it.
func (r *Runner) explore(ctx context.Context, req Request) {
	ctx, c, end := r.start(ctx, req.ID, false)
	defer end()
	progress := func(line string) {
		r.post(Reply{Type: RepProgress, ID: req.ID, Text: line})
		r.pollStop(c)
	}
	v, err := r.session.Call(ctx, kernel.ExecOptions{StopControl: StopControl, Progress: progress},
		func(env *builtin.Env) (any, error) { return tools.ExploreAgain(env, req.Name, req.Line) })
	done := Reply{Type: RepDone, ID: req.ID}
	if e, ok := v.(*tools.Explorer); ok && err == nil {
		done.Result = &Bundle{Text: printer.Shown(e, ""), HTML: e.HTML()} // as a cell shows it
	} else {
		done.Error = &ErrorInfo{Kind: "Error", Msg: err.Error(), Text: err.Error()}
	}
	r.post(done)
}

// replay runs cells with no output, as they ran before the engine was
// restarted: each prompt gets the answer it got then. A prompt past the
// recorded answers is where the cell was stopped, so the replay stops the
// cell there too, and the session ends as the old one did.
func (r *Runner) replay(ctx context.Context, req Request) {
	count := 0
	for _, cell := range req.Cells {
		cctx, c, end := r.start(ctx, req.ID, true)
		answers := cell.Answers
		out := r.session.ExecuteWith(cctx, cell.Code, kernel.ExecOptions{
			Pager: true,
			Input: func(ctx context.Context, _ string) (string, error) {
				if len(answers) == 0 {
					c.cancel()
					return "", ctx.Err()
				}
				a := answers[0]
				answers = answers[1:]
				return a, nil
			},
		})
		end()
		count = out.Count
	}
	r.post(Reply{Type: RepReplayed, ID: req.ID, Count: count})
}

// flushEvery is how long printed text gathers before it is sent: a loop of
// prints becomes a few messages rather than thousands, and text still
// appears while a long cell runs.
const flushEvery = 50 * time.Millisecond

// streams gathers a cell's stdout and stderr into stream replies, in the
// order written: a write to the other stream sends what is gathered first.
type streams struct {
	send func(name, text string)
	poll func() // every write polls the stop flag
	mu   sync.Mutex
	name string
	buf  strings.Builder
	last time.Time
}

func newStreams(send func(name, text string), poll func()) *streams {
	return &streams{send: send, poll: poll, last: time.Now()}
}

// writer is the io.Writer of one stream.
func (s *streams) writer(name string) writerFunc {
	return func(p []byte) (int, error) {
		s.mu.Lock()
		if s.name != name {
			s.flushLocked()
			s.name = name
		}
		s.buf.Write(p)
		if time.Since(s.last) >= flushEvery {
			s.flushLocked()
		}
		s.mu.Unlock()
		s.poll()
		return len(p), nil
	}
}

// flush sends what is gathered.
func (s *streams) flush() {
	s.mu.Lock()
	s.flushLocked()
	s.mu.Unlock()
}

func (s *streams) flushLocked() {
	s.last = time.Now()
	if s.buf.Len() == 0 {
		return
	}
	s.send(s.name, s.buf.String())
	s.buf.Reset()
}

// writerFunc is an io.Writer made of a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
