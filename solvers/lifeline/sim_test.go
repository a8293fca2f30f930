package lifeline

import (
	"math/rand/v2"
	"slices"
)

// The brute force: every rule played out literally on a copy of the board,
// with flood fills, independently of the solver's groups and liberties.

// simNeighbours lists the vertices adjacent to (r, p) straight from SPEC §1.3
// and §6.3, independently of the solver's index arithmetic.
func simNeighbours(b *Board, r, p int) []int {
	deltas := [][2]int{{0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {1, 0}, {1, 1}}
	if b.Grid == Square {
		deltas = [][2]int{{0, -1}, {0, 1}, {-1, 0}, {1, 0}}
	}
	var out []int
	for _, d := range deltas {
		if b.Contains(r+d[0], p+d[1]) {
			out = append(out, b.Index(r+d[0], p+d[1]))
		}
	}
	return out
}

// simGroups flood-fills cells (on the shape of b) into groups, each a list of
// Cells indices in reading order, and says which touch an empty vertex.
func simGroups(b *Board, cells []uint8) (groups [][]int, free []bool) {
	label := make([]int, len(cells))
	for i := range label {
		label[i] = -1
	}
	for start := range cells {
		if cells[start] == 0 || label[start] >= 0 {
			continue
		}
		id := len(groups)
		label[start] = id
		members, hasFree := []int{start}, false
		for q := 0; q < len(members); q++ {
			r, p := b.Coord(members[q])
			for _, j := range simNeighbours(b, r, p) {
				switch {
				case cells[j] == 0:
					hasFree = true
				case cells[j] == cells[start] && label[j] < 0:
					label[j] = id
					members = append(members, j)
				}
			}
		}
		slices.Sort(members)
		groups = append(groups, members)
		free = append(free, hasFree)
	}
	return groups, free
}

// simMove is what the brute force finds a move does.
type simMove struct {
	points  int
	own     int     // the mover's stones removed
	illegal bool    // the rules forbid it
	after   []uint8 // the cells after it
	removed []bool
	stones  [][3]int // the removed stones, [row, position, stone], in reading order
}

// simulate plays stone c on empty cell e directly: place, flood-fill every
// group, remove what the rules remove in their order except the groups that
// had no empty neighbour before the move (the judge's convention), count.
func simulate(b *Board, rules Rules, c uint8, e int) simMove {
	beforeGroups, beforeFree := simGroups(b, b.Cells)
	deadBefore := make([]bool, len(b.Cells))
	for k, g := range beforeGroups {
		if !beforeFree[k] {
			for _, i := range g {
				deadBefore[i] = true
			}
		}
	}
	mv := simMove{after: slices.Clone(b.Cells), removed: make([]bool, len(b.Cells))}
	mv.after[e] = c
	placed := slices.Clone(mv.after) // the stones as they were when removed
	// remove takes every group without an empty neighbour that which selects.
	remove := func(which func(g []int) bool) {
		groups, free := simGroups(b, mv.after)
		for k, g := range groups {
			if free[k] || deadBefore[g[0]] || !which(g) {
				continue
			}
			for _, i := range g {
				mv.removed[i] = true
			}
		}
		for i, gone := range mv.removed {
			if gone {
				mv.after[i] = 0
			}
		}
	}
	switch rules.Capture {
	case Together:
		remove(func([]int) bool { return true })
	case OthersFirst:
		remove(func(g []int) bool { return mv.after[g[0]] != c })
		remove(func(g []int) bool { return slices.Contains(g, e) })
	}
	for i, gone := range mv.removed {
		if !gone {
			continue
		}
		if placed[i] == c {
			mv.points--
			mv.own++
		} else {
			mv.points++
		}
		r, p := b.Coord(i)
		mv.stones = append(mv.stones, [3]int{r, p, int(placed[i])})
	}
	mv.illegal = rules.NoSuicide && mv.own > 0
	return mv
}

// randomBoard draws boards of every texture on the grid: sizes 1..8 (1..7 on
// the square), from nearly full (dead groups, single empty cells) to nearly
// empty, with 1..9 stone numbers.
func randomBoard(rng *rand.Rand, grid Grid) *Board {
	b := grid.NewBoard(1 + rng.IntN(8-int(grid)))
	empty := []float64{0.03, 0.1, 0.25, 0.5, 0.9}[rng.IntN(5)]
	if rng.IntN(20) == 0 {
		empty = 0 // no move
	}
	colours := 1 + rng.IntN(9)
	if rng.IntN(3) == 0 {
		colours = 1 + rng.IntN(2) // big groups
	}
	for i := range b.Cells {
		if rng.Float64() >= empty {
			b.Cells[i] = uint8(1 + rng.IntN(colours))
		}
	}
	return b
}

// allRules is every combination of the rule options.
var allRules = []Rules{{}, {Capture: OthersFirst}, {NoSuicide: true}, {Capture: OthersFirst, NoSuicide: true}}
