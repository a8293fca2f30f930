package jupyter

import (
	"errors"
	"io"
	"sync"
	"time"
	"unicode/utf8"
)

// streams turns the engine's stdout and stderr into stream messages, in the
// order they were written. Writes are gathered for a short moment so that a
// loop of prints becomes a few messages rather than thousands, and split
// only at UTF-8 boundaries; a write to the other stream sends what is
// gathered first.
type streams struct {
	publish func(name, text string)

	mu     sync.Mutex
	name   string // the stream buf belongs to
	buf    []byte
	timer  *time.Timer
	wrote  map[string]bool // the streams written to
	closed bool
}

const (
	streamDelay = 50 * time.Millisecond // longest wait before printed text goes out
	streamChunk = 64 << 10              // flush at once beyond this many bytes
)

// writer is the io.Writer of one stream ("stdout" or "stderr").
func (w *streams) writer(name string) io.Writer {
	return writerFunc(func(p []byte) (int, error) { return w.write(name, p) })
}

func (w *streams) write(name string, p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return 0, errors.New("write after the cell ended")
	}
	if len(p) == 0 {
		return 0, nil
	}
	if w.wrote == nil {
		w.wrote = map[string]bool{}
	}
	w.wrote[name] = true
	if name != w.name {
		w.flushLocked(true) // the other stream's text came first
		w.name = name
	}
	w.buf = append(w.buf, p...)
	switch {
	case len(w.buf) >= streamChunk:
		w.flushLocked(false)
	case w.timer == nil && len(w.buf) > 0:
		w.timer = time.AfterFunc(streamDelay, func() {
			w.mu.Lock()
			defer w.mu.Unlock()
			if !w.closed {
				w.flushLocked(false)
			}
		})
	}
	return len(p), nil
}

// flushLocked publishes the buffered text; unless final, an incomplete
// UTF-8 sequence at the end waits for the rest of its bytes.
func (w *streams) flushLocked(final bool) {
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	n := len(w.buf)
	if !final {
		n = completeUTF8(w.buf)
	}
	if n > 0 {
		w.publish(w.name, string(w.buf[:n]))
		w.buf = append(w.buf[:0], w.buf[n:]...)
	}
}

// flush publishes everything written so far.
func (w *streams) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.flushLocked(true)
}

// close flushes everything; later writes fail.
func (w *streams) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.flushLocked(true)
	w.closed = true
}

// writerFunc is an io.Writer made of a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// completeUTF8 is the length of the longest prefix of b that does not end
// inside a UTF-8 sequence (invalid bytes count as complete: they cannot
// become valid later).
func completeUTF8(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return i
			}
			break
		}
	}
	return len(b)
}
