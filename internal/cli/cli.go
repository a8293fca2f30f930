// Package cli is the frame of gamelab's command line: a table of commands,
// each with its one-line summary and its help, and the dispatch of the
// first argument: help, help COMMAND, version, a command, or none (the
// default, the REPL); an unknown command is said with the nearest name.
// What each command does is its own package's; cmd/gamelab wires them.
package cli

import (
	"fmt"
	"io"
	"strings"

	"gamelab/internal/suggest"
)

// Command is one subcommand of the binary.
type Command struct {
	Name    string
	Summary string // one line for `gamelab help`
	Usage   string // its arguments and help, after "usage: gamelab NAME "
	// Run executes the command with its arguments (its name removed) and
	// returns the process's exit status.
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// App is the binary: its commands in the order help lists them, what runs
// without one, and a check before either runs.
type App struct {
	Name, Version, Title string // "gamelab", its version, what it is for
	Commands             []*Command
	Default              func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	// Before, when set, says why the command (nil: the default) cannot
	// run with args at all, as an error reported with exit status 2.
	Before func(c *Command, args []string) error
}

// Lookup finds the command called name; nil if there is none.
func (a *App) Lookup(name string) *Command {
	for _, c := range a.Commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Run runs the command line args (without the binary's name) and returns
// the exit status.
func (a *App) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var c *Command
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			return a.help(args[1:], stdout, stderr)
		case "version", "-version", "--version":
			fmt.Fprintf(stdout, "%s %s\n", a.Name, a.Version)
			return 0
		}
		if c = a.Lookup(args[0]); c == nil && !strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "%s: unknown command %q%s (try '%s help')\n", a.Name, args[0], a.nearest(args[0]), a.Name)
			return 2
		}
	}
	if a.Before != nil {
		if err := a.Before(c, args); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", a.Name, err)
			return 2
		}
	}
	if c != nil {
		return c.Run(args[1:], stdin, stdout, stderr)
	}
	return a.Default(args, stdin, stdout, stderr)
}

// nearest is " (did you mean NAME?)" for the command name is probably a
// misspelling of, else "".
func (a *App) nearest(name string) string {
	var names []string
	for _, c := range a.Commands {
		names = append(names, c.Name)
	}
	if n := suggest.Nearest(name, names); n != "" {
		return fmt.Sprintf(" (did you mean %s?)", n)
	}
	return ""
}

// help is `help` (every command) or `help COMMAND`: what it is first, then
// how to call it, which may run to paragraphs (the batch and judge
// commands').
func (a *App) help(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		c := a.Lookup(args[0])
		if c == nil {
			fmt.Fprintf(stderr, "%s: no command %q%s\n", a.Name, args[0], a.nearest(args[0]))
			return 2
		}
		fmt.Fprintf(stdout, "%s %s: %s\n\nusage: %s %s %s\n", a.Name, c.Name, c.Summary, a.Name, c.Name, c.Usage)
		return 0
	}
	fmt.Fprintf(stdout, "%s %s: %s\n\n", a.Name, a.Version, a.Title)
	fmt.Fprintf(stdout, "usage: %s [command] [arguments]\n", a.Name)
	fmt.Fprintf(stdout, "\nWithout a command %s starts the REPL (or runs statements piped to it).\n", a.Name)
	fmt.Fprintln(stdout, "\ncommands:")
	for _, c := range a.Commands {
		fmt.Fprintf(stdout, "  %-9s %s\n", c.Name, c.Summary)
	}
	fmt.Fprintf(stdout, "  help      this text; '%s help COMMAND' for one command\n", a.Name)
	fmt.Fprintln(stdout, "  version   print the version (also --version)")
	return 0
}
