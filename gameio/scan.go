package gameio

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// Scanner splits its input into tokens at white space, keeping the line
// and column of each. It reads through a bufio.Reader byte by byte: a
// 1500-row Life Line board (2.2 MB) takes milliseconds, where fmt.Fscan
// takes seconds.
type Scanner struct {
	r               *bufio.Reader
	space           func(c byte) bool
	line, col       int // of the next byte, 1-based
	Tok             []byte
	TokLine, TokCol int   // where Tok starts
	Err             error // a read error other than io.EOF
}

// NewScanner scans r; space says which bytes separate tokens.
func NewScanner(r io.Reader, space func(c byte) bool) *Scanner {
	return &Scanner{r: bufio.NewReaderSize(r, 64<<10), space: space, line: 1, col: 1}
}

// Line is the line of the next byte to be read.
func (s *Scanner) Line() int { return s.line }

// Next reads the next token into Tok; it returns false at the end of the
// input (or on a read error, kept in Err).
func (s *Scanner) Next() bool {
	s.Tok = s.Tok[:0]
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				s.Err = err
			}
			return len(s.Tok) > 0
		}
		line, col := s.line, s.col
		if c == '\n' {
			s.line, s.col = s.line+1, 1
		} else {
			s.col++
		}
		if s.space(c) {
			if len(s.Tok) > 0 {
				return true
			}
			continue
		}
		if len(s.Tok) == 0 {
			s.TokLine, s.TokCol = line, col
		}
		s.Tok = append(s.Tok, c)
	}
}

// LineReader reads its input line by line, lines of any length, counting
// them.
type LineReader struct {
	r    *bufio.Reader
	line int // lines read so far
}

// NewLineReader reads r by lines.
func NewLineReader(r io.Reader) *LineReader { return &LineReader{r: bufio.NewReader(r)} }

// Line is the number of the last line read.
func (l *LineReader) Line() int { return l.line }

// Next returns the next line without its line end; ok is false at the end
// of the input.
func (l *LineReader) Next() (line string, ok bool, err error) {
	s, err := l.r.ReadString('\n')
	if err != nil && (err != io.EOF || s == "") {
		if err == io.EOF {
			err = nil
		}
		return "", false, err
	}
	l.line++
	return strings.TrimRight(s, "\r\n"), true, nil
}

// SkipBOM is r without the UTF-8 byte order mark that some editors write at
// the start of a file: a batch input's first token is a number, and
// "\ufeff3" is none.
func SkipBOM(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	// One byte first: a line typed at a terminal ("5\n") must not wait for
	// a third byte. 0xEF starts no number, only the mark.
	if b, err := br.Peek(1); err == nil && b[0] == 0xEF {
		if b, err := br.Peek(3); err == nil && string(b) == "\ufeff" {
			br.Discard(3)
		}
	}
	return br
}
