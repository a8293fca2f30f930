// Package gamestest is what the tests of every game share, so that a
// game's package tests it with calls, not copies: the conformance suite
// each game passes under every combination of its rules (Conform); the
// property tests against the exhaustive search and the game's brute force
// (Laws, Properties); the tools called as a cell calls them (Must, Try,
// Recording); play answered from a script (Scripted), the way
// net/http/httptest gives servers' tests a recorder; and the batch
// commands run and fuzzed (RunBatch, FuzzBatch). It is for tests only:
// nothing else imports it.
package gamestest

import (
	"context"
	"io"
	"strings"

	"gamelab/kernel/builtin"
)

// Scripted is an Env whose person answers play's prompts with lines, in
// order, then ends the input (io.EOF, as Ctrl-D does). Everything play
// shows and prints, the prompts and the answers, is written to the log it
// returns, in order, as a terminal would show it.
func Scripted(lines ...string) (*builtin.Env, *strings.Builder) {
	var log strings.Builder
	env := &builtin.Env{
		Ctx:   context.Background(),
		Show:  func(text, _ string) { log.WriteString(text) },
		Print: func(s string) { log.WriteString(s) },
		Input: func(prompt string) (string, error) {
			log.WriteString(prompt)
			if len(lines) == 0 {
				return "", io.EOF
			}
			l := lines[0]
			lines = lines[1:]
			log.WriteString(l + "\n")
			return l, nil
		},
	}
	return env, &log
}
