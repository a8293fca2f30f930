//go:build !js

package judge

import (
	"bufio"
	"os"
	"strings"
	"time"
)

// capture reads one output of a program, keeping its first maxOutput
// bytes; past them it calls cut (which stops the program) and reads no
// more.
type capture struct {
	f     *os.File
	buf   []byte
	cut   bool
	onCut func()
	done  chan struct{}
}

func newCapture(f *os.File, onCut func()) *capture {
	return &capture{f: f, onCut: onCut, done: make(chan struct{})}
}

// captures starts reading a program's two outputs, each stopping the
// program once past maxOutput; the standard output is left to the judge
// to read line by line when the game is interactive (lines).
func captures(outR, errR *os.File, interactive bool, stop func(why string)) (out, errs *capture) {
	out = newCapture(outR, func() { stop("output") })
	errs = newCapture(errR, func() { stop("output") })
	if !interactive {
		go out.read()
	}
	go errs.read()
	return out, errs
}

func (c *capture) read() {
	defer close(c.done)
	b := make([]byte, 32<<10)
	for {
		n, err := c.f.Read(b)
		if keep := min(n, maxOutput-len(c.buf)); keep < n {
			c.buf, c.cut = append(c.buf, b[:keep]...), true
			c.onCut()
			return
		}
		c.buf = append(c.buf, b[:n]...)
		if err != nil {
			return
		}
	}
}

// lines reads the output line by line (interactive), keeping it as read
// does, and sends each line (without its line end) on ch, which it closes
// at the end of the output, or once the output passed maxOutput.
func (c *capture) lines(ch chan<- string) {
	defer close(c.done)
	defer close(ch)
	r := bufio.NewReaderSize(c.f, 64<<10)
	var line []byte // a move is short: past 4 KB a line is cut there, to fail as a move
	for {
		chunk, err := r.ReadSlice('\n')
		if keep := min(len(chunk), maxOutput-len(c.buf)); keep < len(chunk) {
			c.buf, c.cut = append(c.buf, chunk[:keep]...), true
			c.onCut()
			return
		}
		c.buf = append(c.buf, chunk...)
		line = append(line, chunk[:min(len(chunk), max(4096-len(line), 0))]...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if len(line) > 0 {
			ch <- strings.TrimRight(string(line), "\r\n")
			line = line[:0]
		}
		if err != nil {
			return
		}
	}
}

// finish waits a moment for the readers to reach the end of their pipes
// (a holder that outlived the kill gives its pipe up then), and closes
// them.
func finish(cs ...*capture) {
	for _, c := range cs {
		c.f.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	}
	for _, c := range cs {
		select {
		case <-c.done:
		case <-time.After(time.Second):
		}
		c.f.Close()
	}
}
