package jupyter

// Tests of messages the kernel must drop or refuse, and of hostile peers.

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"gamelab/kernel/jupyter/wire"
)

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
