package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamelab/internal/benchproc"
)

// judgeProg is testdata/judgeprog, a contestant's solver with a mistake
// picked by -bug, built once.
var judgeProg = benchproc.NewProgram("judgeprog", "go", func(out string) ([]string, error) {
	return []string{"build", "-o", out, "./testdata/judgeprog"}, nil
})

// judge runs gamelab judge with args, then -- and the program.
func judge(t *testing.T, args []string, prog ...string) (code int, out string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(append(append([]string{"judge"}, args...), append([]string{"--"}, prog...)...), strings.NewReader(""), &o, &e)
	if e.Len() > 0 {
		t.Logf("stderr: %s", e.String())
	}
	return code, o.String()
}

var failingSize = regexp.MustCompile(`smallest failing input \((\d+) `)

// TestJudgeCatches: each deliberately wrong program fails, with its
// smallest failing input of at most 4 vertices or coins (where one that
// small exists), the expected and received answers, and a re-run line
// that reproduces the failure.
func TestJudgeCatches(t *testing.T) {
	prog := judgeProg.Argv(t)[0]
	for _, tc := range []struct {
		name     string
		args     []string
		bug      []string
		kind     string
		maxSize  int
		contains string
	}{
		{"int32 polygon", []string{"polygon", "--format", "ioi", "--values", "-100000..100000", "--max-n", "3"}, []string{"-bug", "int32"}, "wrong answer", 2, "the best score is"},
		{"no minima", []string{"polygon", "--format", "ioi"}, []string{"-bug", "nomin"}, "wrong answer", 4, "the best score is"},
		{"one optimal edge of a tie", []string{"polygon", "--format", "ioi"}, []string{"-bug", "tie"}, "wrong answer", 2, "the optimal first edges are"},
		{"crash", []string{"polygon", "--format", "ioi"}, []string{"-bug", "crash"}, "crash", 3, "exited with status 3"},
		{"timeout", []string{"polygon", "--format", "ioi", "--timeout", "300ms"}, []string{"-bug", "sleep"}, "timeout", 4, "no answer within 300ms"},
		{"greedy moves", []string{"coins"}, []string{"-game", "coins", "-bug", "greedy"}, "wrong answer", 4, "is not optimal"},
		{"int32 deque", []string{"coins", "--format", "deque", "--values", "1..2000000000"}, []string{"-game", "deque", "-bug", "int32"}, "wrong answer", 4, "X − Y is"},
		{"life line", []string{"lifeline"}, []string{"-game", "lifeline", "-bug", "zero"}, "wrong answer", 1, "the best points"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out := judge(t, append(tc.args, "--count", "60"), append([]string{prog}, tc.bug...)...)
			if code != 1 || !strings.Contains(out, "FAIL on instance") || !strings.Contains(out, "): "+tc.kind+"\n") {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			m := failingSize.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no smallest failing input:\n%s", out)
			}
			if n, _ := strconv.Atoi(m[1]); n > tc.maxSize {
				t.Errorf("smallest failing input of %d, want at most %d:\n%s", n, tc.maxSize, out)
			}
			for _, want := range []string{"\nexpected:\n", "\nreceived:\n", tc.contains, "re-run: printf '"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			rerun := out[strings.Index(out, "re-run: ")+len("re-run: "):]
			if strings.Count(strings.TrimSpace(rerun), "\n") != 0 {
				t.Errorf("the re-run command is not one line: %q", rerun)
			}
		})
	}
}

// TestJudgePasses: gamelab's own batch commands pass in every format, and
// a solver that breaks ties its own way, still optimally, passes too; the
// report says how many passed and the largest size.
func TestJudgePasses(t *testing.T) {
	self := gamelabBinary(t)
	for _, tc := range []struct {
		args []string
		prog []string
	}{
		{[]string{"polygon"}, []string{self, "polygon"}},
		{[]string{"polygon", "--format", "ioi"}, []string{self, "polygon", "--format", "ioi"}},
		{[]string{"polygon", "--format", "json", "--rules", "goal=min"}, []string{self, "polygon", "--format", "json", "--rules", "goal=min"}},
		{[]string{"coins"}, []string{self, "coins"}},
		{[]string{"coins", "--format", "deque", "--values", "-1000000..1000000"}, []string{self, "coins", "--format", "deque"}},
		{[]string{"coins", "--format", "json", "--rules", "take=2"}, []string{self, "coins", "--format", "json", "--rules", "take=2"}},
		{[]string{"lifeline"}, []string{self, "lifeline"}},
		{[]string{"lifeline", "--format", "json", "--rules", "capture=others-first"}, []string{self, "lifeline", "--format", "json", "--rules", "capture=others-first"}},
		{[]string{"coins"}, []string{judgeProg.Argv(t)[0], "-game", "coins", "-bug", "tieL"}},
	} {
		code, out := judge(t, append(tc.args, "--count", "25"), tc.prog...)
		if code != 0 || !regexp.MustCompile(`: 25 of 25 instances passed, sizes 1 to \d+ `).MatchString(out) {
			t.Errorf("%v: exit %d:\n%s", tc.args, code, out)
		}
	}
}

// TestJudgeUsage: mistakes on the command line are usage errors (exit 2)
// that say what is wrong.
func TestJudgeUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"judge"}, "name the game first: gamelab judge polygon|coins|lifeline [flags] -- PROGRAM"},
		{[]string{"judge", "chess", "--", "x"}, "name the game first"},
		{[]string{"judge", "coins"}, "give the program after --"},
		{[]string{"judge", "coins", "--format", "ioi", "--", "x"}, `unknown format "ioi"`},
		{[]string{"judge", "coins", "--values", "9..1", "--", "x"}, "is empty"},
		{[]string{"judge", "coins", "--values", "a..b", "--", "x"}, "a range of integers"},
		{[]string{"judge", "coins", "--rules", "take=0", "--", "x"}, "--rules"},
		{[]string{"judge", "coins", "--count", "0", "--", "x"}, "--count"},
	} {
		var o, e bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &o, &e); code != 2 || !strings.Contains(e.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, e.String(), tc.want)
		}
	}
	// A program that cannot run is a usage error, said before any instance.
	plain := filepath.Join(t.TempDir(), "answer.txt")
	os.WriteFile(plain, []byte("0\n"), 0o644)
	for prog, want := range map[string]string{"/nonexistent/program": "cannot run /nonexistent/program: no such program",
		plain: "cannot run " + plain + ": it is not executable"} {
		var o, e bytes.Buffer
		if code := run([]string{"judge", "coins", "--count", "3", "--", prog}, strings.NewReader(""), &o, &e); code != 2 || !strings.Contains(e.String(), want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", prog, code, e.String(), want)
		}
	}
	// Go's flag words become the judge's.
	for _, tc := range []struct{ args, want string }{
		{"--timeout abc", `--timeout "abc" is not a valid duration`}, {"--seed -1", "--seed must be 0 or more"},
		{"--format", "--format needs a value"}, {"--bogus 3", "no flag --bogus"},
	} {
		var o, e bytes.Buffer
		args := append(append([]string{"judge", "coins"}, strings.Fields(tc.args)...), "--", "x")
		if code := run(args, strings.NewReader(""), &o, &e); code != 2 || !strings.Contains(e.String(), tc.want) || strings.Contains(e.String(), "Usage of") {
			t.Errorf("%s: exit %d, stderr %q, want %q", tc.args, code, e.String(), tc.want)
		}
	}
}

// shellProgram writes a shell script program to dir.
func shellProgram(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\ncat >/dev/null\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestJudgeIsStrict: a JSON answer is one object of JSON numbers, with the
// instance's n: quoted numbers, a wrong n, trailing text and a list are
// wrong answers saying so in the user's words; a huge answer is cut in
// the report.
func TestJudgeIsStrict(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	good := `{"n":1,"scores":[0],"best":0,"optimal":[1],"first":1,"merges":[]}`
	for _, tc := range []struct{ answer, want string }{
		{good, ""},
		{`{"n":1,"scores":[0],"best":"0","optimal":[1],"first":1,"merges":[]}`, `"best" should be a JSON number, got the string "0"`},
		{`{"n":7,"scores":[0],"best":0,"optimal":[1],"first":1,"merges":[]}`, "n is 7, want 1"},
		{good + ` trailing`, `the answer goes on after its JSON object: "trailing"`},
		{`[1,2]`, `the answer is not one JSON object: it starts with "[1,2]"`},
		{`{"n":1,"scores":[0],"best":0,"optimal":[1]}`, `the answer has no "first"`},
	} {
		prog := shellProgram(t, dir, "p.sh", "echo '"+tc.answer+"'")
		code, out := judge(t, []string{"polygon", "--format", "json", "--max-n", "1", "--values", "0..0", "--count", "2"}, prog)
		if tc.want == "" && code != 0 || tc.want != "" && (code != 1 || !strings.Contains(out, tc.want)) || strings.Contains(out, "Go value") {
			t.Errorf("%s: exit %d:\n%s", tc.answer, code, out)
		}
	}
	prog := shellProgram(t, dir, "huge.sh", "yes 1234567890 | head -c 5000000")
	code, out := judge(t, []string{"coins", "--count", "1"}, prog)
	if code != 1 || len(out) > 10000 || !strings.Contains(out, "bytes in all") {
		t.Errorf("a 5 MB answer: exit %d, a report of %d bytes:\n%.500s", code, len(out), out)
	}
}

// TestJudgeKillsWhatTheProgramStarted: at a timeout the program's whole
// process group is killed, its background children too.
func TestJudgeKillsWhatTheProgramStarted(t *testing.T) {
	if _, err := exec.LookPath("pgrep"); err != nil {
		t.Skip("no pgrep")
	}
	marker := fmt.Sprintf("%d.%d", 40+os.Getpid()%50, time.Now().UnixNano()%1000)
	prog := shellProgram(t, t.TempDir(), "hang.sh", "sleep "+marker+" & sleep "+marker)
	code, out := judge(t, []string{"coins", "--count", "1", "--timeout", "300ms"}, prog)
	if code != 1 || !strings.Contains(out, "timeout") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	time.Sleep(100 * time.Millisecond)
	if left, _ := exec.Command("pgrep", "-f", "sleep "+marker).Output(); len(left) > 0 {
		exec.Command("pkill", "-f", "sleep "+marker).Run()
		t.Errorf("the program's children outlived the judge: pids %s", left)
	}
}
