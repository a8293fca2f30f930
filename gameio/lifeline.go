package gameio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gamelab/solvers/lifeline"
)

// SolveLifelines answers every Life Line dataset on in, in the given format,
// on out. A dataset is the judge's: "N C" (board size, player), then the
// N(N+1)/2 cells row by row; "0 0" or the end of the input ends the batch.
// Seed writes each best score on a line, JSON one object per dataset. A bad
// dataset is reported on errw as "gamelab lifeline: dataset K (line L,
// column C): …" and the others are still answered, unless the reader lost
// its place; an unreachable board gets a warning. The result is the exit
// status: 0 when every dataset was answered, 1 otherwise, 2 for an unknown
// format.
func SolveLifelines(format Format, in io.Reader, out, errw io.Writer) int {
	if format != Seed && format != JSON {
		return unknownFormat(errw, "lifeline", format)
	}
	w := bufio.NewWriterSize(out, 64<<10)
	status := solveLifelines(newLifelineScanner(in), format == JSON, w, errw)
	if err := w.Flush(); err != nil {
		fmt.Fprintf(errw, "gamelab lifeline: writing the answers: %v\n", err)
		return 1
	}
	return status
}

// lifelineError is a problem with one dataset, reported with its number and
// place. fatal means the reader lost its place in the input and stops.
type lifelineError struct {
	line, col int // col 0: the dataset as a whole
	msg       string
	fatal     bool
}

// solveLifelines reads and answers the datasets in turn; it returns the exit
// status.
func solveLifelines(sc *lifelineScanner, json bool, out *bufio.Writer, stderr io.Writer) int {
	status := 0
	var line []byte // one answer, reused
	for ds := 1; ; ds++ {
		b, player, header, derr := readLifeline(sc)
		if derr == nil && b == nil {
			return status // "0 0" or the end of the input
		}
		where := fmt.Sprintf("gamelab lifeline: dataset %d (line %d", ds, header)
		if derr != nil {
			status = 1
			if derr.col > 0 {
				where = fmt.Sprintf("gamelab lifeline: dataset %d (line %d, column %d", ds, derr.line, derr.col)
			}
			fmt.Fprintf(stderr, "%s): %s\n", where, derr.msg)
			if derr.fatal {
				return status
			}
			continue
		}
		res, err := lifeline.Solve(context.Background(), b, player)
		if err != nil {
			status = 1
			fmt.Fprintf(stderr, "%s): %s\n", where, strings.TrimPrefix(err.Error(), "lifeline: "))
			continue
		}
		warnUnreachable(stderr, where, res.Unreachable)
		if json {
			line = append(AppendLifelineJSON(line[:0], res, nil), '\n')
		} else {
			line = append(strconv.AppendInt(line[:0], int64(res.Best), 10), '\n')
		}
		out.Write(line) // a write error sticks in out and is reported by Flush
	}
}

// warnUnreachable says which groups had no empty neighbour before the move:
// the board cannot arise in play, and (as the judge does) they count for no
// move. A large board may have thousands, so only the first few are named.
func warnUnreachable(stderr io.Writer, where string, groups []lifeline.Group) {
	const show = 3
	for i, g := range groups {
		if i == show {
			fmt.Fprintf(stderr, "%s): warning: and %d more such groups\n", where, len(groups)-show)
			return
		}
		fmt.Fprintf(stderr, "%s): warning: unreachable board: the group of %s touches no empty vertex; it counts for no move\n", where, g)
	}
}

// readLifeline reads "N C" and the N(N+1)/2 cells that follow. It returns a nil
// board and nil error at "0 0" or at the end of the input; header is the line
// of N. After a bad player or cell it still reads the whole board, so the next
// dataset is found; a bad size or a short board is fatal.
func readLifeline(sc *lifelineScanner) (b *lifeline.Board, player, header int, derr *lifelineError) {
	fatal := func(line, col int, format string, a ...any) (*lifeline.Board, int, int, *lifelineError) {
		return nil, 0, header, &lifelineError{line: line, col: col, msg: fmt.Sprintf(format, a...), fatal: true}
	}
	if !sc.next() {
		if sc.err != nil {
			return fatal(sc.line, 0, "reading the input: %v", sc.err)
		}
		return nil, 0, 0, nil // the end, without "0 0": accepted
	}
	header = sc.tokLine
	nLine, nCol, nTok := sc.tokLine, sc.tokCol, string(sc.tok)
	n, nErr := strconv.Atoi(nTok)
	if !sc.next() {
		return fatal(nLine, 0, "the input ends after the board size %q; want N C, then the board", nTok)
	}
	cLine, cCol, cTok := sc.tokLine, sc.tokCol, string(sc.tok)
	player, cErr := strconv.Atoi(cTok)
	if nErr == nil && cErr == nil && n == 0 && player == 0 {
		return nil, 0, 0, nil // the judge's end marker
	}
	if nErr != nil || n < 1 || n > lifeline.MaxN {
		return fatal(nLine, nCol, "board size %q is not a number 1..%d; the rest of the input is not read", nTok, lifeline.MaxN)
	}
	if cErr != nil || player < 1 || player > 9 {
		derr = &lifelineError{line: cLine, col: cCol, msg: fmt.Sprintf("player %q is not a number 1..9", cTok)}
	}
	want := lifeline.CellCount(n)
	// Grow the board as cells arrive: a huge N on a short input must not
	// allocate N(N+1)/2 bytes up front.
	b = &lifeline.Board{N: n, Cells: make([]uint8, 0, min(want, 1<<20))}
	for k := range want {
		if !sc.next() {
			if sc.err != nil {
				return fatal(sc.line, 0, "reading the input: %v", sc.err)
			}
			return fatal(header, 0, "the input ends after %d of the board's %d cells", k, want)
		}
		c, err := lifeline.ParseCell(string(sc.tok))
		if err != nil && derr == nil {
			r, p := lifeline.Coord(k)
			derr = &lifelineError{line: sc.tokLine, col: sc.tokCol, msg: fmt.Sprintf("%v (row %d, position %d)", err, r, p)}
		}
		b.Cells = append(b.Cells, c)
	}
	if derr != nil {
		return nil, 0, header, derr
	}
	return b, player, header, nil
}

// lifelineScanner splits its input at white space (lifeline.IsSpace), keeping the
// line and column of each token. It reads through a bufio.Reader byte by byte:
// a 1500-row board (2.2 MB) takes milliseconds, where fmt.Fscan takes seconds.
type lifelineScanner struct {
	r               *bufio.Reader
	line, col       int // of the next byte, 1-based
	tok             []byte
	tokLine, tokCol int
	err             error // a read error other than io.EOF
}

func newLifelineScanner(r io.Reader) *lifelineScanner {
	return &lifelineScanner{r: bufio.NewReaderSize(r, 64<<10), line: 1, col: 1}
}

// next reads the next token into tok; it returns false at the end of the
// input (or on a read error, kept in err).
func (s *lifelineScanner) next() bool {
	s.tok = s.tok[:0]
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
			return len(s.tok) > 0
		}
		line, col := s.line, s.col
		if c == '\n' {
			s.line, s.col = s.line+1, 1
		} else {
			s.col++
		}
		if lifeline.IsSpace(c) {
			if len(s.tok) > 0 {
				return true
			}
			continue
		}
		if len(s.tok) == 0 {
			s.tokLine, s.tokCol = line, col
		}
		s.tok = append(s.tok, c)
	}
}
