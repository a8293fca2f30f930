package main

// The engine's faces on the command line: the REPL on a terminal,
// statements piped to gamelab, `gamelab -c CODE`, `gamelab run FILE…` and
// `gamelab test [DIR|FILE…]`. The work is repl's and kernel/script's; this
// file parses the arguments.

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"gamelab/kernel"
	"gamelab/kernel/script"
	"gamelab/repl"
)

var runCommand = &command{
	Name:    "run",
	Summary: "run .gl scripts, stopping at the first error",
	Usage:   script.RunUsage,
	Run:     runScripts,
}

var testCommand = &command{
	Name:    "test",
	Summary: "replay scripts and notebooks against their golden transcripts",
	Usage:   script.TestUsage,
	Run:     runTests,
}

// runDefault is plain `gamelab`: the REPL on a terminal, else the piped
// statements; `gamelab -c CODE` runs one cell.
func runDefault(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "-c" {
		if len(args) != 2 {
			fmt.Fprintln(stderr, "usage: gamelab -c 'code'")
			return 2
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		failed := script.RunStatement(ctx, kernel.NewSession(), "-c", 1, args[1], stdout, stderr)
		return script.ExitStatus(failed)
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "gamelab: unknown flag %q (try 'gamelab help')\n", args[0])
		return 2
	}
	if repl.IsTerminal(stdin) {
		return runREPL(stdin, stdout, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	failed, err := script.RunScript(ctx, kernel.NewSession(), "stdin", stdin, stdout, stderr, true)
	if err != nil {
		fmt.Fprintf(stderr, "gamelab: %v\n", err)
		return 1
	}
	return script.ExitStatus(failed)
}

// runREPL runs the terminal REPL (runDefault calls it when standard input is
// a terminal): history in $GAMELAB_HISTORY or ~/.gamelab_history, colour
// unless NO_COLOR is set or stdout is no terminal, the welcome line showing
// internal/version's Version.
func runREPL(stdin io.Reader, stdout, stderr io.Writer) int {
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

// runScripts is `gamelab run [--keep-going] FILE…`.
func runScripts(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	keepGoing, files, ok := switchAndPaths("run", "keep-going", args, stderr)
	if ok && len(files) == 0 {
		fmt.Fprintln(stderr, "usage: gamelab run [--keep-going] FILE…")
	}
	if !ok || len(files) == 0 {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return script.RunFiles(ctx, files, keepGoing, stdout, stderr)
}

// runTests is `gamelab test [--update] [DIR|FILE…]`.
func runTests(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	update, paths, ok := switchAndPaths("test", "update", args, stderr)
	if !ok {
		return 2
	}
	if len(paths) == 0 {
		paths = []string{"scripts"}
	}
	return script.Test(paths, update, stdout, stderr)
}

// switchAndPaths reads the arguments of a command with one switch, --name,
// and paths ("-" is one: standard input); false after saying a flag is
// unknown.
func switchAndPaths(cmd, name string, args []string, stderr io.Writer) (on bool, paths []string, ok bool) {
	for _, a := range args {
		switch {
		case a == "--"+name || a == "-"+name:
			on = true
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(stderr, "gamelab %s: unknown flag %q\n", cmd, a)
			return false, nil, false
		default:
			paths = append(paths, a)
		}
	}
	return on, paths, true
}
