package main

import (
	"io"

	"gamelab/gameio"
	"gamelab/kernel/games/batch"
)

// batchCommands are the batch solvers, one per registered game: gamelab
// polygon | coins | lifeline (package batch has their flags and help).
func batchCommands() []*command {
	var out []*command
	for _, b := range batch.Commands() {
		out = append(out, &command{Name: b.Name, Summary: b.Summary, Usage: b.Usage,
			Run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
				ctx, interrupted := gameio.Interruptible(stderr, "gamelab "+b.Name)
				defer interrupted()
				return b.Run(ctx, args, stdin, stdout, stderr)
			},
		})
	}
	return out
}
