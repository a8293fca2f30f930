// Package script owns gamelab's scripts on top of the engine (package
// kernel): running them statement by statement (RunScript, for piped input,
// `gamelab -c` and `gamelab run`), replaying them and saved Jupyter notebooks
// into transcripts (Transcript, ReplayNotebook), and checking those against
// golden files with a unified diff (Golden, UnifiedDiff; `gamelab test` and
// `go test` of the scripts directory). The engine knows nothing of files or
// transcripts; this package only drives it through kernel.Session.
package script

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"gamelab/kernel"
)

// RunScript runs the statements read from r, each as its own cell: results
// and printed text to stdout, each error to stderr with its place in r. It
// reports whether any statement failed; without keepGoing it stops at the
// first failure, and at once when ctx is cancelled (Ctrl-C), even while
// it reads a line that never ends.
func RunScript(ctx context.Context, s *kernel.Session, name string, r io.Reader, stdout, stderr io.Writer, keepGoing bool) (failed bool, err error) {
	err = EachStatementOf(ctxReader{ctx, r}, func(line int, code string, tooLong error) bool {
		if tooLong != nil {
			fmt.Fprintf(stderr, "%s:%d: %v\n", name, line, tooLong)
			failed = true
			return keepGoing
		}
		if RunStatement(ctx, s, name, line, code, stdout, stderr) {
			failed = true
			return keepGoing && ctx.Err() == nil
		}
		return true
	})
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		// Interrupted while reading a line: no statement was stopped to say so.
		fmt.Fprintf(stderr, "%s: interrupted\n", name)
		return true, nil
	}
	return failed, err
}

// ctxReader reads r until ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// MaxStatement is the longest line, and statement, a script may hold: a
// piped line of 17 MB (a long string literal) is one statement like any
// other; past this, reading it whole could take the memory of the session.
const MaxStatement = 64 << 20

// LineTooLong is the error of a line longer than MaxStatement: that
// statement is skipped, whole, and reading goes on after it.
type LineTooLong struct{ Bytes int64 }

func (e *LineTooLong) Error() string {
	return fmt.Sprintf("the line is %s long, more than the %d MB a statement may be; it was skipped", byteSize(e.Bytes), MaxStatement>>20)
}

// byteSize writes bytes for a person: 80.0 MB.
func byteSize(n int64) string {
	if n >= 1<<30 {
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// EachStatement reads r and calls fn with each complete statement (one line, or
// several when a bracket or raw string is open) and the number of its first
// line, until fn returns false. A line longer than MaxStatement is skipped.
func EachStatement(r io.Reader, fn func(line int, code string) bool) error {
	return EachStatementOf(r, func(line int, code string, tooLong error) bool {
		return tooLong != nil || fn(line, code)
	})
}

// EachStatementOf is EachStatement that also tells fn of each line too long
// to be a statement (a *LineTooLong, code ""); the statement it began, and
// the lines gathered for it, are dropped. It returns r's error, if any.
func EachStatementOf(r io.Reader, fn func(line int, code string, tooLong error) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var chunk []string
	var sc kernel.Scanner // whether the chunk so far is a statement, a line at a time
	start, n, size := 0, 0, 0
	for {
		text, long, err := readLine(br)
		if err != nil && err != io.EOF {
			return err
		}
		end := err == io.EOF
		if end && text == "" && long == 0 {
			break
		}
		if n++; n == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // an editor's byte-order mark
		}
		if len(chunk) == 0 {
			start = n
		}
		if size += len(text); long == 0 && size > MaxStatement {
			long = int64(size) // the lines of one statement, together
		}
		if long > 0 {
			chunk, size, sc = nil, 0, kernel.Scanner{}
			if !fn(start, "", &LineTooLong{Bytes: long}) {
				return nil
			}
		} else {
			line := strings.TrimSuffix(text, "\r")
			chunk = append(chunk, line)
			if c, _ := sc.Line(line); c != kernel.Incomplete {
				code := strings.Join(chunk, "\n")
				chunk, size = nil, 0
				if !fn(start, code, nil) {
					return nil
				}
			}
		}
		if end {
			break
		}
	}
	if len(chunk) > 0 {
		fn(start, strings.Join(chunk, "\n"), nil)
	}
	return nil
}

// readLine reads one line, without its "\n": its text or, for a line
// longer than MaxStatement, "" and its length (the rest of it read and
// dropped, never held). err is the reader's: io.EOF with the last line,
// when it has no "\n", or alone after it.
func readLine(br *bufio.Reader) (text string, long int64, err error) {
	var buf []byte
	for {
		part, err := br.ReadSlice('\n')
		if long > 0 || len(buf)+len(part) > MaxStatement {
			long += int64(len(buf) + len(part))
			buf = nil
		} else {
			buf = append(buf, part...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if long > 0 {
			return "", long, err
		}
		return strings.TrimSuffix(string(buf), "\n"), 0, err
	}
}

// RunStatement executes one cell, writing its output to stdout and its error
// stream (eprint, warnings) and error to stderr, and reports whether it
// failed. clear() does nothing here: a script's output is a record.
func RunStatement(ctx context.Context, s *kernel.Session, name string, line int, code string, stdout, stderr io.Writer) bool {
	if kernel.Blank(code) {
		return false // comments and blank lines are not cells: _N counts statements
	}
	out := s.ExecuteWith(ctx, code, kernel.ExecOptions{
		Stdout:  stdout,
		Stderr:  stderr,
		Display: func(d kernel.Display) { fmt.Fprintln(stdout, d.Text) },
	})
	if out.Result != nil {
		fmt.Fprintln(stdout, out.Result.Text)
	}
	if out.Err != nil {
		fmt.Fprintln(stderr, FormatError(name, line, out.Err))
		return true
	}
	return false
}

// FormatError places a cell's error in its file: "name:line:col: message",
// the source line and a caret, where first is the cell's first line.
func FormatError(name string, first int, e *kernel.Error) string {
	if e.Line == 0 {
		return fmt.Sprintf("%s:%d: %s", name, first, e.Msg)
	}
	// e.Error() is "line:col: msg" and then the source line and caret; only
	// that head changes, to count lines in the file rather than the cell.
	head := fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
	sourceAndCaret := strings.TrimPrefix(e.Error(), head)
	return fmt.Sprintf("%s:%d:%d: %s", name, first+e.Line-1, e.Column, e.Msg) + sourceAndCaret
}

// outputPrefix starts each output line of a transcript: a comment, so a
// golden transcript is itself a script that runs.
const outputPrefix = "#> "

// Transcript replays a script in a new session and returns its transcript:
// every input line as written, each statement followed by its output
// (printed text, the error stream, shown values, its result, its error) with
// every line prefixed by "#> ", time(x)'s wall time in its shape (see
// shapeLines). Messages name the script by its file's name; load reads
// beside it.
func Transcript(path, src string) string {
	src = strings.TrimPrefix(strings.ReplaceAll(src, "\r\n", "\n"), "\ufeff")
	s := kernel.NewSession(kernel.WithDir(filepath.Dir(path)))
	name := filepath.Base(path)
	var b strings.Builder
	EachStatement(strings.NewReader(src), func(line int, code string) bool {
		b.WriteString(code + "\n")
		var out strings.Builder
		RunStatement(context.Background(), s, name, line, code, &out, shaped{&out})
		writeOutputLines(&b, out.String())
		return true
	})
	return b.String()
}

// writeOutputLines writes text with each line prefixed by outputPrefix.
func writeOutputLines(b *strings.Builder, text string) {
	if text == "" {
		return
	}
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" {
			b.WriteString(strings.TrimSpace(outputPrefix) + "\n")
		} else {
			b.WriteString(outputPrefix + l + "\n")
		}
	}
}
