// Command gamelab is the one binary of gamelab: a REPL, a script runner, batch
// solvers for the three games and a Jupyter kernel, all on one engine.
//
// This package is flags and wiring only: each subcommand is a *command in
// its own file, listed in commands below, and does its work through the
// packages it wires up (repl, kernel/script, kernel/jupyter, the solvers).
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"gamelab/internal/version"
	"gamelab/kernel/budget"
)

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string // one line for `gamelab help`
	usage   string // argument synopsis, e.g. "[--format seed|ioi|json]"
	// run executes the command with its arguments (the command name removed)
	// and returns the process exit status.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are the subcommands, in the order `gamelab help` lists them.
// Without one, gamelab runs runDefault (engine.go).
var commands = append([]*command{
	runCommand,
	testCommand,
	kernelCommand,
	webCommand,
	judgeCommand,
}, batchCommands()...)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c *command
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			if len(args) > 1 {
				if c := lookup(args[1]); c != nil {
					// What it is first, then how to call it (which may run to
					// paragraphs: the batch and judge commands').
					fmt.Fprintf(stdout, "gamelab %s: %s\n\nusage: gamelab %s %s\n", c.name, c.summary, c.name, c.usage)
					return 0
				}
				fmt.Fprintf(stderr, "gamelab: no command %q\n", args[1])
				return 2
			}
			printHelp(stdout)
			return 0
		case "version", "-version", "--version":
			fmt.Fprintf(stdout, "gamelab %s\n", version.Version)
			return 0
		}
		if c = lookup(args[0]); c == nil && !strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "gamelab: unknown command %q (try 'gamelab help')\n", args[0])
			return 2
		}
	}
	if usesBudget(args) {
		if _, err := budget.FromEnv(); err != nil {
			fmt.Fprintf(stderr, "gamelab: %v\n", err)
			return 2
		}
	}
	if c != nil {
		return c.run(args[1:], stdin, stdout, stderr)
	}
	return runDefault(args, stdin, stdout, stderr) // its flags: -c CODE
}

// usesBudget says whether the command runs statements or solves under the
// memory budget, so that a GAMELAB_MEMORY it cannot use is an error before
// it starts, not the default in silence: all but the web page's (its
// engine has its own) and kernel install.
func usesBudget(args []string) bool {
	switch {
	case len(args) == 0:
		return true
	case args[0] == "web":
		return false
	case args[0] == "kernel":
		return len(args) < 2 || args[1] != "install"
	}
	return true
}

// lookup finds the subcommand called name; nil if there is none.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func printHelp(w io.Writer) {
	fmt.Fprintf(w, "gamelab %s: optimal play in the polygon game, coins in a row and Life Line\n\n", version.Version)
	fmt.Fprintln(w, "usage: gamelab [command] [arguments]")
	fmt.Fprintln(w, "\nWithout a command gamelab starts the REPL (or runs statements piped to it).")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  help      this text; 'gamelab help COMMAND' for one command")
	fmt.Fprintln(w, "  version   print the version (also --version)")
}
