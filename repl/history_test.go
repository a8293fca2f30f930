package repl

// Tests of the history file: written, reloaded, cut back, its default path.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHistoryFileWrittenAndReloaded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	eng := &fakeEngine{}
	tm := start(t, eng, WithHistory(path))
	tm.send("a = 1" + keyEnter)
	tm.expect("[2]>")
	// Written as you go: the entry is in the file while the REPL still runs.
	if data, _ := os.ReadFile(path); string(data) != "a = 1\n" {
		t.Errorf("history file while running: %q", data)
	}
	tm.send("[1," + keyEnter)
	tm.expect("...>")
	tm.send("2]" + keyEnter)
	tm.expect("[3]>")
	tm.send("a = 1" + keyEnter + "a = 1" + keyEnter) // a repeat is stored once
	tm.expect("[5]>")
	tm.send("dropped" + keyCtrlC) // never entered
	tm.expectN("[5]>", 2)
	tm.send(keyUp + keyUp + keyEnter) // recall the multi-line entry whole
	tm.expect("[6]>")
	tm.quit()
	want := "a = 1\n[1,⏎2]\na = 1\n[1,⏎2]\n" // the REPL's indentation is not kept
	if data, _ := os.ReadFile(path); string(data) != want {
		t.Errorf("history file %q, want %q", data, want)
	}
	eng.wantRan(t, "a = 1", "[1,\n2]", "a = 1", "a = 1", "[1,\n2]")

	// A new session recalls the entries with Up, newest first.
	eng = &fakeEngine{}
	tm = start(t, eng, WithHistory(path))
	tm.send(keyUp + keyUp)
	tm.expect("[1]> a = 1")
	tm.send(keyUp)
	tm.expect("[1]> [1,⏎2]")
	tm.send(keyEnter)
	tm.expect("[2]>")
	tm.quit()
	eng.wantRan(t, "[1,\n2]")
}

func TestHistoryFileCutBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hist")
	var b strings.Builder
	for i := range 2 * historyLimit {
		fmt.Fprintf(&b, "x = %d\n", i)
	}
	os.WriteFile(path, []byte(b.String()), 0o600)
	h, err := openHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.add("last"); err != nil {
		t.Fatal(err)
	}
	h.close()
	data, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != historyLimit+1 || lines[0] != fmt.Sprintf("x = %d", historyLimit) || lines[historyLimit] != "last" {
		t.Errorf("cut-back file has %d lines, first %q, last %q", len(lines), lines[0], lines[len(lines)-1])
	}
}

func TestDefaultHistoryPath(t *testing.T) {
	t.Setenv("GAMELAB_HISTORY", "/some/where")
	if got := DefaultHistoryPath(); got != "/some/where" {
		t.Errorf("with GAMELAB_HISTORY: %q", got)
	}
	t.Setenv("GAMELAB_HISTORY", "")
	t.Setenv("HOME", "/home/u")
	if got := DefaultHistoryPath(); got != "/home/u/.gamelab_history" {
		t.Errorf("without GAMELAB_HISTORY: %q", got)
	}
}
