package script

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"gamelab/kernel"
)

// TestReplayNotebookClears: a notebook keeps only what a cell shows after
// clear_output (with wait, once more output comes).
func TestReplayNotebookClears(t *testing.T) {
	nb := func(code, stored string) []byte {
		cell := map[string]any{"cell_type": "code", "source": code,
			"outputs": []any{map[string]any{"output_type": "stream", "name": "stdout", "text": stored}}}
		b, _ := json.Marshal(map[string]any{"cells": []any{cell}})
		return b
	}
	for _, tc := range []struct{ code, stored string }{
		{"print(1)\nclear()\nprint(2)", "2\n"},
		{"print(1)\nclear(true)\nprint(2)", "2\n"},
		{"print(1)\nclear(true)", "1\n"},
		{"print(1)\nclear()", ""},
		{"print(1)\nclear(true)\neprint(2)", "2\n"},
	} {
		got, want, err := ReplayNotebook(nb(tc.code, tc.stored))
		if err != nil || got != want {
			t.Errorf("%q: err %v, replay\n%s\nstored\n%s", tc.code, err, got, want)
		}
	}
}

// TestFormatError: an error is placed in its file (the cell's line plus the
// line within the cell) and keeps the engine's source excerpt and caret.
func TestFormatError(t *testing.T) {
	line := "x = [" + strings.Repeat("1, ", 1000) + "zzzz" + strings.Repeat(", 1", 1000) + "]"
	out := kernel.NewSession().Execute(context.Background(), line)
	if out.Err == nil {
		t.Fatal("no error")
	}
	_, excerpt, _ := strings.Cut(out.Err.Error(), "\n")
	if e := FormatError("f.gl", 7, out.Err); e != "f.gl:7:3006: unknown name zzzz\n"+excerpt {
		t.Errorf("FormatError %q", e)
	}
	second := &kernel.Error{Msg: "m", Line: 2, Column: 3, Source: "\tab"}
	if e := FormatError("f.gl", 7, second); e != "f.gl:8:3: m\n\tab\n\t ^" {
		t.Errorf("FormatError %q", e)
	}
	if e := FormatError("f.gl", 7, &kernel.Error{Msg: "m"}); e != "f.gl:7: m" {
		t.Errorf("FormatError without a place %q", e)
	}
}

func TestTranscriptAndDiff(t *testing.T) {
	src := "x = 2\n# a comment\n[x,\n  3]\nnope\n"
	want := "x = 2\n# a comment\n[x,\n  3]\n#> [2, 3]\nnope\n#> s.gl:5:1: unknown name nope (did you mean none?)\n#> nope\n#> ^\n"
	got := Transcript("s.gl", src)
	if got != want {
		t.Fatalf("transcript:\n%s\nwant:\n%s", got, want)
	}
	if d := UnifiedDiff("a", "b", want, got); d != "" {
		t.Errorf("diff of equal texts %q", d)
	}
	d := UnifiedDiff("a", "b", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n")
	if d != "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n" {
		t.Errorf("diff:\n%s", d)
	}
}
