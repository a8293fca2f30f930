package main

import (
	"context"
	"fmt"
	"io"

	"gamelab/repl"
)

// runREPL runs the terminal REPL (runDefault calls it when standard input is
// a terminal): history in $GAMELAB_HISTORY or ~/.gamelab_history, colour
// unless NO_COLOR is set or stdout is no terminal, the welcome line showing
// internal/version's Version.
func runREPL(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "gamelab: unknown flag %q (try 'gamelab help')\n", args[0])
		return 2
	}
	r := repl.New(
		repl.WithIO(stdin, stdout),
		repl.WithHistory(repl.DefaultHistoryPath()),
	)
	if err := r.Run(context.Background()); err != nil {
		fmt.Fprintf(stderr, "gamelab: %v\n", err)
		return 1
	}
	return 0
}
