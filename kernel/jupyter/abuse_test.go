package jupyter

// Tests of the kernel under abuse from a local client without the key
// (issue #14): connections that come and go by the thousand, connections
// that stall in their handshake, handshakes zmq4 would choke on, requests
// too large to take and requests with fields of the wrong type.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"gamelab/kernel/jupyter/wire"
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
