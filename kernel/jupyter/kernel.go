// Package jupyter is gamelab's Jupyter kernel: the Jupyter messaging
// protocol (5.3) over ZeroMQ (github.com/go-zeromq/zmq4), driving one
// kernel.Session, plus the kernelspec installer.
//
// Sockets follow the connection file: shell, control and stdin are ROUTER,
// iopub is PUB, heartbeat is a REP echo. They bind through guarded
// transports (guard.go) that keep hostile or broken peers from stalling,
// leaking or crashing the kernel. Every incoming message is checked
// (HMAC-SHA256 in constant time, replayed signatures, frame layout, JSON):
// one that fails the signature check is logged and dropped; a signed
// request that is malformed (a part that is not a JSON object, a field
// missing or of the wrong type, over the size limit) gets its reply with
// status error saying what is wrong. Neither runs, and neither stops the
// kernel. Cells run on their own goroutine, so control (interrupt,
// shutdown) and heartbeat are answered while a long cell runs.
package jupyter

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/go-zeromq/zmq4"

	"gamelab/internal/version"
	"gamelab/kernel"
)

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

// Kernel is one running Jupyter kernel.
type Kernel struct {
	engine     kernel.Engine
	isComplete func(string) (kernel.Completeness, string)
	log        *log.Logger
	version    string

	conn    ConnectionInfo // with the ports actually bound
	sig     signer
	replay  *replayGuard
	session string // this kernel's session id (header.session of its messages)

	ctx    context.Context // cancelled when the kernel stops
	stop   context.CancelFunc
	shell  *channel
	ctrl   *channel
	stdin  *channel
	iopub  *channel
	hbCh   *channel
	hb     zmq4.Socket   // hbCh.sock
	shellQ chan *Message // verified shell requests, run in order
	stdinQ chan *Message // input replies, for the cell waiting for one (stdin.go)

	hist      history
	lastCount int // execution count of the last counted cell (executor only)
	abortLeft int // queued requests still to abort after an error (executor only)

	cellMu     sync.Mutex
	cancelCell context.CancelFunc // cancels the running cell; nil when idle

	shutdownOnce sync.Once
	shutdown     chan struct{} // closed by a shutdown_request
}

// channel is one kernel socket. zmq4 sockets must not be written from two
// goroutines at once (frames would interleave), so every send takes mu.
type channel struct {
	name  string
	sock  zmq4.Socket
	guard *guardConfig
	mu    sync.Mutex
}

func (c *channel) send(frames [][]byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sock.SendMulti(zmq4.NewMsgFrom(frames...))
}

// New binds the kernel's sockets as ci says (port 0 binds a free port; see
// Connection for the ports bound). Call Run to serve.
func New(ci ConnectionInfo, opts ...Option) (*Kernel, error) {
	if err := ci.check(); err != nil {
		return nil, err
	}
	k := &Kernel{
		isComplete: kernel.IsComplete,
		version:    version.Version,
		conn:       ci,
		sig:        signer{key: []byte(ci.Key)},
		replay:     newReplayGuard(1 << 16),
		session:    newID(),
		shellQ:     make(chan *Message, 1024),
		stdinQ:     make(chan *Message, stdinQueue),
		shutdown:   make(chan struct{}),
	}
	WithLog(os.Stderr)(k)
	for _, o := range opts {
		o(k)
	}
	if k.engine == nil {
		k.engine = kernel.NewSession()
	}
	k.ctx, k.stop = context.WithCancel(context.Background())
	zopts := []zmq4.Option{zmq4.WithLogger(k.log)}
	// Each socket's guard gets its settings through the socket's context.
	newChannel := func(name string, t zmq4.SocketType, limit int64, subsOnly bool, sig signer) *channel {
		g := &guardConfig{name: name, sockType: t, limit: limit, subsOnly: subsOnly, sig: sig, log: k.log}
		if _, err := rand.Read(g.nonce[:]); err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		ctx := withGuard(k.ctx, g)
		ch := &channel{name: name, guard: g}
		switch t {
		case zmq4.Router:
			ch.sock = zmq4.NewRouter(ctx, zopts...)
		case zmq4.Pub:
			ch.sock = zmq4.NewPub(ctx, zopts...)
		case zmq4.Rep:
			ch.sock = zmq4.NewRep(ctx, zopts...)
		}
		return ch
	}
	k.shell = newChannel("shell", zmq4.Router, maxMessage, false, k.sig)
	k.ctrl = newChannel("control", zmq4.Router, maxMessage, false, k.sig)
	k.stdin = newChannel("stdin", zmq4.Router, maxMessage, false, k.sig)
	k.iopub = newChannel("iopub", zmq4.Pub, maxSubscription, true, signer{})
	k.hbCh = newChannel("heartbeat", zmq4.Rep, maxPing, false, signer{})
	k.hb = k.hbCh.sock
	binds := []struct {
		sock zmq4.Socket
		port *int
	}{
		{k.shell.sock, &k.conn.ShellPort}, {k.ctrl.sock, &k.conn.ControlPort},
		{k.stdin.sock, &k.conn.StdinPort}, {k.iopub.sock, &k.conn.IOPubPort},
		{k.hb, &k.conn.HBPort},
	}
	if err := registerGuards(); err != nil {
		return nil, err
	}
	for _, b := range binds {
		// Bind through the guarded transport (see guard.go); clients dial
		// the plain endpoint.
		ep := k.conn.endpoint(*b.port)
		if err := b.sock.Listen(guarded[k.conn.Transport] + strings.TrimPrefix(ep, k.conn.Transport)); err != nil {
			k.closeSockets()
			return nil, fmt.Errorf("binding %s: %w", ep, err)
		}
		if a, ok := b.sock.Addr().(*net.TCPAddr); ok {
			*b.port = a.Port
		}
	}
	return k, nil
}

// Connection returns the connection info with the ports actually bound.
func (k *Kernel) Connection() ConnectionInfo { return k.conn }

func (k *Kernel) closeSockets() {
	for _, s := range []zmq4.Socket{k.shell.sock, k.ctrl.sock, k.stdin.sock, k.iopub.sock, k.hb} {
		s.Close()
	}
	if k.conn.Transport == "ipc" {
		// zmq4 removes the socket files only of endpoints named ipc://.
		for _, p := range []int{k.conn.ShellPort, k.conn.ControlPort, k.conn.StdinPort, k.conn.IOPubPort, k.conn.HBPort} {
			os.Remove(strings.TrimPrefix(k.conn.endpoint(p), "ipc://"))
		}
	}
}

// Run serves until a shutdown_request arrives or ctx is cancelled, then
// closes the sockets. It returns nil on a requested shutdown.
func (k *Kernel) Run(ctx context.Context) error {
	controlQ := make(chan *Message, 64)
	var wg sync.WaitGroup
	loops := []func(){
		k.heartbeat,
		func() { k.receive(k.shell, k.shellQ) },
		func() { k.receive(k.ctrl, controlQ) },
		func() { k.receive(k.stdin, k.stdinQ) },
		func() { k.serve(k.ctrl, controlQ) },
	}
	for _, f := range loops {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	// The executor may be inside a cell that ignores cancellation, so it is
	// not waited for; the process exits after Run anyway.
	go k.serve(k.shell, k.shellQ)

	k.publish(nil, "status", map[string]any{"execution_state": "starting"})
	var err error
	select {
	case <-k.shutdown:
	case <-ctx.Done():
		err = ctx.Err()
	}
	k.Interrupt()
	k.stop()
	k.closeSockets()
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

// heartbeat echoes every ping so clients know the process is alive; it runs
// on its own goroutine, so a long cell never delays it.
func (k *Kernel) heartbeat() {
	for {
		msg, err := k.hb.Recv()
		if err != nil {
			if k.ctx.Err() != nil {
				return
			}
			k.log.Printf("heartbeat: %v", err)
			continue
		}
		if over, _, size := k.hbCh.guard.oversized(msg.Frames); over {
			k.log.Printf("heartbeat: a ping of %d bytes not echoed (limit %d)", size, k.hbCh.guard.limit)
			continue
		}
		if err := k.hb.Send(msg); err != nil && k.ctx.Err() == nil {
			k.log.Printf("heartbeat: %v", err)
		}
	}
}

// receive reads one socket, verifies each message and queues the good ones
// (q nil: the socket expects none, so every message is logged and dropped).
func (k *Kernel) receive(ch *channel, q chan<- *Message) {
	for {
		raw, err := ch.sock.Recv()
		if err != nil {
			if k.ctx.Err() != nil {
				return
			}
			k.log.Printf("%s: receive: %v", ch.name, err)
			continue
		}
		var m *Message
		if over, signed, size := ch.guard.oversized(raw.Frames); over {
			if m = k.oversized(ch, raw.Frames[:len(raw.Frames)-1], signed, size); m == nil {
				continue
			}
		} else if m, err = decode(raw.Frames, k.sig, k.replay); err != nil {
			k.log.Printf("%s: %v", ch.name, err)
			continue
		}
		if q == nil {
			k.log.Printf("%s: unexpected %s dropped", ch.name, m.Header.MsgType)
			continue
		}
		select {
		case q <- m:
		case <-k.ctx.Done():
			return
		}
	}
}

// oversized turns a message the guard cut short (frames is what it passed
// on) into a request to refuse with an error reply, when it was signed and
// its header came through; otherwise it logs why not and returns nil.
func (k *Kernel) oversized(ch *channel, frames [][]byte, signed bool, size uint64) *Message {
	what := fmt.Sprintf("a message of %d bytes (limit %d)", size, ch.guard.limit)
	if !signed {
		k.log.Printf("%s: %s with a bad signature dropped", ch.name, what)
		return nil
	}
	d := slices.IndexFunc(frames, func(f []byte) bool { return bytes.Equal(f, delimiter) })
	var h Header
	if d < 0 || len(frames) < d+3 || !isJSONObject(frames[d+2]) || json.Unmarshal(frames[d+2], &h) != nil || h.MsgType == "" || h.MsgID == "" {
		k.log.Printf("%s: %s dropped: its header could not be read", ch.name, what)
		return nil
	}
	if len(k.sig.key) != 0 && !k.replay.fresh(frames[d+1]) {
		k.log.Printf("%s: %s dropped: signature seen before (replayed message)", ch.name, what)
		return nil
	}
	return &Message{
		Identities: frames[:d], Header: h, RawHeader: frames[d+2],
		Refused: &refusal{"MessageTooLarge", fmt.Sprintf("%s of %d bytes refused: over the kernel's limit of %d bytes (%d MiB) per message",
			h.MsgType, size, ch.guard.limit, ch.guard.limit>>20)},
	}
}

// serve handles the requests of one channel in order, until the kernel stops.
func (k *Kernel) serve(ch *channel, q <-chan *Message) {
	for {
		select {
		case m := <-q:
			aborting := false
			if ch == k.shell && k.abortLeft > 0 {
				k.abortLeft--
				aborting = true
			}
			k.handle(ch, m, aborting)
		case <-k.ctx.Done():
			return
		}
	}
}

// handle answers one request between busy and idle status messages; idle
// goes out after all of the request's output.
func (k *Kernel) handle(ch *channel, m *Message, aborting bool) {
	k.publish(m, "status", map[string]any{"execution_state": "busy"})
	defer k.publish(m, "status", map[string]any{"execution_state": "idle"})
	defer func() {
		// The engine promises not to panic; if it does anyway, the kernel
		// logs it and lives on.
		if r := recover(); r != nil {
			k.log.Printf("%s: %s panicked: %v\n%s", ch.name, m.Header.MsgType, r, debug.Stack())
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
		if ch != k.shell {
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
		k.log.Printf("%s: unknown message type %q", ch.name, t)
		if strings.HasSuffix(t, "_request") {
			k.refuse(ch, m, &refusal{"UnknownMessageType", fmt.Sprintf("the kernel does not know %s", t)})
		}
	}
}

// content checks the request's content against fields and decodes it into
// v; on failure it refuses the request (an error reply naming the field)
// and reports false.
func (k *Kernel) content(ch *channel, m *Message, v any, fields ...field) bool {
	err := checkFields(m.Content, fields...)
	if err == nil {
		err = json.Unmarshal(m.Content, v)
	}
	if err != nil {
		k.refuse(ch, m, &refusal{"ProtocolError", fmt.Sprintf("%s: %v", m.Header.MsgType, err)})
		return false
	}
	return true
}

// refuse answers a request the kernel will not run with its reply, status
// error (messages that are not requests have no reply: they are logged).
func (k *Kernel) refuse(ch *channel, m *Message, r *refusal) {
	t := m.Header.MsgType
	k.log.Printf("%s: %s refused: %s: %s", ch.name, t, r.ename, r.evalue)
	if name, ok := strings.CutSuffix(t, "_request"); ok && name != "" {
		k.reply(ch, m, name+"_reply", errorReply(r.ename, r.evalue, k.lastCount))
	}
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

// reply sends a reply to m on the channel m came in on.
func (k *Kernel) reply(ch *channel, m *Message, msgType string, content any) {
	frames, err := encode(k.sig, m.Identities, k.session, msgType, m.RawHeader, content)
	if err == nil {
		err = ch.send(frames)
	}
	if err != nil && k.ctx.Err() == nil {
		k.log.Printf("%s: sending %s: %v", ch.name, msgType, err)
	}
}

// publish sends an iopub message whose parent is m (nil: no parent).
func (k *Kernel) publish(m *Message, msgType string, content any) {
	var parent json.RawMessage
	if m != nil {
		parent = m.RawHeader
	}
	topic := []byte("kernel." + k.session + "." + msgType)
	frames, err := encode(k.sig, [][]byte{topic}, k.session, msgType, parent, content)
	if err == nil {
		err = k.iopub.send(frames)
	}
	if err != nil && k.ctx.Err() == nil {
		k.log.Printf("iopub: sending %s: %v", msgType, err)
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

func (k *Kernel) complete(ch *channel, m *Message) {
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

func (k *Kernel) inspect(ch *channel, m *Message) {
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

func (k *Kernel) isCompleteReply(ch *channel, m *Message) {
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

// executeRequest is the content of an execute_request.
type executeRequest struct {
	Code            string            `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    *bool             `json:"store_history"` // default true
	UserExpressions map[string]string `json:"user_expressions"`
	StopOnError     *bool             `json:"stop_on_error"` // default true
	AllowStdin      bool              `json:"allow_stdin"`
}

// executeFields are the fields of execute_request: only code is required,
// the others have defaults.
var executeFields = []field{
	{"code", jString, true}, {"silent", jBool, false}, {"store_history", jBool, false},
	{"user_expressions", jStringMap, false}, {"allow_stdin", jBool, false}, {"stop_on_error", jBool, false},
}

// execute runs one cell: execute_input, then printed text (streams stdout
// and stderr), shown items (display_data) and clear_output in the order the
// cell made them, then the result or the error, the reply (with the help
// `name?` asked for as a page payload), and (in handle) idle. A silent cell
// publishes nothing but its status.
func (k *Kernel) execute(m *Message, aborting bool) {
	var r executeRequest
	if !k.content(k.shell, m, &r, executeFields...) {
		return
	}
	if aborting {
		// An earlier cell failed with stop_on_error: the cells queued behind
		// it are not run.
		k.reply(k.shell, m, "execute_reply", map[string]any{"status": "aborted", "execution_count": k.lastCount})
		return
	}
	store := (r.StoreHistory == nil || *r.StoreHistory) && !r.Silent
	count := k.lastCount
	if store {
		count++ // the engine advances its counter for this cell
	}
	if !r.Silent {
		k.publish(m, "execute_input", map[string]any{"code": r.Code, "execution_count": count})
	}
	streams := &streams{publish: func(name, text string) {
		if !r.Silent {
			k.publish(m, "stream", map[string]any{"name": name, "text": text})
		}
	}}
	displayed := false
	show := func(d kernel.Display) {
		displayed = true
		if !r.Silent {
			streams.flush() // keep printed text and pictures in the order made
			msgType, transient := "display_data", map[string]any{}
			if d.ID != "" { // an item a later one replaces in place (play's position)
				transient["display_id"] = d.ID
				if d.Update {
					msgType = "update_display_data"
				}
			}
			k.publish(m, msgType, map[string]any{"data": bundle(d), "metadata": map[string]any{}, "transient": transient})
		}
	}
	clear := func(wait bool) {
		if !r.Silent {
			streams.flush()
			k.publish(m, "clear_output", map[string]any{"wait": wait})
		}
	}
	opts := kernel.ExecOptions{
		Silent: r.Silent, NoHistory: !store, Pager: true, SVG: true,
		Stdout: streams.writer("stdout"), Stderr: streams.writer("stderr"),
		Display: show, Clear: clear, Progress: k.progressDisplay(m, r.Silent, streams.flush),
	}
	if r.AllowStdin {
		opts.Input = func(ctx context.Context, prompt string) (string, error) {
			streams.flush() // what the cell printed comes before the question
			return k.input(ctx, m, prompt)
		}
	}
	out := k.run(r.Code, opts)
	streams.close()
	for _, s := range []struct{ name, text string }{{"stdout", out.Stdout}, {"stderr", out.Stderr}} {
		if !streams.wrote[s.name] && s.text != "" && !r.Silent {
			// The engine did not stream; send its collected output at once.
			k.publish(m, "stream", map[string]any{"name": s.name, "text": s.text})
		}
	}
	if !displayed {
		// Nor did it pass its displays as they came.
		for _, d := range out.Displays {
			show(d)
		}
	}
	if store {
		k.lastCount = out.Count
		var result *string
		if out.Result != nil {
			result = &out.Result.Text
		}
		k.hist.add(out.Count, r.Code, result)
	}
	if out.Err != nil {
		ename, evalue, tb := errorFields(out.Err)
		if !r.Silent {
			k.publish(m, "error", map[string]any{"ename": ename, "evalue": evalue, "traceback": tb})
		}
		if r.StopOnError == nil || *r.StopOnError {
			k.abortLeft = len(k.shellQ)
		}
		k.reply(k.shell, m, "execute_reply", map[string]any{
			"status": "error", "execution_count": out.Count,
			"ename": ename, "evalue": evalue, "traceback": tb,
		})
		return
	}
	if out.Result != nil && !r.Silent {
		k.publish(m, "execute_result", map[string]any{
			"execution_count": out.Count, "data": bundle(*out.Result), "metadata": map[string]any{},
		})
	}
	payload := []any{}
	if out.Page != "" && !r.Silent {
		// The help `name?` asked for, for the frontend's pager (IPython's
		// page payload; start is the line to open it at).
		payload = append(payload, map[string]any{"source": "page", "data": map[string]any{"text/plain": out.Page}, "start": 0})
	}
	k.reply(k.shell, m, "execute_reply", map[string]any{
		"status": "ok", "execution_count": out.Count, "payload": payload,
		"user_expressions": k.userExpressions(r.UserExpressions),
	})
}

// run executes code with a context that interrupt_request cancels.
func (k *Kernel) run(code string, o kernel.ExecOptions) *kernel.Output {
	ctx, cancel := context.WithCancel(k.ctx)
	defer cancel()
	k.cellMu.Lock()
	k.cancelCell = cancel
	k.cellMu.Unlock()
	defer func() {
		k.cellMu.Lock()
		k.cancelCell = nil
		k.cellMu.Unlock()
	}()
	out := k.safeExecute(ctx, code, o)
	if out == nil {
		return &kernel.Output{Count: k.lastCount, Err: &kernel.Error{Kind: "InternalError", Msg: "the engine returned no output"}}
	}
	return out
}

// safeExecute calls the engine; a panic (which the engine promises never to
// raise) becomes the cell's error rather than the end of the kernel.
func (k *Kernel) safeExecute(ctx context.Context, code string, o kernel.ExecOptions) (out *kernel.Output) {
	defer func() {
		if r := recover(); r != nil {
			k.log.Printf("engine panicked on %q: %v\n%s", code, r, debug.Stack())
			out = &kernel.Output{Count: k.lastCount, Err: &kernel.Error{Kind: "InternalError", Msg: fmt.Sprintf("the engine failed: %v", r)}}
		}
	}()
	return k.engine.ExecuteWith(ctx, code, o)
}

// userExpressions evaluates execute_request's user_expressions after a
// successful cell, without touching the counter or history.
func (k *Kernel) userExpressions(exprs map[string]string) map[string]any {
	res := map[string]any{}
	for name, code := range exprs {
		out := k.run(code, kernel.ExecOptions{NoHistory: true, Stdout: io.Discard, SVG: true})
		switch {
		case out.Err != nil:
			ename, evalue, tb := errorFields(out.Err)
			res[name] = map[string]any{"status": "error", "ename": ename, "evalue": evalue, "traceback": tb}
		case out.Result != nil:
			res[name] = map[string]any{"status": "ok", "data": bundle(*out.Result), "metadata": map[string]any{}}
		default:
			res[name] = map[string]any{"status": "ok", "data": map[string]any{}, "metadata": map[string]any{}}
		}
	}
	return res
}

// bundle is a display's MIME bundle: text/plain always, SVG when it has a
// picture, HTML when it has one (a table).
func bundle(d kernel.Display) map[string]any {
	b := map[string]any{"text/plain": d.Text}
	if d.SVG != "" {
		b["image/svg+xml"] = d.SVG
	}
	if d.HTML != "" {
		b["text/html"] = d.HTML
	}
	return b
}

// errorFields turns an engine error into Jupyter's ename, evalue and
// traceback (the lines a terminal would print: position, source, caret).
func errorFields(e *kernel.Error) (ename, evalue string, traceback []string) {
	ename = string(e.Kind)
	if ename == "" {
		ename = "Error"
	}
	return ename, e.Msg, strings.Split(ename+": "+e.Error(), "\n")
}

// streams turns the engine's stdout and stderr into stream messages, in the
// order they were written. Writes are gathered for a short moment so that a
// loop of prints becomes a few messages rather than thousands, and split
// only at UTF-8 boundaries; a write to the other stream sends what is
// gathered first.
type streams struct {
	publish func(name, text string)

	mu     sync.Mutex
	name   string // the stream buf belongs to
	buf    []byte
	timer  *time.Timer
	wrote  map[string]bool // the streams written to
	closed bool
}

const (
	streamDelay = 50 * time.Millisecond // longest wait before printed text goes out
	streamChunk = 64 << 10              // flush at once beyond this many bytes
)

// writer is the io.Writer of one stream ("stdout" or "stderr").
func (w *streams) writer(name string) io.Writer {
	return writerFunc(func(p []byte) (int, error) { return w.write(name, p) })
}

func (w *streams) write(name string, p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return 0, errors.New("write after the cell ended")
	}
	if len(p) == 0 {
		return 0, nil
	}
	if w.wrote == nil {
		w.wrote = map[string]bool{}
	}
	w.wrote[name] = true
	if name != w.name {
		w.flushLocked(true) // the other stream's text came first
		w.name = name
	}
	w.buf = append(w.buf, p...)
	switch {
	case len(w.buf) >= streamChunk:
		w.flushLocked(false)
	case w.timer == nil && len(w.buf) > 0:
		w.timer = time.AfterFunc(streamDelay, func() {
			w.mu.Lock()
			defer w.mu.Unlock()
			if !w.closed {
				w.flushLocked(false)
			}
		})
	}
	return len(p), nil
}

// flushLocked publishes the buffered text; unless final, an incomplete
// UTF-8 sequence at the end waits for the rest of its bytes.
func (w *streams) flushLocked(final bool) {
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	n := len(w.buf)
	if !final {
		n = completeUTF8(w.buf)
	}
	if n > 0 {
		w.publish(w.name, string(w.buf[:n]))
		w.buf = append(w.buf[:0], w.buf[n:]...)
	}
}

// flush publishes everything written so far.
func (w *streams) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.flushLocked(true)
}

// close flushes everything; later writes fail.
func (w *streams) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.flushLocked(true)
	w.closed = true
}

// writerFunc is an io.Writer made of a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// completeUTF8 is the length of the longest prefix of b that does not end
// inside a UTF-8 sequence (invalid bytes count as complete: they cannot
// become valid later).
func completeUTF8(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return i
			}
			break
		}
	}
	return len(b)
}

// busy reports whether a cell is running (for tests that must interrupt
// one).
func (k *Kernel) busy() bool {
	k.cellMu.Lock()
	defer k.cellMu.Unlock()
	return k.cancelCell != nil
}
