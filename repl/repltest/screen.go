// Package repltest shows what a terminal would display for a stream of output,
// so tests of the REPL (on a pipe or on a pseudo-terminal) can compare screens
// instead of readline's redraw sequences.
//
// Screen understands what readline writes: printable text, CR, LF (taken as
// CR LF, as a terminal with ONLCR shows it), backspace, tab, and the CSI
// sequences for cursor movement (A B C D H), erasing (J K) and colours (m,
// which it drops). It keeps every line (no scrolling), and wraps at its width.
package repltest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Screen is an io.Writer that keeps what a terminal of a fixed width shows.
// It is safe for one writer and any number of readers at once.
type Screen struct {
	mu      sync.Mutex
	width   int
	lines   [][]rune
	row     int
	col     int
	pending []byte // an incomplete UTF-8 sequence or escape sequence
	changed chan struct{}
	raw     bytes.Buffer
}

// NewScreen returns an empty screen width columns wide.
func NewScreen(width int) *Screen {
	return &Screen{width: width, lines: [][]rune{nil}, changed: make(chan struct{})}
}

// Write interprets p. It never fails.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.raw.Write(p)
	b := append(s.pending, p...)
	s.pending = nil
	for len(b) > 0 {
		n := s.step(b)
		if n == 0 { // incomplete: wait for more
			s.pending = append([]byte(nil), b...)
			break
		}
		b = b[n:]
	}
	close(s.changed)
	s.changed = make(chan struct{})
	return len(p), nil
}

// step interprets one character or escape sequence at the start of b and
// returns its length, or 0 if b holds only its beginning.
func (s *Screen) step(b []byte) int {
	switch b[0] {
	case '\r':
		s.col = 0
	case '\n':
		s.row++
		s.col = 0
		s.ensureRow()
	case '\b':
		s.col = max(min(s.col, s.width-1)-1, 0)
	case '\t':
		s.col = min((s.col/8+1)*8, s.width-1)
	case '\a':
	case 0x1b:
		return s.escape(b)
	default:
		if !utf8.FullRune(b) {
			return 0
		}
		r, n := utf8.DecodeRune(b)
		s.put(r)
		return n
	}
	return 1
}

func (s *Screen) escape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	if b[1] != '[' {
		return 2 // ESC x: nothing readline writes that changes the screen
	}
	i := 2
	for i < len(b) && (b[i] < 0x40 || b[i] > 0x7e) {
		i++
	}
	if i == len(b) {
		return 0
	}
	params, final := string(b[2:i]), b[i]
	n, err := strconv.Atoi(params)
	if err != nil || n == 0 {
		n = 1
	}
	line := s.lines[s.row]
	switch final {
	case 'A':
		s.row = max(s.row-n, 0)
	case 'B':
		s.row += n
		s.ensureRow()
	case 'C':
		s.col = min(s.col+n, s.width-1)
	case 'D':
		s.col = max(s.col-n, 0)
	case 'K':
		if params == "2" {
			s.lines[s.row] = nil
		} else if s.col < len(line) {
			s.lines[s.row] = line[:s.col]
		}
	case 'H': // cursor to row;col, from 1 (no scrolling: row 1 is the first line kept)
		r, c, _ := strings.Cut(params, ";")
		row, _ := strconv.Atoi(r)
		col, _ := strconv.Atoi(c)
		s.row, s.col = max(row-1, 0), min(max(col-1, 0), s.width-1)
		s.ensureRow()
	case 'J':
		if params == "2" { // the whole screen
			s.lines = make([][]rune, s.row+1)
			break
		}
		if s.col < len(line) {
			s.lines[s.row] = line[:s.col]
		}
		s.lines = s.lines[:s.row+1]
	}
	return i + 1
}

func (s *Screen) put(r rune) {
	if s.col >= s.width { // the cursor sat past the last column: wrap now
		s.row++
		s.col = 0
		s.ensureRow()
	}
	line := s.lines[s.row]
	for len(line) < s.col {
		line = append(line, ' ')
	}
	if s.col < len(line) {
		line[s.col] = r
	} else {
		line = append(line, r)
	}
	s.lines[s.row] = line
	s.col++
}

func (s *Screen) ensureRow() {
	for len(s.lines) <= s.row {
		s.lines = append(s.lines, nil)
	}
}

// Text is the screen's lines joined by "\n", trailing blanks removed from
// each line and blank lines from the end.
func (s *Screen) Text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.text()
}

func (s *Screen) text() string {
	var b strings.Builder
	for _, l := range s.lines {
		b.WriteString(strings.TrimRight(string(l), " "))
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}

// Raw is every byte written so far, escape sequences included.
func (s *Screen) Raw() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

// WaitFor waits until ok holds for the screen's Text and returns that text,
// or fails after timeout with an error that shows the screen.
func (s *Screen) WaitFor(timeout time.Duration, what string, ok func(text string) bool) (string, error) {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		text, changed := s.text(), s.changed
		s.mu.Unlock()
		if ok(text) {
			return text, nil
		}
		select {
		case <-changed:
		case <-deadline:
			return text, fmt.Errorf("after %v the screen still lacks %s; it shows:\n%s", timeout, what, text)
		}
	}
}

// WaitCount waits until sub appears at least n times on the screen.
func (s *Screen) WaitCount(timeout time.Duration, sub string, n int) (string, error) {
	return s.WaitFor(timeout, fmt.Sprintf("%d× %q", n, sub), func(t string) bool { return strings.Count(t, sub) >= n })
}
