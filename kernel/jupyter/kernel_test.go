package jupyter

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
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
