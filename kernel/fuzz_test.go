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
)

// FuzzSplitStatements: any cell splits without a panic into statements that
// start on increasing lines of the cell, each within it.
func FuzzSplitStatements(f *testing.F) {
	f.Fuzz(func(t *testing.T, code string) {
		stmts := splitStatements(code)
		lines := strings.Count(strings.ReplaceAll(code, "\r\n", "\n"), "\n") + 1
		last := 0
		for _, st := range stmts {
			if st.line <= last || st.line > lines {
				t.Fatalf("statement at line %d after line %d, of %d lines: %q", st.line, last, lines, code)
			}
			last = st.line + strings.Count(st.text, "\n")
			if last > lines {
				t.Fatalf("statement runs to line %d of %d: %q", last, lines, code)
			}
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
		out := s.Execute(ctx, code)
		if out.Err != nil && out.Err.Kind == builtin.InternalError {
			t.Fatalf("%q: %v", code, out.Err)
		}
	})
}
