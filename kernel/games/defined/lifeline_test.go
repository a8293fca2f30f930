package defined_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/defined"
	"gamelab/kernel/games/lifeline"
	solver "gamelab/solvers/lifeline"
)

// TestLifeLineAgainstNative: Life Line re-expressed in the language
// (scripts/games/lifeline.gl) equals the native solver, what solve(b, C)
// runs, on 1,000 random boards of 1..4 rows under each grid, capture order
// and suicide rule: the best points and every best vertex, in reading
// order; and where the native game has no move (a full board, or every
// vertex suicide under suicide: false) the defined one has none either.
// The boards are any cells, so some cannot arise in play: their groups
// without an empty neighbour count for no move, as the judge has it. The
// test also counts the boards that reach each case (a capture, a move
// that kills its own stones, an unreachable group, no move), so it cannot
// pass on boards too plain to tell a wrong definition.
func TestLifeLineAgainstNative(t *testing.T) {
	for _, grid := range []solver.Grid{solver.Triangle, solver.Square} {
		for _, capture := range []solver.Capture{solver.Together, solver.OthersFirst} {
			for _, suicide := range []bool{true, false} {
				native := solver.Rules{Capture: capture, NoSuicide: !suicide}
				rules := map[string]any{"capture": capture.String(), "suicide": suicide}
				t.Run(fmt.Sprintf("%s/%s/suicide=%v", grid, capture, suicide), func(t *testing.T) {
					s := session(t, func(env *builtin.Env, args []any) error {
						compareLifeLine(t, env, args[0].(*defined.Game), grid, native, rules)
						return nil
					})
					if out := s.Execute(context.Background(), "within(life)"); out.Err != nil {
						t.Fatal(out.Err.Msg)
					}
				})
			}
		}
	}
}

// compareLifeLine plays 1,000 random boards of grid under both games.
func compareLifeLine(t *testing.T, env *builtin.Env, life *defined.Game, grid solver.Grid, native solver.Rules, rules map[string]any) {
	r, err := life.Contract().Default().With(rules)
	if err != nil {
		t.Fatal(err)
	}
	var captures, ownLost, unreachable, noMove int
	for seed := range uint64(1000) {
		rng := rand.New(rand.NewPCG(seed, 27))
		b := grid.NewBoard(1 + int(seed%4))
		for i := range b.Cells {
			if rng.IntN(10) >= 3 { // three in ten empty, else a stone 1..3
				b.Cells[i] = uint8(1 + rng.IntN(3))
			}
		}
		player := 1 + rng.IntN(4) // 4: a player without stones on the board
		want, werr := native.Solve(context.Background(), b, player)
		where := fmt.Sprintf("seed %d: player %d on the %s board %s", seed, player, grid, strings.ReplaceAll(b.String(), "\n", " / "))
		x, err := instance(env, life, map[string]any{"board": lifeline.NewBoard(b.Clone()), "player": player}, r)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if werr != nil {
			if !errors.Is(werr, solver.ErrNoMove) {
				t.Fatalf("%s: the native solver: %v", where, werr)
			}
			noMove++
			if legal := x.Legal(); len(legal) > 0 {
				t.Errorf("%s: no move natively (%v), but the defined game offers %v", where, werr, legal)
			}
			continue
		}
		got, err := x.(games.Solver).Evaluate(env)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		var wantMoves, gotMoves []string
		for _, m := range want.Moves {
			wantMoves = append(wantMoves, fmt.Sprintf("[%d, %d]", m[0], m[1]))
		}
		for _, m := range got.Best {
			gotMoves = append(gotMoves, m.String())
		}
		if got.Value.Cmp(big.NewInt(int64(want.Best))) != 0 || !slices.Equal(gotMoves, wantMoves) {
			t.Errorf("%s: native best %d at %v, defined %s at %v", where, want.Best, wantMoves, got.Value, gotMoves)
		}
		if len(want.Unreachable) > 0 {
			unreachable++
		}
		for i, c := range b.Cells {
			if c == 0 && want.Points[i] > 0 {
				captures++
				break
			}
		}
		for i, c := range b.Cells {
			if c == 0 && (want.Illegal[i] || want.Points[i] < 0) {
				ownLost++
				break
			}
		}
	}
	t.Logf("boards with a capture %d, a move losing own stones %d, an unreachable group %d, no move %d", captures, ownLost, unreachable, noMove)
	if captures < 50 || ownLost < 50 || unreachable < 50 || noMove < 50 {
		t.Errorf("the random boards reach too few cases to test the definition: %d, %d, %d, %d", captures, ownLost, unreachable, noMove)
	}
}
