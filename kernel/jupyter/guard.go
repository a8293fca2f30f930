package jupyter

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
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

// handshakeTimeout bounds a peer's part of the handshake (a local Jupyter
// client needs microseconds).
//
// writeTimeout bounds one write to a peer: a peer that stops reading must
// not hold up the kernel's writers (zmq4 writes to one iopub subscriber
// after another, so one would stop them all, and then the cells, whose
// output waits). A peer that takes longer is cut off; a Jupyter client
// reads all the time.
//
// Atomics, so that tests can change them while older kernels' listeners
// still run.
var handshakeTimeout, writeTimeout atomic.Int64

func init() {
	handshakeTimeout.Store(int64(3 * time.Second))
	writeTimeout.Store(int64(10 * time.Second))
}

// guardConfig is what the guard of one kernel socket needs: it reaches the
// transport through the context of the zmq4 socket (zmq4 passes the
// socket's context to Listen).
type guardConfig struct {
	name     string          // the kernel's name for the socket, for the log
	sockType zmq4.SocketType // the kernel socket's type
	limit    int64           // the largest message passed on, in bytes (see maxMessage)
	subsOnly bool            // the peer may send only subscriptions (PUB)
	sig      signer          // checks the signature of oversized messages
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
	c.Conn.SetDeadline(time.Now().Add(time.Duration(handshakeTimeout.Load())))
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
	ready := readyCommand("Socket-Type", string(peer))
	if id, ok := props["identity"]; ok {
		ready = readyCommand("Socket-Type", string(peer), "Identity", id)
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

// readyCommand encodes a READY command with the given properties.
func readyCommand(props ...string) []byte {
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

// guardError is a refusal by the guard. It is a net.Error (not a timeout)
// so that zmq4 counts the connection closed and lets go of it.
type guardError struct{ msg string }

func (e *guardError) Error() string   { return e.msg }
func (e *guardError) Timeout() bool   { return false }
func (e *guardError) Temporary() bool { return false }

// guardConn is one connection of a guarded listener.
type guardConn struct {
	net.Conn
	l   *guardListener
	cfg *guardConfig

	replay    []byte // the canonical handshake, for zmq4 to read first
	closeOnce sync.Once

	wmu     sync.Mutex
	swallow []byte // the part of zmq4's greeting still to swallow

	// Reading: zmq4 reads from one goroutine at a time (Open, then the
	// connection's reader), and only that goroutine touches these.
	in     []byte // read from the peer, not yet looked at
	out    []byte // looked at, for zmq4
	outBuf []byte // out's buffer, from its start
	rerr   error  // the read error to report once out is drained
	msg    message
}

// message is what the guard knows of the message under way.
type message struct {
	hdr    [9]byte // the frame header being read
	hdrLen int
	body   uint64 // bytes of the current frame's body still to come
	pass   bool   // the current frame goes to zmq4
	more   bool   // the current frame has MORE set
	cmd    bool   // the current frame is a command

	frames int    // frames of the message started so far
	size   int64  // what the frames passed on cost (see frameCost)
	total  uint64 // bytes the message's frames announced
	over   bool   // over the limit: nothing more is passed on

	// Signature tracking (on sockets with a key): delim is the index of
	// the <IDS|MSG> frame (-1 before it), small the first bytes of the
	// current frame, sig the signature frame, mac the HMAC of the signed
	// frames so far, signedDone the frames of them completed.
	delim      int
	small      []byte
	sig        []byte
	mac        hash.Hash
	signedDone int
	first      byte // first byte of the current frame's body (subscriptions)
	gotFirst   bool
}

// Read gives zmq4 the replayed handshake, then the peer's bytes as the
// guard lets them through.
func (c *guardConn) Read(p []byte) (int, error) {
	if len(c.replay) > 0 {
		n := copy(p, c.replay)
		c.replay = c.replay[n:]
		return n, nil
	}
	for len(c.out) == 0 {
		if c.rerr != nil {
			return 0, c.rerr
		}
		if c.in == nil {
			c.in = make([]byte, 64<<10)
		}
		n, err := c.Conn.Read(c.in)
		c.out = c.outBuf[:0]
		gerr := c.scan(c.in[:n])
		c.outBuf = c.out[:0] // reused: reading moves c.out on, not outBuf
		if gerr != nil {
			c.cfg.log.Printf("%s: %s: %v: connection closed", c.cfg.name, c.RemoteAddr(), gerr)
			c.Close()
			c.out, c.rerr = c.out[:0], gerr
			return 0, gerr
		}
		if err != nil {
			c.rerr = err
			c.Close() // the peer's stream has ended or broken either way
		}
	}
	n := copy(p, c.out)
	c.out = c.out[n:]
	return n, nil
}

// scan follows the ZMTP framing through b, appending what zmq4 is to get
// to c.out.
func (c *guardConn) scan(b []byte) error {
	m := &c.msg
	for len(b) > 0 {
		if !m.inBody() {
			m.hdr[m.hdrLen] = b[0]
			m.hdrLen++
			b = b[1:]
			need := 2
			if m.hdr[0]&0x02 != 0 {
				need = 9
			}
			if m.hdrLen < need {
				continue
			}
			if err := c.startFrame(need); err != nil {
				return err
			}
			if m.body == 0 {
				if err := c.endFrame(); err != nil {
					return err
				}
			}
			continue
		}
		k := min(uint64(len(b)), m.body)
		chunk := b[:k]
		b, m.body = b[k:], m.body-k
		c.frameBytes(chunk)
		if m.body == 0 {
			if err := c.endFrame(); err != nil {
				return err
			}
		}
	}
	return nil
}

// inBody reports whether the scanner is inside a frame's body (its header
// complete).
func (m *message) inBody() bool { return m.hdrLen == -1 }

// startFrame acts on a complete frame header of n bytes.
func (c *guardConn) startFrame(n int) error {
	m := &c.msg
	flags := m.hdr[0]
	size := uint64(m.hdr[1])
	if n == 9 {
		size = binary.BigEndian.Uint64(m.hdr[1:9])
	}
	if flags&0xf8 != 0 {
		return &guardError{fmt.Sprintf("frame flags %#x: not ZMTP 3", flags)}
	}
	m.more, m.cmd = flags&0x01 != 0, flags&0x04 != 0
	if m.frames == 0 {
		m.delim, m.sig, m.mac, m.signedDone = -1, nil, nil, 0
	}
	switch {
	case m.cmd && (m.more || m.frames > 0):
		return &guardError{"a command inside a message"}
	case m.cmd && c.cfg.subsOnly:
		// zmq4's PUB would queue it where no one reads.
		return &guardError{"a command where only subscriptions belong"}
	case m.cmd && size > maxReady:
		return &guardError{fmt.Sprintf("a %d-byte command (limit %d)", size, maxReady)}
	case c.cfg.subsOnly && (m.more || size == 0 || size > maxSubscription):
		return &guardError{fmt.Sprintf("a %d-byte frame (more %v) where only subscriptions belong", size, m.more)}
	}
	m.total += size
	cost := int64(min(size, 1<<62)) + frameCost
	if !m.over && m.size+cost > c.cfg.limit {
		m.over = true
	}
	m.pass = !m.over
	if m.pass {
		m.size += cost
		c.out = append(c.out, m.hdr[:n]...)
	}
	m.body, m.hdrLen = size, -1
	m.small, m.gotFirst = m.small[:0], false
	if len(c.cfg.sig.key) > 0 && m.delim >= 0 && m.frames >= m.delim+2 && m.frames <= m.delim+5 && m.mac == nil {
		m.mac = hmac.New(sha256.New, c.cfg.sig.key)
	}
	return nil
}

// frameBytes takes the next bytes of the current frame's body.
func (c *guardConn) frameBytes(b []byte) {
	m := &c.msg
	if len(b) == 0 {
		return
	}
	if !m.gotFirst {
		m.first, m.gotFirst = b[0], true
	}
	if m.pass {
		c.out = append(c.out, b...)
	}
	if len(c.cfg.sig.key) == 0 {
		return
	}
	// The delimiter and the signature are short: keep their bytes.
	if k := min(len(b), 128-len(m.small)); k > 0 && (m.delim < 0 || m.frames == m.delim+1) {
		m.small = append(m.small, b[:k]...)
	}
	if m.delim >= 0 && m.frames >= m.delim+2 && m.frames <= m.delim+5 {
		m.mac.Write(b)
	}
}

// endFrame acts on the end of the current frame.
func (c *guardConn) endFrame() error {
	m := &c.msg
	if c.cfg.subsOnly && m.first > 1 {
		// zmq4's PUB would queue it where no one reads.
		return &guardError{"a message where only subscriptions belong"}
	}
	if len(c.cfg.sig.key) > 0 {
		switch {
		case m.delim < 0 && bytes.Equal(m.small, delimiter) && m.body == 0:
			m.delim = m.frames
		case m.delim >= 0 && m.frames == m.delim+1:
			m.sig = append([]byte(nil), m.small...)
		case m.delim >= 0 && m.frames >= m.delim+2 && m.frames <= m.delim+5:
			m.signedDone++
		}
	}
	m.frames++
	m.hdrLen = 0
	if m.more && !m.cmd {
		return nil
	}
	if m.over {
		c.out = append(c.out, c.trailer()...)
	}
	*m = message{small: m.small[:0]}
	return nil
}

// trailer is the frame that ends an oversized message for zmq4: the
// nonce, whether the signed frames were complete and signed with the key
// (always 1 without a key), and the bytes the message announced.
func (c *guardConn) trailer() []byte {
	m := &c.msg
	ok := byte(1)
	if len(c.cfg.sig.key) > 0 {
		ok = 0
		if m.signedDone == 4 && m.mac != nil {
			sum := m.mac.Sum(nil)
			want := make([]byte, hex.EncodedLen(len(sum)))
			hex.Encode(want, sum)
			if hmac.Equal(want, m.sig) {
				ok = 1
			}
		}
	}
	body := append(c.cfg.nonce[:len(c.cfg.nonce):len(c.cfg.nonce)], ok)
	body = binary.BigEndian.AppendUint64(body, m.total)
	return append(frameHeader(0, len(body)), body...)
}

// oversized reports whether frames end in a trailer of this socket's
// guard, and if so whether the signature held and how large the message
// was.
func (cfg *guardConfig) oversized(frames [][]byte) (over, signed bool, size uint64) {
	if len(frames) == 0 {
		return false, false, 0
	}
	t := frames[len(frames)-1]
	if len(t) != len(cfg.nonce)+9 || !hmac.Equal(t[:len(cfg.nonce)], cfg.nonce[:]) {
		return false, false, 0
	}
	return true, t[len(cfg.nonce)] == 1, binary.BigEndian.Uint64(t[len(cfg.nonce)+1:])
}

// Write swallows zmq4's greeting (the guard sent it already) and bounds
// every write by writeTimeout. A failed write closes the connection: the
// stream is broken, and zmq4 may not close it (Open does not).
func (c *guardConn) Write(p []byte) (int, error) {
	c.wmu.Lock()
	skipped := 0
	if len(c.swallow) > 0 {
		k := min(len(p), len(c.swallow))
		if !bytes.Equal(p[:k], c.swallow[:k]) {
			c.wmu.Unlock()
			c.Close()
			return 0, &guardError{"zmq4 sent a greeting other than the one the guard sent for it"}
		}
		c.swallow, p, skipped = c.swallow[k:], p[k:], k
	}
	c.wmu.Unlock()
	if len(p) == 0 {
		return skipped, nil
	}
	c.Conn.SetWriteDeadline(time.Now().Add(time.Duration(writeTimeout.Load())))
	n, err := c.Conn.Write(p)
	if err != nil {
		c.Close()
	}
	return skipped + n, err
}

// Close closes the connection once, and forgets it.
func (c *guardConn) Close() error {
	err := net.ErrClosed
	c.closeOnce.Do(func() {
		c.l.forget(c)
		err = c.Conn.Close()
	})
	return err
}
