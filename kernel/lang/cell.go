package lang

// The running cell, as the language's functions find it when they run.

import "gamelab/kernel/builtin"

// Cell is the running cell as the language sees it.
type Cell struct {
	Env      *builtin.Env // what the builtins get; its Meter is the cell's account
	Progress *Progress    // the cell's progress line, for sweeps
}

// current is how a function of the language finds the cell running when
// it is called: its options are made once per session, its cells come and
// go.
type current func() Cell

// meter is the running cell's account with the memory budget.
func (c current) meter() builtin.Meter { return c().Env.Meter }

// env is the running cell's Env.
func (c current) env() *builtin.Env { return c().Env }
