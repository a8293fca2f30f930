// gamelab judge runs programs, which a web page cannot: the judge is not
// part of the WebAssembly engine.

//go:build !js

package coins

import (
	"fmt"
	"gamelab/kernel/games/judge"
	"math/big"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/coins"
)

// How gamelab judge coins judges a program: rows in the batch formats'
// input (seed and json: one row per line; deque: N, then the coins),
// answers judged by the totals (the first player's, seed; X − Y, deque;
// all three, json) and the moves (seed, json), accepted when replaying
// them makes every move optimal for its player.

func init() {
	judge.Set(Game, &judge.Judge{
		Random: randomRow,
		Values: kit.Bounds{Lo: big.NewInt(1), Hi: big.NewInt(100)},
		Size:   func(x games.Position) int { return x.(*Coins).N },
		Unit:   [2]string{"coin", "coins"},
		MaxN:   12,
		Formats: map[string]*judge.JudgeFormat{
			"seed": {Input: rowInput(false), Check: checkSeed,
				Rule: "the first player's total must be gamelab's; the moves must be optimal for both players, replayed"},
			"deque": {Input: rowInput(true), Check: checkDeque, Rule: "X − Y must be gamelab's"},
			"json": {Input: rowInput(false), Check: checkJSON,
				Rule: "best, second and diff must be gamelab's; the moves must be optimal for both players, replayed"},
		},
	})
}

// randomRow is randcoins' row of n coins from seed, values in b.
func randomRow(_ *builtin.Env, n int, seed uint64, b kit.Bounds, rules games.Rules) (games.Position, error) {
	row, err := solver.RandomRange(n, seed, b.Lo, b.Hi)
	if err != nil {
		return nil, err
	}
	return newCoins(row, rules), nil
}

// rowInput writes the row as the formats read it: the coins on one line,
// after N on a line of its own for deque.
func rowInput(deque bool) func(x games.Position) []byte {
	return func(x games.Position) []byte {
		c := x.(*Coins)
		text := c.String() + "\n"
		if deque {
			text = fmt.Sprintf("%d\n%s", c.N, text)
		}
		return []byte(text)
	}
}

// truth is the row solved under its rules.
func truth(env *builtin.Env, c *Coins) (*solver.Result, error) {
	return solver.Game{Coins: c.Row(), Rules: solverRules(c.rules())}.Solve(env.Ctx, nil)
}

// checkSeed judges "score moves".
func checkSeed(env *builtin.Env, x games.Position, _, out []byte) error {
	c := x.(*Coins)
	r, err := truth(env, c)
	if err != nil {
		return err
	}
	lines := judge.AnswerLines(out)
	if len(lines) == 0 || len(lines[0]) != 2 {
		return fmt.Errorf("the answer should be the first player's total and the moves on one line, like \"110 RRRL\"")
	}
	if err := judge.CheckNumber("the first player's total", lines[0][0], r.Best); err != nil {
		return err
	}
	return judge.CheckLine(env, c, "the moves", lines[0][1])
}

// checkDeque judges X − Y.
func checkDeque(env *builtin.Env, x games.Position, _, out []byte) error {
	r, err := truth(env, x.(*Coins))
	if err != nil {
		return err
	}
	return judge.CheckNumber("X − Y", strings.TrimSpace(string(out)), r.Diff)
}

// checkJSON judges the json object: best, second, diff and the moves.
func checkJSON(env *builtin.Env, x games.Position, _, out []byte) error {
	c := x.(*Coins)
	r, err := truth(env, c)
	if err != nil {
		return err
	}
	m, err := judge.CheckJSON(out, judge.Want{Name: "n", Value: big.NewInt(int64(c.N))}, judge.Want{Name: "best", Value: r.Best}, judge.Want{Name: "second", Value: r.Second},
		judge.Want{Name: "diff", Value: r.Diff})
	if err != nil {
		return err
	}
	moves, err := judge.JSONField(m, "moves")
	if err != nil {
		return err
	}
	return judge.CheckLine(env, c, "the moves", moves)
}
