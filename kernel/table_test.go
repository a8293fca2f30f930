package kernel

import (
	"context"
	"strings"
	"testing"

	"gamelab/kernel/printer"
)

// TestTables: a list of maps with the same keys shows as a table, aligned
// for a terminal and as HTML beside the text for Jupyter; table(x) makes
// one of a list of maps or of lists; anything else shows as before.
func TestTables(t *testing.T) {
	s := newTestSession()
	out := run(t, s, `map(1..3, ({n: #, name: "item " + string(#), sq: # * # * 100}))`)
	want := "n  name     sq\n" +
		"─  ──────  ───\n" +
		"1  item 1  100\n" +
		"2  item 2  400\n" +
		"3  item 3  900"
	if out.Err != nil || resultText(out) != want {
		t.Errorf("sweep:\n%s\nwant\n%s (%v)", resultText(out), want, out.Err)
	}
	if out.Result.HTML == "" || !strings.Contains(out.Result.HTML, "<th>name</th>") ||
		!strings.Contains(out.Result.HTML, `<td style="text-align: right">900</td>`) {
		t.Errorf("HTML %q", out.Result.HTML)
	}
	// A terminal gets no HTML; the value stays the list it was.
	out = s.ExecuteWith(context.Background(), "xs = map(1..2, ({a: #}))\nxs", ExecOptions{})
	if out.Result == nil || out.Result.HTML != "" || !strings.HasPrefix(out.Result.Text, "a\n") {
		t.Errorf("terminal: %+v", out.Result)
	}
	if out := run(t, s, "type(xs)"); resultText(out) != `"array"` {
		t.Errorf("type(xs) = %s", resultText(out))
	}
	for _, tc := range []struct{ cell, want string }{
		{`table([[1, "one"], [2, "two"]])`, "1  2\n─  ───\n1  one\n2  two"},
		{`table([{a: 1}, {b: "x"}])`, "a  b\n─  ─\n1\n   x"},
		{`table([{a: 1}]).columns`, `["a"]`},
		{`table([[1, 2]]).rows[1][2]`, "2"},
		{`map(1..2, ({z: #, a: -#}))`, "z   a\n─  ──\n1  -1\n2  -2"}, // columns as written
		{`table([{a: 1, z: 2}])`, "a  z\n─  ─\n1  2"},                // the latest literal's order, its own
		{`table([{b: 1, c: 2}])`, "b  c\n─  ─\n1  2"},                // no literal wrote both: sorted
		{`[{a: 1}, {b: 2}]`, `[{"a": 1}, {"b": 2}]`},                 // different keys: no table
		{`[{a: 1}, 2]`, `[{"a": 1}, 2]`},
		{`table(1)`, "RuntimeError: table: argument 1 (x) must be a list of maps or of lists, got an int"},
		{`table([{a: 1}, 2])`, "RuntimeError: table: argument 1 (x) mixes maps and other values: item 2 is an int"},
	} {
		out := run(t, s, tc.cell)
		got := resultText(out)
		if out.Err != nil {
			got = string(out.Err.Kind) + ": " + out.Err.Msg
		}
		if got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.cell, got, tc.want)
		}
	}
	// A long table shows its ends.
	text := resultText(run(t, s, "map(1..100, ({n: #}))"))
	if lines := strings.Split(strings.TrimSpace(text), "\n"); len(lines) != 2+2*printer.TableEdgeRows+2 ||
		!strings.HasSuffix(text, "(20 of 100 rows shown; print(x) or json(x) gives them all)") {
		t.Errorf("long table:\n%s", text)
	}
}

// TestTableOfADPTable: table(dp(x)) of a game without a table of its own
// (a game defined in the language) is its rows, the position first.
func TestTableOfADPTable(t *testing.T) {
	s := newTestSession()
	run(t, s, `sub = game({name: "sub", moves: {1..min(#.state, 2)}, play: {#.state - #.move}, value: {-1}})`)
	out := run(t, s, "table(dp(sub(1)))")
	want := "position               mover  value  best  key\n" +
		"─────────────────────  ─────  ─────  ────  ───\n" +
		"0, over (value for B)            -1  []    0\n" +
		"sub(1)                 A          1  [1]   1"
	if out.Err != nil || out.Result == nil || out.Result.Text != want {
		t.Errorf("table(dp(sub(1))): %v %v, want\n%s", out.Result, out.Err, want)
	}
	if out := run(t, s, "table(dp(sub(1))).columns"); out.Result == nil || out.Result.Text != `["position", "mover", "value", "best", "key"]` {
		t.Errorf("the table's columns: %v %v", out.Result, out.Err)
	}
}
