package gameio

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"gamelab/solvers/coins"
)

// SolveCoins answers every coins-in-a-row instance on in, in the given
// format, on out: for Seed and JSON one row of integers per line (blank lines
// skipped), answered "score moves" or as a JSON object; for Deque N and then
// N coins over any line breaks, answered X − Y. A bad instance is reported on
// errw as "gamelab coins: line L: …" and the others are still answered. The
// result is the exit status: 0 when every instance was answered, 1
// otherwise, 2 for an unknown format.
func SolveCoins(format Format, in io.Reader, out, errw io.Writer) int {
	return Batch{Format: format}.Coins(in, out, errw)
}

// Coins is SolveCoins with bt's settings.
func (bt Batch) Coins(in io.Reader, out, errw io.Writer) int {
	w := bufio.NewWriter(out)
	b := &coinsBatch{in: bufio.NewReader(in), out: w, stderr: errw, settings: bt}
	switch format := bt.Format; format {
	case Seed:
		b.rows(func(r *coins.Result) { fmt.Fprintf(w, "%s %s\n", r.Best, r.Moves) })
	case JSON:
		b.rows(func(r *coins.Result) { w.Write(append(AppendCoinsJSON(w.AvailableBuffer(), r, nil), '\n')) })
	case Deque:
		b.deque()
	default:
		return unknownFormat(errw, "coins", format)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(errw, "gamelab coins: writing the answers: %v\n", err)
		return 1
	}
	if b.failed {
		return 1
	}
	return 0
}

// coinsBatch reads instances from in and answers them on out, one at a time,
// so a bad instance costs only its own answer.
type coinsBatch struct {
	in       *bufio.Reader
	out      *bufio.Writer
	stderr   io.Writer
	line     int // lines read so far
	failed   bool
	settings Batch
	answered int // instances answered or refused so far
}

func (b *coinsBatch) fail(line int, format string, a ...any) {
	b.failed = true
	fmt.Fprintf(b.stderr, "gamelab coins: line %d: %s\n", line, fmt.Sprintf(format, a...))
}

// readLine returns the next line without its line end; ok is false at the
// end of input. Lines may be of any length (n = 30000 big coins is ~600 kB).
func (b *coinsBatch) readLine() (line string, ok bool, err error) {
	s, err := b.in.ReadString('\n')
	if err != nil && (err != io.EOF || s == "") {
		if err == io.EOF {
			err = nil
		}
		return "", false, err
	}
	b.line++
	return strings.TrimRight(s, "\r\n"), true, nil
}

// rows answers one row per line with answer; lines of only white space are
// skipped, as the game's original program does.
func (b *coinsBatch) rows(answer func(*coins.Result)) {
	for {
		line, ok, err := b.readLine()
		if err != nil {
			b.fail(b.line+1, "reading input: %v", err)
			return
		}
		if !ok {
			return
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		row, err := coins.ParseRow(line)
		if err != nil {
			b.fail(b.line, "%v", err)
			continue
		}
		b.answered++
		m := b.settings.meter(b.answered)
		r, err := coins.SolveProgress(context.Background(), row, m.Update)
		m.End()
		if err != nil {
			b.fail(b.line, "%v", err)
			continue
		}
		answer(r)
	}
}

// deque reads AtCoder's format, N and then N coins, over any line breaks,
// for as many instances as the input holds, and prints X − Y for each. A bad
// coin spoils only its instance (the N tokens are still consumed, so the next
// instance is found); a bad N leaves no way to find the next instance, so the
// rest of the input is skipped.
func (b *coinsBatch) deque() {
	toks := &tokenReader{b: b}
	for inst := 1; ; inst++ {
		tok, ok := toks.next()
		if !ok {
			break
		}
		n, err := strconv.Atoi(tok.text)
		if err != nil || n < 1 {
			b.fail(tok.line, "instance %d: N = %q is not a positive integer; the rest of the input is skipped", inst, tok.text)
			return
		}
		nLine := tok.line
		row := make([]*big.Int, 0, min(n, 1<<16))
		bad := false
		for len(row) < n {
			tok, ok := toks.next()
			if !ok {
				b.fail(toks.b.line, "instance %d (N = %d on line %d): input ends after %d coins", inst, n, nLine, len(row))
				return
			}
			v, ok := new(big.Int).SetString(tok.text, 10)
			if !ok {
				b.fail(tok.line, "instance %d: coin %d %q: not an integer", inst, len(row)+1, tok.text)
				bad = true
			}
			row = append(row, v)
		}
		if bad {
			continue
		}
		x, err := coins.SolveValue(context.Background(), row)
		if err != nil {
			b.fail(nLine, "instance %d: %v", inst, err)
			continue
		}
		fmt.Fprintf(b.out, "%s\n", x)
	}
	if toks.err != nil {
		b.fail(b.line+1, "reading input: %v", toks.err)
	}
}

// tokenReader splits the batch's input into white-space separated tokens
// (the same separators as coins.ParseRow), remembering each one's line.
type tokenReader struct {
	b    *coinsBatch
	rest []string // fields of the current line not yet returned
	err  error
}

type token struct {
	text string
	line int
}

func (t *tokenReader) next() (token, bool) {
	for len(t.rest) == 0 {
		line, ok, err := t.b.readLine()
		if err != nil {
			t.err = err
		}
		if !ok {
			return token{}, false
		}
		t.rest = strings.Fields(line)
	}
	tok := token{t.rest[0], t.b.line}
	t.rest = t.rest[1:]
	return tok, true
}
