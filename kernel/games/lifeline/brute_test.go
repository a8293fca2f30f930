package lifeline_test

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/games"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/lifeline"
	sollifeline "gamelab/solvers/lifeline"
)

// boardBrute knows nothing of the engine or of any DP: it plays Life
// Line's rules (SPEC §1 and §6) literally from the fields a user sees (rows,
// rules), with flood fills of its own. It is the independent check of the
// game's Position (Legal, Play, Step), which the engine's exhaustive solver
// relies on; that one in turn is the reference for the fast solver
// (laws_test.go).

// boardBrute plays Life Line's rules on a grid of cells, with flood fills
// of its own.
type boardBrute struct {
	square      bool // grid "square"
	othersFirst bool // capture "others-first"
	noSuicide   bool // suicide false
}

func newBoardBrute(rules map[string]any) *boardBrute {
	return &boardBrute{square: rules["grid"] == "square", othersFirst: rules["capture"] == "others-first", noSuicide: rules["suicide"] == false}
}

// cells is a board's rows as a user reads them (b.rows), copied.
func cellsOf(b *lifeline.Board) [][]int {
	out := make([][]int, len(b.Rows))
	for i, row := range b.Rows {
		out[i] = slices.Clone(row)
	}
	return out
}

// near lists the vertices adjacent to (r, p), from 0, on rows shaped as
// cells: six on the triangle, four on the square.
func (bb *boardBrute) near(cells [][]int, r, p int) [][2]int {
	deltas := [][2]int{{0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {1, 0}, {1, 1}}
	if bb.square {
		deltas = [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	}
	var out [][2]int
	for _, d := range deltas {
		rr, pp := r+d[0], p+d[1]
		if rr >= 0 && rr < len(cells) && pp >= 0 && pp < len(cells[rr]) {
			out = append(out, [2]int{rr, pp})
		}
	}
	return out
}

// dead lists the groups of cells that touch no empty vertex, each its
// vertices.
func (bb *boardBrute) dead(cells [][]int) [][][2]int {
	seen := map[[2]int]bool{}
	var out [][][2]int
	for r := range cells {
		for p := range cells[r] {
			if cells[r][p] == 0 || seen[[2]int{r, p}] {
				continue
			}
			group, free := [][2]int{{r, p}}, false
			seen[[2]int{r, p}] = true
			for k := 0; k < len(group); k++ {
				for _, v := range bb.near(cells, group[k][0], group[k][1]) {
					switch c := cells[v[0]][v[1]]; {
					case c == 0:
						free = true
					case c == cells[r][p] && !seen[v]:
						seen[v] = true
						group = append(group, v)
					}
				}
			}
			if !free {
				out = append(out, group)
			}
		}
	}
	return out
}

// place puts player's stone at (r, p), from 0, and removes what the rules
// remove: every group left without an empty neighbour (others-first: the
// others' first, then the new stone's group if still without one), except
// groups that had none before the move, which stay and count for nothing
// (the judge's convention). It returns the points (others' stones removed
// minus the mover's own), the cells after, and whether the rules forbid
// the move (suicide false: it removes some of the mover's stones).
func (bb *boardBrute) place(cells [][]int, player, r, p int) (points int, after [][]int, illegal bool) {
	deadBefore := map[[2]int]bool{}
	for _, g := range bb.dead(cells) {
		for _, v := range g {
			deadBefore[v] = true
		}
	}
	after = make([][]int, len(cells))
	for i := range cells {
		after[i] = slices.Clone(cells[i])
	}
	after[r][p] = player
	own := 0
	remove := func(which func(g [][2]int) bool) {
		for _, g := range bb.dead(after) {
			if deadBefore[g[0]] || !which(g) {
				continue
			}
			for _, v := range g {
				if after[v[0]][v[1]] == player {
					points--
					own++
				} else {
					points++
				}
				after[v[0]][v[1]] = 0
			}
		}
	}
	if bb.othersFirst {
		remove(func(g [][2]int) bool { return after[g[0][0]][g[0][1]] != player })
		remove(func(g [][2]int) bool { return slices.Contains(g, [2]int{r, p}) })
	} else {
		remove(func([][2]int) bool { return true })
	}
	return points, after, bb.noSuicide && own > 0
}

// moves lists player's legal moves on cells in reading order, each [r, p]
// from 1 with its points.
func (bb *boardBrute) moves(cells [][]int, player int) []gamestest.BruteMove {
	var out []gamestest.BruteMove
	for r := range cells {
		for p := range cells[r] {
			if cells[r][p] != 0 {
				continue
			}
			if pts, _, illegal := bb.place(cells, player, r, p); !illegal {
				out = append(out, gamestest.BruteMove{Move: []int{r + 1, p + 1}, After: big.NewInt(int64(pts))})
			}
		}
	}
	return out
}

// at is every legal move of the mover of a board and its points.
func (bb *boardBrute) At(x games.Position) []gamestest.BruteMove {
	player, err := strconv.Atoi(x.Mover())
	if err != nil {
		panic("a board without a mover: " + x.Mover())
	}
	return bb.moves(cellsOf(x.(*lifeline.Board)), player)
}

func (bb *boardBrute) Minimises() bool { return false }

// --- shared ---

// solverBoard is a board for the solver's package from rows given as text,
// for tests that build boards cell by cell.
func solverBoard(grid sollifeline.Grid, n int, cells func(i int) uint8) *sollifeline.Board {
	b := grid.NewBoard(n)
	for i := range b.Cells {
		b.Cells[i] = cells(i)
	}
	return b
}

// rowsText is rows as the judge lays them out, for messages.
func rowsText(rows [][]int) string {
	var b strings.Builder
	for _, row := range rows {
		b.WriteString(strings.Trim(fmt.Sprint(row), "[]") + "\n")
	}
	return b.String()
}
