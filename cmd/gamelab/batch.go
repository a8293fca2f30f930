package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"gamelab/gameio"
	"gamelab/kernel/budget"
	"gamelab/kernel/games"
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
	var formats [][2]string
	var names, rules []string
	for _, f := range g.Formats {
		formats, names = append(formats, [2]string{f.Name, f.Doc}), append(names, f.Name)
	}
	for _, o := range g.Options {
		rules = append(rules, fmt.Sprintf("%-8s %s (default %v)", o.Name, o.Values, o.Default))
	}
	return &command{Name: g.Name, Summary: g.Batch.Summary, Usage: gameio.Help(formats, rules, g.Batch.Input, g.Batch.Unit),
		Run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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
	want := games.OrList(names)
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
	ctx, interrupted := gameio.Interruptible(stderr, "gamelab "+g.Name)
	defer interrupted()
	return batch.Run(ctx, format.Read(gameio.SkipBOM(stdin), rules), stdout, stderr)
}
