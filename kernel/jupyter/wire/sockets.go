package wire

// The kernel's five sockets: bound through the guarded transports as the
// connection file says, read into verified messages, and written to with
// every message signed.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"log"
	"net"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/go-zeromq/zmq4"
)

// Channel is one kernel socket. zmq4 sockets must not be written from two
// goroutines at once (frames would interleave), so every send takes mu.
type Channel struct {
	Name  string
	Sock  zmq4.Socket
	guard *guardConfig
	mu    sync.Mutex
}

// Send writes one message's frames.
func (c *Channel) Send(frames [][]byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Sock.SendMulti(zmq4.NewMsgFrom(frames...))
}

// Conn is the kernel's side of one connection file: its sockets (shell,
// control and stdin are ROUTER, iopub is PUB, heartbeat a REP echo), the
// key that signs its messages and the guard against replayed ones.
type Conn struct {
	Shell, Control, Stdin, IOPub *Channel
	hb                           *Channel
	info                         ConnectionInfo // with the ports actually bound
	sig                          Signer
	replay                       *ReplayGuard
	// Session is this kernel's session id (header.session of its
	// messages).
	Session string
	log     *log.Logger
	ctx     context.Context
}

// Listen binds the sockets as ci says (port 0 binds a free port; see Info
// for the ports bound) until ctx is cancelled; log gets what the wire
// drops and why.
func Listen(ctx context.Context, ci ConnectionInfo, logger *log.Logger) (*Conn, error) {
	if err := ci.Check(); err != nil {
		return nil, err
	}
	c := &Conn{
		info:    ci,
		sig:     Signer{Key: []byte(ci.Key)},
		replay:  NewReplayGuard(1 << 16),
		Session: NewID(),
		log:     logger,
		ctx:     ctx,
	}
	zopts := []zmq4.Option{zmq4.WithLogger(logger)}
	// Each socket's guard gets its settings through the socket's context.
	channel := func(name string, t zmq4.SocketType, limit int64, subsOnly bool, sig Signer) *Channel {
		g := &guardConfig{name: name, sockType: t, limit: limit, subsOnly: subsOnly, sig: sig, log: logger}
		if _, err := rand.Read(g.nonce[:]); err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		gctx := withGuard(ctx, g)
		ch := &Channel{Name: name, guard: g}
		switch t {
		case zmq4.Router:
			ch.Sock = zmq4.NewRouter(gctx, zopts...)
		case zmq4.Pub:
			ch.Sock = zmq4.NewPub(gctx, zopts...)
		case zmq4.Rep:
			ch.Sock = zmq4.NewRep(gctx, zopts...)
		}
		return ch
	}
	c.Shell = channel("shell", zmq4.Router, maxMessage, false, c.sig)
	c.Control = channel("control", zmq4.Router, maxMessage, false, c.sig)
	c.Stdin = channel("stdin", zmq4.Router, maxMessage, false, c.sig)
	c.IOPub = channel("iopub", zmq4.Pub, maxSubscription, true, Signer{})
	c.hb = channel("heartbeat", zmq4.Rep, maxPing, false, Signer{})
	binds := []struct {
		sock zmq4.Socket
		port *int
	}{
		{c.Shell.Sock, &c.info.ShellPort}, {c.Control.Sock, &c.info.ControlPort},
		{c.Stdin.Sock, &c.info.StdinPort}, {c.IOPub.Sock, &c.info.IOPubPort},
		{c.hb.Sock, &c.info.HBPort},
	}
	if err := registerGuards(); err != nil {
		return nil, err
	}
	for _, b := range binds {
		// Bind through the guarded transport (see guard.go); clients dial
		// the plain endpoint.
		ep := c.info.Endpoint(*b.port)
		if err := b.sock.Listen(guarded[c.info.Transport] + strings.TrimPrefix(ep, c.info.Transport)); err != nil {
			c.Close()
			return nil, fmt.Errorf("binding %s: %w", ep, err)
		}
		if a, ok := b.sock.Addr().(*net.TCPAddr); ok {
			*b.port = a.Port
		}
	}
	return c, nil
}

// Info is the connection info with the ports actually bound.
func (c *Conn) Info() ConnectionInfo { return c.info }

// Close closes the sockets.
func (c *Conn) Close() {
	for _, ch := range []*Channel{c.Shell, c.Control, c.Stdin, c.IOPub, c.hb} {
		ch.Sock.Close()
	}
	if c.info.Transport == "ipc" {
		// zmq4 removes the socket files only of endpoints named ipc://.
		for _, p := range []int{c.info.ShellPort, c.info.ControlPort, c.info.StdinPort, c.info.IOPubPort, c.info.HBPort} {
			os.Remove(strings.TrimPrefix(c.info.Endpoint(p), "ipc://"))
		}
	}
}

// Heartbeat echoes every ping so clients know the process is alive, until
// the connection closes; it runs on a goroutine of its own, so a long cell
// never delays it.
func (c *Conn) Heartbeat() {
	for {
		msg, err := c.hb.Sock.Recv()
		if err != nil {
			if c.ctx.Err() != nil {
				return
			}
			c.log.Printf("heartbeat: %v", err)
			continue
		}
		if over, _, size := c.hb.guard.oversized(msg.Frames); over {
			c.log.Printf("heartbeat: a ping of %d bytes not echoed (limit %d)", size, c.hb.guard.limit)
			continue
		}
		if err := c.hb.Sock.Send(msg); err != nil && c.ctx.Err() == nil {
			c.log.Printf("heartbeat: %v", err)
		}
	}
}

// Receive reads one socket until the connection closes, verifies each
// message and queues the good ones (q nil: the socket expects none, so
// every message is logged and dropped). A signed message too large to take
// is queued as a refusal (Message.Refused), which the dispatcher answers
// with an error reply; anything unsigned or unreadable is logged and
// dropped.
func (c *Conn) Receive(ch *Channel, q chan<- *Message) {
	for {
		raw, err := ch.Sock.Recv()
		if err != nil {
			if c.ctx.Err() != nil {
				return
			}
			c.log.Printf("%s: receive: %v", ch.Name, err)
			continue
		}
		var m *Message
		if over, signed, size := ch.guard.oversized(raw.Frames); over {
			if m = c.oversized(ch, raw.Frames[:len(raw.Frames)-1], signed, size); m == nil {
				continue
			}
		} else if m, err = Decode(raw.Frames, c.sig, c.replay); err != nil {
			c.log.Printf("%s: %v", ch.Name, err)
			continue
		}
		if q == nil {
			c.log.Printf("%s: unexpected %s dropped", ch.Name, m.Header.MsgType)
			continue
		}
		select {
		case q <- m:
		case <-c.ctx.Done():
			return
		}
	}
}

// oversized turns a message the guard cut short (frames is what it passed
// on) into a request to refuse with an error reply, when it was signed and
// its header came through; otherwise it logs why not and returns nil.
func (c *Conn) oversized(ch *Channel, frames [][]byte, signed bool, size uint64) *Message {
	what := fmt.Sprintf("a message of %d bytes (limit %d)", size, ch.guard.limit)
	if !signed {
		c.log.Printf("%s: %s with a bad signature dropped", ch.Name, what)
		return nil
	}
	d := slices.IndexFunc(frames, func(f []byte) bool { return bytes.Equal(f, Delimiter) })
	var h Header
	if d < 0 || len(frames) < d+3 || !IsJSONObject(frames[d+2]) || json.Unmarshal(frames[d+2], &h) != nil || h.MsgType == "" || h.MsgID == "" {
		c.log.Printf("%s: %s dropped: its header could not be read", ch.Name, what)
		return nil
	}
	if len(c.sig.Key) != 0 && !c.replay.Fresh(frames[d+1]) {
		c.log.Printf("%s: %s dropped: signature seen before (replayed message)", ch.Name, what)
		return nil
	}
	return &Message{
		Identities: frames[:d], Header: h, RawHeader: frames[d+2],
		Refused: &Refusal{"MessageTooLarge", fmt.Sprintf("%s of %d bytes refused: over the kernel's limit of %d bytes (%d MiB) per message",
			h.MsgType, size, ch.guard.limit, ch.guard.limit>>20)},
	}
}

// Reply sends a reply to m on the channel m came in on.
func (c *Conn) Reply(ch *Channel, m *Message, msgType string, content any) {
	if err := c.Send(ch, m, msgType, content); err != nil && c.ctx.Err() == nil {
		c.log.Printf("%s: sending %s: %v", ch.Name, msgType, err)
	}
}

// Send sends a message whose parent is m to m's client on ch (a reply, or
// the input_request of m's cell on stdin).
func (c *Conn) Send(ch *Channel, m *Message, msgType string, content any) error {
	frames, err := Encode(c.sig, m.Identities, c.Session, msgType, m.RawHeader, content)
	if err == nil {
		err = ch.Send(frames)
	}
	return err
}

// Publish sends an iopub message whose parent is m (nil: no parent).
func (c *Conn) Publish(m *Message, msgType string, content any) {
	var parent json.RawMessage
	if m != nil {
		parent = m.RawHeader
	}
	topic := []byte("kernel." + c.Session + "." + msgType)
	frames, err := Encode(c.sig, [][]byte{topic}, c.Session, msgType, parent, content)
	if err == nil {
		err = c.IOPub.Send(frames)
	}
	if err != nil && c.ctx.Err() == nil {
		c.log.Printf("iopub: sending %s: %v", msgType, err)
	}
}
