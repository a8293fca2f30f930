package jupyter

// Tests of the kernel under abuse from a local client without the key
// (issue #14): connections that come and go by the thousand, connections
// that stall in their handshake, handshakes zmq4 would choke on, requests
// too large to take and requests with fields of the wrong type.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"gamelab/kernel/jupyter/wire"

	"github.com/go-zeromq/zmq4"
)

// fdCount is the number of open descriptors of this process (the kernel
// runs in it).
func fdCount(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("counting descriptors needs /proc: %v", err)
	}
	return len(fds)
}

// settles waits until descriptors and goroutines are back within 10 of
// their baseline: the kernel's part in a connection ends soon after the
// peer's, but not at the same instant.
func settles(t *testing.T, what string, fds, gs int) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		f, g := fdCount(t), runtime.NumGoroutine()
		if f <= fds+10 && g <= gs+10 {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("after %s: %d descriptors (baseline %d), %d goroutines (baseline %d); some goroutines:\n%.6000s", what, f, fds, g, gs, buf)
		}
		time.Sleep(5 * time.Millisecond) // polling; the condition decides
	}
}

// zmtpGreeting is a ZMTP 3.0 greeting with the NULL mechanism, as a
// client sends it; mutate lets a test spoil it.
func zmtpGreeting(mutate func(g []byte)) []byte {
	g := make([]byte, 64)
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:], "NULL")
	if mutate != nil {
		mutate(g)
	}
	return g
}

// zmtpFrame encodes one ZMTP frame (flags without the LONG bit, which it
// sets as the size needs).
func zmtpFrame(flags byte, body []byte) []byte {
	if len(body) > 255 {
		h := make([]byte, 9, 9+len(body))
		h[0] = flags | 0x02
		binary.BigEndian.PutUint64(h[1:], uint64(len(body)))
		return append(h, body...)
	}
	return append([]byte{flags, byte(len(body))}, body...)
}

// zconn is a hand-made ZMTP peer: it speaks the wire protocol directly, so
// a test controls every byte and every deadline.
type zconn struct {
	net.Conn
	r *bufio.Reader
}

// zmtpDial connects to addr and completes a NULL handshake as a socket of
// type sockType, failing the test if that takes longer than wait.
func zmtpDial(t *testing.T, addr, sockType string) *zconn {
	t.Helper()
	z, err := zmtpTry(addr, sockType, wait)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { z.Close() })
	return z
}

func zmtpTry(addr, sockType string, limit time.Duration) (*zconn, error) {
	c, err := net.DialTimeout("tcp", addr, limit)
	if err != nil {
		return nil, err
	}
	z := &zconn{Conn: c, r: bufio.NewReader(c)}
	c.SetDeadline(time.Now().Add(limit))
	defer c.SetDeadline(time.Time{})
	if _, err := c.Write(append(zmtpGreeting(nil), zmtpFrame(0x04, wire.ReadyCommand("Socket-Type", sockType))...)); err != nil {
		c.Close()
		return nil, err
	}
	if _, err := io.ReadFull(z.r, make([]byte, 64)); err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: reading the kernel's greeting: %w", addr, err)
	}
	cmd, err := z.recv()
	if err != nil || len(cmd) != 1 || !bytes.HasPrefix(cmd[0], []byte("\x05READY")) {
		c.Close()
		return nil, fmt.Errorf("%s: reading the kernel's READY: %q, %v", addr, cmd, err)
	}
	return z, nil
}

// send writes one message.
func (z *zconn) send(frames ...[]byte) error {
	var b []byte
	for i, f := range frames {
		flags := byte(0)
		if i < len(frames)-1 {
			flags = 0x01
		}
		b = append(b, zmtpFrame(flags, f)...)
	}
	_, err := z.Write(b)
	return err
}

// recv reads one message (or command).
func (z *zconn) recv() ([][]byte, error) {
	var frames [][]byte
	for {
		var h [9]byte
		if _, err := io.ReadFull(z.r, h[:2]); err != nil {
			return frames, err
		}
		size := uint64(h[1])
		if h[0]&0x02 != 0 {
			if _, err := io.ReadFull(z.r, h[2:]); err != nil {
				return frames, err
			}
			size = binary.BigEndian.Uint64(h[1:])
		}
		if size > 1<<30 {
			return frames, fmt.Errorf("frame of %d bytes", size)
		}
		f := make([]byte, size)
		if _, err := io.ReadFull(z.r, f); err != nil {
			return frames, err
		}
		frames = append(frames, f)
		if h[0]&0x01 == 0 {
			return frames, nil
		}
	}
}

// request sends a Jupyter request over a raw DEALER connection.
func (c *client) request(z *zconn, f [][]byte) {
	c.t.Helper()
	z.SetWriteDeadline(time.Now().Add(wait))
	if err := z.send(f...); err != nil {
		c.t.Fatal(err)
	}
}

// replyOn reads the reply to request id from a raw DEALER connection.
func (c *client) replyOn(z *zconn, id string) *Message {
	c.t.Helper()
	z.SetReadDeadline(time.Now().Add(wait))
	defer z.SetReadDeadline(time.Time{})
	frames, err := z.recv()
	if err != nil {
		c.t.Fatalf("no reply to %s: %v", id, err)
	}
	m, err := wire.Decode(frames, c.sig, wire.NewReplayGuard(4))
	if err != nil {
		c.t.Fatalf("reply to %s: %v", id, err)
	}
	if parentID(m) != id {
		c.t.Fatalf("got %s for %s, want the reply to %s", m.Header.MsgType, parentID(m), id)
	}
	return m
}

// ports are the kernel's sockets, with the peer type that may connect to
// each.
func ports(k *Kernel) []struct {
	name, peer string
	addr       string
} {
	ci := k.Connection()
	at := func(p int) string { return fmt.Sprintf("%s:%d", ci.IP, p) }
	return []struct{ name, peer, addr string }{
		{"shell", "DEALER", at(ci.ShellPort)}, {"control", "DEALER", at(ci.ControlPort)},
		{"stdin", "DEALER", at(ci.StdinPort)}, {"iopub", "SUB", at(ci.IOPubPort)},
		{"hb", "REQ", at(ci.HBPort)},
	}
}

// ping sends one heartbeat over a raw REQ connection and waits for the echo.
func ping(z *zconn, limit time.Duration) error {
	z.SetDeadline(time.Now().Add(limit))
	defer z.SetDeadline(time.Time{})
	if err := z.send(nil, []byte("ping")); err != nil {
		return err
	}
	m, err := z.recv()
	if err != nil {
		return err
	}
	if len(m) != 2 || string(m[1]) != "ping" {
		return fmt.Errorf("heartbeat answered %q", m)
	}
	return nil
}

// hungUp waits (at most wait) for the kernel to close conn, then closes it.
func hungUp(conn net.Conn) error {
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(wait))
	// EOF, or a reset when the kernel closed with our bytes unread.
	if _, err := io.Copy(io.Discard, conn); err != nil && !errors.Is(err, syscall.ECONNRESET) {
		return fmt.Errorf("the kernel did not hang up: %w", err)
	}
	return nil
}

// TestConnectCloseNoLeak (issue #14, finding 1): connections that come and
// go, in every way a peer can leave, on every socket, leave no descriptor
// and no goroutine behind. zmq4 alone keeps the descriptor of every
// connection whose handshake fails.
func TestConnectCloseNoLeak(t *testing.T) {
	c := start(t, &fakeEngine{})
	leave := map[string]func(addr, peer string) error{
		"connect, close": func(addr, _ string) error {
			conn, err := net.Dial("tcp", addr)
			if err == nil {
				err = conn.Close()
			}
			return err
		},
		"connect, reset": func(addr, _ string) error {
			conn, err := net.Dial("tcp", addr)
			if err == nil {
				conn.(*net.TCPConn).SetLinger(0)
				err = conn.Close()
			}
			return err
		},
		"greeting, close": func(addr, _ string) error {
			conn, err := net.Dial("tcp", addr)
			if err == nil {
				conn.Write(zmtpGreeting(nil))
				err = conn.Close()
			}
			return err
		},
		"not ZMTP": func(addr, _ string) error {
			conn, err := net.Dial("tcp", addr)
			if err == nil {
				conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
				err = hungUp(conn)
			}
			return err
		},
		"incompatible socket type": func(addr, _ string) error {
			conn, err := net.Dial("tcp", addr)
			if err == nil {
				conn.Write(append(zmtpGreeting(nil), zmtpFrame(0x04, wire.ReadyCommand("Socket-Type", "PUSH"))...))
				err = hungUp(conn)
			}
			return err
		},
		"handshake, close": func(addr, peer string) error {
			z, err := zmtpTry(addr, peer, wait)
			if err == nil {
				err = z.Close()
			}
			return err
		},
	}
	// Peers that leave on their own first, then those the kernel must
	// send away.
	names := []string{"connect, close", "connect, reset", "greeting, close", "handshake, close", "not ZMTP", "incompatible socket type"}
	// A first round warms up whatever the runtime allocates once.
	for _, p := range ports(c.k) {
		if err := leave["handshake, close"](p.addr, p.peer); err != nil {
			t.Fatal(err)
		}
	}
	settles(t, "the warm-up", fdCount(t), runtime.NumGoroutine())
	fds, gs := fdCount(t), runtime.NumGoroutine()
	const rounds = 100
	for _, n := range names {
		for _, p := range ports(c.k) {
			for range rounds {
				if err := leave[n](p.addr, p.peer); err != nil {
					t.Fatalf("%s, %s: %v", p.name, n, err)
				}
			}
		}
		settles(t, fmt.Sprintf("%d times %q on each socket", rounds, n), fds, gs)
	}
	// And the kernel still serves.
	c.reply(c.shellIn, c.send(c.shell, "kernel_info_request", map[string]any{}))
}

// TestBadHandshakes: a handshake zmq4 cannot take (a READY without a
// socket type or with an unknown one, properties that run past the end, a
// mechanism or version it does not speak, a command too long) is refused:
// the connection is closed and the kernel serves on. zmq4 alone panics on
// the first three, which ends the kernel.
func TestBadHandshakes(t *testing.T) {
	c := start(t, &fakeEngine{})
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"no socket type", append(zmtpGreeting(nil), zmtpFrame(0x04, wire.ReadyCommand("Identity", "x"))...)},
		{"unknown socket type", append(zmtpGreeting(nil), zmtpFrame(0x04, wire.ReadyCommand("Socket-Type", "FOO"))...)},
		{"property past the end", append(zmtpGreeting(nil), zmtpFrame(0x04, []byte("\x05READY\x02ab"))...)},
		{"value past the end", append(zmtpGreeting(nil), zmtpFrame(0x04, []byte("\x05READY\x02ab\x00\x00\x00\x09xy"))...)},
		{"not READY", append(zmtpGreeting(nil), zmtpFrame(0x04, []byte("\x05HELLO"))...)},
		{"a message, not a command", append(zmtpGreeting(nil), zmtpFrame(0, wire.ReadyCommand("Socket-Type", "DEALER"))...)},
		{"PLAIN", zmtpGreeting(func(g []byte) { copy(g[12:], "PLAIN") })},
		{"ZMTP 2", zmtpGreeting(func(g []byte) { g[10] = 2 })},
		{"bad signature", zmtpGreeting(func(g []byte) { g[9] = 0 })},
		{"2⁶⁰-byte READY", append(zmtpGreeting(nil), 0x06, 0x10, 0, 0, 0, 0, 0, 0, 0)},
	} {
		for _, p := range ports(c.k) {
			conn, err := net.Dial("tcp", p.addr)
			if err != nil {
				t.Fatal(err)
			}
			conn.Write(tc.data)
			if err := hungUp(conn); err != nil {
				t.Errorf("%s on %s: %v", tc.name, p.name, err)
			}
		}
		c.reply(c.shellIn, c.send(c.shell, "kernel_info_request", map[string]any{}))
	}
	if z := zmtpDial(t, ports(c.k)[4].addr, "REQ"); ping(z, wait) != nil {
		t.Error("heartbeat lost")
	}
}

// TestHalfOpenConnections (issue #14, finding 2): 100 connections on each
// socket that sent 10 bytes of their greeting and stopped must not delay
// anyone else. zmq4 alone handshakes inside its accept loop, so the first
// silent peer stops every later connection on its socket.
//
// The half-open connections are kept open by the test for its whole
// length (the kernel is given a handshake deadline far longer than the
// test), so nothing here depends on when the kernel would drop them.
//
// The latency bound is the requirement's 100 ms for a heartbeat, taken as
// the median of 20 pings on a connection made after all the half-open
// ones: a loopback ping takes well under a millisecond, so only a stalled
// heartbeat misses it, not a loaded machine. Every ping must also answer
// within wait (10 s), and connecting must too.
func TestHalfOpenConnections(t *testing.T) {
	defer wire.HandshakeTimeout.Store(wire.HandshakeTimeout.Load())
	wire.HandshakeTimeout.Store(int64(10 * time.Minute))
	c := start(t, &fakeEngine{})
	var half []net.Conn
	defer func() {
		for _, h := range half {
			h.Close()
		}
	}()
	for _, p := range ports(c.k) {
		for range 100 {
			h, err := net.Dial("tcp", p.addr)
			if err != nil {
				t.Fatal(err)
			}
			half = append(half, h)
			if _, err := h.Write(zmtpGreeting(nil)[:10]); err != nil {
				t.Fatal(err)
			}
		}
	}
	hb := ports(c.k)[4]
	z, err := zmtpTry(hb.addr, "REQ", wait)
	if err != nil {
		t.Fatalf("a new heartbeat connection behind 100 half-open ones: %v", err)
	}
	defer z.Close()
	var lat []time.Duration
	for range 20 {
		t0 := time.Now()
		if err := ping(z, wait); err != nil {
			t.Fatalf("heartbeat: %v", err)
		}
		lat = append(lat, time.Since(t0))
	}
	slices.Sort(lat)
	t.Logf("heartbeat with %d half-open connections: median %v, max %v", len(half), lat[len(lat)/2], lat[len(lat)-1])
	if lat[len(lat)/2] > 100*time.Millisecond {
		t.Errorf("heartbeat median %v, over 100ms", lat[len(lat)/2])
	}
	// Every other socket takes new clients too.
	for _, p := range ports(c.k)[:4] {
		if z, err := zmtpTry(p.addr, p.peer, wait); err != nil {
			t.Errorf("%s: %v", p.name, err)
		} else {
			z.Close()
		}
	}
	// The half-open connections were there all along: none was closed.
	for _, h := range half {
		h.SetReadDeadline(time.Now().Add(time.Millisecond))
		_, err := io.Copy(io.Discard, h)
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Fatalf("a half-open connection was closed early: %v", err)
		}
	}
}

// TestStalledHandshakeDropped: a connection that stalls in its handshake
// is closed after the handshake deadline (shortened here).
func TestStalledHandshakeDropped(t *testing.T) {
	defer wire.HandshakeTimeout.Store(wire.HandshakeTimeout.Load())
	wire.HandshakeTimeout.Store(int64(200 * time.Millisecond))
	c := start(t, &fakeEngine{})
	fds, gs := fdCount(t), runtime.NumGoroutine()
	for _, p := range ports(c.k) {
		h, err := net.Dial("tcp", p.addr)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(zmtpGreeting(nil)[:10])
		if err := hungUp(h); err != nil {
			t.Errorf("%s: the stalled connection: %v", p.name, err)
		}
	}
	settles(t, "stalled handshakes", fds, gs)
}

// TestOversizedRequests (issue #14, finding 3): a request larger than the
// kernel takes gets an error reply when it is signed and its header could
// be read, and a log line otherwise; 16 MB of code still runs.
func TestOversizedRequests(t *testing.T) {
	c := start(t, &fakeEngine{})
	shell := zmtpDial(t, ports(c.k)[0].addr, "DEALER")
	// 100 MB of code, as JSON (built by hand: encoding it is slow).
	big := []byte(`{"code": "` + strings.Repeat("#", 100e6) + `", "silent": false}`)
	resign := func(f [][]byte) { f[1] = c.sig.Sign(f[2:6]...) }

	// 16 MB of code is well within the limit.
	f, id := c.frames("execute_request", code("#"+strings.Repeat("x", 16<<20)))
	c.request(shell, f)
	if r := body(c.replyOn(shell, id)); r["status"] != "ok" {
		t.Fatalf("16 MB of code: %v", r)
	}

	// 100 MB of code, signed: an error reply naming the limit.
	f, id = c.frames("execute_request", map[string]any{})
	f[5] = big
	resign(f)
	c.request(shell, f)
	r := c.replyOn(shell, id)
	if b := body(r); r.Header.MsgType != "execute_reply" || b["status"] != "error" || b["ename"] != "MessageTooLarge" || !strings.Contains(str(b["evalue"]), "limit") {
		t.Fatalf("100 MB request: %s %v", r.Header.MsgType, b)
	}
	// The same with a buffer that takes it over the limit.
	f, id = c.frames("execute_request", code("small"))
	f = append(f, make([]byte, 40<<20), make([]byte, 40<<20))
	c.request(shell, f)
	if b := body(c.replyOn(shell, id)); b["status"] != "error" || b["ename"] != "MessageTooLarge" {
		t.Fatalf("80 MB of buffers: %v", b)
	}

	// Or with millions of empty frames: small on the wire, but each costs
	// zmq4 an allocation and a slice header.
	f, id = c.frames("execute_request", code("small"))
	for range 2 << 20 {
		f = append(f, nil)
	}
	c.request(shell, f)
	if b := body(c.replyOn(shell, id)); b["status"] != "error" || b["ename"] != "MessageTooLarge" {
		t.Fatalf("2M empty frames: %v", b)
	}

	// Forged: no reply (the next request's reply comes first), a log line.
	f, _ = c.frames("execute_request", map[string]any{})
	f[5] = big
	f[1] = bytes.Repeat([]byte("0"), 64)
	c.request(shell, f)
	f, id = c.frames("kernel_info_request", map[string]any{})
	c.request(shell, f)
	c.replyOn(shell, id)
	eventually(t, "a log line for the forged oversized request", func() bool {
		return strings.Contains(c.log.String(), "bad signature")
	})

	// A header too large to read: a log line.
	f, _ = c.frames("execute_request", code("x"))
	f[2] = append(append(bytes.TrimSuffix(f[2], []byte("}")), `, "pad": `...), big...)
	f[2] = append(f[2], '}')
	resign(f)
	c.request(shell, f)
	f, id = c.frames("kernel_info_request", map[string]any{})
	c.request(shell, f)
	c.replyOn(shell, id)
	eventually(t, "a log line for the unreadable header", func() bool {
		return strings.Contains(c.log.String(), "header")
	})
	// The cells that ran: only the 16 MB one.
	if r, _ := c.exec(code("next")); r["execution_count"] != 2.0 {
		t.Errorf("count %v: a refused request ran", r["execution_count"])
	}
}

// TestMalformedRequestsGetErrorReplies (issue #14, finding 3): a signed
// request with a missing or wrongly typed field gets its _reply with
// status error and an evalue naming the field; zmq4 and the kernel used to
// log it and leave the client waiting for ever.
func TestMalformedRequestsGetErrorReplies(t *testing.T) {
	c := start(t, &fakeEngine{})
	with := func(k string, v any) map[string]any {
		m := code("x")
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	for _, tc := range []struct {
		msgType string
		content any
		field   string
	}{
		{"execute_request", with("code", 5), "code"},
		{"execute_request", with("code", nil), "code"},
		{"execute_request", with("silent", "yes"), "silent"},
		{"execute_request", with("store_history", 1), "store_history"},
		{"execute_request", with("user_expressions", map[string]any{"a": 1}), "user_expressions"},
		{"execute_request", with("user_expressions", []any{}), "user_expressions"},
		{"execute_request", with("allow_stdin", "no"), "allow_stdin"},
		{"execute_request", with("stop_on_error", []any{}), "stop_on_error"},
		{"execute_request", json.RawMessage(`{"code": "x", "silent": null}`), "silent"},
		{"complete_request", json.RawMessage(`{"code": "so", "cursor_pos": 1180591620717411303424}`), "cursor_pos"},
		{"complete_request", json.RawMessage(`{"code": "so", "cursor_pos": 1.5}`), "cursor_pos"},
		{"complete_request", map[string]any{"code": "so"}, "cursor_pos"},
		{"complete_request", map[string]any{"cursor_pos": 1}, "code"},
		{"inspect_request", map[string]any{"code": "so", "cursor_pos": "2", "detail_level": 0}, "cursor_pos"},
		{"inspect_request", map[string]any{"code": "so", "cursor_pos": 2, "detail_level": "x"}, "detail_level"},
		{"is_complete_request", map[string]any{"code": nil}, "code"},
		{"history_request", map[string]any{"hist_access_type": "tail", "n": "x"}, "n"},
		{"history_request", map[string]any{"hist_access_type": 5}, "hist_access_type"},
		{"shutdown_request", map[string]any{"restart": "yes"}, "restart"},
		{"execute_request", json.RawMessage(`[1, 2]`), "content"},
		{"kernel_info_request", json.RawMessage(`{"a": `), "content"},
	} {
		raw, ok := tc.content.(json.RawMessage)
		if !ok {
			raw, _ = json.Marshal(tc.content)
		}
		f, id := c.frames(tc.msgType, map[string]any{})
		f[5] = raw
		f[1] = c.sig.Sign(f[2:6]...)
		c.sendRaw(c.shell, f)
		r := c.reply(c.shellIn, id)
		b := body(r)
		want := strings.TrimSuffix(tc.msgType, "_request") + "_reply"
		if r.Header.MsgType != want || b["status"] != "error" || str(b["ename"]) == "" || !strings.Contains(str(b["evalue"]), tc.field) {
			t.Errorf("%s %s: got %s %v; want %s, status error, evalue naming %s", tc.msgType, raw, r.Header.MsgType, b, want, tc.field)
		}
	}
	// None of them ran or shut the kernel down.
	if r, _ := c.exec(code("next")); r["status"] != "ok" || r["execution_count"] != 1.0 {
		t.Errorf("after the malformed requests: %v", r)
	}
	// An unknown request is answered too.
	id := c.send(c.control, "frobnicate_request", map[string]any{})
	if r := c.reply(c.ctrlIn, id); r.Header.MsgType != "frobnicate_reply" || body(r)["status"] != "error" {
		t.Errorf("unknown request: %s %v", r.Header.MsgType, body(r))
	}
}

// TestIOPubTakesOnlySubscriptions: an iopub peer that sends anything but
// subscriptions is sent away. zmq4's PUB alone queues such messages where
// no one reads them; after ten, that connection's reader blocks for ever,
// holding its descriptor and goroutine.
func TestIOPubTakesOnlySubscriptions(t *testing.T) {
	c := start(t, &fakeEngine{})
	fds, gs := fdCount(t), runtime.NumGoroutine()
	for range 20 {
		z := zmtpDial(t, ports(c.k)[3].addr, "SUB")
		for range 20 {
			z.send([]byte("not a subscription"))
		}
		if err := hungUp(z.Conn); err != nil {
			t.Fatal(err)
		}
	}
	settles(t, "iopub peers that sent messages", fds, gs)
	if r, out := c.exec(code("still publishing")); r["status"] != "ok" || types(out) != "execute_input,execute_result" {
		t.Fatalf("reply %v, outputs %s", r, types(out))
	}
}

// TestStuckSubscriber: an iopub subscriber that stops reading is cut off
// after the write timeout (shortened here) instead of stopping iopub for
// everyone, and with it the cells, whose output waits to be published.
func TestStuckSubscriber(t *testing.T) {
	defer wire.WriteTimeout.Store(wire.WriteTimeout.Load())
	wire.WriteTimeout.Store(int64(300 * time.Millisecond))
	c := start(t, &fakeEngine{})
	stuck := zmtpDial(t, ports(c.k)[3].addr, "SUB")
	// It subscribes to every topic the kernel publishes ("kernel." starts
	// them all; the other client subscribed to "", so this one is told
	// apart), and its subscription must be in before the output starts.
	if err := stuck.send([]byte("\x01kernel.")); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the stuck subscriber's subscription", func() bool {
		return slices.Contains(c.k.conn.IOPub.Sock.(zmq4.Topics).Topics(), "kernel.")
	})
	// Far more output than the socket buffers of both ends hold.
	text := strings.Repeat("x", 4<<20)
	for i := range 10 {
		if r, out := c.exec(code("print " + text)); r["status"] != "ok" || len(out) < 2 {
			t.Fatalf("cell %d: reply %v, outputs %s", i, r, types(out))
		}
	}
	if err := hungUp(stuck.Conn); err != nil {
		t.Fatal(err)
	}
}
