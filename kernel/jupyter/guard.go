package jupyter

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// zmq4 trusts its peers more than a kernel may: it allocates whatever frame
// length a peer announces (a 2⁶⁰-byte header is a fatal out-of-memory, not
// an error), and it completes each handshake inside its accept loop with no
// deadline (one silent connection blocks every later client). The kernel
// therefore binds through guarded transports: the same tcp and ipc, with a
// reader that parses the ZMTP framing as it passes and refuses a frame
// longer than maxFrame, and a deadline on the handshake.
const (
	maxFrame        = 64 << 20 // bytes; a request is a cell of code, far below this
	zmtpGreetingLen = 64
)

// handshakeTimeout bounds how long one connecting peer may hold zmq4's
// accept loop (a local Jupyter client needs microseconds). An atomic, so
// tests can shorten it while old kernels' accept loops still run.
var handshakeTimeout atomic.Int64

func init() { handshakeTimeout.Store(int64(3 * time.Second)) }

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
	l, err := g.Transport.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	return guardListener{l}, nil
}

type guardListener struct{ net.Listener }

func (l guardListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	c.SetReadDeadline(time.Now().Add(time.Duration(handshakeTimeout.Load())))
	return &guardConn{Conn: c, skip: zmtpGreetingLen, greeting: true}, nil
}

// guardConn follows the incoming ZMTP 3 stream: the 64-byte greeting, then
// frames of a flags byte, a 1- or 8-byte length (by the flags' LONG bit) and
// the body. It checks each length before zmq4 sees it.
type guardConn struct {
	net.Conn
	greeting  bool    // still inside the greeting
	skip      uint64  // bytes of greeting or body still to pass through
	hdr       [9]byte // the frame header being read
	hdrLen    int     // bytes of hdr filled
	handshake bool    // the first command (READY) has been read: deadline lifted
	err       error
}

func (c *guardConn) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.Conn.Read(p)
	if cerr := c.scan(p[:n]); cerr != nil {
		c.err = cerr
		c.Conn.Close()
		return 0, cerr
	}
	return n, err
}

func (c *guardConn) scan(b []byte) error {
	for len(b) > 0 {
		if c.skip > 0 {
			k := min(uint64(len(b)), c.skip)
			b, c.skip = b[k:], c.skip-k
			if c.skip == 0 && c.greeting {
				c.greeting = false
			} else if c.skip == 0 && !c.handshake {
				c.liftDeadline()
			}
			continue
		}
		c.hdr[c.hdrLen] = b[0]
		c.hdrLen++
		b = b[1:]
		need := 2
		if c.hdr[0]&0x02 != 0 { // LONG
			need = 9
		}
		if c.hdrLen < need {
			continue
		}
		size := uint64(c.hdr[1])
		if need == 9 {
			size = binary.BigEndian.Uint64(c.hdr[1:9])
		}
		if size > maxFrame {
			return fmt.Errorf("peer %s announced a %d-byte frame (limit %d): connection closed", c.RemoteAddr(), size, maxFrame)
		}
		c.hdrLen, c.skip = 0, size
		if size == 0 && !c.handshake {
			c.liftDeadline()
		}
	}
	return nil
}

// liftDeadline ends the handshake deadline once the peer's first frame (its
// READY command) is complete: from then on it may stay quiet for as long as
// it likes.
func (c *guardConn) liftDeadline() {
	c.handshake = true
	c.Conn.SetReadDeadline(time.Time{})
}
