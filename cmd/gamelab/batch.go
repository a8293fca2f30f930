package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"gamelab/gameio"
)

// batchRun makes the run function of a batch command (polygon, coins,
// lifeline): it parses the flags and leaves reading, solving and writing to
// solve, which returns the exit status.
func batchRun(name string, formats []gameio.Format, solve func(gameio.Batch, io.Reader, io.Writer, io.Writer) int) func([]string, io.Reader, io.Writer, io.Writer) int {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		batch, ok := batchFlags(name, args, stderr, formats)
		if !ok {
			return 2
		}
		return solve(batch, stdin, stdout, stderr)
	}
}

// batchFlags parses the flags shared by the batch commands: --format, one
// of formats (the first is the default), --progress (Progress is then
// stderr), and no positional arguments, since instances
// come on standard input. ok is false after a usage error, which has been
// reported on stderr (exit status 2).
func batchFlags(name string, args []string, stderr io.Writer, formats []gameio.Format) (batch gameio.Batch, ok bool) {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = string(f)
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	f := fs.String("format", names[0], "input and output dialect: "+want)
	progress := fs.Bool("progress", false, "show each long instance's progress on standard error, in place")
	if err := fs.Parse(args); err != nil {
		return gameio.Batch{}, false
	}
	if !slices.Contains(names, *f) {
		fmt.Fprintf(stderr, "gamelab %s: unknown --format %q (want %s)\n", name, *f, want)
		return gameio.Batch{}, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gamelab %s: unexpected argument %q (input comes from standard input)\n", name, fs.Arg(0))
		return gameio.Batch{}, false
	}
	batch = gameio.Batch{Format: gameio.Format(*f)}
	if *progress {
		batch.Progress = stderr
	}
	return batch, true
}
