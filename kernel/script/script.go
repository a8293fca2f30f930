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
	"fmt"
	"io"
	"strings"

	"gamelab/kernel"
)

// RunScript runs the statements read from r, each as its own cell: results
// and printed text to stdout, each error to stderr with its place in r. It
// reports whether any statement failed; without keepGoing it stops at the
// first failure.
func RunScript(ctx context.Context, s *kernel.Session, name string, r io.Reader, stdout, stderr io.Writer, keepGoing bool) (failed bool, err error) {
	err = EachStatement(r, func(line int, code string) bool {
		if RunStatement(ctx, s, name, line, code, stdout, stderr) {
			failed = true
			return keepGoing && ctx.Err() == nil
		}
		return true
	})
	return failed, err
}

// EachStatement reads r and calls fn with each complete statement (one line, or
// several when a bracket or raw string is open) and the number of its first
// line, until fn returns false.
func EachStatement(r io.Reader, fn func(line int, code string) bool) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	var chunk []string
	start, n := 0, 0
	for sc.Scan() {
		n++
		if len(chunk) == 0 {
			start = n
		}
		chunk = append(chunk, strings.TrimSuffix(sc.Text(), "\r"))
		code := strings.Join(chunk, "\n")
		if c, _ := kernel.IsComplete(code); c != kernel.Incomplete {
			chunk = nil
			if !fn(start, code) {
				return nil
			}
		}
	}
	if len(chunk) > 0 {
		fn(start, strings.Join(chunk, "\n"))
	}
	return sc.Err()
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
// every line prefixed by "#> ".
func Transcript(name, src string) string {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	s := kernel.NewSession()
	var b strings.Builder
	EachStatement(strings.NewReader(src), func(line int, code string) bool {
		b.WriteString(code + "\n")
		var out strings.Builder
		RunStatement(context.Background(), s, name, line, code, &out, &out)
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
