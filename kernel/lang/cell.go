package lang

// The running cell, as the language's functions find it when they run.

import (
	"github.com/expr-lang/expr/vm"

	"gamelab/kernel/builtin"
)

// Cell is the running cell as the language sees it.
type Cell struct {
	Env      *builtin.Env // what the builtins get; its Meter is the cell's account
	Progress *Progress    // the cell's progress line, for sweeps
}

// current is where a function of the language finds the cell running when
// it is called: its options are made once per session, its cells come and
// go. The language sets it at each cell's start (Start); meter is its
// Env's, kept apart because every operator and loop body asks it.
type current struct {
	cell  Cell
	meter builtin.Meter
	kept  []int  // per filter running, innermost last: the items it kept (loops.go)
	vm    *vm.VM // the machine running the expression, whose stack a map sizes (loops.go)
	calls int    // the predicates running, one inside another (depth.go)
}

// env is the running cell's Env.
func (c *current) env() *builtin.Env { return c.cell.Env }
