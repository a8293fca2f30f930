package lifeline

import (
	"hash/fnv"
	"math"
	"testing"
)

// boardHash is a fingerprint of b's text, to pin large boards.
func boardHash(b *Board) uint64 {
	h := fnv.New64a()
	h.Write([]byte(b.String()))
	return h.Sum64()
}

// RandomBoard draws the boards it drew before the rule options came.
func TestRandomBoardPinned(t *testing.T) {
	if got := RandomBoard(5, 3).String(); got != "1\n1 0\n3 1 1\n3 0 2 2\n4 1 0 0 4" {
		t.Errorf("RandomBoard(5, 3) = %q", got)
	}
	if got := boardHash(RandomBoard(300, 1)); got != 0xd07e6d7e71c6acfe {
		t.Errorf("RandomBoard(300, 1) hashes to %#x", got)
	}
}

// RandomBoardWith names the same board by its seed everywhere: pinned.
func TestRandomBoardWithPinned(t *testing.T) {
	for _, tc := range []struct {
		o    RandomOptions
		want string
	}{
		{DefaultRandom, "1\n4 2\n3 0 4\n3 3 4 2\n4 0 4 2 0"},
		{RandomOptions{Grid: Square, Lo: 1, Hi: 9, Empty: 0.3}, "7 7 4 4 0\n2 4 1 2 3\n8 0 2 4 0\n1 5 0 1 4\n0 8 0 5 9"},
		{RandomOptions{Grid: Square, Lo: 5, Hi: 5, Empty: 0.5}, "0 0 5 0 0\n0 0 0 0 0\n5 5 5 0 5\n5 0 0 5 0\n0 5 5 0 0"},
		{RandomOptions{Grid: Triangle, Lo: 2, Hi: 3, Empty: 0}, "2\n3 3\n2 3 2\n2 2 3 2\n3 3 3 3 3"},
	} {
		b, err := RandomBoardWith(5, 7, tc.o)
		if err != nil || b.String() != tc.want || b.Grid != tc.o.Grid {
			t.Errorf("%+v: %q, %v; want %q", tc.o, b, err, tc.want)
		}
	}
	b, _ := RandomBoardWith(1000, 1, RandomOptions{Grid: Square, Lo: 1, Hi: 9, Empty: 0.3})
	if got := boardHash(b); got != 0xd87bf8d0a7499513 {
		t.Errorf("square 1000, seed 1 hashes to %#x", got)
	}
}

// The options shape the board: the empty share within a few standard
// deviations, every stone of the range drawn about equally, no other.
func TestRandomBoardWithProportions(t *testing.T) {
	for _, o := range []RandomOptions{
		{Grid: Square, Lo: 1, Hi: 9, Empty: 0.3},
		{Grid: Triangle, Lo: 3, Hi: 7, Empty: 0.9},
		{Grid: Square, Lo: 9, Hi: 9, Empty: 0},
		{Grid: Triangle, Lo: 1, Hi: 2, Empty: 1},
	} {
		b, err := RandomBoardWith(400, 5, o)
		if err != nil {
			t.Fatal(err)
		}
		var counts [10]float64
		for _, c := range b.Cells {
			counts[c]++
		}
		m := float64(len(b.Cells))
		if sd := math.Sqrt(m * o.Empty * (1 - o.Empty)); math.Abs(counts[0]-m*o.Empty) > 5*sd+0.5 {
			t.Errorf("%+v: %v empty of %v", o, counts[0], m)
		}
		stones := m - counts[0]
		each := stones / float64(o.Hi-o.Lo+1)
		for s := 1; s <= 9; s++ {
			inRange := s >= o.Lo && s <= o.Hi
			if !inRange && counts[s] != 0 || inRange && math.Abs(counts[s]-each) > 5*math.Sqrt(each)+0.5 {
				t.Errorf("%+v: %v stones %d of %v", o, counts[s], s, stones)
			}
		}
	}
}

func TestRandomBoardWithErrors(t *testing.T) {
	for _, tc := range []struct {
		n    int
		o    RandomOptions
		want string
	}{
		{0, DefaultRandom, "lifeline: board size 0 outside 1..65535"},
		{MaxSquareN + 1, RandomOptions{Grid: Square, Lo: 1, Hi: 1}, "lifeline: square board size 46341 outside 1..46340"},
		{3, RandomOptions{Lo: 0, Hi: 4}, "lifeline: stones 0..4 are not a range within 1..9"},
		{3, RandomOptions{Lo: 5, Hi: 4}, "lifeline: stones 5..4 are not a range within 1..9"},
		{3, RandomOptions{Lo: 1, Hi: 10}, "lifeline: stones 1..10 are not a range within 1..9"},
		{3, RandomOptions{Lo: 1, Hi: 2, Empty: 1.5}, "lifeline: the share of empty vertices 1.5 is outside 0..1"},
		{3, RandomOptions{Lo: 1, Hi: 2, Empty: math.NaN()}, "lifeline: the share of empty vertices NaN is outside 0..1"},
		{3, RandomOptions{Grid: 4, Lo: 1, Hi: 2}, "lifeline: unknown grid 4"},
	} {
		if b, err := RandomBoardWith(tc.n, 1, tc.o); b != nil || err == nil || err.Error() != tc.want {
			t.Errorf("%d %+v: %v, %v; want %s", tc.n, tc.o, b, err, tc.want)
		}
	}
}
