package wire

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// zmq4 (v0.17.0) trusts its peers more than a kernel may:
//
//   - its accept loop performs each ZMTP handshake itself, with no deadline,
//     so one peer that stops halfway stops every later connection;
//   - Open returns on a failed handshake without closing the connection,
//     so every peer that leaves early costs a descriptor for good;
//   - it panics (ending the kernel) on a READY without a known socket type
//     or with properties that run past the end of the command;
//   - it allocates whatever frame length a peer announces, and holds any
//     number of frames of one message;
//   - a PUB socket queues whatever a subscriber sends besides subscriptions
//     in a buffer of ten that no one reads, after which that connection's
//     reader blocks for ever.
//
// The kernel therefore binds through guarded transports, registered with
// zmq4.RegisterTransport: the same tcp and ipc, whose listener does the
// peer's side of the handshake on a goroutine of its own, under a deadline,
// and hands zmq4's accept loop only connections whose handshake is complete
// and valid. (A ZeroMQ peer sends its READY only once it has the other
// side's greeting, so the guard sends zmq4's greeting for it, byte for
// byte, and swallows the copy zmq4 writes.) zmq4's Open then reads a
// greeting and a READY the guard already checked (and rewrote in
// canonical form), so it never waits and never fails for the peer's sake; a connection it gets is closed by the
// guard on any error, and all of a listener's connections are closed with
// it. After the handshake the guard follows the ZMTP framing as it passes:
// a message over the socket's limit is not passed on; zmq4 gets the frames
// up to the limit and a trailer frame (marked with a random nonce no peer
// knows) saying how large the message was and whether its signature held,
// so the kernel can refuse it with an error reply. Writes are bounded by
// writeTimeout, so a peer that stops reading cannot stop the others.
//
// The alternative, a patched copy of zmq4, is not ours to keep; another Go
// ZeroMQ library would trade these defects for unknown ones, and libzmq
// through cgo would give up the kernel's single static binary.
const (
	// maxMessage is the largest request the kernel takes, in bytes: the sum
	// of the frames' lengths plus frameCost each. Cells of many megabytes
	// fit (16 MiB of code is tested); a request over it gets an error reply.
	maxMessage = 64 << 20
	// maxPing is the largest heartbeat the kernel echoes.
	maxPing = 64 << 10
	// maxSubscription is the longest subscription an iopub peer may send.
	maxSubscription = 64 << 10
	// frameCost is what a frame costs beyond its bytes (zmq4 keeps a slice
	// header and an allocation for each), so that a message of millions of
	// empty frames is as limited as one of a few large ones.
	frameCost = 64
	// maxReady bounds the peer's READY command (socket type, identity and
	// whatever metadata it adds; libzmq sends well under 100 bytes).
	maxReady = 64 << 10
)

// HandshakeTimeout bounds a peer's part of the handshake (a local Jupyter
// client needs microseconds).
//
// WriteTimeout bounds one write to a peer: a peer that stops reading must
// not hold up the kernel's writers (zmq4 writes to one iopub subscriber
// after another, so one would stop them all, and then the cells, whose
// output waits). A peer that takes longer is cut off; a Jupyter client
// reads all the time.
//
// Atomics, so that tests can change them (in nanoseconds) while older
// kernels' listeners still run.
var HandshakeTimeout, WriteTimeout atomic.Int64

func init() {
	HandshakeTimeout.Store(int64(3 * time.Second))
	WriteTimeout.Store(int64(10 * time.Second))
}

// guardConfig is what the guard of one kernel socket needs: it reaches the
// transport through the context of the zmq4 socket (zmq4 passes the
// socket's context to Listen).
type guardConfig struct {
	name     string          // the kernel's name for the socket, for the log
	sockType zmq4.SocketType // the kernel socket's type
	limit    int64           // the largest message passed on, in bytes (see maxMessage)
	subsOnly bool            // the peer may send only subscriptions (PUB)
	sig      Signer          // checks the signature of oversized messages
	nonce    [16]byte        // marks the guard's trailer frames
	log      *log.Logger
}

type guardKey struct{}

// withGuard returns ctx carrying cfg for the guarded transports.
func withGuard(ctx context.Context, cfg *guardConfig) context.Context {
	return context.WithValue(ctx, guardKey{}, cfg)
}

// guarded maps a connection-file transport to the guarded transport's name.
var guarded = map[string]string{"tcp": "gamelab+tcp", "ipc": "gamelab+ipc"}

var registerGuards = sync.OnceValue(func() error {
	for inner, name := range guarded {
		network := map[string]string{"tcp": "tcp", "ipc": "unix"}[inner]
		if err := zmq4.RegisterTransport(name, guardTransport{transport.New(network)}); err != nil {
			return err
		}
	}
	return nil
})

type guardTransport struct{ transport.Transport }

func (g guardTransport) Listen(ctx context.Context, addr string) (net.Listener, error) {
	cfg, _ := ctx.Value(guardKey{}).(*guardConfig)
	if cfg == nil {
		return nil, errors.New("gamelab transport: the socket's context carries no guard configuration")
	}
	l, err := g.Transport.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	gl := &guardListener{
		Listener: l, cfg: cfg,
		ready: make(chan *guardConn), done: make(chan struct{}),
		conns: map[*guardConn]struct{}{},
	}
	go gl.acceptLoop()
	return gl, nil
}

// guardListener accepts connections and handshakes with each on its own
// goroutine; Accept (zmq4's accept loop) gets those whose handshake is done.
type guardListener struct {
	net.Listener
	cfg   *guardConfig
	ready chan *guardConn // handshaken, waiting for Accept
	done  chan struct{}   // closed by Close

	closeOnce sync.Once
	mu        sync.Mutex
	conns     map[*guardConn]struct{} // open connections; nil once closed
}

func (l *guardListener) acceptLoop() {
	var delay time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			select {
			case <-l.done:
				return
			default:
			}
			if errors.Is(err, net.ErrClosed) {
				return
			}
			// Out of descriptors, or a like passing failure: wait a little
			// (as net/http does) rather than spin.
			delay = min(max(2*delay, 5*time.Millisecond), time.Second)
			select {
			case <-time.After(delay):
			case <-l.done:
				return
			}
			continue
		}
		delay = 0
		gc := &guardConn{Conn: c, l: l, cfg: l.cfg}
		if !l.track(gc) {
			c.Close()
			return
		}
		go l.handshake(gc)
	}
}

// handshake does the peer's side of the handshake under the deadline, then
// waits for zmq4 to accept the connection. Any failure closes it.
func (l *guardListener) handshake(c *guardConn) {
	c.Conn.SetDeadline(time.Now().Add(time.Duration(HandshakeTimeout.Load())))
	replay, err := peerHandshake(c.Conn, l.cfg.sockType)
	if err != nil {
		// A peer that leaves or stalls is common (port scanners, clients
		// that connect and close): only a peer that speaks wrongly is
		// worth a line.
		if !gone(err) {
			l.cfg.log.Printf("%s: handshake with %s refused: %v", l.cfg.name, c.RemoteAddr(), err)
		}
		c.Close()
		return
	}
	c.Conn.SetDeadline(time.Time{})
	c.replay = replay
	c.swallow = serverGreeting[:]
	select {
	case l.ready <- c:
	case <-l.done:
		c.Close()
	}
}

// gone reports whether err means the peer left or stalled (rather than
// spoke wrongly).
func gone(err error) bool {
	var ne net.Error
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || (errors.As(err, &ne) && ne.Timeout())
}

func (l *guardListener) track(c *guardConn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conns == nil {
		return false
	}
	l.conns[c] = struct{}{}
	return true
}

func (l *guardListener) forget(c *guardConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.conns, c)
}

// Accept returns the next connection whose handshake is complete.
func (l *guardListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.ready:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close stops listening and closes every connection the listener made,
// handshaking or handed to zmq4.
func (l *guardListener) Close() error {
	var err error
	l.closeOnce.Do(func() {
		close(l.done)
		err = l.Listener.Close()
		l.mu.Lock()
		conns := l.conns
		l.conns = nil
		l.mu.Unlock()
		for c := range conns {
			c.Conn.Close()
		}
	})
	return err
}

// serverGreeting is the greeting zmq4 sends (ZMTP 3.0, NULL mechanism, not
// as server). The guard sends it at once, so that the peer goes on to its
// READY, and swallows zmq4's copy of it.
var serverGreeting = func() (g [zmtpGreetingLen]byte) {
	g[0], g[9], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:32], "NULL")
	return g
}()

const zmtpGreetingLen = 64

// peerHandshake sends the kernel's greeting, reads and checks the peer's
// greeting and READY command, and returns the bytes zmq4 is to read in
// their place: a canonical greeting and a READY carrying only the socket
// type and the identity, which zmq4 can parse without fault.
func peerHandshake(c net.Conn, ours zmq4.SocketType) ([]byte, error) {
	if _, err := c.Write(serverGreeting[:]); err != nil {
		return nil, err
	}
	// The signature is checked as it comes, so that a peer speaking
	// another protocol (HTTP, say, whose requests can be shorter than a
	// greeting) is sent away at once rather than at the deadline.
	var g [zmtpGreetingLen]byte
	if _, err := io.ReadFull(c, g[:1]); err != nil {
		return nil, err
	}
	if g[0] != 0xff {
		return nil, errors.New("not a ZMTP greeting")
	}
	if _, err := io.ReadFull(c, g[1:10]); err != nil {
		return nil, err
	}
	if g[9] != 0x7f {
		return nil, errors.New("not a ZMTP greeting")
	}
	if _, err := io.ReadFull(c, g[10:]); err != nil {
		return nil, err
	}
	switch {
	case g[10] < 3:
		return nil, fmt.Errorf("ZMTP version %d.%d (3.0 or later wanted)", g[10], g[11])
	case string(bytes.TrimRight(g[12:32], "\x00")) != "NULL":
		return nil, fmt.Errorf("security mechanism %q (NULL wanted)", bytes.TrimRight(g[12:32], "\x00"))
	case g[32] > 1:
		return nil, fmt.Errorf("as-server flag %d", g[32])
	}
	var h [9]byte
	if _, err := io.ReadFull(c, h[:2]); err != nil {
		return nil, err
	}
	if h[0]&^0x02 != 0x04 {
		return nil, fmt.Errorf("frame flags %#x where the READY command belongs", h[0])
	}
	size := uint64(h[1])
	if h[0]&0x02 != 0 {
		if _, err := io.ReadFull(c, h[2:]); err != nil {
			return nil, err
		}
		size = binary.BigEndian.Uint64(h[1:])
	}
	if size > maxReady {
		return nil, fmt.Errorf("a %d-byte handshake command (limit %d)", size, maxReady)
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(c, body); err != nil {
		return nil, err
	}
	props, err := parseReady(body)
	if err != nil {
		return nil, err
	}
	peer := zmq4.SocketType(props["socket-type"])
	if !knownSocketTypes[peer] || !peer.IsCompatible(ours) || !ours.IsCompatible(peer) {
		return nil, fmt.Errorf("peer socket type %q cannot talk to %s", peer, ours)
	}
	ready := ReadyCommand("Socket-Type", string(peer))
	if id, ok := props["identity"]; ok {
		ready = ReadyCommand("Socket-Type", string(peer), "Identity", id)
	}
	replay := append(serverGreeting[:len(serverGreeting):len(serverGreeting)], frameHeader(0x04, len(ready))...)
	return append(replay, ready...), nil
}

// knownSocketTypes are the types zmq4 knows (it panics on any other).
var knownSocketTypes = map[zmq4.SocketType]bool{
	zmq4.Pair: true, zmq4.Pub: true, zmq4.Sub: true, zmq4.Req: true, zmq4.Rep: true,
	zmq4.Dealer: true, zmq4.Router: true, zmq4.Pull: true, zmq4.Push: true,
	zmq4.XPub: true, zmq4.XSub: true,
}

// parseReady reads a READY command's properties (names lowercased: ZMTP
// names are case-insensitive), refusing any that runs past the end.
func parseReady(b []byte) (map[string]string, error) {
	if len(b) < 6 || string(b[:6]) != "\x05READY" {
		return nil, fmt.Errorf("command %.20q where READY belongs", b)
	}
	props := map[string]string{}
	for b = b[6:]; len(b) > 0; {
		n := int(b[0])
		if n == 0 || len(b) < 1+n+4 {
			return nil, errors.New("READY property runs past the command's end")
		}
		name := strings.ToLower(string(b[1 : 1+n]))
		vlen := binary.BigEndian.Uint32(b[1+n:])
		b = b[1+n+4:]
		if uint64(vlen) > uint64(len(b)) {
			return nil, errors.New("READY property value runs past the command's end")
		}
		props[name] = string(b[:vlen])
		b = b[vlen:]
	}
	if len(props["identity"]) > 255 {
		return nil, fmt.Errorf("identity of %d bytes (limit 255)", len(props["identity"]))
	}
	return props, nil
}

// ReadyCommand encodes a READY command with the given properties.
func ReadyCommand(props ...string) []byte {
	b := []byte("\x05READY")
	for i := 0; i+1 < len(props); i += 2 {
		b = append(b, byte(len(props[i])))
		b = append(b, props[i]...)
		b = binary.BigEndian.AppendUint32(b, uint32(len(props[i+1])))
		b = append(b, props[i+1]...)
	}
	return b
}

// frameHeader encodes a ZMTP frame header; flags are MORE and COMMAND, LONG
// is set as size needs.
func frameHeader(flags byte, size int) []byte {
	if size > 255 {
		h := make([]byte, 9)
		h[0] = flags | 0x02
		binary.BigEndian.PutUint64(h[1:], uint64(size))
		return h
	}
	return []byte{flags, byte(size)}
}
