package kernel

// Tests of is_complete, completion and inspection.

import (
	"strings"
	"testing"
)

func TestIsComplete(t *testing.T) {
	for _, tc := range []struct {
		code string
		want Completeness
	}{
		{"", Complete},
		{"1 + 1", Complete},
		{"x = [1,", Incomplete},
		{"x = [1,\n2]", Complete},
		{"f(g(1)", Incomplete},
		{"map(1..3, # * 2)", Complete},
		{"x = 1 # (open in a comment", Complete},
		{`"(" + ")"`, Complete},
		{"`raw\nstill", Incomplete},
		{"/* open", Incomplete},
		{"1)", Invalid},
		{"(]", Invalid},
		{"[1,\n2)]", Invalid},
		{"[1, // ]\n", Incomplete},
		{`"unterminated`, Complete}, // expr reports it; more lines cannot help
	} {
		if got, _ := IsComplete(tc.code); got != tc.want {
			t.Errorf("IsComplete(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
	if _, indent := IsComplete("f([1,"); indent != "    " {
		t.Errorf("indent %q", indent)
	}
}

func TestComplete(t *testing.T) {
	s := newTestSession()
	run(t, s, "total = 1\nm = {apple: 1, avocado: 2}")
	for _, tc := range []struct {
		code  string
		want  []string // must all be offered
		not   []string // must not be offered
		start int
	}{
		{"tsh", []string{"tshow"}, []string{"tslow"}, 0},
		{"x = tot", []string{"total"}, nil, 4},
		{"pri", []string{"print"}, nil, 0},
		{"map(1..3, tf", []string{"tfail"}, nil, 10},
		{"tshow(1).", []string{"alpha", "beta"}, nil, 9},
		{"tshow(1).al", []string{"alpha"}, []string{"beta"}, 9},
		{"m.a", []string{"apple", "avocado"}, nil, 2},
		{`"tsh`, nil, []string{"tshow"}, 4},
		{"1 # tsh", nil, []string{"tshow"}, 7},
		{"fil", []string{"filter"}, nil, 0},
		{"$a", nil, []string{"$add"}, 1},
	} {
		got, start, end := s.Complete(tc.code, len([]rune(tc.code)))
		set := map[string]bool{}
		for _, g := range got {
			set[g] = true
		}
		for _, w := range tc.want {
			if !set[w] {
				t.Errorf("Complete(%q) = %v, lacks %s", tc.code, got, w)
			}
		}
		for _, w := range tc.not {
			if set[w] {
				t.Errorf("Complete(%q) = %v, offers %s", tc.code, got, w)
			}
		}
		if len(tc.want) > 0 && (start != tc.start || end != len([]rune(tc.code))) {
			t.Errorf("Complete(%q) range [%d, %d), want [%d, %d)", tc.code, start, end, tc.start, len([]rune(tc.code)))
		}
	}
}

// TestCompleteByType: after a call of solve, trace or an editing builtin
// whose first argument's type is known (a variable, a constructor call,
// another such call), only that type's fields are offered; otherwise the
// fields of every type the builtin can return. Nothing is run: completing
// after the solve of a 10000-gon is instant.
func TestCompleteByType(t *testing.T) {
	s := newTestSession()
	run(t, s, `p = polygon("* -5 + -2 * -8 * -5 + 8")`, "c = coins([10, 80, 90, 30])", `b = board(4, "2  2 3  1 0 4  1 1 4 0")`, "xs = [1, 2]")
	polygonResult := "best expr first merges n optimal polygon rules scores worst"
	for _, tc := range []struct{ code, want string }{
		{"solve(p).", polygonResult},
		{"solve(randpolygon(10000, 1)).", polygonResult},
		{`solve(polygon("+ 1 * 2")).`, polygonResult},
		{"solve(setv(rotate(p, 2), 1, 0)).", polygonResult},
		{"trace(p).result.", polygonResult},
		{"solve(p).polygon.", "edges moves n ops polygon rules values"},
		{"trace(p).", "result steps"},
		{"solve(c).", "best coins diff moves n optimal played rules second"},
		{"trace(randcoins(5, 1)).", "result turns"},
		{"solve(b, 4).", "after best board illegal moves n player points removed unreachable"},
		{"trace(b, 4).", "result"},
		{"rotate(b, 1).", "moves n rows rules turns"},
		{"reverse(c).", "a b coins m moves n rules turn values"},
		{"after(p, [3]).", "edges moves n ops polygon rules values"},
		{"solve(after(p, [3])).", "best chain expr merges n optimal played worst"},
		{`trace(after(c, "L")).`, "result turns"},
		{`analyze(c, "LR").`, "end game loss moves score start totals"},
		{"solve(xs).b", "best board"}, // an array: no game, so every result type
		{"solve(nothing).se", "second"},
	} {
		got, _, _ := s.Complete(tc.code, len([]rune(tc.code)))
		if strings.Join(got, " ") != tc.want {
			t.Errorf("Complete(%q) = %q, want %q", tc.code, strings.Join(got, " "), tc.want)
		}
	}
}

func TestInspect(t *testing.T) {
	s := newTestSession()
	run(t, s, "total = 2 ** 70")
	for _, tc := range []struct {
		code   string
		cursor int
		want   string // prefix of the text; "" for not found
	}{
		{"tfail()", 2, "tfail()\n    Fails."},
		{"tfail", 5, "tfail()"},
		{"tshow(1, ", 9, "tshow(x)"},
		{"tshow([1, 2], ", 14, "tshow(x)"},
		{"total + 1", 3, "total: int\n1180591620717411303424"},
		{"1 + 2", 3, ""},
		{"print", 5, helpTextOf("print")},
	} {
		text, found := s.Inspect(tc.code, tc.cursor)
		if found != (tc.want != "") || !strings.HasPrefix(text, tc.want) {
			t.Errorf("Inspect(%q, %d) = %q, %v; want prefix %q", tc.code, tc.cursor, text, found, tc.want)
		}
	}
	// Inspect and help print the same text.
	text, _ := s.Inspect("tshow", 1)
	if got := run(t, s, "help(tshow)").Stdout; got != text+"\n" {
		t.Errorf("help %q, inspect %q", got, text)
	}
}

// TestDeepCompletion: completing after a call nested a million deep offers
// nothing and does not crash (expr's parser would overflow the stack).
func TestDeepCompletion(t *testing.T) {
	s := newTestSession()
	code := strings.Repeat("solve(", 1000000) + "1" + strings.Repeat(")", 1000000) + "."
	if got, _, _ := s.Complete(code, len(code)); len(got) != 0 {
		t.Errorf("Complete = %v", got)
	}
	if got, _, _ := s.Complete("solve(solve(1)).be", 18); strings.Join(got, " ") != "best" {
		t.Errorf("Complete = %v", got)
	}
}
