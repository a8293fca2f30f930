package repl

import (
	"context"
	"errors"
	"io"

	"github.com/chzyer/readline"
)

// input reads a line for a running cell (play's moves) at prompt, on the
// terminal with line editing, as the REPL reads its entries. Ctrl-C or
// Ctrl-D at that prompt ends the input (io.EOF): play then stops and
// returns what was played. The cell runs on its own goroutine while Run
// waits for it, so the line reader is free; the keyboard, which keeps keys
// from readline while a cell runs, lends them for this one line.
func (r *REPL) input(ctx context.Context, prompt string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if r.keys != nil {
		defer r.keys.lend()()
	}
	r.rl.SetPrompt(prompt)
	line, err := r.rl.Readline()
	switch {
	case errors.Is(err, readline.ErrInterrupt), errors.Is(err, io.EOF):
		return "", io.EOF
	case err != nil:
		return "", err
	}
	return line, nil
}
