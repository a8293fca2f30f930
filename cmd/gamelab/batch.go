package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// batchFormat parses the flags shared by the batch solvers (polygon, coins,
// lifeline): --format, one of formats (the first is the default), and no
// positional arguments, since instances come on standard input. ok is false
// after a usage error, which has been reported on stderr (exit status 2).
func batchFormat(name string, args []string, stderr io.Writer, formats ...string) (format string, ok bool) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	want := strings.Join(formats[:len(formats)-1], ", ") + " or " + formats[len(formats)-1]
	f := fs.String("format", formats[0], "input and output dialect: "+want)
	if err := fs.Parse(args); err != nil {
		return "", false
	}
	if !slices.Contains(formats, *f) {
		fmt.Fprintf(stderr, "gamelab %s: unknown --format %q (want %s)\n", name, *f, want)
		return "", false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gamelab %s: unexpected argument %q (input comes from standard input)\n", name, fs.Arg(0))
		return "", false
	}
	return *f, true
}
