package lifeline

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// TestOthersFirstSavesTheMover: on the square, a 2 on the corner (1,1)
// takes the two 1s whose last liberty it is, and has no liberty itself until
// they go. Removed together it dies with them (2 − 1 = 1 point, and
// forbidden without suicide); others first, the captures free it (2 points).
func TestOthersFirstSavesTheMover(t *testing.T) {
	b, err := Square.ParseBoard(3, "0 1 2\n1 2 0\n2 0 0")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rules  Rules
		best   int
		moves  [][2]int
		corner int  // the points of (1,1)
		dies   bool // the new stone is removed
	}{
		{Rules{}, 1, [][2]int{{1, 1}}, 1, true},
		{Rules{Capture: OthersFirst}, 2, [][2]int{{1, 1}}, 2, false},
		{Rules{NoSuicide: true}, 0, [][2]int{{2, 3}, {3, 2}, {3, 3}}, 1, true},
		{Rules{Capture: OthersFirst, NoSuicide: true}, 2, [][2]int{{1, 1}}, 2, false},
	} {
		res, err := tc.rules.Solve(context.Background(), b, 2)
		if err != nil {
			t.Fatal(err)
		}
		if res.Best != tc.best || !reflect.DeepEqual(res.Moves, tc.moves) || res.Points[0] != tc.corner {
			t.Errorf("%+v: best %d %v, corner %d; want %d %v, %d", tc.rules, res.Best, res.Moves, res.Points[0], tc.best, tc.moves, tc.corner)
		}
		if res.Illegal[0] != (tc.dies && tc.rules.NoSuicide) {
			t.Errorf("%+v: corner illegal %t", tc.rules, res.Illegal[0])
		}
		want := [][3]int{{1, 2, 1}, {2, 1, 1}}
		if tc.dies {
			want = [][3]int{{1, 1, 2}, {1, 2, 1}, {2, 1, 1}}
		}
		if got, err := res.RemovedAt(context.Background(), 1, 1); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%+v: RemovedAt(1,1) = %v, %v; want %v", tc.rules, got, err, want)
		}
		mv, err := tc.rules.Place(context.Background(), b, 2, 1, 1)
		if tc.dies && tc.rules.NoSuicide {
			const msg = "lifeline: stone 2 on (1,1) would remove itself, which the rules forbid (suicide: false)"
			if mv != nil || err == nil || err.Error() != msg {
				t.Errorf("%+v: Place(1,1) = %v, %v; want the error %q", tc.rules, mv, err, msg)
			}
			continue
		}
		after := "2 0 2\n0 2 0\n2 0 0"
		if tc.dies {
			after = "0 0 2\n0 2 0\n2 0 0"
		}
		if err != nil || mv.After.String() != after || mv.Points != tc.corner || !reflect.DeepEqual(mv.RemovedStones, want) {
			t.Errorf("%+v: Place(1,1) = %+v, %v; want after\n%s", tc.rules, mv, err, after)
		}
	}
}

// TestOthersFirstOnTheJudgesFigure: in the judge's figure 4 player 1 at (3,2)
// takes two 2s and two 3s and loses its two 1s and itself; Go's order keeps
// the 1s: 4 points instead of 1.
func TestOthersFirstOnTheJudgesFigure(t *testing.T) {
	b, _ := ParseBoard(4, "2 2 3 3 0 4 1 1 4 0")
	for rules, want := range map[Rules]int{{}: 1, {Capture: OthersFirst}: 4} {
		res, err := rules.Solve(context.Background(), b, 1)
		if err != nil || res.Best != want || !reflect.DeepEqual(res.Moves, [][2]int{{3, 2}}) {
			t.Errorf("%+v: %v, %v; want %d at (3,2)", rules, res, err, want)
		}
	}
}

// TestSuicideRefused: the only empty vertex of a board of 1s would remove
// the nine 1s and itself, so without suicide player 1 has no move at all.
func TestSuicideRefused(t *testing.T) {
	b, _ := ParseBoard(4, "1 1 1 1 1 1 1 1 1 0")
	rules := Rules{NoSuicide: true}
	res, err := rules.Solve(context.Background(), b, 1)
	if res != nil || !errors.Is(err, ErrNoLegalMove) || !errors.Is(err, ErrNoMove) {
		t.Fatalf("Solve: %v, %v; want ErrNoLegalMove", res, err)
	}
	if want := "lifeline: a stone on any empty vertex would remove stones of its own, which the rules forbid (suicide: false), so there is no move"; err.Error() != want {
		t.Errorf("message %q", err)
	}
	_, err = rules.Place(context.Background(), b, 1, 4, 4)
	var ie *IllegalMoveError
	if !errors.As(err, &ie) || *ie != (IllegalMoveError{Row: 4, Pos: 4, Player: 1, Own: 10}) {
		t.Fatalf("Place: %v", err)
	}
	// Player 2 there takes the nine 1s, and with them goes itself (it has
	// no liberty before they are gone) unless the others go first.
	if _, err := rules.Solve(context.Background(), b, 2); !errors.Is(err, ErrNoLegalMove) {
		t.Errorf("player 2: %v", err)
	}
	if res, err := (Rules{Capture: OthersFirst, NoSuicide: true}).Solve(context.Background(), b, 2); err != nil || res.Best != 9 {
		t.Errorf("player 2, others first: %v, %v", res, err)
	}
	// With suicide allowed (the default) it is the judge's −10.
	if mv, err := Place(context.Background(), b, 1, 4, 4); err != nil || mv.Points != -10 || len(mv.RemovedStones) != 10 {
		t.Errorf("default rules: %+v, %v", mv, err)
	}
}

// A group already without liberties never makes a move illegal and is never
// removed, under any rules: the walled-in 5s stay, and player 5 may still play
// where its new stone lives.
func TestUnreachableUnderEveryRule(t *testing.T) {
	b, _ := ParseBoard(5, "0  7 7  5 7 7  5 5 7 7  7 7 7 0 0")
	for _, rules := range allRules {
		res, err := rules.Solve(context.Background(), b, 5)
		if err != nil {
			t.Fatal(err)
		}
		// A 5 at (1,1) has no liberty and takes nothing: it alone dies.
		if res.Best != 0 || !reflect.DeepEqual(res.Moves, [][2]int{{5, 4}, {5, 5}}) || res.Points[0] != -1 || res.Illegal[0] != rules.NoSuicide ||
			len(res.Unreachable) != 1 || res.After.String() != "0\n7 7\n5 7 7\n5 5 7 7\n7 7 7 5 0" {
			t.Errorf("%+v: best %d %v, (1,1) %d illegal %t, unreachable %v, after\n%v",
				rules, res.Best, res.Moves, res.Points[0], res.Illegal[0], res.Unreachable, res.After)
		}
	}
}

func TestRuleNames(t *testing.T) {
	for _, g := range []Grid{Triangle, Square} {
		if back, err := ParseGrid(g.String()); err != nil || back != g {
			t.Errorf("grid %v reads back as %v, %v", g, back, err)
		}
	}
	for _, c := range []Capture{Together, OthersFirst} {
		if back, err := ParseCapture(c.String()); err != nil || back != c {
			t.Errorf("capture %v reads back as %v, %v", c, back, err)
		}
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{second(ParseGrid("hex")), `grid "hex" is neither "triangle" nor "square"`},
		{second(ParseCapture("Together")), `capture "Together" is neither "together" nor "others-first"`},
		{second(Rules{Capture: 7}.Solve(context.Background(), NewBoard(2), 1)), "lifeline: unknown capture rule 7"},
		{second(Solve(context.Background(), &Board{N: 2, Cells: make([]uint8, 3), Grid: 9}, 1)), "lifeline: unknown grid 9"},
		{second(Solve(context.Background(), &Board{N: 2, Cells: make([]uint8, 3), Grid: Square}, 1)), "lifeline: square board of size 2 needs 4 cells, has 3"},
		{second(Solve(context.Background(), &Board{N: MaxSquareN + 1, Grid: Square}, 1)), "lifeline: square board size 46341 outside 1..46340"},
		{second(Place(context.Background(), Square.NewBoard(2), 1, 3, 1)), "lifeline: vertex (3,1) outside a square board of size 2"},
		{second(Place(context.Background(), NewBoard(2), 1, 1, 2)), "lifeline: vertex (1,2) outside a board of size 2"},
	} {
		if tc.err == nil || tc.err.Error() != tc.want {
			t.Errorf("got %v, want %s", tc.err, tc.want)
		}
	}
	if Grid(5).String() != "grid 5" || Capture(3).String() != "capture 3" {
		t.Errorf("unknown values name themselves %q, %q", Grid(5), Capture(3))
	}
	if !(Rules{}).Suicide() || (Rules{NoSuicide: true}).Suicide() {
		t.Error("Suicide() is not the opposite of NoSuicide")
	}
}

// second is the error of a call returning a value and an error.
func second[T any](_ T, err error) error { return err }

func TestSquareBoard(t *testing.T) {
	b, err := Square.ParseBoard(3, "120\n034\n005")
	if err != nil {
		t.Fatal(err)
	}
	if b.Grid != Square || b.N != 3 || !reflect.DeepEqual(b.Cells, []uint8{1, 2, 0, 0, 3, 4, 0, 0, 5}) {
		t.Fatalf("parsed %+v", b)
	}
	if got := b.String(); got != "1 2 0\n0 3 4\n0 0 5" {
		t.Errorf("String %q", got)
	}
	if back, err := Square.ParseBoard(3, b.String()); err != nil || !reflect.DeepEqual(back, b) {
		t.Errorf("String does not read back: %v, %v", back, err)
	}
	if b.At(2, 3) != 4 || b.At(3, 3) != 5 || b.Contains(0, 1) || b.Contains(1, 4) || !b.Contains(3, 1) {
		t.Error("At or Contains")
	}
	c := b.Clone()
	c.Cells[0] = 9
	if b.Cells[0] != 1 || c.Grid != Square {
		t.Error("Clone shares its cells or loses its grid")
	}
	if Square.CellCount(1000) != 1000000 || Square.MaxN() != MaxSquareN || Triangle.MaxN() != MaxN || Triangle.CellCount(4) != 10 {
		t.Error("CellCount or MaxN")
	}
	if nb := Square.NewBoard(4); nb.Grid != Square || len(nb.Cells) != 16 {
		t.Errorf("NewBoard: %+v", nb)
	}
	// Index and Coord against the layout written out.
	sq := &Board{N: MaxSquareN, Grid: Square} // no cells: Index and Coord need none
	for _, rp := range [][2]int{{1, 1}, {1, MaxSquareN}, {2, 1}, {MaxSquareN, MaxSquareN}, {777, 4242}} {
		i := sq.Index(rp[0], rp[1])
		if i != (rp[0]-1)*MaxSquareN+rp[1]-1 {
			t.Errorf("Index(%v) = %d", rp, i)
		}
		if r, p := sq.Coord(i); r != rp[0] || p != rp[1] {
			t.Errorf("Coord(Index(%v)) = (%d,%d)", rp, r, p)
		}
	}
	tri := NewBoard(60)
	for i := range tri.Cells {
		r, p := tri.Coord(i)
		if gr, gp := Coord(i); gr != r || gp != p || tri.Index(r, p) != i {
			t.Fatalf("triangle Coord(%d) = (%d,%d), package Coord (%d,%d)", i, r, p, gr, gp)
		}
	}
}

func TestSquareParseErrors(t *testing.T) {
	for _, tc := range []struct {
		n    int
		text string
		want ParseError
	}{
		{2, "1 2 3 x", ParseError{Token: 4, Offset: 6, Text: "x", Msg: `cell "x" is not a number 0..9`}},
		{2, "1 2 3 12", ParseError{Token: 4, Offset: 6, Text: "12", Row: 2, Pos: 2, Msg: `cell "12" outside 0..9`}},
		{2, "1 2 3 4 5", ParseError{Token: 5, Offset: 8, Text: "5", Msg: "square board of size 2 needs 4 cells, got 5 (the extra ones start here)"}},
		{2, "123", ParseError{Offset: 3, Msg: "square board of size 2 needs 4 cells, the text has only 3 bytes"}},
		{2, "12 3   ", ParseError{Offset: 7, Msg: "square board of size 2 needs 4 cells, got 2, or 3 digits in compact form"}},
		{MaxSquareN + 1, "", ParseError{Msg: "square board size 46341 outside 1..46340"}},
		{0, "", ParseError{Msg: "square board size 0 outside 1..46340"}},
		{MaxSquareN, "0", ParseError{Offset: 1, Msg: "square board of size 46340 needs 2147395600 cells, the text has only 1 bytes"}},
	} {
		_, err := Square.ParseBoard(tc.n, tc.text)
		var pe *ParseError
		if !errors.As(err, &pe) || *pe != tc.want {
			t.Errorf("%d %q: got %+v\nwant %+v", tc.n, tc.text, err, tc.want)
		}
	}
}
