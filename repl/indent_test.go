package repl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The indentation the REPL writes ahead of a continuation line is shown,
// never kept: the cell, the history file and save_session hold the lines
// as the person typed or pasted them (each continuation line gained two
// spaces per open bracket, 6 under three, and a pasted block was indented
// twice).
func TestContinuationIndentIsNotKept(t *testing.T) {
	dir := t.TempDir()
	hist := filepath.Join(dir, "history")
	tm := start(t, nil, WithHistory(hist))
	tm.send("x = max(map([1," + keyEnter) // three brackets open: 6 spaces shown
	tm.expect("...>")
	tm.send("2, 3], {" + keyEnter)
	tm.expectN("...>", 2)
	tm.send("    # * 10" + keyEnter) // pasted with its own indentation
	tm.expectN("...>", 3)
	tm.send("}))" + keyEnter)
	tm.expect("[2]>")
	tm.send(`save_session("` + filepath.Join(dir, "s.gl") + `")` + keyEnter)
	tm.expect("[3]>")
	tm.quit()
	if !strings.Contains(tm.screen.Text(), "...>       2, 3], {") {
		t.Errorf("the continuation line was not shown indented:\n%s", tm.screen.Text())
	}
	want := "x = max(map([1,\n2, 3], {\n    # * 10\n}))"
	saved, err := os.ReadFile(filepath.Join(dir, "s.gl"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(saved), want+"\n") {
		t.Errorf("save_session wrote:\n%s\nwant the entry as typed:\n%s", saved, want)
	}
	h, err := os.ReadFile(hist)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(h), strings.ReplaceAll(want, "\n", "⏎")) {
		t.Errorf("the history holds %q, want the entry as typed %q", h, strings.ReplaceAll(want, "\n", "⏎"))
	}
}
