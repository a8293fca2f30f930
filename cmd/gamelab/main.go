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
	"io"
	"os"

	"gamelab/internal/cli"
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
	Default:  runDefault, // its flags: -c CODE
	Before:   checkBudget,
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return app.Run(args, stdin, stdout, stderr)
}

// checkBudget makes a GAMELAB_MEMORY the command cannot use an error before
// it starts, not the default in silence, for every command that runs
// statements or solves under the memory budget: all but the web page's
// (its engine has its own) and kernel install.
func checkBudget(c *command, args []string) error {
	if c == webCommand || c == kernelCommand && len(args) > 1 && args[1] == "install" {
		return nil
	}
	_, err := budget.FromEnv()
	return err
}
