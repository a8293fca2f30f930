package main

// The engine's faces on the command line: statements piped to gamelab,
// `gamelab -c CODE`, `gamelab run FILE…` and `gamelab test [DIR|FILE…]`.
// The work is kernel/script's; this file parses the arguments.

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
	name:    "run",
	summary: "run .gl scripts, stopping at the first error",
	usage:   "[--keep-going] FILE…\n\nRuns the scripts in order in one session, printing results to stdout and errors\nto stderr; stops at the first error (exit 1) unless --keep-going.",
	run:     runScripts,
}

var testCommand = &command{
	name:    "test",
	summary: "replay scripts and notebooks against their golden transcripts",
	usage:   "[--update] [DIR|FILE…]\n\nReplays each .gl script (default: the scripts directory) and compares the\ntranscript with the .golden file beside it, printing a unified diff on any\ndifference; .ipynb notebooks are compared with their saved outputs.\n--update writes the .golden files instead.",
	run:     runTests,
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
	if repl.IsTerminal(stdin) {
		return runREPL(args, stdin, stdout, stderr)
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "gamelab: unknown flag %q (try 'gamelab help')\n", args[0])
		return 2
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

// runScripts is `gamelab run [--keep-going] FILE…`.
func runScripts(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	keepGoing := false
	var files []string
	for _, a := range args {
		switch {
		case a == "--keep-going" || a == "-keep-going":
			keepGoing = true
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(stderr, "gamelab run: unknown flag %q\n", a)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "usage: gamelab run [--keep-going] FILE…")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return script.RunFiles(ctx, files, keepGoing, stdout, stderr)
}

// runTests is `gamelab test [--update] [DIR|FILE…]`.
func runTests(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	update := false
	var paths []string
	for _, a := range args {
		switch {
		case a == "--update" || a == "-update":
			update = true
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "gamelab test: unknown flag %q\n", a)
			return 2
		default:
			paths = append(paths, a)
		}
	}
	if len(paths) == 0 {
		paths = []string{"scripts"}
	}
	return script.Test(paths, update, stdout, stderr)
}
