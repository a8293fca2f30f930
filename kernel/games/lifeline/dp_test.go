package lifeline_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
)

// Issue 21's property tests: dp(x) is read through the builtins a user
// calls (dp, at, position) under every combination of the rules, on random
// small boards, and every vertex's points, legality and removed stones are
// the rules played literally.

func TestDPAgainstBruteForce(t *testing.T) {
	t.Parallel()
	illegal := 0
	gamestest.EachInstance(t, laws, rand.New(rand.NewPCG(21, 2026)), 25, func(v gamestest.Variant, where string, x games.Position) {
		if checkBoardDP(t, where, v, x) {
			illegal++
		}
	})
	if illegal < 5 {
		t.Errorf("only %d boards had an illegal vertex: the suicide rule went untried", illegal)
	}
}

func checkBoardDP(t *testing.T, where string, v gamestest.Variant, x games.Position) (anyIllegal bool) {
	t.Helper()
	player, _ := strconv.Atoi(x.Mover())
	board := x.(*lifeline.Board)
	if games.Over(x) {
		if _, err := gamestest.Try(t, "dp", x, player); err == nil {
			t.Fatalf("%s: dp of a full board", where)
		}
		return false
	}
	d := gamestest.Must(t, "dp", x, player).(*lifeline.DP)
	bb := newBoardBrute(v.Rules)
	cells := cellsOf(board)
	bestPts := -1 << 30
	for _, m := range bb.moves(cells, player) {
		bestPts = max(bestPts, int(m.After.Int64()))
	}
	for r := range cells {
		for p := range cells[r] {
			if cells[r][p] != 0 {
				if _, err := gamestest.Try(t, "at", d, r+1, p+1); err == nil {
					t.Fatalf("%s: at(d, %d, %d) reads an occupied vertex", where, r+1, p+1)
				}
				continue
			}
			vx := gamestest.Must(t, "at", d, r+1, p+1).(*lifeline.Vertex)
			pts, after, illegal := bb.place(cells, player, r, p)
			var removed [][]int
			for rr := range cells {
				for pp := range cells[rr] {
					switch {
					case cells[rr][pp] != 0 && after[rr][pp] == 0:
						removed = append(removed, []int{rr + 1, pp + 1, cells[rr][pp]})
					case rr == r && pp == p && after[rr][pp] == 0:
						removed = append(removed, []int{rr + 1, pp + 1, player})
					}
				}
			}
			if removed == nil {
				removed = [][]int{}
			}
			anyIllegal = anyIllegal || illegal
			wantBest := !illegal && pts == bestPts
			if vx.Points != pts || vx.Legal == illegal || fmt.Sprint(vx.Removes) != fmt.Sprint(removed) || vx.Best != wantBest {
				t.Fatalf("%s: at(d, %d, %d) = %+v; by the rules %d points, illegal %v, removes %v, best %v",
					where, r+1, p+1, *vx, pts, illegal, removed, wantBest)
			}
		}
	}
	// the pictures mark the illegal vertices, and only when there are some
	text, svg := d.Text(), d.SVG()
	if strings.Contains(text, "× illegal") != anyIllegal || strings.Contains(svg, "empty: illegal") != anyIllegal {
		t.Fatalf("%s: illegal vertices %v, the text\n%s", where, anyIllegal, text)
	}
	return anyIllegal
}
