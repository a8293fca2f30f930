package coins

import (
	"errors"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	solver "gamelab/solvers/coins"
)

// Oracle solves every position of the row at once (its DP table), for a
// match or a tournament that asks many of them; nil when the table would
// not fit the memory budget.
// The oracle of a position part-way is its row's, for the positions of a
// line from it.
func (c *Coins) Oracle(env *builtin.Env) (games.Oracle, error) {
	row := c.st.row
	cell, err := cells(env, row.start)
	if cell == nil || err != nil {
		return nil, err
	}
	return func(p games.Position) (*games.Eval, bool) {
		x, ok := p.(*Coins)
		if !ok {
			return nil, false
		}
		s := x.st
		if s.row != row || s.at.Left() == 0 {
			return nil, false
		}
		ev, ok := cell(s.at)
		if !ok {
			return nil, false
		}
		return toEval(s, ev), true
	}, nil
}

// cells solves every position of the row: in int64 under the default
// rules while the row is short and small (solver.Margins), else its DP
// table; nil when that would be large.
func cells(env *builtin.Env, c *Coins) (func(p solver.Position) (solver.Eval, bool), error) {
	if c.rules().IsDefault() && c.N <= solver.MaxMarginsCoins {
		if err := env.Reserve(solver.MarginsBytes(c.N)); err != nil {
			return nil, err
		}
		if m, ok := solver.NewMargins(c.Row()); ok {
			return func(p solver.Position) (solver.Eval, bool) { return m.Eval(p), true }, nil
		}
	}
	// The table whenever it fits in half of the room left: a match asks a
	// position or two per coin, and solving each as it comes is a DP of
	// the coins left, O(n³) over the game (6000 coins took 50 s where the
	// table takes a fraction of a second). Past that, position by position.
	g := solver.Game{Coins: c.Row(), Rules: solverRules(c.rules())}
	if g.TableSize() > min(solver.MaxTableBytes, env.Headroom()/2) {
		return nil, nil
	}
	if err := env.Reserve(g.TableSize()); err != nil {
		return nil, err
	}
	tab, err := g.Table(env.Ctx, nil)
	var limit *solver.LimitError
	if errors.As(err, &limit) { // take "2M" from both ends past its steps: position by position
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return func(p solver.Position) (solver.Eval, bool) {
		cell, err := tab.At(p.Lo+1, p.Hi, p.M)
		if err != nil {
			return solver.Eval{}, false
		}
		return cell.Eval, true
	}, nil
}
