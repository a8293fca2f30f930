// Command gamelab is the one binary of gamelab: a REPL, a script runner, batch
// solvers for the three games and a Jupyter kernel, all on one engine.
//
// Each subcommand lives in its own file and registers itself in commands
// (see register), so main stays flags-and-wiring only.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// version is the gamelab release; -ldflags "-X main.version=..." overrides it.
var version = "0.1.0"

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string // one line for `gamelab help`
	usage   string // argument synopsis, e.g. "[--format seed|ioi|json]"
	// run executes the command with its arguments (the command name removed)
	// and returns the process exit status.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]*command{}

// register adds a subcommand; each command's file calls it from init.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("gamelab: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// defaultCommand runs when gamelab is started without a subcommand (the REPL
// on a terminal, statements from a pipe otherwise). The engine and REPL files
// set it; nil means no front end is built in yet.
var defaultCommand func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// startREPL runs the interactive terminal REPL; the REPL's file sets it. The
// default command calls it when standard input is a terminal, and runs piped
// statements without prompts otherwise (or when it is nil).
var startREPL func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			if len(args) > 1 {
				if c, ok := commands[args[1]]; ok {
					fmt.Fprintf(stdout, "usage: gamelab %s %s\n\n%s\n", c.name, c.usage, c.summary)
					return 0
				}
				fmt.Fprintf(stderr, "gamelab: no command %q\n", args[1])
				return 2
			}
			printHelp(stdout)
			return 0
		case "version", "-version", "--version":
			fmt.Fprintf(stdout, "gamelab %s\n", version)
			return 0
		}
		if c, ok := commands[args[0]]; ok {
			return c.run(args[1:], stdin, stdout, stderr)
		}
		if !strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "gamelab: unknown command %q (try 'gamelab help')\n", args[0])
			return 2
		}
	}
	if defaultCommand == nil {
		printHelp(stderr)
		return 2
	}
	return defaultCommand(args, stdin, stdout, stderr)
}

func printHelp(w io.Writer) {
	fmt.Fprintf(w, "gamelab %s: optimal play in the polygon game, coins in a row and Life Line\n\n", version)
	fmt.Fprintln(w, "usage: gamelab [command] [arguments]")
	fmt.Fprintln(w, "\nWithout a command gamelab starts the REPL (or runs statements piped to it).")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  %-9s %s\n", n, c.summary)
	}
	fmt.Fprintln(w, "  help      this text; 'gamelab help COMMAND' for one command")
	fmt.Fprintln(w, "  version   print the version (also --version)")
}
