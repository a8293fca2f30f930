// Command gamelab is the one binary of gamelab: a REPL, a script runner, batch
// solvers for the three games, a judge of programs and a Jupyter kernel, all
// on one engine.
//
// This package is flags and wiring only: each subcommand is a *cli.Command
// in its own file, listed in app below, and does its work through the
// packages it wires up (repl, kernel/script, kernel/jupyter, gameio,
// kernel/games/judge, web); internal/cli dispatches them.
package main

import (
	"fmt"
	"io"
	"os"

	"gamelab/internal/cli"
	_ "gamelab/internal/osmem" // small thread stacks, one malloc arena: gamelab runs under ulimit -v
	"gamelab/internal/version"
	"gamelab/kernel/budget"
)

// command is one subcommand of the binary.
type command = cli.Command

// app is the binary's commands, in the order `gamelab help` lists them.
// Without one, gamelab runs runDefault (engine.go).
var app = &cli.App{
	Name:     "gamelab",
	Version:  version.Version,
	Title:    "optimal play in the polygon game, coins in a row and Life Line",
	Commands: append([]*command{runCommand, testCommand, kernelCommand, webCommand, judgeCommand}, batchCommands()...),
	Default:  runDefault, // its flags: -c CODE; Before: see run
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := *app
	a.Before = func(c *command, args []string) error {
		if !usesBudget(c, args) {
			return nil
		}
		if _, err := budget.FromEnv(); err != nil {
			return err
		}
		if note := budget.ProcessLimits().Note(); note != "" && os.Getenv("GAMELAB_MEMORY") == "" {
			fmt.Fprintf(stderr, "gamelab: %s\n", note) // ulimit -v 1000000: some 90 MB, which the user should know
		}
		return nil
	}
	return a.Run(args, stdin, stdout, stderr)
}

// usesBudget says whether the command runs statements or solves under the
// memory budget: all but the web page's (its engine has its own) and
// kernel install. For those, a GAMELAB_MEMORY the command cannot use is an
// error before it starts, not the default in silence, and a budget that a
// limit of the process lowers is said as it starts (run).
func usesBudget(c *command, args []string) bool {
	return c != webCommand && !(c == kernelCommand && len(args) > 1 && args[1] == "install")
}
