package lifeline

import (
	"context"
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// allocated is the memory f allocates (the total, not the live peak, so an
// upper bound of what it holds at once).
func allocated(f func()) int64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// textures are boards that push each part of the memory to its largest: every
// vertex empty (every vertex a best move), dead single stones, one huge group,
// random stones.
func textures(g Grid, n int) map[string]*Board {
	out := map[string]*Board{"empty": g.NewBoard(n)}
	dead := g.NewBoard(n)
	group := g.NewBoard(n)
	for i := range dead.Cells {
		r, p := dead.Coord(i)
		dead.Cells[i] = uint8(1 + (r+p)%3) // a proper colouring on both grids
		group.Cells[i] = 1
	}
	dead.Cells[0], group.Cells[0] = 0, 0
	out["dead"], out["group"] = dead, group
	out["random"], _ = RandomBoardWith(n, 1, RandomOptions{Grid: g, Lo: 1, Hi: 3, Empty: 0.2})
	return out
}

// Solve (with the index of RemovedAt) and Place allocate no more than
// SolveBytes and PlaceBytes say, on the boards that need most.
func TestBytesBound(t *testing.T) {
	ctx := context.Background()
	for _, g := range []Grid{Triangle, Square} {
		n := 300
		for name, b := range textures(g, n) {
			var res *Result
			var err error
			solved := allocated(func() {
				res, err = Rules{Capture: OthersFirst}.Solve(ctx, b, 2)
				if err == nil {
					_, err = res.members(ctx) // what the first RemovedAt builds
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if bound := SolveBytes(g, n); solved > bound {
				t.Errorf("%v %s: Solve allocated %d bytes, SolveBytes says %d", g, name, solved, bound)
			} else {
				t.Logf("%v %s: Solve %d of %d bytes", g, name, solved, bound)
			}
			placed := allocated(func() { _, err = Place(ctx, b, 2, res.Moves[0][0], res.Moves[0][1]) })
			if err != nil {
				t.Fatal(err)
			}
			if bound := PlaceBytes(g, n); placed > bound {
				t.Errorf("%v %s: Place allocated %d bytes, PlaceBytes says %d", g, name, placed, bound)
			}
		}
	}
}

// cancelEverywhere runs f with a context that cancels after 0, 1, 2, …
// looks until f finishes, checking that every cancelled run says so, and
// returns how many looks a whole run takes.
func cancelEverywhere(t *testing.T, what string, f func(ctx context.Context) error) int {
	t.Helper()
	for calls := 0; ; calls++ {
		err := f(&countdown{Context: context.Background(), left: calls})
		if err == nil {
			return calls
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%s cancelled after %d looks: %v", what, calls, err)
		}
	}
}

// Every pass of every entry point looks at the context, on both grids and
// under every rule: a run that finishes has looked often.
func TestCancelEverywhere(t *testing.T) {
	for _, g := range []Grid{Triangle, Square} {
		n := map[Grid]int{Triangle: 530, Square: 375}[g] // about 140 000 vertices: passes look more than once
		b, _ := RandomBoardWith(n, 2, RandomOptions{Grid: g, Lo: 1, Hi: 2, Empty: 0.1})
		for _, rules := range allRules {
			var res *Result
			looks := cancelEverywhere(t, "Solve", func(ctx context.Context) (err error) {
				res, err = rules.Solve(ctx, b, 1)
				return err
			})
			if looks < 10 {
				t.Errorf("%v %+v: Solve looked at the context %d times", g, rules, looks)
			}
			// The best move of a 0.1-empty board of two stones takes a group.
			r, p := res.Moves[0][0], res.Moves[0][1]
			looks = cancelEverywhere(t, "RemovedAt", func(ctx context.Context) error {
				_, err := res.RemovedAt(ctx, r, p)
				return err
			})
			if looks < 2 {
				t.Errorf("%v %+v: RemovedAt looked at the context %d times", g, rules, looks)
			}
			looks = cancelEverywhere(t, "Place", func(ctx context.Context) error {
				_, err := rules.Place(ctx, b, 1, r, p)
				return err
			})
			if looks < 5 {
				t.Errorf("%v %+v: Place looked at the context %d times", g, rules, looks)
			}
		}
	}
}

// Hostile text parses in linear time with short messages: a cell of ten
// million digits, ten million cells, a size past the largest.
func TestParseHugeInput(t *testing.T) {
	huge := strings.Repeat("9", 10_000_000)
	_, err := ParseCell(huge)
	if want := `cell "99999999999999999999"… (10000000 bytes) outside 0..9`; err == nil || err.Error() != want {
		t.Errorf("ParseCell: %.200v", err)
	}
	if c, err := ParseCell(strings.Repeat("0", 10_000_000) + "7"); c != 7 || err != nil {
		t.Errorf("ParseCell of leading zeros: %d, %v", c, err)
	}
	_, err = ParseBoard(2, "1 2 "+huge)
	var pe *ParseError
	if !errors.As(err, &pe) || len(pe.Error()) > 200 || pe.Token != 3 || pe.Row != 2 || pe.Pos != 2 {
		t.Errorf("ParseBoard with a huge cell: %.300v", err)
	}
	_, err = ParseBoard(2, "1 2 x"+huge)
	if !errors.As(err, &pe) || pe.Msg != `cell "x9999999999999999999"… (10000001 bytes) is not a number 0..9` {
		t.Errorf("ParseBoard with a huge word: %.300v", err)
	}
	// Ten million one-digit cells: a square board of 3163² = 10 004 569.
	cells := strings.Repeat("1 ", Square.CellCount(3163))
	b, err := Square.ParseBoard(3163, cells)
	if err != nil || len(b.Cells) != 10_004_569 || b.Cells[len(b.Cells)-1] != 1 {
		t.Fatalf("ten million cells: %v", err)
	}
	if _, err = Square.ParseBoard(3162, cells); !errors.As(err, &pe) || pe.Token != Square.CellCount(3162)+1 {
		t.Errorf("too many cells: %v", err)
	}
	if _, err := ParseBoard(MaxN+1, cells); !errors.As(err, &pe) || pe.Msg != "board size 65536 outside 1..65535" {
		t.Errorf("size past MaxN: %v", err)
	}
}

// RemovedAt may be called from several goroutines at once (a notebook's
// display and a statement): the index is built once, the answers agree.
// (Run with -race to see the point.)
func TestRemovedAtConcurrent(t *testing.T) {
	b, _ := RandomBoardWith(60, 3, RandomOptions{Grid: Square, Lo: 1, Hi: 2, Empty: 0.15})
	res, err := Solve(context.Background(), b, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, p := res.Moves[0][0], res.Moves[0][1]
	want, _ := (&Result{turn: res.turn}).RemovedAt(context.Background(), r, p)
	if len(want) == 0 {
		t.Fatal("the best move removes nothing: a weak board")
	}
	done := make(chan [][3]int)
	for range 4 {
		go func() {
			got, _ := res.RemovedAt(context.Background(), r, p)
			done <- got
		}()
	}
	for range 4 {
		if got := <-done; !reflect.DeepEqual(got, want) {
			t.Errorf("concurrent RemovedAt %v, want %v", got, want)
		}
	}
}
