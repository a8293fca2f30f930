package repl

// How Ctrl-C reaches the right place. The REPL keeps a terminal in raw mode
// for its whole run, cells included, so Ctrl-C is never a SIGINT from the
// terminal: it is byte 0x03 in one ordered stream of keys, and its place in
// that stream says what it means. Before the Enter that completes an entry
// it is a key for readline (clear the line, drop the entry); after it, it
// interrupts the cell that entry starts, however soon it was typed, even
// before the cell began; after the cell has ended it is again a key for the
// next line. A SIGINT, by contrast, could be generated while the terminal
// was in one mode and delivered when the REPL was already in the next
// state, so that no rule could tell which cell it was meant for.

import (
	"bytes"
	"io"
	"sync"
)

const (
	keyInterrupt = 0x03 // Ctrl-C
	keyQuit      = 0x1c // Ctrl-\: while a cell runs, leave gamelab, the cell and the session with it
	keySuspend   = 0x1a // Ctrl-Z
)

// keyboard is the REPL's one reader of its input. A goroutine reads the
// input as it comes into a buffer; readline reads the buffer (Read) while
// it edits a line, and a running cell takes its Ctrl-Cs out of it.
//
// Read hands readline at most one line at a time, up to and including the
// Enter, and nothing while a cell runs: readline's own reader would
// otherwise buffer the keys typed after Enter and see a Ctrl-C among them
// only as a key for the next prompt, while the cell ran on.
type keyboard struct {
	mu      sync.Mutex
	changed chan struct{} // closed and renewed when any field below changes
	buf     []byte        // keys read from the input, not yet handed on
	err     error         // the input's read error, after buf
	closed  bool
	cell    chan struct{} // non-nil while a cell runs: one value per Ctrl-C
	quit    chan struct{} // while a cell runs: a value for a Ctrl-\
	// suspend handles Ctrl-Z while a cell runs (on a terminal: stop the
	// process as the shell's job control expects); nil keeps it a key.
	suspend func()
}

// newKeyboard starts reading in; suspend (nil: none) handles Ctrl-Z while a
// cell runs.
func newKeyboard(in io.Reader, suspend func()) *keyboard {
	k := &keyboard{changed: make(chan struct{}), suspend: suspend}
	go k.pump(in)
	return k
}

// pump reads the input until it fails (io.EOF) or the keyboard is closed.
func (k *keyboard) pump(in io.Reader) {
	b := make([]byte, 4096)
	for {
		n, err := in.Read(b)
		k.mu.Lock()
		if k.closed {
			k.mu.Unlock()
			return
		}
		k.buf = append(k.buf, b[:n]...)
		k.err = err
		suspends := k.takeCellKeys()
		k.changedLocked()
		suspend := k.suspend
		k.mu.Unlock()
		for range suspends {
			suspend()
		}
		if err != nil {
			return
		}
	}
}

// takeCellKeys, while a cell runs, takes each Ctrl-C out of buf with the keys
// typed before it (as a terminal's Ctrl-C discards its pending input) and
// sends it to the cell; it returns how many Ctrl-Zs it took out for the
// caller to act on, outside the lock.
func (k *keyboard) takeCellKeys() (suspends int) {
	if k.cell == nil {
		return 0
	}
	for {
		i := bytes.IndexByte(k.buf, keyInterrupt)
		if i < 0 {
			break
		}
		k.buf = k.buf[i+1:]
		select {
		case k.cell <- struct{}{}:
		default: // the cell has more Ctrl-Cs waiting than it acts on
		}
	}
	if i := bytes.IndexByte(k.buf, keyQuit); i >= 0 {
		k.buf = k.buf[i+1:]
		select {
		case k.quit <- struct{}{}:
		default:
		}
	}
	if k.suspend != nil {
		for i := bytes.IndexByte(k.buf, keySuspend); i >= 0; i = bytes.IndexByte(k.buf, keySuspend) {
			k.buf = append(k.buf[:i:i], k.buf[i+1:]...)
			suspends++
		}
	}
	return suspends
}

// changedLocked wakes everyone waiting for a change; k.mu is held.
func (k *keyboard) changedLocked() {
	close(k.changed)
	k.changed = make(chan struct{})
}

// Read is readline's input: the buffered keys up to and including the first
// Enter, waiting while there are none or a cell runs.
func (k *keyboard) Read(p []byte) (int, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for {
		switch {
		case k.closed:
			return 0, io.EOF
		case k.cell != nil:
			// The cell's keys wait for the next line.
		case len(k.buf) > 0:
			n := len(k.buf)
			if i := bytes.IndexAny(k.buf, "\r\n"); i >= 0 {
				n = i + 1
			}
			n = copy(p, k.buf[:n])
			k.buf = k.buf[n:]
			return n, nil
		case k.err != nil:
			return 0, k.err
		}
		wait := k.changed
		k.mu.Unlock()
		<-wait
		k.mu.Lock()
	}
}

// Close ends a pending or later Read with io.EOF. Unlike readline's Close it
// is safe from any goroutine.
func (k *keyboard) Close() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.closed {
		k.closed = true
		k.changedLocked()
	}
	return nil
}

// startCell is called when an entry is complete and its cell is about to
// run. From now until endCell every Ctrl-C, those already typed after the
// entry's Enter included, is a value on ctrlC, and a Ctrl-\ one on quit.
// A Ctrl-C typed before the cell starts is on ctrlC when startCell returns.
func (k *keyboard) startCell() (ctrlC, quit <-chan struct{}) {
	k.mu.Lock()
	// Room for the Ctrl-Cs the REPL acts on (see REPL.execute).
	k.cell = make(chan struct{}, 3)
	k.quit = make(chan struct{}, 1)
	suspends := k.takeCellKeys()
	cell, q, suspend := k.cell, k.quit, k.suspend
	k.mu.Unlock()
	for range suspends {
		suspend()
	}
	return cell, q
}

// endCell makes the keys typed from now on keys for readline again; the
// Ctrl-Cs typed while the cell ran were the cell's, whether it heeded them
// or not, and go with it.
func (k *keyboard) endCell() {
	k.mu.Lock()
	k.cell = nil
	k.changedLocked()
	k.mu.Unlock()
}

// lend hands the keys to readline while the running cell reads a line of
// its own (play's moves): until back is called, Read works as between
// cells, and a Ctrl-C is a key for that line, which ends the input rather
// than the cell. back makes the keys the cell's again; a Ctrl-C typed after
// the line's Enter interrupts the cell, as after an entry's.
func (k *keyboard) lend() (back func()) {
	k.mu.Lock()
	cell := k.cell
	k.cell = nil
	k.changedLocked()
	k.mu.Unlock()
	return func() {
		k.mu.Lock()
		k.cell = cell
		suspends := k.takeCellKeys()
		suspend := k.suspend
		k.changedLocked()
		k.mu.Unlock()
		for range suspends {
			suspend()
		}
	}
}
