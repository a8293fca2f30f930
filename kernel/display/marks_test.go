package display

import (
	"strings"
	"testing"
)

// Marks add the moves' elements to a picture and nothing else: with none
// (nil or empty) the picture is as it always was; with some, each mark is
// one element carrying its place, its fill and its title.
func TestMarksOnlyAddTheMoves(t *testing.T) {
	mark := func(place int) Mark { return Mark{Fill: "hsl(1,2%,3%)", Title: `"L" loses 4`, Place: place} }
	row := Row{Coins: []string{"1", "2", "3"}, Moves: "L", Partial: true}
	ring := Ring{Values: []string{"1", "2", "3"}, Ops: []byte("+*+")}
	chain := Chain{Values: []string{"1", "2", "3"}, Ops: []byte("+*"), Edges: []int{2, 3}}
	board := Triangle{N: 2, Cells: []uint8{1, 0, 0}}
	plain := []string{row.SVG(), ring.SVG(), chain.SVG(), board.SVG()}
	row.Marks, ring.Marks, chain.Marks, board.Marks = []CoinMark{}, map[int]Mark{}, map[int]Mark{}, map[[2]int]Mark{}
	empty := []string{row.SVG(), ring.SVG(), chain.SVG(), board.SVG()}
	row.Marks = []CoinMark{{1, 'L', mark(0)}, {2, 'R', mark(1)}, {2, 'L', mark(2)}} // coin 3 is L2's and R's: halves
	ring.Marks = map[int]Mark{1: mark(0), 3: mark(1)}
	chain.Marks = map[int]Mark{2: mark(0), 3: mark(1)}
	board.Marks = map[[2]int]Mark{{2, 1}: mark(0), {2, 2}: mark(1), {1, 1}: mark(2)} // (1,1) has a stone: no move there
	marked := []string{row.SVG(), ring.SVG(), chain.SVG(), board.SVG()}
	for i, name := range []string{"row", "ring", "chain", "triangle"} {
		if empty[i] != plain[i] {
			t.Errorf("%s: no marks changed the picture:\n%s\nwant\n%s", name, empty[i], plain[i])
		}
		if got, want := strings.Count(marked[i], ` cursor="pointer"><title>`), []int{3, 2, 2, 2}[i]; got != want {
			t.Errorf("%s: %d marks drawn, want %d:\n%s", name, got, want, marked[i])
		}
		if !strings.Contains(marked[i], `data-move="1" cursor="pointer"><title>`) || !strings.Contains(marked[i], `&#xA;&#34;L&#34; loses 4</title>`) ||
			!strings.Contains(marked[i], "hsl(1,2%,3%)") {
			t.Errorf("%s: a mark lacks its place, title or fill:\n%s", name, marked[i])
		}
	}
	if strings.Count(marked[0], "<path") != 2 {
		t.Errorf("the coin two moves share is not in halves:\n%s", marked[0])
	}
}
