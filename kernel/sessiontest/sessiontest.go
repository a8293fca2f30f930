// Package sessiontest runs statements in a kernel session for the tests of
// the packages the kernel is built on (the games, their tools), which say
// what they check in the language a person types, as net/http/httptest
// serves the tests of handlers. It is for tests only: nothing else imports
// it.
package sessiontest

import (
	"context"
	"fmt"
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

// Answers answers a statement's prompts (kernel.ExecOptions.Input: play's)
// with Left in turn, keeping the prompts it was asked; past the last
// answer it fails, so that a prompt no one expected stops the statement.
type Answers struct {
	Left    []string
	Prompts []string
}

// Input is the next answer to prompt.
func (a *Answers) Input(_ context.Context, prompt string) (string, error) {
	a.Prompts = append(a.Prompts, prompt)
	if len(a.Left) == 0 {
		return "", fmt.Errorf("asked again: %s", prompt)
	}
	next := a.Left[0]
	a.Left = a.Left[1:]
	return next, nil
}
