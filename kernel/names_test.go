package kernel

import (
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	s := NewSession()
	for _, c := range []struct{ code, reads, writes string }{
		{"p = polygon(\"+ 1 * 2\")\nsolve(p).best", "", "p"},
		{"solve(p).best + n", "n p", ""},
		{"c = coins(row)\nc = after(c, k)\nshow(c)", "k row", "c"},
		{"x = x + 1", "x", "x"},
		{"b[1, 2] = v", "b v", "b"},
		{"del a, b", "", "a b"},
		{"map(1..n, {best: solve(setv(p, 1, #)).best})", "n p", ""},
		{"let y = 2; y * z", "z", ""},
		{"r.best; r?.expr", "r", ""},
		{"t ? {a: b} : c", "b c t", ""},
		{"_ + _1 + len(xs) # n in a comment", "xs", ""},
		{"help solve\nvars", "", ""},
		{"n = slider(1..30)\nn * 2", "", "n"},
		{"solv(p", "p solv", ""}, {"f(x)[1] + g", "f g x", ""},
		{"sub = game({name: \"sub\", moves: {1..min(#.state, m)}})\nsolve(sub(8))", "m", "sub"},
	} {
		reads, writes := s.Names(c.code)
		if strings.Join(reads, " ") != c.reads || strings.Join(writes, " ") != c.writes {
			t.Errorf("%q: reads %q writes %q, want reads %q writes %q", c.code, reads, writes, c.reads, c.writes)
		}
	}
}
