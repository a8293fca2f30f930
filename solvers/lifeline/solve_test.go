package lifeline

import (
	"context"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestSeedFigures checks the judge's sample datasets with their best vertices.
func TestSeedFigures(t *testing.T) {
	for _, tc := range []struct {
		n, player int
		cells     string
		best      int
		moves     [][2]int
	}{
		// Figure 3: player 4 gains 6 at (3,2), capturing 2s, 3 and 1s.
		{4, 4, "2 2 3 1 0 4 1 1 4 0", 6, [][2]int{{3, 2}}},
		// Figure 4: player 2 gains 4 and loses 3.
		{4, 1, "2 2 3 3 0 4 1 1 4 0", 1, [][2]int{{3, 2}}},
		{4, 1, "1 1 1 1 1 1 1 1 1 0", -10, [][2]int{{4, 4}}},
		{4, 2, "1 1 1 1 1 1 1 1 1 0", 8, [][2]int{{4, 4}}},
		{5, 9, "000000000000000", 0, nil}, // every vertex is best: checked by count below
	} {
		b, err := ParseBoard(tc.n, tc.cells)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(context.Background(), b, tc.player)
		if err != nil {
			t.Fatal(err)
		}
		if res.Best != tc.best {
			t.Errorf("%q player %d: best %d, want %d", tc.cells, tc.player, res.Best, tc.best)
		}
		if tc.moves == nil {
			if len(res.Moves) != len(b.Cells) {
				t.Errorf("%q: %d best moves, want all %d", tc.cells, len(res.Moves), len(b.Cells))
			}
		} else if !reflect.DeepEqual(res.Moves, tc.moves) {
			t.Errorf("%q player %d: moves %v, want %v", tc.cells, tc.player, res.Moves, tc.moves)
		}
	}
}

func TestUnreachableNamed(t *testing.T) {
	// The 5s at (3,1), (4,1), (4,2) are walled in by 7s and touch no empty
	// vertex: they count for no move, though a direct removal would take them.
	b, err := ParseBoard(4, "0 7 7 5 7 7 5 5 7 7")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(context.Background(), b, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := []Group{{Stone: 5, Cells: [][2]int{{3, 1}, {4, 1}, {4, 2}}}}
	if !reflect.DeepEqual(res.Unreachable, want) {
		t.Fatalf("unreachable %v, want %v", res.Unreachable, want)
	}
	// Player 1 at (1,1) kills the 7s (6 stones), and itself (no liberty).
	if res.Best != 6-1 || !reflect.DeepEqual(res.Moves, [][2]int{{1, 1}}) {
		t.Errorf("best %d %v, want 5 [[1 1]]", res.Best, res.Moves)
	}
	if got, want := res.After.String(), "0\n0 0\n5 0 0\n5 5 0 0"; got != want {
		t.Errorf("after\n%s\nwant\n%s", got, want)
	}
	if got, want := res.Unreachable[0].String(), "3 stones 5 at (3,1) (4,1) (4,2)"; got != want {
		t.Errorf("group %q, want %q", got, want)
	}
	if got, want := (Group{Stone: 1, Cells: [][2]int{{4, 1}}}).String(), "stone 1 at (4,1)"; got != want {
		t.Errorf("a group of one: %q, want %q", got, want)
	}
}

func TestNoMove(t *testing.T) {
	b, _ := ParseBoard(3, "1 2 3 4 5 6")
	res, err := Solve(context.Background(), b, 3)
	if !errors.Is(err, ErrNoMove) || res != nil {
		t.Fatalf("result %t, error %v; want ErrNoMove", res != nil, err)
	}
	if msg := err.Error(); msg != "lifeline: the board has no empty vertex, so there is no move" {
		t.Errorf("message %q", msg)
	}
}

func TestBadInput(t *testing.T) {
	ok := NewBoard(3)
	for _, tc := range []struct {
		b      *Board
		player int
		want   string
	}{
		{ok, 0, "lifeline: player 0 outside 1..9"},
		{ok, 10, "lifeline: player 10 outside 1..9"},
		{nil, 1, "lifeline: no board"},
		{&Board{N: 0}, 1, "lifeline: board size 0 outside 1..65535"},
		{&Board{N: 3, Cells: make([]uint8, 5)}, 1, "lifeline: board of size 3 needs 6 cells, has 5"},
		{&Board{N: 2, Cells: []uint8{0, 1, 12}}, 1, "lifeline: cell (2,2) holds 12, outside 0..9"},
	} {
		if _, err := Solve(context.Background(), tc.b, tc.player); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

// countdown is a context whose Err turns to Canceled after a number of calls,
// so a test can cancel inside any pass without timing.
type countdown struct {
	context.Context
	left int
}

func (c *countdown) Err() error {
	if c.left--; c.left < 0 {
		return context.Canceled
	}
	return nil
}

func TestCancel(t *testing.T) {
	b := RandomBoard(700, 1) // 245 350 vertices: several looks at ctx per pass
	calls := 0
	for {
		ctx := &countdown{Context: context.Background(), left: calls}
		res, err := Solve(ctx, b, 2)
		if err == nil {
			if res == nil || calls < 10 {
				t.Fatalf("Solve finished after %d looks at the context", calls)
			}
			break
		}
		if !errors.Is(err, context.Canceled) || res != nil {
			t.Fatalf("cancelled after %d looks: result %t, error %v", calls, res != nil, err)
		}
		calls++
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, b, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
}

func TestCoordIndex(t *testing.T) {
	b := &Board{N: MaxN}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 9, 10, 1124249, 1124250, CellCount(MaxN) - 1} {
		r, p := Coord(i)
		if !b.Contains(r, p) || b.Index(r, p) != i {
			t.Errorf("Coord(%d) = (%d,%d), Index back %d", i, r, p, b.Index(r, p))
		}
	}
	for r := 1; r <= 60; r++ {
		for p := 1; p <= r; p++ {
			if gr, gp := Coord(b.Index(r, p)); gr != r || gp != p {
				t.Fatalf("Coord(Index(%d,%d)) = (%d,%d)", r, p, gr, gp)
			}
		}
	}
}

func TestRandomBoardFixed(t *testing.T) {
	a, b := RandomBoard(30, 7), RandomBoard(30, 7)
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, RandomBoard(30, 8)) {
		t.Fatal("RandomBoard is not a function of its seed")
	}
	counts := [10]int{}
	for _, c := range RandomBoard(300, 1).Cells {
		counts[c]++
	}
	if counts[0] < 10000 || counts[0] > 12600 || counts[5] != 0 || counts[4] < 8000 {
		t.Errorf("RandomBoard distribution %v", counts)
	}
}

func TestBoardAccessors(t *testing.T) {
	b, _ := ParseBoard(4, "2231041140")
	if b.At(3, 3) != 4 || b.At(4, 1) != 1 || b.At(1, 1) != 2 {
		t.Errorf("At: %d %d %d", b.At(3, 3), b.At(4, 1), b.At(1, 1))
	}
	c := b.Clone()
	c.Cells[0] = 9
	if b.Cells[0] != 2 {
		t.Error("Clone shares its cells")
	}
	defer func() {
		if recover() == nil {
			t.Error("At(5, 1) on a 4-row board did not panic")
		}
	}()
	b.At(5, 1)
}

func TestGroupStringLong(t *testing.T) {
	g := Group{Stone: 3}
	for p := 1; p <= 10; p++ {
		g.Cells = append(g.Cells, [2]int{10, p})
	}
	want := "10 stones 3 at (10,1) (10,2) (10,3) (10,4) (10,5) (10,6) (10,7) (10,8) … (2 more)"
	if got := g.String(); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestJudgeSample solves the judge's sample datasets (testdata, copied from
// the shared reference cases): "N C", the board, …, "0 0"; one best a line.
func TestJudgeSample(t *testing.T) {
	in, err := os.ReadFile("testdata/judge_sample.in")
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile("testdata/judge_sample.out")
	if err != nil {
		t.Fatal(err)
	}
	toks, want := strings.Fields(string(in)), strings.Fields(string(out))
	for k := 0; ; k++ {
		n, _ := strconv.Atoi(toks[0])
		player, _ := strconv.Atoi(toks[1])
		if n == 0 {
			if k != len(want) {
				t.Errorf("%d datasets, %d answers", k, len(want))
			}
			return
		}
		cells := toks[2 : 2+CellCount(n)]
		toks = toks[2+CellCount(n):]
		b, err := ParseBoard(n, strings.Join(cells, " "))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Solve(context.Background(), b, player)
		if err != nil || strconv.Itoa(res.Best) != want[k] {
			t.Errorf("dataset %d:\n%v\nplayer %d: %v, %v; the judge says %s", k+1, b, player, res, err, want[k])
		}
	}
}
