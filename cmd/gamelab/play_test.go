package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayOnPseudoTerminal plays coins in the real REPL: the moves are read
// at play's prompt with line editing, ? hints, u takes back, and Ctrl-C at
// the prompt ends the game with the record of the moves made.
func TestPlayOnPseudoTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	s := startOnPTY(t, gamelabBinary(t), "GAMELAB_HISTORY="+filepath.Join(t.TempDir(), "history"))
	s.expect("[1]>", 1)
	s.send("r = play(coins([10, 80, 90, 30]))\r")
	s.expect("A to move, L or R", 1)
	s.send("?\r")
	s.expect("optimal: R", 1)
	s.send("L\r")
	s.expect("L: loses 20; optimal: R", 1)
	// B's L and R tie after A's L; B takes R, as solve does (one tie rule)
	s.expect("B takes R (the optimum)", 1)
	s.send("u\r")
	s.expect("A to move, L or R", 3)
	s.send("R\r")
	s.expect("B takes R (the optimum)", 2)
	// The fifth prompt is on the screen only once play reads the line, so
	// the keys are play's: this Ctrl-C ends the game, not the cell.
	s.expect("A to move, L or R", 5)
	s.send("\x03") // Ctrl-C at play's prompt: the game ends, the record stays
	s.expect("[2]>", 1)
	s.send("r.loss\r")
	s.expect("[3]>", 1)
	s.send("len(r.moves)\r")
	s.expect("[4]>", 1)
	s.send("\x04")
	s.waitExit()
	screen := s.screen.Text()
	for _, want := range []string{"R: optimal", "[2]> r.loss\n{\"A\": 0, \"B\": 0}\n", "[3]> len(r.moves)\n2\n"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, screen)
		}
	}
}

// TestPlayThroughJupyterClient plays coins with jupyter_client answering
// the kernel's input requests (testdata/play.py), as Notebook, JupyterLab
// and jupyter console do, and checks that without allow_stdin play points
// to analyze.
func TestPlayThroughJupyterClient(t *testing.T) {
	needJupyter(t, "jupyter_client")
	if testing.Short() {
		t.Skip("builds the binary and starts a Jupyter kernel")
	}
	out, err := python(t, installedKernel(t), "play.py")
	if err != nil || !strings.HasSuffix(strings.TrimSpace(out), "ok") {
		t.Fatalf("play.py: %v\n%s", err, out)
	}
}
