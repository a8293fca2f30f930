package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"

	"gamelab/internal/benchproc"
	"gamelab/repl/repltest"
)

// TestMain removes the binary that the tests below build (once) to run
// gamelab as a user does.
func TestMain(m *testing.M) { benchproc.Main(m) }

// gamelabBinary is the gamelab binary built from this tree, once per test run.
func gamelabBinary(tb testing.TB) string {
	tb.Helper()
	return benchproc.Gamelab.Argv(tb)[0]
}

func runBin(t *testing.T, bin, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), o.String(), e.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, o.String(), e.String()
}

// writeFile writes text to the file name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBinary(t *testing.T) {
	bin := gamelabBinary(t)
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	good := write("good.gl", "x = 6\n# a comment\nys = [x,\n  7]\nx * 7\n")
	bad := write("bad.gl", "1 + 1\nnope\n2 + 2\n")

	for _, tc := range []struct {
		name           string
		stdin          string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"piped statements", "p = polygon(\"* -5 + -2 * -8 * -5 + 8\")\nsolve(p).best\n[1,\n 2]\n", nil, 0, "488\n[1, 2]\n", ""},
		{"piped errors carry on", "1\nsolv(2)\n3\n", nil, 1, "1\n3\n",
			"stdin:2:1: unknown name solv (did you mean solve?)\nsolv(2)\n^\n"},
		{"print goes to stdout", `print("hi", 2 ** 70)` + "\n", nil, 0, "hi 1180591620717411303424\n", ""},
		{"eprint goes to stderr, clear is ignored", `eprint("careful")` + "\nclear()\n1\n", nil, 0, "1\n", "careful\n"},
		{"name? prints the help", "abs?\n", nil, 0, "abs(x)\n    The absolute value of x, exact for integers of any size.\nexample: abs(-2 ** 64)\n", ""},
		{"-c", "", []string{"-c", "x = 2\nx * 21"}, 0, "42\n", ""},
		{"-c error", "", []string{"-c", "1 +"}, 1, "", "-c:1:3: "},
		{"run", "", []string{"run", good}, 0, "42\n", ""},
		{"run stops at the first error", "", []string{"run", bad, good}, 1, "2\n", bad + ":2:1: unknown name nope"},
		{"run --keep-going", "", []string{"run", "--keep-going", bad, good}, 1, "2\n4\n42\n", "unknown name nope"},
		{"run without files", "", []string{"run"}, 2, "", "usage: gamelab run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runBin(t, bin, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			if stdout != tc.stdout {
				t.Errorf("stdout %q, want %q", stdout, tc.stdout)
			}
			if !strings.HasPrefix(stderr, tc.stderr) && !strings.Contains(stderr, tc.stderr) || tc.stderr == "" && stderr != "" {
				t.Errorf("stderr %q, want %q", stderr, tc.stderr)
			}
		})
	}

	t.Run("test and --update", func(t *testing.T) {
		tdir := filepath.Join(dir, "t")
		os.Mkdir(tdir, 0o755)
		os.WriteFile(filepath.Join(tdir, "a.gl"), []byte("x = 2\nx + 1\n"), 0o644)
		if code, out, errs := runBin(t, bin, "", "test", tdir); code != 1 || !strings.Contains(errs, "--update") {
			t.Errorf("missing golden: exit %d, %q %q", code, out, errs)
		}
		if code, out, _ := runBin(t, bin, "", "test", "--update", tdir); code != 0 || !strings.Contains(out, "wrote") {
			t.Errorf("--update: exit %d, %q", code, out)
		}
		golden, _ := os.ReadFile(filepath.Join(tdir, "a.golden"))
		if string(golden) != "x = 2\nx + 1\n#> 3\n" {
			t.Errorf("golden %q", golden)
		}
		if code, out, _ := runBin(t, bin, "", "test", tdir); code != 0 || !strings.Contains(out, "ok") {
			t.Errorf("replay: exit %d, %q", code, out)
		}
		os.WriteFile(filepath.Join(tdir, "a.gl"), []byte("x = 2\nx + 2\n"), 0o644)
		code, out, _ := runBin(t, bin, "", "test", filepath.Join(tdir, "a.gl"))
		if code != 1 || !strings.Contains(out, "-x + 1\n-#> 3\n+x + 2\n+#> 4\n") || !strings.Contains(out, "FAIL") {
			t.Errorf("changed script: exit %d, output\n%s", code, out)
		}
	})
}

// TestDefaultCommandStartsTheREPLOnlyOnATerminal: a terminal on stdin starts
// the REPL (its welcome line appears); /dev/null (a character device, but no
// terminal) and a pipe run the piped statements.
func TestDefaultCommandStartsTheREPLOnlyOnATerminal(t *testing.T) {
	const welcome = "optimal play in the polygon game"
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	pw.WriteString("6 * 7\n")
	pw.Close()
	defer pr.Close()
	for _, tc := range []struct {
		name  string
		stdin *os.File
		out   string
	}{{"/dev/null", devNull, ""}, {"a pipe", pr, "42\n"}} {
		var out, errb bytes.Buffer
		if code := runDefault(nil, tc.stdin, &out, &errb); code != 0 || out.String() != tc.out {
			t.Errorf("%s: exit %d, stdout %q (want %q), stderr %q", tc.name, code, out.String(), tc.out, errb.String())
		}
	}

	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	t.Setenv("GAMELAB_HISTORY", filepath.Join(t.TempDir(), "history"))
	ptmx.WriteString("\x04") // Ctrl-D: the REPL leaves at once
	// A Screen, being safe for concurrent writes: readline's editing
	// goroutine may still tidy the screen after the REPL has returned.
	out := repltest.NewScreen(120)
	if code := runDefault(nil, tty, out, io.Discard); code != 0 || !strings.Contains(out.Text(), welcome) {
		t.Errorf("a terminal on stdin: exit %d, screen %q: no REPL", code, out.Text())
	}
}
