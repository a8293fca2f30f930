package main

import (
	"context"
	"fmt"
	"gamelab/kernel/games/batch"
	"io"
	"os"
	"os/signal"
	"time"
)

// batchCommands are the batch solvers, one per registered game: gamelab
// polygon | coins | lifeline (package batch has their flags and help).
func batchCommands() []*command {
	var out []*command
	for _, b := range batch.Commands() {
		out = append(out, &command{
			name:    b.Name,
			summary: b.Summary,
			usage:   b.Usage,
			run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
				ctx, interrupted := interruptible(stderr, "gamelab "+b.Name)
				defer interrupted()
				return b.Run(ctx, args, stdin, stdout, stderr)
			},
		})
	}
	return out
}

// interruptible is a context that Ctrl-C (SIGINT) cancels, so a long solve
// stops as a statement does; the batch then says so and exits 130. A
// reader blocked on the terminal cannot see the context: if the command
// has not ended a moment after the signal, it ends there.
func interruptible(stderr io.Writer, name string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			cancel()
		case <-done:
			return
		}
		select {
		case <-time.After(300 * time.Millisecond):
			fmt.Fprintf(stderr, "%s: interrupted\n", name)
			os.Exit(130)
		case <-done:
		}
	}()
	return ctx, func() { signal.Stop(sig); close(done) }
}
