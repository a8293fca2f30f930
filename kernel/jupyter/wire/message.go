// Package wire is the Jupyter kernel's side of the wire (the messaging
// protocol 5.3 over ZeroMQ, github.com/go-zeromq/zmq4): the connection
// file, the five sockets bound through guarded transports that keep
// hostile or broken peers from stalling, leaking or crashing the kernel
// (guard.go, frames.go), and each message's frames, signature and parts
// (message.go). What a message means is the dispatcher's (package
// jupyter), as gonb keeps internal/kernel apart from internal/dispatcher.
package wire

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// ProtocolVersion is the Jupyter messaging protocol version the kernel speaks.
const ProtocolVersion = "5.3"

// Delimiter separates the routing identities from the signed message parts.
var Delimiter = []byte("<IDS|MSG>")

// Header is a message header (the fields the kernel reads and writes).
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one decoded Jupyter message. The raw parts are kept so that a
// reply can echo the request's header byte for byte as its parent_header.
type Message struct {
	Identities [][]byte // ROUTER routing prefix, echoed on replies
	Header     Header
	RawHeader  json.RawMessage
	Parent     json.RawMessage
	Metadata   json.RawMessage
	Content    json.RawMessage
	Buffers    [][]byte
	Refused    *Refusal // set when the request is to be answered with an error, not run
}

// Signer computes and checks HMAC-SHA256 signatures; an empty key disables
// signing (the connection file's "key": "" means no authentication).
type Signer struct{ Key []byte }

// Sign returns the lowercase hex HMAC of the four signed parts ("" when
// signing is off).
func (s Signer) Sign(parts ...[]byte) []byte {
	if len(s.Key) == 0 {
		return nil
	}
	m := hmac.New(sha256.New, s.Key)
	for _, p := range parts {
		m.Write(p)
	}
	sum := m.Sum(nil)
	out := make([]byte, hex.EncodedLen(len(sum)))
	hex.Encode(out, sum)
	return out
}

// Verify checks sig against the parts in constant time.
func (s Signer) Verify(sig []byte, parts ...[]byte) bool {
	if len(s.Key) == 0 {
		return true
	}
	return subtle.ConstantTimeCompare(sig, s.Sign(parts...)) == 1
}

// ReplayGuard remembers recent signatures so a captured message sent again
// is refused. It keeps the last size signatures (a ring), which bounds
// memory over a long session; jupyter_client's Session keeps a similar
// bounded digest history.
type ReplayGuard struct {
	mu   sync.Mutex
	seen map[string]struct{}
	ring []string
	next int
}

// NewReplayGuard is a guard that remembers the last size signatures.
func NewReplayGuard(size int) *ReplayGuard {
	return &ReplayGuard{seen: make(map[string]struct{}, size), ring: make([]string, size)}
}

// Fresh records sig and reports whether it had not been seen before.
func (g *ReplayGuard) Fresh(sig []byte) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	k := string(sig)
	if _, dup := g.seen[k]; dup {
		return false
	}
	if old := g.ring[g.next]; old != "" {
		delete(g.seen, old)
	}
	g.ring[g.next] = k
	g.next = (g.next + 1) % len(g.ring)
	g.seen[k] = struct{}{}
	return true
}

// errDropped wraps every reason an incoming message is refused.
var errDropped = errors.New("message dropped")

// Decode splits, verifies and parses the frames of an incoming message. Any
// error means the message must not run; the error says why (for the log).
func Decode(frames [][]byte, s Signer, replay *ReplayGuard) (*Message, error) {
	d := -1
	for i, f := range frames {
		if bytes.Equal(f, Delimiter) {
			d = i
			break
		}
	}
	if d < 0 {
		return nil, fmt.Errorf("%w: no <IDS|MSG> delimiter in %d frames", errDropped, len(frames))
	}
	if len(frames) < d+6 {
		return nil, fmt.Errorf("%w: %d frames after the delimiter, want at least 5", errDropped, len(frames)-d-1)
	}
	sig, parts := frames[d+1], frames[d+2:d+6]
	if !s.Verify(sig, parts...) {
		return nil, fmt.Errorf("%w: bad signature", errDropped)
	}
	if len(s.Key) != 0 && !replay.Fresh(sig) {
		return nil, fmt.Errorf("%w: signature seen before (replayed message)", errDropped)
	}
	m := &Message{
		Identities: frames[:d],
		RawHeader:  parts[0],
		Parent:     parts[1],
		Metadata:   parts[2],
		Content:    parts[3],
		Buffers:    frames[d+6:],
	}
	// Without a readable header there is no one to reply to.
	if !IsJSONObject(m.RawHeader) {
		return nil, fmt.Errorf("%w: header is not a JSON object", errDropped)
	}
	if err := json.Unmarshal(m.RawHeader, &m.Header); err != nil {
		return nil, fmt.Errorf("%w: header: %v", errDropped, err)
	}
	if m.Header.MsgType == "" || m.Header.MsgID == "" {
		return nil, fmt.Errorf("%w: header lacks msg_type or msg_id", errDropped)
	}
	// With one, a signed request is answered, even when it cannot run.
	for i, name := range [3]string{"parent_header", "metadata", "content"} {
		if !IsJSONObject(parts[i+1]) {
			m.Refused = &Refusal{"ProtocolError", fmt.Sprintf("%s: %s is not a JSON object", m.Header.MsgType, name)}
			m.Parent = json.RawMessage("{}")
			break
		}
	}
	return m, nil
}

// Refusal is why the kernel refuses a request it can answer: the ename
// and evalue of its error reply.
type Refusal struct{ Ename, Evalue string }

// IsJSONObject reports whether b is one valid JSON object.
func IsJSONObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && b[0] == '{' && json.Valid(b)
}

// marshal encodes v as JSON without HTML escaping (SVG stays readable and
// small).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// NewID returns a random 128-bit identifier in UUID text form.
func NewID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// Encode builds the frames of an outgoing message: identities (or the iopub
// topic), delimiter, signature and the four JSON parts.
func Encode(s Signer, prefix [][]byte, session, msgType string, parent json.RawMessage, content any) ([][]byte, error) {
	h, err := marshal(Header{
		MsgID:    NewID(),
		Session:  session,
		Username: "kernel",
		Date:     time.Now().UTC().Format("2006-01-02T15:04:05.000000Z"),
		MsgType:  msgType,
		Version:  ProtocolVersion,
	})
	if err != nil {
		return nil, err
	}
	if len(parent) == 0 {
		parent = json.RawMessage("{}")
	}
	c, err := marshal(content)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", msgType, err)
	}
	meta := []byte("{}")
	frames := make([][]byte, 0, len(prefix)+6)
	frames = append(frames, prefix...)
	frames = append(frames, Delimiter, s.Sign(h, parent, meta, c), h, parent, meta, c)
	return frames, nil
}
