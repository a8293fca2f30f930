// gamelab judge runs programs, which a web page cannot: the judge is not
// part of the WebAssembly engine.

//go:build !js

package lifeline

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"gamelab/gameio"
	"gamelab/internal/splitmix"
	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/judge"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/lifeline"
)

// How gamelab judge lifeline judges a program: the judge's datasets (N C,
// the cells, 0 0), each a board with a player to move who has a legal
// move under the rules. Half the boards (odd seeds) are drawn as they
// come, so that some are unreachable (a group touching no empty vertex
// already), as the contest's data has them and both formats answer them;
// the other half as randboard makes them, reachable. Answers are judged
// by the best points (seed, json) and every best vertex (json).
// Interactive: the program plays stone C, gamelab another stone.

func init() {
	judge.Set(Game, &judge.Judge{
		Random:      randomDataset,
		Valid:       validDataset,
		Adopt:       withPlayer,
		Values:      kit.Bounds{Lo: big.NewInt(1), Hi: big.NewInt(4)},
		ValueLimits: kit.Bounds{Lo: big.NewInt(1), Hi: big.NewInt(9)},
		Size:        func(x games.Position) int { return x.(*Board).N },
		Unit:        [2]string{"row", "rows"},
		Noun:        "board",
		MaxN:        8,
		MinN: func(r games.Rules) int {
			if r.Get("suicide") == false {
				return 2 // a one-vertex board's only move removes the stone itself
			}
			return 1
		},
		Largest: func(r games.Rules) int { return gridOf(r).MaxN() },
		Need: func(n int, r games.Rules) int64 {
			return judge.Need(2*float64(solver.SolveBytes(gridOf(r), n)), 64*float64(gridOf(r).CellCount(n)))
		},
		Formats: map[string]*judge.Format{
			"seed": {Input: datasetInput, Check: checkSeed, Rule: "the best points must be gamelab's"},
			"json": {Input: datasetInput, Check: checkJSON,
				Rule: "n, player, best and moves (every best vertex, in reading order) must be gamelab's"},
		},
		Interactive: &judge.Interactive{
			Start: startGame,
			Read:  readStone,
			Write: func(m games.Move) string {
				v := m.Value().([]int)
				return fmt.Sprintf("%d %d", v[0], v[1])
			},
			Protocol: "gamelab writes N, C (the program's stone) and D (gamelab's), then the board's rows; " +
				"C and D take turns, C first, one turn per empty vertex of the board (or until the mover has no " +
				"legal move), each move a line \"row position\"; the program writes C's moves and reads D's; at the " +
				"end gamelab closes the program's input. Any best vertex is accepted",
		},
	})
}

// randomDataset is a board of n rows from seed, stones in the spec's
// values, with a player to move drawn from the same stones: drawn as it
// comes on odd seeds (it may be unreachable), as randboard draws it on
// even ones. A board where the player has no legal move (a full one, or
// every move illegal under suicide false) is drawn again from a seed
// derived from the first, up to 64 times.
func randomDataset(env *builtin.Env, n int, seed uint64, spec judge.Spec) (games.Position, error) {
	lo, hi := int(spec.Values.Lo.Int64()), int(spec.Values.Hi.Int64())
	s := seed
	for try := range 64 {
		if try > 0 {
			s = splitmix.New(seed + uint64(try)).Next()
		}
		var b *Board
		if s%2 == 1 {
			raw, err := solver.RandomBoardWith(n, s, solver.RandomOptions{Grid: gridOf(spec.Rules), Lo: lo, Hi: hi, Empty: 0.3})
			if err != nil {
				return nil, err
			}
			b = newBoard(raw, spec.Rules)
		} else {
			opts := spec.Rules.Changed()
			opts["stones"] = builtin.Range{Lo: spec.Values.Lo, Hi: spec.Values.Hi}
			x, err := fnRandBoard(env, n, int64(s>>1), opts)
			if err != nil {
				return nil, err
			}
			b = x.(*Board)
		}
		x, err := withPlayer(b, s, spec)
		if err != nil {
			return nil, err
		}
		if validDataset(x, spec) == nil {
			return x, nil
		}
	}
	return nil, fmt.Errorf("no board of %s drawn from seed %d gives the player to move a legal move (64 tried)", kit.Count(n, "row", "rows"), seed)
}

// withPlayer is b with a player to move, drawn from seed within the
// spec's stones, when it has none.
func withPlayer(x games.Position, seed uint64, spec judge.Spec) (games.Position, error) {
	b := x.(*Board)
	if b.Mover() != "" {
		return b, nil
	}
	player := splitmix.New(^seed).Between(int(spec.Values.Lo.Int64()), int(spec.Values.Hi.Int64()))
	return b.ForPlayers([]string{strconv.Itoa(player)})
}

// validDataset says why the player to move has no move on x.
func validDataset(x games.Position, _ judge.Spec) error {
	b := x.(*Board)
	if len(b.Legal()) == 0 {
		return fmt.Errorf("player %s has no legal move on it", b.Mover())
	}
	return nil
}

// datasetInput writes one dataset and the end marker.
func datasetInput(x games.Position) []byte {
	b := x.(*Board)
	return []byte(fmt.Sprintf("%d %s\n%s\n0 0\n", b.N, b.Mover(), b.b.String()))
}

// truth is the board's turn solved for its player, within the budget.
func truth(env *builtin.Env, b *Board) (*solver.Result, error) {
	if err := gameio.Fits(env.Ctx, solver.SolveBytes(b.b.Grid, b.N), fmt.Sprintf("a board of %d vertices", len(b.b.Cells))); err != nil {
		return nil, judge.Own(err)
	}
	pl, _ := strconv.Atoi(b.Mover())
	r, err := solverRules(b.rules).Solve(env.Ctx, b.b, pl)
	return r, judge.Own(err)
}

// checkSeed judges the best points.
func checkSeed(env *builtin.Env, x games.Position, out []byte) error {
	r, err := truth(env, x.(*Board))
	if err != nil {
		return err
	}
	return judge.CheckNumber("the answer (the best points)", strings.TrimSpace(string(out)), big.NewInt(int64(r.Best)))
}

// checkJSON judges n, player, best and moves, every best vertex in
// reading order.
func checkJSON(env *builtin.Env, x games.Position, out []byte) error {
	b := x.(*Board)
	r, err := truth(env, b)
	if err != nil {
		return err
	}
	m, err := judge.CheckJSON(out, judge.Want{Name: "n", Value: big.NewInt(int64(b.N))},
		judge.Want{Name: "player", Value: big.NewInt(int64(r.Player))}, judge.Want{Name: "best", Value: big.NewInt(int64(r.Best))})
	if err != nil {
		return err
	}
	got, err := answerVertices(m)
	if err != nil {
		return err
	}
	want := map[[2]int]bool{}
	for _, v := range r.Moves {
		want[v] = true
	}
	for _, v := range got {
		if !want[v] {
			if !b.b.Contains(v[0], v[1]) || b.b.At(v[0], v[1]) != 0 {
				return fmt.Errorf("moves lists (%d,%d), which is no empty vertex of the board", v[0], v[1])
			}
			return fmt.Errorf("moves lists (%d,%d), which makes %d points, not the best %d", v[0], v[1], r.Points[b.b.Index(v[0], v[1])], r.Best)
		}
	}
	for i, v := range r.Moves {
		if i >= len(got) || got[i] != v {
			return fmt.Errorf("moves should list every best vertex in reading order, %s; it lists %s", vertexWords(r.Moves), vertexWords(got))
		}
	}
	if len(got) != len(r.Moves) {
		return fmt.Errorf("moves should list every best vertex once, in reading order, %s; it lists %s", vertexWords(r.Moves), vertexWords(got))
	}
	return nil
}

// answerVertices reads moves, a list of [row, position].
func answerVertices(m map[string]any) ([][2]int, error) {
	v, ok := m["moves"]
	if !ok {
		return nil, fmt.Errorf("the answer has no \"moves\"")
	}
	l, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("\"moves\" should be a list of vertices [row, position], got %s", judge.JSONWords(v))
	}
	out := make([][2]int, len(l))
	for i, item := range l {
		pair, ok := item.([]any)
		if ok && len(pair) == 2 {
			r, err1 := strconv.Atoi(fmt.Sprint(pair[0]))
			p, err2 := strconv.Atoi(fmt.Sprint(pair[1]))
			_, num1 := pair[0].(json.Number)
			_, num2 := pair[1].(json.Number)
			if err1 == nil && err2 == nil && num1 && num2 {
				out[i] = [2]int{r, p}
				continue
			}
		}
		return nil, fmt.Errorf("\"moves\" item %d should be a vertex [row, position], got %s", i+1, judge.JSONWords(item))
	}
	return out, nil
}

// vertexWords writes a list of vertices: "(3,2) (4,1)".
func vertexWords(vs [][2]int) string {
	if len(vs) == 0 {
		return "none"
	}
	parts := make([]string, 0, len(vs))
	for i, v := range vs {
		if i == 20 {
			parts = append(parts, fmt.Sprintf("… (%d in all)", len(vs)))
			break
		}
		parts = append(parts, fmt.Sprintf("(%d,%d)", v[0], v[1]))
	}
	return strings.Join(parts, " ")
}

// startGame is the interactive game of a dataset: its player C against
// gamelab's stone D, the first other stone on the board (or C + 1).
func startGame(x games.Position, _ uint64) (games.Position, string, []byte, error) {
	b := x.(*Board)
	c, _ := strconv.Atoi(b.Mover())
	d := c%9 + 1
	for _, s := range b.b.Cells {
		if s != 0 && int(s) != c {
			d = int(s)
			break
		}
	}
	pos, err := b.ForPlayers([]string{strconv.Itoa(c), strconv.Itoa(d)})
	if err != nil {
		return nil, "", nil, err
	}
	return pos, strconv.Itoa(c), fmt.Appendf(nil, "%d %d %d\n%s\n", b.N, c, d, b.b.String()), nil
}

// readStone reads "row position", the mover's stone there.
func readStone(pos games.Position, line string) (games.Move, error) {
	f := strings.Fields(line)
	if len(f) != 2 {
		return nil, fmt.Errorf("a move is a line \"row position\"")
	}
	r, err1 := strconv.Atoi(f[0])
	p, err2 := strconv.Atoi(f[1])
	pl, _ := strconv.Atoi(pos.Mover())
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("a move is a line \"row position\" of two numbers")
	}
	return pos.ParseMove([]any{r, p, pl})
}
