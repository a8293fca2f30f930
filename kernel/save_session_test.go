package kernel

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSaveSession: save_session writes the statements that ran without
// error, one per line of the script, _N renumbered to the statement that
// gave cell N's result, help and save_session left out, a play written as
// the analyze of its moves; replayed, the script gives the same results.
func TestSaveSession(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "study.gl")
	s := newTestSession()
	moves := []string{"R", "L"}
	input := func(_ context.Context, prompt string) (string, error) {
		if len(moves) == 0 {
			return "", io.EOF
		}
		m := moves[0]
		moves = moves[1:]
		return m, nil
	}
	cells := []string{
		"c = coins([10, 80, 90, 30])\nsolve(c).best", // cell 1: its result is statement 2
		"x = 1; nope; y = 2",                         // cell 2: x = 1 ran, the rest did not
		"help(solve)",                                // cell 3: left out
		"_1 + x",                                     // cell 4: _1 is statement 2
		"r = play(c)",                                // cell 5: played by hand
		"r.loss",                                     // cell 6
		"s = strategy({#.values[1] >= #.values[-1] ? \"L\" : \"R\"})  # a comment",
		"match(c, s, optimal).totals",
		"_4 * 2",
	}
	var want []string
	for _, c := range cells {
		out := s.ExecuteWith(context.Background(), c, ExecOptions{Input: input})
		if out.Result != nil {
			want = append(want, out.Result.Text)
		}
	}
	if out := run(t, s, `save_session("`+file+`")`); out.Err != nil || resultText(out) != `"`+file+`"` {
		t.Fatalf("save_session: %s, %v", resultText(out), out.Err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	script := string(data)
	body := script[strings.Index(script, "\nc = ")+1:]
	wantBody := "c = coins([10, 80, 90, 30])\nsolve(c).best\nx = 1\n_2 + x\nr = analyze(c, [\"R\", \"R\", \"L\", \"L\"])\nr.loss\n" +
		"s = strategy({#.values[1] >= #.values[-1] ? \"L\" : \"R\"})\nmatch(c, s, optimal).totals\n_4 * 2\n"
	if body != wantBody {
		t.Fatalf("the script:\n%s\nwant its statements:\n%s", script, wantBody)
	}
	// Replayed statement by statement, as gamelab run does, it gives the same results.
	replay := newTestSession()
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		out := run(t, replay, line)
		if out.Err != nil {
			t.Fatalf("%s: %v", line, out.Err)
		}
		if out.Result != nil {
			got = append(got, out.Result.Text)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("replayed:\n%s\nthe session's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A play whose record nothing kept is a comment; a file that cannot be written says so.
	s2 := newTestSession()
	moves = []string{"L", "L"}
	s2.ExecuteWith(context.Background(), "c = coins([1, 2])\nplay(c)", ExecOptions{Input: input})
	if out := run(t, s2, `save_session("`+file+`")`); out.Err != nil {
		t.Fatal(out.Err)
	}
	data, _ = os.ReadFile(file)
	if !strings.Contains(string(data), "# play(c)   # played at the keyboard") {
		t.Errorf("a bare play:\n%s", data)
	}
	if out := run(t, s2, `save_session("`+filepath.Join(dir, "no", "such", "dir.gl")+`")`); out.Err == nil || !strings.Contains(out.Err.Msg, "save_session:") {
		t.Errorf("an unwritable file: %v", out.Err)
	}
}

// TestSaveSessionHelp: help for save (IPython's %save) points to
// save_session, whose own help has an example.
func TestSaveSessionHelp(t *testing.T) {
	s := newTestSession()
	for name, want := range map[string]string{"save": "save_session(file)", "save_session": "IPython's %save", `"%save"`: "save_session(file)"} {
		if out := run(t, s, "help("+name+")"); out.Err != nil || !strings.Contains(out.Stdout, want) {
			t.Errorf("help(%s): %q, %v", name, out.Stdout, out.Err)
		}
	}
	// The magic typed as IPython users type it: an error that says what
	// to write instead.
	for stmt, want := range map[string]string{"%save study.gl": `IPython's %save is save_session("file.gl") here`,
		"%matplotlib inline": "gamelab has no % commands"} {
		if out := run(t, s, stmt); out.Err == nil || !strings.Contains(out.Err.Msg, want) {
			t.Errorf("%s: %v, want %q", stmt, out.Err, want)
		}
	}
}
