package display

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// expecting records what a grid says it will write, and what it writes.
type expecting struct {
	buf      bytes.Buffer
	expected []int64
	lines    int // writes
}

func (e *expecting) Expect(n int64) { e.expected = append(e.expected, n) }

func (e *expecting) Write(p []byte) (int, error) {
	e.lines++
	return e.buf.Write(p)
}

func (e *expecting) String() string { return e.buf.String() }
func (e *expecting) Len() int       { return e.buf.Len() }

// randomGrid is a grid of random cells: numbers, blanks, cells of spaces,
// characters of more than a byte, at random widths.
func randomGrid(r *rand.Rand) Grid {
	rows, cols := r.IntN(6), 1+r.IntN(6)
	g := Grid{Corner: []string{"i\\j", "", "from\\to "}[r.IntN(3)], Caption: []string{"", "a caption"}[r.IntN(2)]}
	for range r.IntN(3) {
		g.Notes = append(g.Notes, fmt.Sprint("note ", r.IntN(100)))
	}
	for c := range cols {
		g.ColLabels = append(g.ColLabels, fmt.Sprint(c+1))
	}
	texts := []string{"", "", "7", "-123", "[45]", "·", "ü/é", "  ", "3 ", "1:2 2:5"}
	for i := range rows {
		g.RowLabels = append(g.RowLabels, []string{fmt.Sprint(i + 1), "é", "x "}[r.IntN(3)])
		row := make([]GridCell, r.IntN(cols+1))
		for c := range row {
			row[c] = GridCell{Text: texts[r.IntN(len(texts))], Heat: math.NaN()}
		}
		g.Cells = append(g.Cells, row)
	}
	return g
}

// A grid's text is the same whether its cells are held or made as they
// are written (CellText), it is written a line at a time, and the length it
// announces to an Expecter before writing is the length it writes.
func TestGridTextStreams(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for range 2000 {
		g := randomGrid(r)
		var held expecting
		if err := g.WriteText(&held); err != nil {
			t.Fatal(err)
		}
		lazy := g
		lazy.Cells = nil
		lazy.CellText = func(row, c int) string {
			if c < len(g.Cells[row]) {
				return g.Cells[row][c].Text
			}
			return ""
		}
		var made expecting
		if err := lazy.WriteText(&made); err != nil {
			t.Fatal(err)
		}
		if held.String() != made.String() || held.String() != g.Text() {
			t.Fatalf("held:\n%s\nmade as written:\n%s", held.String(), made.String())
		}
		if len(held.expected) != 1 || held.expected[0] != int64(held.Len()) || made.expected[0] != int64(made.Len()) {
			t.Fatalf("announced %v bytes, wrote %d:\n%q", held.expected, held.Len(), held.String())
		}
		if want := 1 + len(g.Cells) + len(g.Notes) + min(len(g.Caption), 1); held.lines != want {
			t.Fatalf("%d writes for %d lines", held.lines, want)
		}
	}
}

// BinnedRanks colours each block by the rank of its largest key among all
// the keys, exactly as ranking a sorted list of every key would.
func TestBinnedRanksIsTheRankOfEveryKey(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{1, 2, 30, 150, 301} {
		keys := make([][]int, n)
		var all []int
		for i := range keys {
			keys[i] = make([]int, n)
			for j := range keys[i] {
				keys[i][j] = r.IntN(50) - 25
				all = append(all, keys[i][j])
			}
		}
		slices.Sort(all)
		rank := func(k int) float64 {
			if len(all) < 2 {
				return 0.5
			}
			at, _ := slices.BinarySearch(all, k)
			return float64(at) / float64(len(all)-1)
		}
		upTo := max(1, n/2) // drawn: the cells with j < upTo, as a filling's frame
		want := Binned(Grid{Corner: "i\\j"}, n, n, func(add func(r, c int, h HeatCell)) {
			for i := range n {
				for j := range upTo {
					add(i, j, HeatCell{Heat: rank(keys[i][j]), Marked: i == j})
				}
			}
		})
		got := BinnedRanks(Grid{Corner: "i\\j"}, n, n, func(add func(r, c int, key float64, marked bool)) {
			for i := range n {
				for j := range upTo {
					add(i, j, float64(keys[i][j]), i == j)
				}
			}
		}, func(add func(key float64)) {
			for _, k := range all {
				add(float64(k))
			}
		})
		if w, g := want.SVG(), got.SVG(); w != g {
			t.Fatalf("%d×%d: the blocks differ from ranking every key:\n%.2000s\n%.2000s", n, n, w, g)
		}
		if !strings.Contains(got.SVG(), "<rect") {
			t.Fatalf("%d×%d: no blocks", n, n)
		}
	}
}
