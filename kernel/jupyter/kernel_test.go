package jupyter

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"gamelab/kernel"
	"gamelab/kernel/jupyter/wire"
)

// wait is the deadline for any one expected message; tests poll against
// it and never sleep to synchronise.
const wait = 10 * time.Second

// fakeEngine is an engine whose cells do what their text says, so the
// protocol tests control timing exactly:
//
//	block       runs until interrupted (then fails with Interrupted)
//	print TEXT  prints TEXT through ExecOptions.Stdout
//	show        shows a picture and returns a pictured value
//	interleave  prints, shows, prints (the order must survive)
//	streams     stdout, stderr, stdout, clear (wait), stdout
//	page        asks for the pager
//	fail        fails with a NameError at 1:1
//	panic       panics (the engine's contract forbids it; the kernel survives)
//	#...        returns its length (for code of many megabytes)
//	anything    returns itself as the value
type fakeEngine struct {
	count   int
	running chan struct{} // receives when a block cell starts
}

func (f *fakeEngine) ExecuteWith(ctx context.Context, code string, o kernel.ExecOptions) *kernel.Output {
	if !o.Silent && !o.NoHistory {
		f.count++
	}
	out := &kernel.Output{Count: f.count}
	switch {
	case code == "block":
		f.running <- struct{}{}
		<-ctx.Done()
		out.Err = &kernel.Error{Kind: "Interrupted", Msg: "interrupted"}
	case code == "interleave":
		o.Stdout.Write([]byte("before\n"))
		d := kernel.Display{Text: "pic", SVG: "<svg>pic</svg>"}
		out.Displays = []kernel.Display{d}
		o.Display(d)
		o.Stdout.Write([]byte("after\n"))
		out.Stdout = "before\nafter\n"
	case code == "streams":
		for _, w := range []struct {
			to   io.Writer
			text string
		}{{o.Stdout, "out 1\n"}, {o.Stderr, "err\n"}, {o.Stdout, "out 2\n"}} {
			w.to.Write([]byte(w.text))
		}
		o.Clear(true)
		o.Stdout.Write([]byte("out 3\n"))
		out.Stdout, out.Stderr = "out 1\nout 2\nout 3\n", "err\n"
	case code == "progress":
		o.Stdout.Write([]byte("before\n"))
		o.Progress("10% done")
		o.Progress("60% done")
		o.Progress("")
		out.Stdout = "before\n"
		out.Result = &kernel.Display{Text: "done"}
	case strings.HasPrefix(code, "#"):
		// A long comment: its length, not its text, is the value.
		out.Result = &kernel.Display{Text: fmt.Sprint(len(code))}
	case code == "page":
		out.Page = "solve(x): the optimal answer\n"
	case code == "stop control":
		out.Result = &kernel.Display{Text: o.StopControl}
	case strings.HasPrefix(code, "print "):
		text := strings.TrimPrefix(code, "print ")
		// Two writes split inside "é": the stream must not tear the rune.
		b := []byte(text)
		o.Stdout.Write(b[:len(b)/2])
		o.Stdout.Write(b[len(b)/2:])
		out.Stdout = text
	case code == "show":
		out.Displays = []kernel.Display{{Text: "pic", SVG: "<svg>pic</svg>"}}
		if o.Display != nil {
			o.Display(out.Displays[0])
		}
		if !o.Silent {
			out.Result = &kernel.Display{Text: "val", SVG: "<svg>val</svg>"}
		}
	case code == "fail":
		out.Err = &kernel.Error{Kind: "NameError", Msg: "unknown name fail", Line: 1, Column: 1, Source: "fail"}
	case code == "panic":
		panic("boom")
	default:
		if !o.Silent {
			out.Result = &kernel.Display{Text: code}
		}
	}
	return out
}

// Complete offers the builtins starting with the word before the cursor.
func (f *fakeEngine) Complete(code string, cursor int) ([]string, int, int) {
	rs := []rune(code)
	start := cursor
	for start > 0 && rs[start-1] != ' ' {
		start--
	}
	var m []string
	for _, w := range []string{"show", "solve", "setv"} {
		if strings.HasPrefix(w, string(rs[start:cursor])) {
			m = append(m, w)
		}
	}
	return m, start, cursor
}

func (f *fakeEngine) Inspect(code string, cursor int) (string, bool) {
	if strings.Contains(code, "solve") {
		return "solve(x): the optimal answer", true
	}
	return "", false
}

// syncBuffer is the kernel's log, read by the tests while the kernel writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// client drives a kernel over real ZeroMQ sockets on loopback, as a
// Jupyter frontend does.
type client struct {
	t       *testing.T
	k       *Kernel
	log     *syncBuffer
	sig     wire.Signer
	session string
	done    chan error // Run's result

	shell, control, hb zmq4.Socket
	iopub              zmq4.Socket
	shellIn, ctrlIn    chan *Message
	iopubIn            chan *Message
}

const testKey = "0f1e2d3c-secret"

// start runs a kernel with engine e (nil: a real kernel.Session) on free
// loopback ports and connects a client whose iopub subscription is live.
func start(t *testing.T, e kernel.Engine) *client {
	t.Helper()
	return startOn(t, e, ConnectionInfo{IP: "127.0.0.1", Key: testKey, Transport: "tcp"})
}

// startOn is start with the given connection info (and options).
func startOn(t *testing.T, e kernel.Engine, ci ConnectionInfo, more ...Option) *client {
	t.Helper()
	logb := &syncBuffer{}
	opts := append([]Option{WithLog(logb), WithVersion("test")}, more...)
	if e != nil {
		opts = append(opts, WithEngine(e))
	}
	k, err := New(ci, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{
		t: t, k: k, log: logb, sig: wire.Signer{Key: []byte(testKey)}, session: wire.NewID(),
		done:    make(chan error, 1),
		shell:   zmq4.NewDealer(ctx),
		control: zmq4.NewDealer(ctx),
		hb:      zmq4.NewReq(ctx),
		iopub:   zmq4.NewSub(ctx),
		shellIn: make(chan *Message, 100), ctrlIn: make(chan *Message, 100), iopubIn: make(chan *Message, 1000),
	}
	runCtx, stopRun := context.WithCancel(context.Background())
	go func() { c.done <- k.Run(runCtx) }()
	ci = k.Connection()
	for _, d := range []struct {
		s    zmq4.Socket
		port int
	}{{c.shell, ci.ShellPort}, {c.control, ci.ControlPort}, {c.hb, ci.HBPort}, {c.iopub, ci.IOPubPort}} {
		if err := d.s.Dial(ci.Endpoint(d.port)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		s  zmq4.Socket
		ch chan *Message
	}{{c.shell, c.shellIn}, {c.control, c.ctrlIn}, {c.iopub, c.iopubIn}} {
		go c.read(r.s, r.ch)
	}
	t.Cleanup(func() {
		cancel()
		for _, s := range []zmq4.Socket{c.shell, c.control, c.hb, c.iopub} {
			s.Close()
		}
		stopRun() // when the test did not shut the kernel down itself
		<-c.done
		if t.Failed() {
			t.Logf("kernel log:\n%s", logb.String())
		}
	})
	c.waitIOPub()
	return c
}

// read decodes every message of one client socket, checking the kernel's
// signature on each.
func (c *client) read(s zmq4.Socket, ch chan<- *Message) {
	guard := wire.NewReplayGuard(1 << 12)
	for {
		raw, err := s.Recv()
		if err != nil {
			return
		}
		m, err := wire.Decode(raw.Frames, c.sig, guard)
		if err != nil {
			c.t.Errorf("kernel sent a bad message: %v", err)
			return
		}
		ch <- m
	}
}

// waitIOPub sends kernel_info until iopub delivers its status (the PUB drops
// everything published before the subscription arrives), then drains.
func (c *client) waitIOPub() {
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		id := c.send(c.shell, "kernel_info_request", map[string]any{})
		c.reply(c.shellIn, id)
		poll := time.After(200 * time.Millisecond)
		for {
			select {
			case m := <-c.iopubIn:
				if parentID(m) == id && state(m) == "idle" {
					return
				}
				continue
			case <-poll:
			}
			break
		}
	}
	c.t.Fatal("iopub never delivered a status message")
}

// frames builds a signed request; send puts it on a socket and returns its id.
func (c *client) frames(msgType string, content any) ([][]byte, string) {
	id := wire.NewID()
	h, _ := json.Marshal(wire.Header{MsgID: id, Session: c.session, Username: "test", Date: time.Now().UTC().Format(time.RFC3339Nano), MsgType: msgType, Version: ProtocolVersion})
	body, _ := json.Marshal(content)
	parts := [][]byte{h, []byte("{}"), []byte("{}"), body}
	return append([][]byte{wire.Delimiter, c.sig.Sign(parts...)}, parts...), id
}

func (c *client) send(s zmq4.Socket, msgType string, content any) string {
	f, id := c.frames(msgType, content)
	c.sendRaw(s, f)
	return id
}

func (c *client) sendRaw(s zmq4.Socket, f [][]byte) {
	c.t.Helper()
	if err := s.SendMulti(zmq4.NewMsgFrom(f...)); err != nil {
		c.t.Fatal(err)
	}
}

// reply waits for the reply to request id on ch; any other reply first is a
// failure (replies come in request order).
func (c *client) reply(ch chan *Message, id string) *Message {
	c.t.Helper()
	select {
	case m := <-ch:
		if parentID(m) != id {
			c.t.Fatalf("got %s for %s, want the reply to %s", m.Header.MsgType, parentID(m), id)
		}
		return m
	case <-time.After(wait):
		c.t.Fatalf("no reply to %s", id)
	}
	return nil
}

// outputs collects the iopub messages of request id from busy to idle
// (statuses excluded) and checks that busy came first and idle last.
func (c *client) outputs(id string) []*Message {
	c.t.Helper()
	var out []*Message
	busy := false
	timeout := time.After(wait)
	for {
		select {
		case m := <-c.iopubIn:
			if parentID(m) != id {
				continue // earlier requests' stragglers
			}
			switch {
			case m.Header.MsgType == "status" && state(m) == "busy":
				if busy || len(out) > 0 {
					c.t.Fatalf("second busy or busy after output for %s", id)
				}
				busy = true
			case m.Header.MsgType == "status" && state(m) == "idle":
				if !busy {
					c.t.Fatalf("idle without busy for %s", id)
				}
				return out
			default:
				if !busy {
					c.t.Fatalf("%s before busy", m.Header.MsgType)
				}
				out = append(out, m)
			}
		case <-timeout:
			c.t.Fatalf("no idle for %s", id)
		}
	}
}

// exec runs code on shell and returns the reply content and the outputs.
func (c *client) exec(content map[string]any) (map[string]any, []*Message) {
	c.t.Helper()
	id := c.send(c.shell, "execute_request", content)
	r := c.reply(c.shellIn, id)
	return body(r), c.outputs(id)
}

func parentID(m *Message) string {
	var h wire.Header
	json.Unmarshal(m.Parent, &h)
	return h.MsgID
}

func state(m *Message) string { return str(body(m)["execution_state"]) }

func body(m *Message) map[string]any {
	var v map[string]any
	if err := json.Unmarshal(m.Content, &v); err != nil {
		panic(err)
	}
	return v
}

func str(v any) string { s, _ := v.(string); return s }

func types(ms []*Message) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.Header.MsgType)
	}
	return strings.Join(s, ",")
}

func code(c string) map[string]any {
	return map[string]any{"code": c, "silent": false, "store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true}
}

func TestKernelInfoOnShellAndControl(t *testing.T) {
	c := start(t, nil)
	for _, s := range []struct {
		sock zmq4.Socket
		in   chan *Message
	}{{c.shell, c.shellIn}, {c.control, c.ctrlIn}} {
		id := c.send(s.sock, "kernel_info_request", map[string]any{})
		r := c.reply(s.in, id)
		if r.Header.MsgType != "kernel_info_reply" || r.Header.Version != ProtocolVersion {
			t.Fatalf("header %+v", r.Header)
		}
		b := body(r)
		li, _ := b["language_info"].(map[string]any)
		if b["status"] != "ok" || b["protocol_version"] != ProtocolVersion || li["name"] != "gamelab" || li["file_extension"] != ".gl" || li["mimetype"] == nil || li["version"] != "test" {
			t.Errorf("kernel_info %v", b)
		}
		// Notebook highlights cells with a CodeMirror mode it ships (else it
		// asks for codemirror/mode/gamelab/gamelab.js and gets a 404), and
		// nbconvert with a pygments lexer.
		if li["codemirror_mode"] != "javascript" || li["pygments_lexer"] != "javascript" {
			t.Errorf("language_info %v", li)
		}
		if out := c.outputs(id); len(out) != 0 {
			t.Errorf("kernel_info published %s", types(out))
		}
	}
}

func TestExecuteRealSession(t *testing.T) {
	c := start(t, nil)
	r, out := c.exec(code("1 + 2"))
	if r["status"] != "ok" || r["execution_count"] != 1.0 {
		t.Fatalf("reply %v", r)
	}
	if types(out) != "execute_input,execute_result" {
		t.Fatalf("outputs %s", types(out))
	}
	in, res := body(out[0]), body(out[1])
	if in["code"] != "1 + 2" || in["execution_count"] != 1.0 {
		t.Errorf("execute_input %v", in)
	}
	if res["execution_count"] != 1.0 || res["data"].(map[string]any)["text/plain"] != "3" {
		t.Errorf("execute_result %v", res)
	}
	// A sweep's list of maps is a table: text/html beside text/plain.
	r, out = c.exec(code("map(1..2, ({n: #, sq: # * #}))"))
	if r["status"] != "ok" || types(out) != "execute_input,execute_result" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	data := body(out[1])["data"].(map[string]any)
	if !strings.HasPrefix(str(data["text/html"]), "<table>") || !strings.HasPrefix(str(data["text/plain"]), "n  sq\n") {
		t.Errorf("table %v", data)
	}
	// An error: ename, evalue and a traceback list, and the count moves on.
	r, out = c.exec(code("1 +"))
	if r["status"] != "error" || r["execution_count"] != 3.0 || types(out) != "execute_input,error" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	e := body(out[1])
	if str(e["ename"]) == "" || str(e["evalue"]) == "" || len(e["traceback"].([]any)) == 0 {
		t.Errorf("error %v", e)
	}
}

func TestExecuteOutputs(t *testing.T) {
	c := start(t, &fakeEngine{})
	r, out := c.exec(code("print héllo wörld\n"))
	if r["status"] != "ok" || types(out) != "execute_input,stream" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	if s := body(out[1]); s["name"] != "stdout" || s["text"] != "héllo wörld\n" {
		t.Errorf("stream %v", s)
	}
	r, out = c.exec(code("show"))
	if r["status"] != "ok" || types(out) != "execute_input,display_data,execute_result" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	d := body(out[1])["data"].(map[string]any)
	v := body(out[2])["data"].(map[string]any)
	if d["text/plain"] != "pic" || d["image/svg+xml"] != "<svg>pic</svg>" || v["text/plain"] != "val" || v["image/svg+xml"] != "<svg>val</svg>" {
		t.Errorf("display %v, result %v", d, v)
	}
	// Progress: one display, updated in place by its display_id and
	// emptied at the end, after the text printed before it.
	r, out = c.exec(code("progress"))
	if r["status"] != "ok" || types(out) != "execute_input,stream,display_data,update_display_data,update_display_data,execute_result" {
		t.Fatalf("progress: reply %v, outputs %s", r, types(out))
	}
	id := body(out[2])["transient"].(map[string]any)["display_id"]
	for i, want := range []string{"10% done", "60% done", ""} {
		b := body(out[2+i])
		if b["data"].(map[string]any)["text/plain"] != want || b["transient"].(map[string]any)["display_id"] != id || str(id) == "" {
			t.Errorf("progress %d: %v", i, b)
		}
	}
	r, out = c.exec(code("interleave"))
	if r["status"] != "ok" || types(out) != "execute_input,stream,display_data,stream" || body(out[3])["text"] != "after\n" {
		t.Fatalf("print, show, print: reply %v, outputs %s", r, types(out))
	}
	r, out = c.exec(code("streams"))
	if r["status"] != "ok" || types(out) != "execute_input,stream,stream,stream,clear_output,stream" {
		t.Fatalf("stdout, stderr, stdout, clear, stdout: reply %v, outputs %s", r, types(out))
	}
	var got []string
	for _, m := range out[1:] {
		b := body(m)
		if m.Header.MsgType == "clear_output" {
			got = append(got, fmt.Sprintf("clear wait=%v", b["wait"]))
		} else {
			got = append(got, fmt.Sprintf("%s %q", str(b["name"]), str(b["text"])))
		}
	}
	if g := strings.Join(got, ", "); g != `stdout "out 1\n", stderr "err\n", stdout "out 2\n", clear wait=true, stdout "out 3\n"` {
		t.Errorf("streams %s", g)
	}
	r, out = c.exec(code("page"))
	if pl := fmt.Sprint(r["payload"]); r["status"] != "ok" || types(out) != "execute_input" ||
		pl != "[map[data:map[text/plain:solve(x): the optimal answer\n] source:page start:0]]" {
		t.Fatalf("page: reply %v, outputs %s", r, types(out))
	}
	r, out = c.exec(code("fail"))
	if r["status"] != "error" || r["ename"] != "NameError" || types(out) != "execute_input,error" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	tb := fmt.Sprint(body(out[1])["traceback"])
	if tb != "[NameError: 1:1: unknown name fail fail ^]" {
		t.Errorf("traceback %s", tb)
	}
	// A panicking engine costs the cell, not the kernel.
	r, out = c.exec(code("panic"))
	if r["status"] != "error" || r["ename"] != "InternalError" || types(out) != "execute_input,error" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	r, _ = c.exec(code("still here"))
	if r["status"] != "ok" || r["execution_count"] != 9.0 {
		t.Errorf("after the panic: %v", r)
	}
}

func TestSilentAndStoreHistory(t *testing.T) {
	c := start(t, &fakeEngine{})
	c.exec(code("a"))
	silent := code("print quiet")
	silent["silent"] = true
	r, out := c.exec(silent)
	if r["status"] != "ok" || r["execution_count"] != 1.0 || len(out) != 0 {
		t.Fatalf("silent: reply %v, outputs %s", r, types(out))
	}
	noHist := code("b")
	noHist["store_history"] = false
	r, out = c.exec(noHist)
	if r["execution_count"] != 1.0 || types(out) != "execute_input,execute_result" || body(out[0])["execution_count"] != 1.0 {
		t.Fatalf("store_history false: reply %v, outputs %s", r, types(out))
	}
	r, _ = c.exec(code("c"))
	if r["execution_count"] != 2.0 {
		t.Fatalf("count after them %v", r["execution_count"])
	}
	id := c.send(c.shell, "history_request", map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 10})
	if h := fmt.Sprint(body(c.reply(c.shellIn, id))["history"]); h != "[[1 1 a] [1 2 c]]" {
		t.Errorf("history %s", h)
	}
}

func TestUserExpressions(t *testing.T) {
	c := start(t, &fakeEngine{})
	req := code("x")
	req["user_expressions"] = map[string]any{"good": "show", "bad": "fail"}
	r, _ := c.exec(req)
	ue := r["user_expressions"].(map[string]any)
	good, bad := ue["good"].(map[string]any), ue["bad"].(map[string]any)
	if good["status"] != "ok" || good["data"].(map[string]any)["image/svg+xml"] != "<svg>val</svg>" || bad["status"] != "error" || bad["ename"] != "NameError" {
		t.Errorf("user_expressions %v", ue)
	}
	if r["execution_count"] != 1.0 {
		t.Errorf("user expressions moved the count: %v", r["execution_count"])
	}
}

// eventually waits until cond holds, polling against the deadline wait; a
// condition that never holds fails the test with what it was waiting for.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s after %v", what, wait)
		}
		time.Sleep(time.Millisecond) // polling, not synchronising: cond decides
	}
}

// blockAndQueue starts a block cell (content first), queues more cells
// behind it and waits until the kernel holds them, so what follows is
// deterministic.
func blockAndQueue(c *client, f *fakeEngine, first map[string]any, queued ...map[string]any) (firstID string, ids []string) {
	c.t.Helper()
	firstID = c.send(c.shell, "execute_request", first)
	select {
	case <-f.running:
	case <-time.After(wait):
		c.t.Fatal("block cell never started")
	}
	for _, q := range queued {
		ids = append(ids, c.send(c.shell, "execute_request", q))
	}
	eventually(c.t, fmt.Sprintf("the kernel to queue %d requests", len(queued)), func() bool { return len(c.k.shellQ) >= len(queued) })
	return firstID, ids
}

// interrupt sends interrupt_request on control and waits for its reply.
func (c *client) interrupt() {
	c.t.Helper()
	id := c.send(c.control, "interrupt_request", map[string]any{})
	if r := body(c.reply(c.ctrlIn, id)); r["status"] != "ok" {
		c.t.Fatalf("interrupt_reply %v", r)
	}
}

func TestInterruptWhileBusy(t *testing.T) {
	f := &fakeEngine{running: make(chan struct{}, 1)}
	c := start(t, f)
	first, _ := blockAndQueue(c, f, code("block"))
	// While the cell runs: heartbeat, control and completion stay live.
	if err := c.hb.Send(zmq4.NewMsgString("ping")); err != nil {
		t.Fatal(err)
	}
	if m, err := c.hb.Recv(); err != nil || string(m.Bytes()) != "ping" {
		t.Fatalf("heartbeat %q, %v", m.Bytes(), err)
	}
	id := c.send(c.control, "kernel_info_request", map[string]any{})
	c.reply(c.ctrlIn, id)
	c.interrupt()
	r := body(c.reply(c.shellIn, first))
	if r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Fatalf("interrupted cell's reply %v", r)
	}
	if out := c.outputs(first); types(out) != "execute_input,error" {
		t.Fatalf("outputs %s", types(out))
	}
	// The session carries on.
	if r, _ := c.exec(code("next")); r["status"] != "ok" || r["execution_count"] != 2.0 {
		t.Fatalf("after the interrupt: %v", r)
	}
}

func TestStopOnError(t *testing.T) {
	f := &fakeEngine{running: make(chan struct{}, 1)}
	c := start(t, f)
	first, ids := blockAndQueue(c, f, code("block"), code("aborted 1"), code("aborted 2"))
	c.interrupt()
	if r := body(c.reply(c.shellIn, first)); r["status"] != "error" {
		t.Fatalf("first %v", r)
	}
	for _, id := range ids {
		r := body(c.reply(c.shellIn, id))
		if r["status"] != "aborted" {
			t.Fatalf("queued cell %v, want aborted", r)
		}
		if n, has := r["execution_count"]; has {
			t.Errorf("an aborted cell's reply carries execution_count %v (ipykernel's has none)", n)
		}
		if out := c.outputs(id); len(out) != 0 {
			t.Errorf("aborted cell published %s", types(out))
		}
	}
	// Only what was queued at the failure is aborted.
	if r, _ := c.exec(code("later")); r["status"] != "ok" {
		t.Fatalf("cell after the aborted ones: %v", r)
	}
	// The failed cell's own stop_on_error decides: false lets the queue run.
	noStop := code("block")
	noStop["stop_on_error"] = false
	first, ids = blockAndQueue(c, f, noStop, code("runs"))
	c.interrupt()
	c.reply(c.shellIn, first)
	if r := body(c.reply(c.shellIn, ids[0])); r["status"] != "ok" {
		t.Fatalf("cell after a stop_on_error=false failure: %v", r)
	}
}

// A cell of the same Run All that is still on its way when the one before
// it fails (a Jupyter server forwards a notebook's cells one by one) is
// aborted too: the failed cell's reply waits until the queue is quiet. A
// cell sent after the reply runs.
func TestStopOnErrorWaitsForCellsOnTheWay(t *testing.T) {
	c := startOn(t, &fakeEngine{}, ConnectionInfo{IP: "127.0.0.1", Key: testKey, Transport: "tcp"}, WithStopOnErrorQuiet(time.Second))
	failed := c.send(c.shell, "execute_request", code("fail"))
	// The error is published before the reply: a cell sent now was sent
	// before its client could know of the failure.
	for published := false; !published; {
		select {
		case m := <-c.iopubIn:
			published = parentID(m) == failed && m.Header.MsgType == "error"
		case <-time.After(wait):
			t.Fatal("no error published")
		}
	}
	onTheWay := c.send(c.shell, "execute_request", code("on the way"))
	if r := body(c.reply(c.shellIn, failed)); r["status"] != "error" {
		t.Fatalf("failed cell %v", r)
	}
	if r := body(c.reply(c.shellIn, onTheWay)); r["status"] != "aborted" {
		t.Fatalf("a cell on its way when the one before failed: %v, want aborted", r)
	}
	if r, _ := c.exec(code("after the reply")); r["status"] != "ok" {
		t.Fatalf("a cell sent after the failure's reply: %v", r)
	}
}

func TestCompleteInspectIsComplete(t *testing.T) {
	c := start(t, &fakeEngine{})
	// Cursor positions count code points: "é" is one, though two bytes.
	id := c.send(c.shell, "complete_request", map[string]any{"code": "é = so", "cursor_pos": 6})
	r := body(c.reply(c.shellIn, id))
	if fmt.Sprint(r["matches"]) != "[solve]" || r["cursor_start"] != 4.0 || r["cursor_end"] != 6.0 || r["status"] != "ok" {
		t.Errorf("complete %v", r)
	}
	id = c.send(c.shell, "complete_request", map[string]any{"code": "s", "cursor_pos": 99})
	if r := body(c.reply(c.shellIn, id)); r["cursor_end"] != 1.0 || len(r["matches"].([]any)) != 3 {
		t.Errorf("cursor past the end: %v", r)
	}
	id = c.send(c.shell, "inspect_request", map[string]any{"code": "solve(p)", "cursor_pos": 3, "detail_level": 0})
	if r := body(c.reply(c.shellIn, id)); r["found"] != true || r["data"].(map[string]any)["text/plain"] != "solve(x): the optimal answer" {
		t.Errorf("inspect %v", r)
	}
	id = c.send(c.shell, "inspect_request", map[string]any{"code": "zz", "cursor_pos": 2, "detail_level": 0})
	if r := body(c.reply(c.shellIn, id)); r["found"] != false || len(r["data"].(map[string]any)) != 0 {
		t.Errorf("inspect unknown %v", r)
	}
	for _, tc := range []struct{ code, status string }{
		{"1 + 2", "complete"}, {"map([1, 2,", "incomplete"}, {"1)", "invalid"},
	} {
		id := c.send(c.shell, "is_complete_request", map[string]any{"code": tc.code})
		r := body(c.reply(c.shellIn, id))
		if r["status"] != tc.status {
			t.Errorf("is_complete %q: %v, want %s", tc.code, r, tc.status)
		}
		if tc.status == "incomplete" && r["indent"] == nil {
			t.Errorf("is_complete %q: no indent", tc.code)
		}
	}
}

func TestHistoryAndComms(t *testing.T) {
	c := start(t, &fakeEngine{})
	for _, s := range []string{"alpha", "beta", "alpha", "print x"} {
		c.exec(code(s))
	}
	for _, tc := range []struct {
		req  map[string]any
		want string
	}{
		{map[string]any{"hist_access_type": "tail", "n": 2, "output": true}, "[[1 3 [alpha alpha]] [1 4 [print x <nil>]]]"},
		{map[string]any{"hist_access_type": "range", "session": 0, "start": 2, "stop": 4}, "[[1 2 beta] [1 3 alpha]]"},
		{map[string]any{"hist_access_type": "range", "session": 1, "start": 4}, "[[1 4 print x]]"},
		{map[string]any{"hist_access_type": "range", "session": -1, "start": 1}, "[]"},
		{map[string]any{"hist_access_type": "search", "pattern": "al*"}, "[[1 1 alpha] [1 3 alpha]]"},
		{map[string]any{"hist_access_type": "search", "pattern": "*a", "unique": true}, "[[1 2 beta] [1 3 alpha]]"},
		{map[string]any{"hist_access_type": "search", "pattern": "?????", "n": 1}, "[[1 3 alpha]]"},
	} {
		tc.req["raw"] = true
		if tc.req["output"] == nil {
			tc.req["output"] = false
		}
		id := c.send(c.shell, "history_request", tc.req)
		if got := fmt.Sprint(body(c.reply(c.shellIn, id))["history"]); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.req, got, tc.want)
		}
	}
	id := c.send(c.shell, "comm_info_request", map[string]any{})
	if r := body(c.reply(c.shellIn, id)); r["status"] != "ok" || fmt.Sprint(r["comms"]) != "map[]" {
		t.Errorf("comm_info %v", r)
	}
	id = c.send(c.shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "nope", "data": map[string]any{}})
	out := c.outputs(id)
	if types(out) != "comm_close" || body(out[0])["comm_id"] != "c1" {
		t.Errorf("comm_open answered with %s", types(out))
	}
}

// TestBadMessagesDropped sends forged, replayed and undecodable messages;
// each must be logged and dropped, and the kernel must go on. (Signed
// requests with a readable header are answered instead: see
// TestMalformedRequestsGetErrorReplies.)
func TestBadMessagesDropped(t *testing.T) {
	c := start(t, &fakeEngine{})
	good, goodID := c.frames("execute_request", code("counted"))
	forged, _ := c.frames("execute_request", code("forged"))
	forged[1] = bytes.Repeat([]byte("0"), 64)
	flipped, _ := c.frames("execute_request", code("flipped"))
	flipped[5] = []byte(strings.Replace(string(flipped[5]), "flipped", "FLIPPED", 1)) // content changed after signing
	unsigned, _ := c.frames("execute_request", code("unsigned"))
	unsigned[1] = nil
	sign := func(parts ...string) [][]byte {
		p := make([][]byte, len(parts))
		for i, s := range parts {
			p[i] = []byte(s)
		}
		return append([][]byte{wire.Delimiter, c.sig.Sign(p...)}, p...)
	}
	hdr := func(t string) string {
		return fmt.Sprintf(`{"msg_id":%q,"session":"s","username":"u","date":"","msg_type":%q,"version":"5.3"}`, wire.NewID(), t)
	}
	for _, tc := range []struct {
		name   string
		frames [][]byte
		log    string
	}{
		{"forged signature", forged, "bad signature"},
		{"content changed after signing", flipped, "bad signature"},
		{"unsigned", unsigned, "bad signature"},
		{"no wire.Delimiter", [][]byte{[]byte("junk"), []byte("more")}, "no <IDS|MSG>"},
		{"too few frames", [][]byte{wire.Delimiter, []byte("sig"), []byte("{}")}, "want at least 5"},
		{"empty message", [][]byte{{}}, "no <IDS|MSG>"},
		{"header not an object", sign(`["a"]`, "{}", "{}", "{}"), "header is not a JSON object"},
		{"header without type", sign(`{"msg_id":"1"}`, "{}", "{}", "{}"), "lacks msg_type"},
		{"unknown type, not a request", sign(hdr("frobnicate"), "{}", "{}", "{}"), "unknown message type"},
	} {
		c.sendRaw(c.shell, tc.frames)
		// A good request behind it is the barrier: shell is handled in
		// order, so its reply comes first only if the bad one made none.
		id := c.send(c.shell, "kernel_info_request", map[string]any{})
		c.reply(c.shellIn, id)
		if !strings.Contains(c.log.String(), tc.log) {
			t.Errorf("%s: log lacks %q", tc.name, tc.log)
		}
	}
	// Control is guarded the same way.
	c.sendRaw(c.control, forged)
	c.reply(c.ctrlIn, c.send(c.control, "kernel_info_request", map[string]any{}))

	// A replayed (captured and resent) message runs once.
	c.sendRaw(c.shell, good)
	c.sendRaw(c.shell, good)
	c.reply(c.shellIn, goodID)
	r, _ := c.exec(code("next"))
	if r["execution_count"] != 2.0 {
		t.Errorf("count %v: the replay or a bad message ran", r["execution_count"])
	}
	if !strings.Contains(c.log.String(), "replayed") {
		t.Error("log lacks the replay")
	}
}

func TestShutdown(t *testing.T) {
	for _, onShell := range []bool{false, true} {
		c := start(t, &fakeEngine{})
		sock, in := c.control, c.ctrlIn
		if onShell {
			sock, in = c.shell, c.shellIn
		}
		id := c.send(sock, "shutdown_request", map[string]any{"restart": true})
		r := c.reply(in, id)
		if b := body(r); r.Header.MsgType != "shutdown_reply" || b["restart"] != true || b["status"] != "ok" {
			t.Fatalf("reply %s %v", r.Header.MsgType, b)
		}
		select {
		case err := <-c.done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(wait):
			t.Fatal("kernel did not stop")
		}
		c.done <- nil // what the cleanup waits for
	}
}

// TestRealEngine drives gamelab's own engine through the protocol: a
// picture, a result, print, an error, completion, help, and the interrupt
// of a long solve (the engine's builtins honour the cell's context).
func TestRealEngine(t *testing.T) {
	c := start(t, nil)
	for _, tc := range []struct {
		code, status, outputs string
		check                 func(out []*Message) bool
	}{
		{`p = polygon("* -5 + -2 * -8 * -5 + 8")`, "ok", "execute_input", nil},
		{`show(p)`, "ok", "execute_input,display_data", func(out []*Message) bool {
			d := body(out[1])["data"].(map[string]any)
			return strings.HasPrefix(str(d["image/svg+xml"]), "<svg") && str(d["text/plain"]) != ""
		}},
		{`solve(p).best`, "ok", "execute_input,execute_result", func(out []*Message) bool {
			return body(out[1])["data"].(map[string]any)["text/plain"] == "488"
		}},
		{`print("hi")`, "ok", "execute_input,stream", func(out []*Message) bool { return body(out[1])["text"] == "hi\n" }},
		{`nosuch + 1`, "error", "execute_input,error", func(out []*Message) bool { return strings.Contains(str(body(out[1])["evalue"]), "nosuch") }},
		{`print(1); eprint("careful"); clear(); print(2)`, "ok", "execute_input,stream,stream,clear_output,stream", func(out []*Message) bool {
			return body(out[2])["name"] == "stderr" && body(out[2])["text"] == "careful\n" && body(out[3])["wait"] == false
		}},
		{`help(solve)`, "ok", "execute_input,stream", func(out []*Message) bool { return strings.HasPrefix(str(body(out[1])["text"]), "solve(") }},
	} {
		r, out := c.exec(code(tc.code))
		if r["status"] != tc.status || types(out) != tc.outputs || (tc.check != nil && !tc.check(out)) {
			var texts []string
			for _, m := range out {
				texts = append(texts, string(m.Content))
			}
			t.Errorf("%s: reply %v, outputs %s:\n%s", tc.code, r, types(out), strings.Join(texts, "\n"))
		}
	}
	// name? opens the help in the pager: a payload, no output.
	r, out := c.exec(code("solve?"))
	pl, _ := r["payload"].([]any)
	if len(pl) != 1 || types(out) != "execute_input" {
		t.Fatalf("solve?: reply %v, outputs %s", r, types(out))
	}
	if p := pl[0].(map[string]any); p["source"] != "page" || !strings.HasPrefix(str(p["data"].(map[string]any)["text/plain"]), "solve(x)") {
		t.Errorf("solve? payload %v", p)
	}
	id := c.send(c.shell, "complete_request", map[string]any{"code": "x = so", "cursor_pos": 6})
	if r := body(c.reply(c.shellIn, id)); !strings.Contains(fmt.Sprint(r["matches"]), "solve") || r["cursor_start"] != 4.0 {
		t.Errorf("complete %v", r)
	}
	id = c.send(c.shell, "inspect_request", map[string]any{"code": "solve(p)", "cursor_pos": 2, "detail_level": 0})
	if r := body(c.reply(c.shellIn, id)); r["found"] != true || !strings.Contains(str(r["data"].(map[string]any)["text/plain"]), "solve(") {
		t.Errorf("inspect %v", r)
	}

	id = c.send(c.shell, "execute_request", code("solve(randpolygon(2500, 1))"))
	eventually(t, "the long cell to start", c.k.busy)
	c.interrupt()
	if r := body(c.reply(c.shellIn, id)); r["status"] != "error" || r["ename"] != "Interrupted" {
		t.Fatalf("interrupted solve: %v", r)
	}
	// The state survived the interrupt.
	if r, out := c.exec(code("solve(p).best")); r["status"] != "ok" || types(out) != "execute_input,execute_result" {
		t.Errorf("after the interrupt: %v %s", r, types(out))
	}
}

// TestHostilePeers attacks the sockets below the Jupyter layer: a
// handshake command that announces 2⁶⁰ bytes (zmq4 alone would try to
// allocate them and die) and a connection that never finishes its
// handshake (zmq4 alone would stop accepting anyone else). The kernel must
// keep serving.
func TestHostilePeers(t *testing.T) {
	defer wire.HandshakeTimeout.Store(wire.HandshakeTimeout.Load())
	wire.HandshakeTimeout.Store(int64(300 * time.Millisecond))
	c := start(t, &fakeEngine{})
	addr := fmt.Sprintf("127.0.0.1:%d", c.k.Connection().ShellPort)
	silent, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()

	huge, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer huge.Close()
	greeting := make([]byte, 64)
	greeting[0], greeting[9], greeting[10], greeting[11] = 0xff, 0x7f, 3, 0
	copy(greeting[12:], "NULL")
	huge.Write(greeting)
	frame := []byte{0x06, 0, 0, 0, 0, 0, 0, 0, 0} // command, LONG
	binary.BigEndian.PutUint64(frame[1:], 1<<60)
	huge.Write(frame)
	huge.SetReadDeadline(time.Now().Add(wait))
	if _, err := io.Copy(io.Discard, huge); err != nil {
		t.Fatalf("the kernel did not close the hostile connection: %v", err)
	}
	// The guard logs the refused command as it closes the connection.
	eventually(t, "the log to name the refused command", func() bool {
		return strings.Contains(c.log.String(), "1152921504606846976-byte")
	})
	// A new client still gets through while the silent one waits, and the
	// old ones are served.
	late := zmq4.NewDealer(context.Background())
	defer late.Close()
	if err := late.Dial("tcp://" + addr); err != nil {
		t.Fatal(err)
	}
	id := c.send(late, "kernel_info_request", map[string]any{})
	if m, err := late.Recv(); err != nil || !strings.Contains(string(m.Bytes()), id) {
		t.Fatalf("late client: %v", err)
	}
	c.reply(c.shellIn, c.send(c.shell, "kernel_info_request", map[string]any{}))
}

func TestIPCTransport(t *testing.T) {
	dir := t.TempDir()
	ci := ConnectionInfo{Transport: "ipc", IP: filepath.Join(dir, "kernel"), Key: testKey,
		ShellPort: 1, ControlPort: 2, StdinPort: 3, IOPubPort: 4, HBPort: 5}
	c := startOn(t, &fakeEngine{}, ci)
	if r, out := c.exec(code("over ipc")); r["status"] != "ok" || types(out) != "execute_input,execute_result" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
	c.reply(c.ctrlIn, c.send(c.control, "shutdown_request", map[string]any{"restart": false}))
	if err := <-c.done; err != nil {
		t.Fatal(err)
	}
	c.done <- nil
	if left, _ := filepath.Glob(filepath.Join(dir, "kernel-*")); len(left) != 0 {
		t.Errorf("socket files left behind: %v", left)
	}
}

// TestStopControl: progress lines and warnings name Jupyter's ■ Interrupt,
// not the REPL's Ctrl-C.
func TestStopControl(t *testing.T) {
	c := start(t, &fakeEngine{})
	if _, out := c.exec(code("stop control")); body(out[1])["data"].(map[string]any)["text/plain"] != "■ Interrupt" {
		t.Errorf("the stop control Jupyter names: %v", body(out[1]))
	}
}
