package gameio

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"
)

// Interruptible is a context that Ctrl-C (SIGINT) cancels, so a long solve
// stops as a statement does; the batch then says so and exits 130. A
// reader blocked on the terminal cannot see the context: if the command
// has not ended a moment after the signal, it ends there.
func Interruptible(stderr io.Writer, name string) (context.Context, func()) {
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
