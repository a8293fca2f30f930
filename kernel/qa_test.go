package kernel

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestQAFinds: mistakes a tester typed, each answered in the user's words
// (they were Go's words, an empty "got array", a name help does not know,
// or a record's Go field names).
func TestQAFinds(t *testing.T) {
	s := newTestSession()
	dir := t.TempDir()
	for _, tc := range []struct{ stmt, err, out string }{
		{stmt: "help(1)", err: `help takes one name, as in help(solve)`},
		{stmt: "randcoins(3, 1, {values: 10..1})", err: "values is an empty range (a..b counts up: 1..10, not 10..1)"},
		{stmt: `save(coins([1]), "` + filepath.Join(dir, "no", "x.txt") + `")`, err: "cannot be written: its folder " + filepath.Join(dir, "no") + " does not exist"},
		{stmt: "svg(3)", err: "has no picture (an int)"},
		{stmt: `json(at(dp(board(4, "2  2 3  1 0 4  1 1 4 0"), 4), 3, 2))`, out: `{"row":3,"position":2,"points":6,"legal":true,`},
		{stmt: "json(1/0.0)", err: "+Inf is not a finite number"},
		{stmt: `match(coins([1, 2]), strategy({nil}))`, err: "a predicate {…} that gives a value is needed here (nil gives none)"},
		{stmt: `board(3, "1 0 2 2 0 1 2 1", {grid: "square"})`, err: "board: square board of size 3 needs 9 cells, got 8"},
		{stmt: `board(3, "1 0 12 2 0 1")`, err: `board: token 3 "12" (row 2, position 2): cell "12" outside 0..9`},
	} {
		out := run(t, s, tc.stmt)
		switch {
		case tc.err != "" && (out.Err == nil || !strings.Contains(out.Err.Msg, tc.err)):
			t.Errorf("%s: error %v, want %q", tc.stmt, out.Err, tc.err)
		case tc.out != "" && (out.Err != nil || out.Result == nil || !strings.Contains(out.Result.Text, tc.out)):
			t.Errorf("%s: %v %v, want %q", tc.stmt, out.Result, out.Err, tc.out)
		}
	}
}
