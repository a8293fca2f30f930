package wire

// The guard on a connection after its handshake: it follows the ZMTP
// framing as it passes, cuts a message over the socket's limit short with
// a trailer that says so (see guard.go), and bounds every write.

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"net"
	"sync"
	"time"
)

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
	if len(c.cfg.sig.Key) > 0 && m.delim >= 0 && m.frames >= m.delim+2 && m.frames <= m.delim+5 && m.mac == nil {
		m.mac = hmac.New(sha256.New, c.cfg.sig.Key)
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
	if len(c.cfg.sig.Key) == 0 {
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
	if len(c.cfg.sig.Key) > 0 {
		switch {
		case m.delim < 0 && bytes.Equal(m.small, Delimiter) && m.body == 0:
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
	if len(c.cfg.sig.Key) > 0 {
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
// every write by WriteTimeout. A failed write closes the connection: the
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
	c.Conn.SetWriteDeadline(time.Now().Add(time.Duration(WriteTimeout.Load())))
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
