package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"gamelab/gameio"
	"gamelab/kernel/budget"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// batchCommands are the batch solvers, one per registered game: gamelab
// polygon | coins | lifeline.
func batchCommands() []*command {
	var out []*command
	for _, g := range games.All() {
		out = append(out, batchCommand(g))
	}
	return out
}

// batchCommand is the batch command of game g: its flags and help come
// from the game's formats and rules.
func batchCommand(g *games.Game) *command {
	var names, docs []string
	for _, f := range g.Formats {
		names = append(names, f.Name)
		docs = append(docs, fmt.Sprintf("  %-6s %s", f.Name, strings.ReplaceAll(f.Doc, "\n", "\n         ")))
	}
	var rules []string
	for _, o := range g.Options {
		rules = append(rules, fmt.Sprintf("%-8s %s (default %v)", o.Name, o.Values, o.Default))
	}
	usage := fmt.Sprintf("[--format %s] [--rules name=value,…] [--progress]\n\nInput: %s\n%s\n\n",
		strings.Join(names, "|"), g.Batch.Input, strings.Join(docs, "\n"))
	if len(rules) > 0 {
		usage += "--rules name=value,… plays every instance under variants (help(variants) in a session):\n  " +
			strings.Join(rules, "\n  ") + "\n\n"
	}
	usage += fmt.Sprintf("A bad %s is reported on standard error with its number and line; the others\n"+
		"are still answered, and the exit status is 1. With --progress, an instance that runs over a\n"+
		"second shows its progress on standard error, in place. Examples: docs/formats.md.", g.Batch.Unit)
	return &command{
		name:    g.Name,
		summary: g.Batch.Summary,
		usage:   usage,
		run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return runBatch(g, names, args, stdin, stdout, stderr)
		},
	}
}

// runBatch parses the flags shared by the batch commands: --format, one of
// the game's formats (the first is the default), --rules, --progress
// (stderr then shows it), and no positional arguments, since instances come
// on standard input. A usage error is reported on stderr with exit status 2.
func runBatch(g *games.Game, names []string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(g.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	want := kit.OrList(names)
	f := fs.String("format", names[0], "input and output dialect: "+want)
	rulesText := fs.String("rules", "", "rule variants, name=value,name=value (help(variants) lists them)")
	progress := fs.Bool("progress", false, "show each long instance's progress on standard error, in place")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	format, err := g.Format(*f)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab %s: unknown --format %q (want %s)\n", g.Name, *f, want)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gamelab %s: unexpected argument %q (input comes from standard input)\n", g.Name, fs.Arg(0))
		return 2
	}
	rules, err := g.Default().ParseText(*rulesText)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab %s: --rules %v\n", g.Name, err)
		return 2
	}
	// The same memory budget as a session's, under the same limits: a solve
	// sizes its tables by the room left and stops when the heap passes it.
	mem := budget.New(budget.Default())
	batch := gameio.Batch{Game: g.Name, Unit: g.Batch.Unit, Memory: func(ctx context.Context) (context.Context, func() error) {
		guarded, end := mem.Guard(ctx)
		return gameio.WithRoom(guarded, mem.Available), end
	}}
	if *progress {
		batch.Progress = stderr
	}
	ctx, interrupted := interruptible(stderr, "gamelab "+g.Name)
	defer interrupted()
	return batch.Run(ctx, format.Read(gameio.SkipBOM(stdin), rules), stdout, stderr)
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
