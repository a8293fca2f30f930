package jupyter

// Tests of the kernel under abuse (issue #14): handshakes zmq4 would
// choke on, connections half open or stalled in their handshake.

import (
	"errors"
	"io"
	"net"
	"runtime"
	"slices"
	"testing"
	"time"

	"gamelab/kernel/jupyter/wire"
)

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
