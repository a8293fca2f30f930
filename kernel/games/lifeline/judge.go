// gamelab judge runs programs, which a web page cannot: the judge is not
// part of the WebAssembly engine.

//go:build !js

package lifeline

import (
	"fmt"
	"gamelab/kernel/games/judge"
	"math/big"
	"strconv"
	"strings"

	"gamelab/internal/splitmix"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/lifeline"
)

// How gamelab judge lifeline judges a program: boards that can arise in
// play, each with a player to move, as the judge's datasets (N C, the
// cells, 0 0); answers judged by the best points (seed, json) and every
// best vertex (json).

func init() {
	judge.Set(Game, &judge.Judge{
		Random: randomDataset,
		Values: kit.Bounds{Lo: big.NewInt(1), Hi: big.NewInt(4)},
		Size:   func(x games.Position) int { return x.(*Board).N },
		Unit:   [2]string{"row", "rows"},
		MaxN:   8,
		Formats: map[string]*judge.JudgeFormat{
			"seed": {Input: datasetInput, Check: checkSeed, Rule: "the best points must be gamelab's"},
			"json": {Input: datasetInput, Check: checkJSON, Rule: "best and moves (every best vertex) must be gamelab's"},
		},
	})
}

// randomDataset is randboard's board of n rows from seed, stones in b, and
// a player to move drawn from the same stones.
func randomDataset(env *builtin.Env, n int, seed uint64, b kit.Bounds, rules games.Rules) (games.Position, error) {
	opts := rules.Changed()
	opts["stones"] = builtin.Range{Lo: b.Lo, Hi: b.Hi}
	x, err := fnRandBoard(env, n, int64(seed), opts)
	if err != nil {
		return nil, err
	}
	player := splitmix.New(^seed).Between(int(b.Lo.Int64()), int(b.Hi.Int64()))
	return x.(*Board).ForPlayers([]string{strconv.Itoa(player)})
}

// datasetInput writes one dataset and the end marker.
func datasetInput(x games.Position) []byte {
	b := x.(*Board)
	return []byte(fmt.Sprintf("%d %s\n%s\n0 0\n", b.N, b.Mover(), b.b.String()))
}

// truth is the board's turn solved for its player.
func truth(env *builtin.Env, b *Board) (*solver.Result, error) {
	pl, _ := strconv.Atoi(b.Mover())
	return solverRules(b.rules).Solve(env.Ctx, b.b, pl)
}

// checkSeed judges the best points.
func checkSeed(env *builtin.Env, x games.Position, _, out []byte) error {
	r, err := truth(env, x.(*Board))
	if err != nil {
		return err
	}
	return judge.CheckNumber("the answer (the best points)", strings.TrimSpace(string(out)), big.NewInt(int64(r.Best)))
}

// checkJSON judges best and moves, every best vertex in reading order.
func checkJSON(env *builtin.Env, x games.Position, _, out []byte) error {
	b := x.(*Board)
	r, err := truth(env, b)
	if err != nil {
		return err
	}
	m, err := judge.CheckJSON(out, judge.Want{Name: "n", Value: big.NewInt(int64(b.N))}, judge.Want{Name: "best", Value: big.NewInt(int64(r.Best))})
	if err != nil {
		return err
	}
	got, err := judge.JSONField(m, "moves")
	if err != nil {
		return err
	}
	want := make([]string, len(r.Moves))
	for i, v := range r.Moves {
		want[i] = fmt.Sprintf("[%d,%d]", v[0], v[1])
	}
	if w := "[" + strings.Join(want, ",") + "]"; strings.ReplaceAll(got, " ", "") != w {
		return fmt.Errorf("moves are %s, want %s", got, w)
	}
	return nil
}
