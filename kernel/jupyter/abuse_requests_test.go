package jupyter

// Tests of the kernel under abuse (issue #14): requests too large to
// take and requests with fields of the wrong type.

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gamelab/kernel/jupyter/wire"
)

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
