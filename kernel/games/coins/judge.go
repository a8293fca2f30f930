// gamelab judge runs programs, which a web page cannot: the judge is not
// part of the WebAssembly engine.

//go:build !js

package coins

import (
	"fmt"
	"math/big"
	"strings"

	"gamelab/gameio"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/judge"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/coins"
)

// How gamelab judge coins judges a program: rows in the batch formats'
// input (seed and json: one row per line; deque: N, then the coins),
// under any rules, any values. Every optimal answer is accepted: the moves
// are replayed, each must be optimal for its player, and the totals must
// be those of the line the moves play (under score "rest" they depend on
// which optimal line it is); X − Y, the game's value, is the same on every
// optimal line. Interactive: the program plays A or B.

func init() {
	judge.Set(Game, &judge.Judge{
		Random: randomRow,
		Values: kit.Bounds{Lo: big.NewInt(1), Hi: big.NewInt(100)},
		Size:   func(x games.Position) int { return x.(*Coins).N },
		Unit:   [2]string{"coin", "coins"},
		Noun:   "row",
		MaxN:   12,
		Largest: func(r games.Rules) int {
			if sr := solverRules(r); sr.TwoM() && sr.Ends != solver.LeftEnd {
				return 421 // take "2M" from both ends: MaxTwoMBothSteps
			}
			return 1 << 30
		},
		Need: need,
		Formats: map[string]*judge.Format{
			"seed": {Input: rowInput(false), Check: checkSeed,
				Rule: "the moves, replayed, must be optimal for both players, and the first player's total that of those moves"},
			"deque": {Input: rowInput(true), Check: checkDeque, Rule: "X − Y must be gamelab's"},
			"json": {Input: rowInput(false), Check: checkJSON,
				Rule: "n and diff must be gamelab's; the moves, replayed, optimal for both players; best and second the totals of those moves"},
		},
		Interactive: &judge.Interactive{
			Start: startGame,
			Read: func(pos games.Position, line string) (games.Move, error) {
				return pos.ParseMove(strings.TrimSpace(line))
			},
			Write: func(m games.Move) string { return m.String() },
			Protocol: "gamelab writes N, the N coins on one line and the side the program plays, A (first) or B; " +
				"then each move is a line, L or R (L2, R3 when the rules take more), the program writing its own and " +
				"reading gamelab's; after the last move gamelab closes the program's input",
		},
	})
}

// need is about the bytes an instance of n coins takes to make (its
// values and the input's text), solve under r and check a line of moves.
func need(n int, r games.Rules) int64 {
	f := float64(n)
	sr := solverRules(r)
	switch {
	case r.IsDefault():
		return judge.Need(600*f, float64(solver.TableBytes(n)))
	case sr.TwoM() && sr.Ends == solver.LeftEnd:
		return judge.Need(600*f, 2*f*f)
	case sr.TwoM():
		return judge.Need(600*f, 0.6*f*f*f)
	case sr.Ends == solver.LeftEnd:
		return judge.Need(600 * f)
	}
	return judge.Need(600*f, f*f)
}

// randomRow is randcoins' row of n coins from seed, values in the spec's.
func randomRow(_ *builtin.Env, n int, seed uint64, spec judge.Spec) (games.Position, error) {
	row, err := solver.RandomRange(n, seed, spec.Values.Lo, spec.Values.Hi)
	if err != nil {
		return nil, err
	}
	return newCoins(row, spec.Rules), nil
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

// value is the row's value under its rules, the first player's margin.
func value(env *builtin.Env, c *Coins) (*big.Int, error) {
	g := solver.Game{Coins: c.Row(), Rules: solverRules(c.rules())}
	if err := gameio.Fits(env.Ctx, g.SolveBytes(), fmt.Sprintf("a row of %d coins", c.N)); err != nil {
		return nil, judge.Own(err)
	}
	r, err := g.Solve(env.Ctx, nil)
	if err != nil {
		return nil, judge.Own(err)
	}
	return r.Diff, nil
}

// checkSeed judges "score moves": one line, the moves an optimal line,
// the score the first player's total along it.
func checkSeed(env *builtin.Env, x games.Position, out []byte) error {
	c := x.(*Coins)
	lines := judge.AnswerLines(out)
	if len(lines) != 1 || len(lines[0]) != 2 {
		return fmt.Errorf("the answer should be one line, the first player's total and the moves, like \"110 RRRL\"; it has %s",
			fieldsWords(lines))
	}
	a, err := judge.CheckLine(env, c, "the line of moves", lines[0][1])
	if err != nil {
		return err
	}
	return judge.CheckNumber("the first player's total (of the moves "+shortMoves(lines[0][1])+")", lines[0][0], judge.Total(a, "A"))
}

// fieldsWords says how many lines and fields an answer has.
func fieldsWords(lines [][]string) string {
	if len(lines) == 0 {
		return "nothing"
	}
	if len(lines) > 1 {
		return kit.Count(len(lines), "line", "lines")
	}
	return kit.Count(len(lines[0]), "field", "fields")
}

// shortMoves is a line of moves as a message quotes it.
func shortMoves(m string) string {
	if len(m) > 24 {
		return m[:20] + "…"
	}
	return m
}

// checkDeque judges X − Y.
func checkDeque(env *builtin.Env, x games.Position, out []byte) error {
	v, err := value(env, x.(*Coins))
	if err != nil {
		return err
	}
	return judge.CheckNumber("X − Y", strings.TrimSpace(string(out)), v)
}

// checkJSON judges the json object: n and diff, the moves replayed, and
// best and second their totals.
func checkJSON(env *builtin.Env, x games.Position, out []byte) error {
	c := x.(*Coins)
	v, err := value(env, c)
	if err != nil {
		return err
	}
	m, err := judge.CheckJSON(out, judge.Want{Name: "n", Value: big.NewInt(int64(c.N))}, judge.Want{Name: "diff", Value: v})
	if err != nil {
		return err
	}
	moves, err := judge.JSONString(m, "moves", "RRRL")
	if err != nil {
		return err
	}
	a, err := judge.CheckLine(env, c, "the line of moves", moves)
	if err != nil {
		return err
	}
	if err := judge.CheckField(m, judge.Want{Name: "best", Value: judge.Total(a, "A")}); err != nil {
		return fmt.Errorf("%v (the first player's total of the moves)", err)
	}
	if err := judge.CheckField(m, judge.Want{Name: "second", Value: judge.Total(a, "B")}); err != nil {
		return fmt.Errorf("%v (the second player's total of the moves)", err)
	}
	return nil
}

// startGame is the interactive game of a row: the program plays A on even
// seeds, B on odd ones.
func startGame(x games.Position, seed uint64) (games.Position, string, []byte, error) {
	c := x.(*Coins)
	side := "AB"[seed%2 : seed%2+1]
	return c, side, fmt.Appendf(nil, "%d\n%s\n%s\n", c.N, c.String(), side), nil
}
