package coins

import (
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	solver "gamelab/solvers/coins"
)

// maxOracleBytes bounds the table an oracle fills: a match asks a few
// positions per coin, so past a few thousand coins solving each position
// as it comes costs less than the whole table.
const maxOracleBytes = 4 << 20

// Oracle solves every position of the row at once (its DP table), for a
// match or a tournament that asks many of them; nil when the table would
// be large.
func (c *Coins) Oracle(env *builtin.Env) (games.Oracle, error) { return oracle(env, c) }

// Oracle is the row's oracle, for the positions of a line from this one.
func (c *Position) Oracle(env *builtin.Env) (games.Oracle, error) { return oracle(env, c.st.coins) }

func oracle(env *builtin.Env, c *Coins) (games.Oracle, error) {
	g := solver.Game{Coins: c.row, Rules: solverRules(c.rules)}
	if g.TableSize() > maxOracleBytes {
		return nil, nil
	}
	if err := env.Reserve(g.TableSize()); err != nil {
		return nil, err
	}
	tab, err := g.Table(env.Ctx, nil)
	if err != nil {
		return nil, err
	}
	return func(p games.Position) (*games.Eval, bool) {
		var s state
		switch x := p.(type) {
		case *Coins:
			s = start(x)
		case *Position:
			s = x.st
		default:
			return nil, false
		}
		if s.coins != c || s.at.Left() == 0 {
			return nil, false
		}
		cell, err := tab.At(s.at.Lo+1, s.at.Hi, s.at.M)
		if err != nil {
			return nil, false
		}
		return toEval(s, cell.Eval), true
	}, nil
}
