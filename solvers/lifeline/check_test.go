package lifeline

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// coverage counts the cases the brute-force comparison reached, per grid and
// rules, so a generator that stops reaching one fails the test.
type coverage struct {
	boards, withDead, noMove, noLegal, captures, suicides, illegal, saved int
}

// TestSolveAgainstSimulation compares Solve, RemovedAt and Place with the
// brute force on thousands of random boards of both grids under every rule
// combination, for every empty vertex.
func TestSolveAgainstSimulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2019))
	for _, grid := range []Grid{Triangle, Square} {
		cov := make([]coverage, len(allRules))
		for boards := 0; boards < 3000; boards++ {
			b := randomBoard(rng, grid)
			player := 1 + rng.IntN(9)
			for k, rules := range allRules {
				checkTurnAgainstSimulation(t, b, player, rules, &cov[k])
			}
		}
		for k, c := range cov {
			t.Logf("%v, %+v: %+v", grid, allRules[k], c)
			// The generator must reach every case the solver distinguishes.
			weak := c.withDead < 100 || c.noMove < 20 || c.captures < 1000 || c.suicides < 500
			if allRules[k].NoSuicide {
				weak = weak || c.illegal < 500 || c.noLegal < 10
			}
			if allRules[k].Capture == OthersFirst {
				weak = weak || c.saved < 100
			}
			if weak {
				t.Errorf("%v, %+v: weak coverage %+v", grid, allRules[k], c)
			}
		}
	}
}

// checkTurnAgainstSimulation checks one turn against the brute force.
func checkTurnAgainstSimulation(t *testing.T, b *Board, player int, rules Rules, cov *coverage) {
	t.Helper()
	ctx := context.Background()
	where := fmt.Sprintf("%v board\n%v\nplayer %d, rules %+v", b.Grid, b, player, rules)
	cov.boards++
	orig := b.Clone()
	res, err := rules.Solve(ctx, b, player)
	if !reflect.DeepEqual(b, orig) {
		t.Fatalf("Solve changed its board:\n%v\nto\n%v", orig, b)
	}
	groups, free := simGroups(b, b.Cells)
	var wantDead []Group
	for k, g := range groups {
		if !free[k] {
			dg := Group{Stone: b.Cells[g[0]]}
			for _, i := range g {
				r, p := b.Coord(i)
				dg.Cells = append(dg.Cells, [2]int{r, p})
			}
			wantDead = append(wantDead, dg)
		}
	}
	best, first, empty := 0, -1, false
	var moves [][2]int
	sims := make([]simMove, len(b.Cells))
	for i, c := range b.Cells {
		if c != 0 {
			continue
		}
		empty = true
		mv := simulate(b, rules, uint8(player), i)
		sims[i] = mv
		if mv.points > 0 {
			cov.captures++
		}
		if mv.own > 0 {
			cov.suicides++
		}
		if rules.Capture == OthersFirst && mv.points != simulate(b, Rules{}, uint8(player), i).points {
			cov.saved++ // others-first saved the mover's group
		}
		if mv.illegal {
			cov.illegal++
			continue
		}
		r, p := b.Coord(i)
		switch {
		case first < 0 || mv.points > best:
			best, first, moves = mv.points, i, [][2]int{{r, p}}
		case mv.points == best:
			moves = append(moves, [2]int{r, p})
		}
	}
	switch {
	case !empty:
		cov.noMove++
		if !errors.Is(err, ErrNoMove) || errors.Is(err, ErrNoLegalMove) || res != nil {
			t.Fatalf("%s\nfull board: result %t, error %v; want ErrNoMove", where, res != nil, err)
		}
		return
	case first < 0:
		cov.noLegal++
		if !errors.Is(err, ErrNoLegalMove) || !errors.Is(err, ErrNoMove) || res != nil {
			t.Fatalf("%s\nno legal vertex: result %t, error %v; want ErrNoLegalMove", where, res != nil, err)
		}
		checkPlaces(t, where, b, player, rules, sims)
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if len(wantDead) > 0 {
		cov.withDead++
	}
	if !reflect.DeepEqual(res.Unreachable, wantDead) {
		t.Fatalf("%s\nunreachable %v, want %v", where, res.Unreachable, wantDead)
	}
	if res.N != b.N || res.Player != player || res.Grid != b.Grid || res.Rules != rules {
		t.Fatalf("%s\nresult names N %d, player %d, grid %v, rules %+v", where, res.N, res.Player, res.Grid, res.Rules)
	}
	for i, c := range b.Cells {
		r, p := b.Coord(i)
		if c != 0 {
			if res.Points[i] != 0 || res.Illegal[i] {
				t.Fatalf("%s\noccupied (%d,%d) has points %d, illegal %t", where, r, p, res.Points[i], res.Illegal[i])
			}
			if _, err := res.RemovedAt(context.Background(), r, p); err == nil {
				t.Fatalf("%s\nRemovedAt(%d,%d) of an occupied vertex did not fail", where, r, p)
			}
			continue
		}
		mv := sims[i]
		if res.Points[i] != mv.points || res.Illegal[i] != mv.illegal {
			t.Fatalf("%s\nat (%d,%d): points %d, illegal %t; simulation %d, %t", where, r, p, res.Points[i], res.Illegal[i], mv.points, mv.illegal)
		}
		stones, err := res.RemovedAt(context.Background(), r, p)
		if err != nil || !reflect.DeepEqual(stones, mv.stones) {
			t.Fatalf("%s\nRemovedAt(%d,%d) = %v, %v; simulation %v", where, r, p, stones, err, mv.stones)
		}
	}
	if res.Best != best || !reflect.DeepEqual(res.Moves, moves) {
		t.Fatalf("%s\nbest %d %v, want %d %v", where, res.Best, res.Moves, best, moves)
	}
	if mv := sims[first]; !reflect.DeepEqual(res.After.Cells, mv.after) || !reflect.DeepEqual(res.Removed, mv.removed) || res.After.Grid != b.Grid {
		t.Fatalf("%s\nat %v: after\n%v\nremoved %v; want\n%v\n%v",
			where, moves[0], res.After, res.Removed, &Board{N: b.N, Cells: mv.after, Grid: b.Grid}, mv.removed)
	}
	checkPlaces(t, where, b, player, rules, sims)
}

// checkPlaces compares Place on every empty vertex with the brute force.
func checkPlaces(t *testing.T, where string, b *Board, player int, rules Rules, sims []simMove) {
	t.Helper()
	for i, c := range b.Cells {
		if c != 0 {
			continue
		}
		r, p := b.Coord(i)
		got, err := rules.Place(context.Background(), b, player, r, p)
		want := sims[i]
		if want.illegal {
			var ie *IllegalMoveError
			if !errors.As(err, &ie) || *ie != (IllegalMoveError{Row: r, Pos: p, Player: player, Own: want.own}) || got != nil {
				t.Fatalf("%s\nPlace(%d,%d) of an illegal move: %v, %v", where, r, p, got, err)
			}
			continue
		}
		if err != nil || got.Points != want.points || !reflect.DeepEqual(got.After.Cells, want.after) || got.After.Grid != b.Grid ||
			!reflect.DeepEqual(got.Removed, want.removed) || !reflect.DeepEqual(got.RemovedStones, want.stones) {
			t.Fatalf("%s\nPlace(%d,%d) = %+v, %v; simulation %+v", where, r, p, got, err, want)
		}
	}
}
