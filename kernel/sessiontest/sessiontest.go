// Package sessiontest runs statements in a kernel session for the tests of
// the packages the kernel is built on (the games, their tools), which say
// what they check in the language a person types, as net/http/httptest
// serves the tests of handlers. It is for tests only: nothing else imports
// it.
package sessiontest

import (
	"context"
	"strconv"
	"testing"

	"gamelab/kernel"
)

// Result runs code in s and returns its result's text ("" when the last
// statement shows nothing), failing t on an error.
func Result(t testing.TB, s *kernel.Session, code string) string {
	t.Helper()
	out := s.Execute(context.Background(), code)
	if out.Err != nil {
		t.Fatalf("%s: %v", code, out.Err)
	}
	if out.Result == nil {
		return ""
	}
	return out.Result.Text
}

// Int is Result read as a whole number.
func Int(t testing.TB, s *kernel.Session, code string) int {
	t.Helper()
	text := Result(t, s, code)
	n, err := strconv.Atoi(text)
	if err != nil {
		t.Fatalf("%s is %s, not a whole number", code, text)
	}
	return n
}

// Said is what s says to code: its error's message when it fails, else its
// result's text, else what it printed; for tables of statements and
// what their answer contains.
func Said(s *kernel.Session, code string) string {
	out := s.Execute(context.Background(), code)
	switch {
	case out.Err != nil:
		return out.Err.Msg
	case out.Result != nil:
		return out.Result.Text
	}
	return out.Stdout
}
