// Package jupyter is gamelab's Jupyter kernel: it drives one
// kernel.Session from the requests of the Jupyter messaging protocol (5.3)
// that package wire receives and verifies, and answers them; and it
// installs the kernelspec. This package is the dispatcher (gonb's
// internal/dispatcher): what each message type does (kernel.go, the
// execute requests in execute.go, their output streams in streams.go);
// the sockets, framing, signatures and guards are the wire's (gonb's
// internal/kernel).
//
// A signed request that is malformed (a part that is not a JSON object, a
// field missing or of the wrong type, over the size limit) gets its reply
// with status error saying what is wrong; it does not run, and it does not
// stop the kernel. Cells run on their own goroutine, so control
// (interrupt, shutdown) and heartbeat are answered while a long cell runs.
package jupyter

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"gamelab/internal/version"
	"gamelab/kernel"
	"gamelab/kernel/jupyter/wire"
)

// ProtocolVersion is the Jupyter messaging protocol version the kernel speaks.
const ProtocolVersion = wire.ProtocolVersion

// ConnectionInfo is the connection file a Jupyter client writes for the
// kernel (wire.ConnectionInfo).
type ConnectionInfo = wire.ConnectionInfo

// Message is one decoded Jupyter message (wire.Message).
type Message = wire.Message

// ReadConnectionFile reads and checks a connection file.
func ReadConnectionFile(path string) (*ConnectionInfo, error) { return wire.ReadConnectionFile(path) }

// Option configures a Kernel.
type Option func(*Kernel)

// WithEngine sets the engine (default: a new kernel.Session). Tests
// substitute engines whose cells block, print or fail on demand.
func WithEngine(e kernel.Engine) Option { return func(k *Kernel) { k.engine = e } }

// WithIsComplete sets the is_complete function (default kernel.IsComplete).
func WithIsComplete(f func(code string) (kernel.Completeness, string)) Option {
	return func(k *Kernel) { k.isComplete = f }
}

// WithLog sends the kernel's log (dropped messages, failures) to w
// (default os.Stderr, which Jupyter shows in its server log).
func WithLog(w io.Writer) Option {
	return func(k *Kernel) { k.log = log.New(w, "gamelab kernel: ", log.LstdFlags) }
}

// WithVersion sets the gamelab version reported by kernel_info.
func WithVersion(v string) Option { return func(k *Kernel) { k.version = v } }

// WithStopOnErrorQuiet sets how long the shell must stay quiet after a
// failed cell before its reply goes out (see stopOnErrorQuiet).
func WithStopOnErrorQuiet(d time.Duration) Option { return func(k *Kernel) { k.abortQuiet = d } }

// After a cell fails with stop_on_error, the execute requests queued behind
// it are aborted (ipykernel's stop_on_error). Run All sends all of a
// notebook's cells at once, but a Jupyter server forwards them one by one,
// a few milliseconds apart, while a cell that fails at once takes a
// fraction of one: the cells behind it are still on their way. So the
// failed cell's reply waits until no request has arrived for
// stopOnErrorQuiet (at most stopOnErrorWait), and the requests that came
// meanwhile are aborted with those queued before. A client that waits for
// the reply before it sends its next cell (a person, nbclient, a script)
// is never aborted by it; nbclient with allow_errors sends stop_on_error
// false, and nothing waits.
const (
	stopOnErrorQuiet = 50 * time.Millisecond
	stopOnErrorWait  = 2 * time.Second
)

// Kernel is one running Jupyter kernel.
type Kernel struct {
	engine     kernel.Engine
	isComplete func(string) (kernel.Completeness, string)
	log        *log.Logger
	version    string

	conn   *wire.Conn
	ctx    context.Context // cancelled when the kernel stops
	stop   context.CancelFunc
	shellQ chan *Message // verified shell requests, run in order
	stdinQ chan *Message // input replies, for the cell waiting for one (stdin.go)

	hist      history
	lastCount int // execution count of the last counted cell (executor only)

	// After a cell fails with stop_on_error (executor only): the requests
	// queued behind it still to abort, and how long the queue must stay
	// quiet before the failed cell's reply (see stopOnErrorQuiet).
	abortLeft  int
	abortQuiet time.Duration

	cellMu     sync.Mutex
	cancelCell context.CancelFunc // cancels the running cell; nil when idle

	shutdownOnce sync.Once
	shutdown     chan struct{} // closed by a shutdown_request
}

// New binds the kernel's sockets as ci says (port 0 binds a free port; see
// Connection for the ports bound). Call Run to serve.
func New(ci ConnectionInfo, opts ...Option) (*Kernel, error) {
	k := &Kernel{
		isComplete: kernel.IsComplete,
		version:    version.Version,
		shellQ:     make(chan *Message, 1024),
		stdinQ:     make(chan *Message, stdinQueue),
		shutdown:   make(chan struct{}),
		abortQuiet: stopOnErrorQuiet,
	}
	WithLog(os.Stderr)(k)
	for _, o := range opts {
		o(k)
	}
	if k.engine == nil {
		k.engine = kernel.NewSession()
	}
	k.ctx, k.stop = context.WithCancel(context.Background())
	conn, err := wire.Listen(k.ctx, ci, k.log)
	if err != nil {
		k.stop()
		return nil, err
	}
	k.conn = conn
	return k, nil
}

// Connection returns the connection info with the ports actually bound.
func (k *Kernel) Connection() ConnectionInfo { return k.conn.Info() }

// Run serves until a shutdown_request arrives or ctx is cancelled, then
// closes the sockets. It returns nil on a requested shutdown.
func (k *Kernel) Run(ctx context.Context) error {
	controlQ := make(chan *Message, 64)
	var wg sync.WaitGroup
	c := k.conn
	loops := []func(){
		c.Heartbeat,
		func() { c.Receive(c.Shell, k.shellQ) },
		func() { c.Receive(c.Control, controlQ) },
		func() { c.Receive(c.Stdin, k.stdinQ) },
		func() { k.serve(c.Control, controlQ) },
	}
	for _, f := range loops {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	// The executor may be inside a cell that ignores cancellation, so it is
	// not waited for; the process exits after Run anyway.
	go k.serve(c.Shell, k.shellQ)

	k.publish(nil, "status", map[string]any{"execution_state": "starting"})
	var err error
	select {
	case <-k.shutdown:
	case <-ctx.Done():
		err = ctx.Err()
	}
	k.Interrupt()
	k.stop()
	c.Close()
	wg.Wait()
	return err
}

// Interrupt cancels the running cell, if any; the cell ends in an error and
// the session keeps its state.
func (k *Kernel) Interrupt() {
	k.cellMu.Lock()
	defer k.cellMu.Unlock()
	if k.cancelCell != nil {
		k.cancelCell()
	}
}

// serve handles the requests of one channel in order, until the kernel stops.
func (k *Kernel) serve(ch *wire.Channel, q <-chan *Message) {
	for {
		select {
		case m := <-q:
			k.handle(ch, m, ch == k.conn.Shell && k.aborting(m))
		case <-k.ctx.Done():
			return
		}
	}
}

// aborting says whether the shell request m is to be aborted, not run: it
// was queued behind a cell that failed with stop_on_error.
func (k *Kernel) aborting(*Message) bool {
	if k.abortLeft == 0 {
		return false
	}
	k.abortLeft--
	return true
}

// stopOnError waits until the requests still on their way behind a failed
// cell have come (the shell queue stays quiet for abortQuiet), then marks
// everything queued for abort.
func (k *Kernel) stopOnError() {
	const poll = 5 * time.Millisecond
	queued, quiet := len(k.shellQ), time.Duration(0)
	for waited := time.Duration(0); quiet < k.abortQuiet && waited < stopOnErrorWait; waited += poll {
		select {
		case <-time.After(poll):
		case <-k.ctx.Done():
			return
		}
		if n := len(k.shellQ); n != queued {
			queued, quiet = n, 0
		} else {
			quiet += poll
		}
	}
	k.abortLeft = len(k.shellQ)
}

// handle answers one request between busy and idle status messages; idle
// goes out after all of the request's output.
func (k *Kernel) handle(ch *wire.Channel, m *Message, aborting bool) {
	k.publish(m, "status", map[string]any{"execution_state": "busy"})
	defer k.publish(m, "status", map[string]any{"execution_state": "idle"})
	defer func() {
		// The engine promises not to panic; if it does anyway, the kernel
		// logs it and lives on.
		if r := recover(); r != nil {
			k.log.Printf("%s: %s panicked: %v\n%s", ch.Name, m.Header.MsgType, r, debug.Stack())
		}
	}()
	t := m.Header.MsgType
	if m.Refused != nil {
		k.refuse(ch, m, m.Refused)
		return
	}
	switch t {
	case "kernel_info_request":
		k.reply(ch, m, "kernel_info_reply", k.kernelInfo())
	case "execute_request":
		if ch != k.conn.Shell {
			k.reply(ch, m, "execute_reply", errorReply("ProtocolError", "execute_request belongs on the shell channel", k.lastCount))
			return
		}
		k.execute(m, aborting)
	case "complete_request":
		k.complete(ch, m)
	case "inspect_request":
		k.inspect(ch, m)
	case "is_complete_request":
		k.isCompleteReply(ch, m)
	case "history_request":
		var r historyRequest
		if !k.content(ch, m, &r, historyFields...) {
			return
		}
		k.reply(ch, m, "history_reply", map[string]any{"status": "ok", "history": k.hist.query(r)})
	case "comm_info_request":
		k.reply(ch, m, "comm_info_reply", map[string]any{"status": "ok", "comms": map[string]any{}})
	case "comm_open":
		// No comm targets exist: tell the frontend the comm is closed, as
		// the protocol asks of a kernel that does not know the target.
		var c struct {
			CommID string `json:"comm_id"`
		}
		if k.content(ch, m, &c, field{"comm_id", jString, true}, field{"target_name", jString, true}) {
			k.publish(m, "comm_close", map[string]any{"comm_id": c.CommID, "data": map[string]any{}})
		}
	case "comm_msg", "comm_close":
		// Nothing is open, so there is nothing to deliver them to.
	case "interrupt_request":
		k.Interrupt()
		k.reply(ch, m, "interrupt_reply", map[string]any{"status": "ok"})
	case "shutdown_request":
		var r struct {
			Restart bool `json:"restart"`
		}
		if !k.content(ch, m, &r, field{"restart", jBool, false}) {
			return
		}
		k.reply(ch, m, "shutdown_reply", map[string]any{"status": "ok", "restart": r.Restart})
		k.shutdownOnce.Do(func() { close(k.shutdown) })
	default:
		k.log.Printf("%s: unknown message type %q", ch.Name, t)
		if strings.HasSuffix(t, "_request") {
			k.refuse(ch, m, &wire.Refusal{Ename: "UnknownMessageType", Evalue: fmt.Sprintf("the kernel does not know %s", t)})
		}
	}
}

// content checks the request's content against fields and decodes it into
// v; on failure it refuses the request (an error reply naming the field)
// and reports false.
func (k *Kernel) content(ch *wire.Channel, m *Message, v any, fields ...field) bool {
	err := checkFields(m.Content, fields...)
	if err == nil {
		err = json.Unmarshal(m.Content, v)
	}
	if err != nil {
		k.refuse(ch, m, &wire.Refusal{Ename: "ProtocolError", Evalue: fmt.Sprintf("%s: %v", m.Header.MsgType, err)})
		return false
	}
	return true
}

// refuse answers a request the kernel will not run with its reply, status
// error (messages that are not requests have no reply: they are logged).
func (k *Kernel) refuse(ch *wire.Channel, m *Message, r *wire.Refusal) {
	t := m.Header.MsgType
	k.log.Printf("%s: %s refused: %s: %s", ch.Name, t, r.Ename, r.Evalue)
	if name, ok := strings.CutSuffix(t, "_request"); ok && name != "" {
		k.reply(ch, m, name+"_reply", errorReply(r.Ename, r.Evalue, k.lastCount))
	}
}

// reply sends a reply to m on the channel m came in on.
func (k *Kernel) reply(ch *wire.Channel, m *Message, msgType string, content any) {
	k.conn.Reply(ch, m, msgType, content)
}

// publish sends an iopub message whose parent is m (nil: no parent).
func (k *Kernel) publish(m *Message, msgType string, content any) {
	k.conn.Publish(m, msgType, content)
}

func (k *Kernel) kernelInfo() map[string]any {
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       ProtocolVersion,
		"implementation":         "gamelab",
		"implementation_version": k.version,
		"language_info": map[string]any{
			"name":           "gamelab",
			"version":        k.version,
			"mimetype":       "text/x-gamelab",
			"file_extension": ".gl",
			// expr has no CodeMirror mode or pygments lexer of its own;
			// JavaScript's are close (operators, strings, brackets, //
			// comments) and ship with every Notebook and nbconvert, so
			// cells are highlighted and no mode file is asked for in vain.
			"codemirror_mode": "javascript",
			"pygments_lexer":  "javascript",
		},
		"banner": "gamelab " + k.version + ": optimal play in the polygon game, coins in a row and Life Line.\n" +
			"Type help for the list of builtins, help(name) or name? for one of them.",
		"help_links": []any{},
		"debugger":   false,
	}
}

// errorReply is the content of a failed request's reply.
func errorReply(ename, evalue string, count int) map[string]any {
	return map[string]any{
		"status": "error", "execution_count": count,
		"ename": ename, "evalue": evalue, "traceback": []string{ename + ": " + evalue},
	}
}

// clampCursor clamps a Jupyter cursor position (in code points) to code.
func clampCursor(code string, pos int) int {
	return min(max(pos, 0), len([]rune(code)))
}

// codeRequest is the content of complete_request and inspect_request.
type codeRequest struct {
	Code      string `json:"code"`
	CursorPos int    `json:"cursor_pos"`
}

// codeFields are the fields of complete_request and inspect_request.
var codeFields = []field{{"code", jString, true}, {"cursor_pos", jInt, true}, {"detail_level", jInt, false}}

func (k *Kernel) complete(ch *wire.Channel, m *Message) {
	var r codeRequest
	if !k.content(ch, m, &r, codeFields...) {
		return
	}
	cur := clampCursor(r.Code, r.CursorPos)
	matches, start, end := k.engine.Complete(r.Code, cur)
	if matches == nil {
		matches = []string{}
	}
	k.reply(ch, m, "complete_reply", map[string]any{
		"status": "ok", "matches": matches,
		"cursor_start": start, "cursor_end": end, "metadata": map[string]any{},
	})
}

func (k *Kernel) inspect(ch *wire.Channel, m *Message) {
	var r codeRequest
	if !k.content(ch, m, &r, codeFields...) {
		return
	}
	text, found := k.engine.Inspect(r.Code, clampCursor(r.Code, r.CursorPos))
	data := map[string]any{}
	if found {
		data["text/plain"] = text
	}
	k.reply(ch, m, "inspect_reply", map[string]any{
		"status": "ok", "found": found, "data": data, "metadata": map[string]any{},
	})
}

func (k *Kernel) isCompleteReply(ch *wire.Channel, m *Message) {
	var r struct {
		Code string `json:"code"`
	}
	if !k.content(ch, m, &r, field{"code", jString, true}) {
		return
	}
	c, indent := k.isComplete(r.Code)
	content := map[string]any{}
	switch c {
	case kernel.Complete:
		content["status"] = "complete"
	case kernel.Incomplete:
		content["status"], content["indent"] = "incomplete", indent
	case kernel.Invalid:
		content["status"] = "invalid"
	default:
		content["status"] = "unknown"
	}
	k.reply(ch, m, "is_complete_reply", content)
}

// busy reports whether a cell is running (for tests that must interrupt
// one).
func (k *Kernel) busy() bool {
	k.cellMu.Lock()
	defer k.cellMu.Unlock()
	return k.cancelCell != nil
}
