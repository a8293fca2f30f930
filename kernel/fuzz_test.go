package kernel

// Fuzz tests: the statement splitter and the whole Execute path. Seeds are
// in testdata/fuzz; .ci/run runs each target for a few seconds.

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"gamelab/kernel/builtin"
	"gamelab/kernel/printer"
	"gamelab/kernel/syntax"
)

// FuzzSplitStatements: any cell splits without a panic into statements
// that lie within the cell, in order: each one's first character comes after
// the one before it's (statements cut at ";" share a line, each from its
// Column on).
func FuzzSplitStatements(f *testing.F) {
	f.Fuzz(func(t *testing.T, code string) {
		stmts := syntax.Parse(code)
		lines := strings.Count(strings.ReplaceAll(code, "\r\n", "\n"), "\n") + 1
		lastLine, lastCol := 0, 0
		for _, st := range stmts {
			if end := st.Line + strings.Count(st.Text, "\n"); st.Line < 1 || end > lines {
				t.Fatalf("statement on lines %d..%d of %d: %q", st.Line, end, lines, code)
			}
			lead := len(st.Text) - len(strings.TrimLeft(st.Text, " \t\n"))
			line := st.Line + strings.Count(st.Text[:lead], "\n")
			col := utf8.RuneCountInString(st.Text[strings.LastIndex(st.Text[:lead], "\n")+1 : lead])
			if line == st.Line {
				col += st.Column // it starts after a ";" of its line
			}
			if line < lastLine || line == lastLine && col <= lastCol {
				t.Fatalf("statement at %d:%d after one at %d:%d: %q", line, col, lastLine, lastCol, code)
			}
			lastLine, lastCol = line, col
		}
	})
}

// FuzzExecute: any cell runs without a panic or a Go crash, within a small
// budget and a deadline, and fails, if it fails, with one error that is not
// an internal one (an InternalError is a recovered panic: a bug). save is
// left out, so that the fuzzer writes no files.
func FuzzExecute(f *testing.F) {
	f.Fuzz(func(t *testing.T, code string) {
		if strings.Contains(code, "save") || !utf8.ValidString(code) {
			return
		}
		s := NewSession(WithMemoryBudget(256 << 20))
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		start := time.Now()
		out := s.Execute(ctx, code)
		// Ctrl-C's promise, as the deadline tests it: a cell stops soon
		// after. (Past 10 s the fuzzing worker itself gives up on the input
		// with a bare "deadlocked!", so say it here, with the input; 8 s
		// leaves a loaded machine's collector its seconds.)
		if took := time.Since(start); took > 8*time.Second {
			t.Fatalf("%q: ran %v, past its deadline of 2 s", code, took.Round(time.Millisecond))
		}
		if out.Err != nil && out.Err.Kind == builtin.InternalError {
			t.Fatalf("%q: %v", code, out.Err)
		}
		if out.Err != nil && goWords.MatchString(out.Err.Msg) && !goWords.MatchString(code) {
			t.Fatalf("%q: an error in Go's words: %v", code, out.Err)
		}
		// A result is what the screen shows: a summary past a megabyte of
		// text, never megabytes (which would flood a terminal, and which
		// the instrumented regexp below would take seconds to read).
		if out.Result != nil && len(out.Result.Text) > 2*printer.MaxShownBytes {
			t.Fatalf("%q: a result of %d bytes of text", code, len(out.Result.Text))
		}
		if out.Result != nil && goWords.MatchString(out.Result.Text) && !goWords.MatchString(code) {
			t.Fatalf("%q: a result in Go's words: %s", code, out.Result.Text)
		}
	})
}
