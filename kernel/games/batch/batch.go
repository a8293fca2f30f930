// Package batch is gamelab's batch commands, one for every registered
// game (gamelab polygon | coins | lifeline | …): their flags, their help,
// and the run that answers the instances of a game's batch format on
// standard input, under the same memory budget a session keeps. A game
// gets its command from its Formats and Options alone.
package batch

import (
	"context"
	"flag"
	"fmt"
	"io"

	"gamelab/gameio"
	"gamelab/kernel/budget"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Command is the batch command of one game: gamelab NAME.
type Command struct {
	Name    string // the game's name
	Summary string // one line for gamelab help
	Usage   string // gamelab help NAME: the flags, the input, the formats
	// Run answers the instances on stdin and returns the exit status: 0
	// when every instance was answered, 1 when one was not, 2 for a usage
	// error. ctx ends the run (Ctrl-C).
	Run func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// Commands are the batch commands of the registered games, in order.
func Commands() []Command {
	var out []Command
	for _, g := range games.All() {
		if len(g.Formats) > 0 {
			out = append(out, For(g))
		}
	}
	return out
}

// For is the batch command of game g: its flags and help come from the
// game's formats and rules.
func For(g *games.Game) Command {
	var formats [][2]string
	var names, rules []string
	for _, f := range g.Formats {
		formats, names = append(formats, [2]string{f.Name, f.Doc}), append(names, f.Name)
	}
	for _, o := range g.Options {
		rules = append(rules, fmt.Sprintf("%-8s %s (default %v)", o.Name, o.Values, o.Default))
	}
	unit := g.Batch.Unit
	if unit == "" {
		unit = "instance"
	}
	return Command{
		Name:    g.Name,
		Summary: g.Batch.Summary,
		Usage:   gameio.Help(formats, rules, g.Batch.Input, unit),
		Run: func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return run(ctx, g, names, args, stdin, stdout, stderr)
		},
	}
}

// run parses the flags shared by the batch commands: --format, one of the
// game's formats (the first is the default), --rules, --progress (stderr
// then shows it), and no positional arguments, since instances come on
// standard input. A usage error is reported on stderr with exit status 2.
func run(ctx context.Context, g *games.Game, names []string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
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
	b := gameio.Batch{Game: g.Name, Unit: g.Batch.Unit, Memory: func(ctx context.Context) (context.Context, func() error) {
		guarded, end := mem.Guard(ctx)
		return gameio.WithRoom(guarded, mem.Available), end
	}}
	if *progress {
		b.Progress = stderr
	}
	return b.Run(ctx, format.Read(gameio.SkipBOM(stdin), rules), stdout, stderr)
}
