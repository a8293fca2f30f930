package repl

// Tests of Tab completion, with the engine and on its own.

import (
	"strings"
	"testing"
)

func TestCompletionWithTheEngine(t *testing.T) {
	tm := start(t, nil)
	tm.send(`p = polygon("* -5 + -2 * -8 * -5 + 8")` + keyEnter)
	tm.expect("[2]>")
	tm.send("sol" + keyTab)
	tm.expect("[2]> solve")
	tm.send("(p)." + keyTab)
	scr := tm.expect("scores")
	for _, f := range []string{"best", "optimal", "first", "merges", "worst", "expr", "polygon"} {
		if !strings.Contains(scr, f) {
			t.Errorf("field %s not listed:\n%s", f, scr)
		}
	}
	// p is a polygon: the fields of the other results are not offered.
	_, listed, _ := strings.Cut(scr, "solve(p).")
	for _, f := range []string{"after", "board", "coins", "diff", "second", "moves"} {
		if strings.Contains(listed, f) {
			t.Errorf("field %s of another result listed:\n%s", f, scr)
		}
	}
	tm.send("be" + keyTab + keyEnter)
	tm.expect("[3]>")
	// trace of a polygon: steps and result, one Tab completes "st".
	tm.send("len(trace(p).s" + keyTab + ")" + keyEnter)
	tm.expect("[4]>")
	tm.quit()
	if !strings.Contains(tm.screen.Text(), "[2]> solve(p).best\n488\n[3]>") {
		t.Errorf("screen:\n%s", tm.screen.Text())
	}
	if !strings.Contains(tm.screen.Text(), "[3]> len(trace(p).steps)\n5\n[4]>") {
		t.Errorf("screen:\n%s", tm.screen.Text())
	}
}

func equalPrefix(got, want []string) bool {
	if len(got) < len(want) {
		return false
	}
	for i := range want {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

func TestCompletion(t *testing.T) {
	names := []string{"map", "setv", "show", "solve", "sol2"}
	fields := []string{"best", "first", "merges", "optimal", "scores"}
	eng := &fakeEngine{complete: func(code string, cursor int) ([]string, int, int) {
		rs := []rune(code)
		start := cursor
		for start > 0 && (rs[start-1] == '_' || rs[start-1] >= 'a' && rs[start-1] <= 'z' || rs[start-1] >= '0' && rs[start-1] <= '9') {
			start--
		}
		pool := names
		if start > 0 && rs[start-1] == '.' {
			pool = fields
		}
		var m []string
		for _, n := range pool {
			if strings.HasPrefix(n, string(rs[start:cursor])) {
				m = append(m, n)
			}
		}
		return m, start, cursor
	}}
	tm := start(t, eng)

	// One candidate: completed in place.
	tm.send("sho" + keyTab + "(1)" + keyEnter)
	tm.expect("[2]>")
	// Several with a longer common prefix: that prefix; Tab again lists them.
	tm.send("so" + keyTab)
	tm.expect("[2]> sol")
	tm.send(keyTab)
	scr := tm.expect("sol2")
	if !strings.Contains(scr, "solve") {
		t.Errorf("candidates not listed:\n%s", scr)
	}
	tm.send("ve" + keyEnter)
	tm.expect("[3]>")
	// Inside a call.
	tm.send("map(1..3, sol" + keyTab + "v" + keyTab + "(#))" + keyEnter)
	tm.expect("[4]>")
	// Fields after a dot list all of them.
	tm.send("solve(p)." + keyTab)
	scr = tm.expect("merges")
	for _, f := range fields {
		if !strings.Contains(scr, f) {
			t.Errorf("field %s not listed:\n%s", f, scr)
		}
	}
	tm.send("b" + keyTab + keyEnter)
	tm.expect("[5]>")
	// A continuation line completes in the context of the lines above, and
	// Tab at the start of a line indents (the person's indentation, kept;
	// the REPL's own is not).
	tm.send("f(1," + keyEnter)
	tm.expect("...>")
	tm.send(keyTab + "se" + keyTab + ")" + keyEnter)
	tm.expect("[6]>")
	tm.quit()

	eng.wantRan(t, "show(1)", "solve", "map(1..3, solve(#))", "solve(p).best", "f(1,\n  setv)")
	eng.mu.Lock()
	last := eng.asked[len(eng.asked)-1]
	eng.mu.Unlock()
	if last != "f(1,\n    se" { // asked on the line as shown
		t.Errorf("last completion asked with %q, want the whole entry so far", last)
	}
}
