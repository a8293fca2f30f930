package kernel

import (
	"strings"
	"testing"
)

// TestOneNumbering: every index a user writes counts from 1, on lists,
// strings, results' fields and game values alike; slices include both
// ends; expr's position functions and #index count from 1.
func TestOneNumbering(t *testing.T) {
	const p = `p = polygon("* -5 + -2 * -8 * -5 + 8")`
	for _, tc := range []struct {
		setup []string
		cell  string
		want  string // the result's text, or "Kind: message" of the error
	}{
		{nil, "[10, 20, 30][1]", "10"},
		{nil, "[10, 20, 30][3]", "30"},
		{nil, "[10, 20, 30][-1]", "30"},
		{nil, "[10, 20, 30][-3]", "10"},
		{nil, "[10, 20, 30][0]", "RuntimeError: index 0: lists count from 1 (xs[1] is the first item, xs[-1] the last)"},
		{nil, "[10, 20, 30][4]", "RuntimeError: index 4 out of range: the list has 3 items (1..3, or -3..-1 from the end)"},
		{nil, "[10, 20, 30][-4]", "RuntimeError: index -4 out of range: the list has 3 items (1..3, or -3..-1 from the end)"},
		{nil, "[][1]", "RuntimeError: index 1 out of range: the list is empty"},
		{nil, "[10, 20][1.5]", "RuntimeError: an index must be an integer, got 1.5"},
		{nil, "[10, 20][2 ** 70]", "RuntimeError: index 1180591620717411303424 out of range: the list has 2 items (1..2, or -2..-1 from the end)"},
		{nil, "[[1, 2], [3, 4]][2][1]", "3"},
		{nil, "[1, 2, 3, 4, 5][2:4]", "[2, 3, 4]"},
		{nil, "[1, 2, 3, 4, 5][2:]", "[2, 3, 4, 5]"},
		{nil, "[1, 2, 3, 4, 5][:3]", "[1, 2, 3]"},
		{nil, "[1, 2, 3, 4, 5][-2:]", "[4, 5]"},
		{nil, "[1, 2, 3, 4, 5][:-2]", "[1, 2, 3, 4]"},
		{nil, "[1, 2, 3, 4, 5][4:2]", "[]"},
		{nil, "[1, 2, 3, 4, 5][3:99]", "[3, 4, 5]"},
		{nil, "[1, 2, 3][0:2]", "RuntimeError: index 0: lists count from 1 (xs[1] is the first item, xs[-1] the last)"},
		{nil, "[1, 2, 3][1:0]", "[]"}, // items 1 to 0, as [4:3] is: none
		{nil, "[1, 2, 3][4:3]", "[]"},
		{nil, "[7][2]", "RuntimeError: index 2 out of range: the list has 1 item (1, or -1 from the end)"},
		{nil, `"hello"[1]`, `"h"`},
		{nil, `"hello"[-1]`, `"o"`},
		{nil, `"héllo"[2]`, `"é"`},
		{nil, `"hello"[1:3]`, `"hel"`},
		{nil, `"héllo"[2:]`, `"éllo"`},
		{nil, `"hello"[6]`, "RuntimeError: index 6 out of range: the string has 5 characters (1..5, or -5..-1 from the end)"},
		{nil, `indexOf("hello", "l")`, "3"},
		{nil, `indexOf("héllo", "l")`, "3"},
		{nil, `lastIndexOf("hello", "l")`, "4"},
		{nil, `indexOf("hello", "z")`, "0"},
		{nil, "findIndex([5, 6, 7], # == 6)", "2"},
		{nil, "findLastIndex([5, 6, 7], # > 1)", "3"},
		{nil, "findIndex([5, 6, 7], # > 9) == nil", "true"},
		{nil, "map([5, 6, 7], #index)", "[1, 2, 3]"},
		{nil, "filter([5, 6, 7, 8], #index % 2 == 1)", "[5, 7]"},
		{nil, "get([5, 6, 7], 1)", "5"},
		{nil, "get([5, 6, 7], -1)", "7"},
		{nil, "get([5, 6, 7], 4) == nil", "true"},
		{nil, `get({a: 1}, "a")`, "1"},
		{nil, "filter(1..9, # > 4)[1]", "5"},
		{nil, "filter(1..9, # > 4)[-1]", "9"},
		{[]string{"xs = [1, 2, 3]", "xs[1] = 9"}, "xs", "[9, 2, 3]"},
		{[]string{"xs = [1, 2, 3]", "xs[-1] = 9"}, "xs", "[1, 2, 9]"},
		{[]string{"xs = [1, 2, 3]"}, "xs[0] = 9", "TypeError: index 0: lists count from 1 (xs[1] is the first item, xs[-1] the last)"},
		{[]string{"xs = [[1, 2], [3, 4]]", "xs[2][1] = 9"}, "xs", "[[1, 2], [9, 4]]"},
		// a list of game values: an item replaced whole, or changed inside
		{[]string{"ps = [polygon(\"+ 1 * 2\"), polygon(\"+ 3 * 4\")]", "ps[1] = polygon(\"+ 5 * 6\")"}, "[ps[1].values, ps[2].values]", "[[5, 6], [3, 4]]"},
		{[]string{"ps = [polygon(\"+ 1 * 2\"), polygon(\"+ 3 * 4\")]", "ps[2][1] = 7"}, "[ps[1].values, ps[2].values]", "[[1, 2], [7, 4]]"},
		{[]string{"bs = [board(3, \"1  0 2  0 0 1\")]", "bs[1][3, 1] = 4"}, "bs[1][3, 1]", "4"},
		{[]string{p}, "[p[2], p.values[2]]", "[-2, -2]"},
		{[]string{p}, "solve(p).scores[3] == solve(p).best", "true"},
		{[]string{p}, "[solve(p).scores[solve(p).first], solve(p).best]", "[488, 488]"},
		{[]string{"c = coins([10, 80, 90, 30])"}, "[c[3], c.values[3]]", "[90, 90]"},
		{[]string{"b = board(3, \"1  0 2  0 0 1\")"}, "[b.rows[2][2], b.rows[3][3]]", "[2, 1]"},
		{[]string{p}, "solve(p)[1]", "TypeError: cannot index a polygon result with 1: only lists, strings and game values have numbered items"},
		{[]string{"m = {a: 1}", `k = "a"`}, "m[k]", "1"},
		// two indices in one pair of brackets read what b[r, p] = v writes
		{[]string{"b = board(3, \"1  0 2  0 0 1\")"}, "[b[2, 2], b[3,3], at(b, 3, 3)]", "[2, 1, 1]"},
		{[]string{"b = board(3, \"1  0 2  0 0 1\")", "b[3, 1] = 4"}, "b[3, 1]", "4"},
		{[]string{"b = board(3, \"1  0 2  0 0 1\")"}, "map(1..3, b[#, 1])", "[1, 0, 0]"},
		{[]string{"b = board(3, \"1  0 2  0 0 1\")"}, "map([b, b], #[2, 2])", "[2, 2]"},
		{[]string{"b = board(3, \"1  0 2  0 0 1\")"}, "b[4, 1]", "GameError: b[r, p]: the row must be 1..3, got 4"},
		{[]string{"d = dp(coins([10, 80, 90, 30]))"}, "[d[1, 4].margin, d[2, 3].best]", `[10, ["R"]]`},
		{[]string{"d = dp(coins([10, 80, 90, 30]))"}, "d[1, 2, 3]", "SyntaxError: brackets take one index or two (xs[i], b[r, p]); at(x, …) takes more, as at(d, from, to, M)"},
		{nil, "[[1, 2], [3, 4]][1, 2]", "RuntimeError: a list takes one index, got 2: a list of lists reads xs[i][j]"},
		{nil, "[[1, 2], [3, 4]][1][1:2]", "[1, 2]"},
		{nil, `"hello"[1, 2]`, "RuntimeError: a string takes one index, got 2"},
	} {
		t.Run(tc.cell, func(t *testing.T) {
			s := newTestSession()
			for _, c := range tc.setup {
				if out := run(t, s, c); out.Err != nil {
					t.Fatalf("%s: %v", c, out.Err)
				}
			}
			out := run(t, s, tc.cell)
			got := resultText(out)
			if out.Err != nil {
				got = string(out.Err.Kind) + ": " + out.Err.Msg
			}
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestHelpSaysOneNumbering: help says once, at its top, that lists count
// from 1.
func TestHelpSaysOneNumbering(t *testing.T) {
	out := run(t, newTestSession(), "help")
	if first, _, _ := strings.Cut(out.Stdout, "\n\n"); !strings.Contains(first, "count from 1") {
		t.Errorf("help does not begin by saying that indices count from 1:\n%s", first)
	}
	if n := strings.Count(out.Stdout, "count from 1"); n != 1 {
		t.Errorf("help says it %d times", n)
	}
}
