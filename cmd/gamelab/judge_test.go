package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/internal/benchproc"
)

// judgeProg is testdata/judgeprog, a contestant's solvers of the three
// games written apart from gamelab's, with a mistake picked by -bug,
// built once.
var judgeProg = benchproc.NewProgram("judgeprog", "go", func(out string) ([]string, error) {
	return []string{"build", "-o", out, "./testdata/judgeprog"}, nil
})

// runJudge runs gamelab judge with args, then -- and the program.
func judgeRun(t *testing.T, args []string, prog ...string) (code int, out, stderr string) {
	t.Helper()
	if !slices.Contains(args, "--save") { // the failing input in the test's directory, not the system's
		args = append(args, "--save", filepath.Join(t.TempDir(), "failed.in"))
	}
	var o, e bytes.Buffer
	code = run(append(append([]string{"judge"}, args...), append([]string{"--"}, prog...)...), strings.NewReader(""), &o, &e)
	return code, o.String(), e.String()
}

var failingSize = regexp.MustCompile(`smallest failing input \((\d+) `)

// TestJudgeCatchesEveryWrongProgram: each deliberately wrong program, in
// each format it can be wrong in, fails with the verdict and the why it
// deserves, and its smallest failing input is small; the report has the
// expected and received answers, a re-run command and the command that
// regenerates the instance.
func TestJudgeCatchesEveryWrongProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a program thousands of times")
	}
	jp := judgeProg.Argv(t)[0]
	for _, tc := range []struct {
		name    string
		args    string // the judge's flags
		prog    string // judgeprog's
		kind    string
		maxSize int
		why     string
	}{
		{"polygon seed int32", "polygon --values -100000..100000 --max-n 4 --ops +*", "-bug int32", "wrong answer", 2, "BestScore is"},
		{"polygon seed minima ignored under *", "polygon --ops +*", "-bug nomin", "wrong answer", 4, "is"},
		{"polygon seed n = 1", "polygon", "-bug n1", "wrong answer", 1, "want"},
		{"polygon seed -", "polygon --ops +-", "-bug minus", "wrong answer", 2, "want"},
		{"polygon seed goal min", "polygon --rules goal=min", "-goal min -bug goal", "wrong answer", 2, "want"},
		{"polygon seed plan", "polygon", "-bug plan", "wrong answer", 3, "in the plan, move"},
		{"polygon seed crash", "polygon", "-bug crash", "crash", 3, "the program exited with status 3"},
		{"polygon ioi int32", "polygon --format ioi --values -100000..100000 --max-n 3", "-format ioi -bug int32", "wrong answer", 2, "the best score (line 1) is"},
		{"polygon ioi minima ignored under *", "polygon --format ioi", "-format ioi -bug nomin", "wrong answer", 4, "the best score (line 1) is"},
		{"polygon ioi tie", "polygon --format ioi", "-format ioi -bug tie", "wrong answer", 2, "the optimal first edges (line 2): got"},
		{"polygon ioi n = 1", "polygon --format ioi", "-format ioi -bug n1", "wrong answer", 1, "the best score (line 1) is 0"},
		{"polygon json tie", "polygon --format json", "-format json -bug tie", "wrong answer", 2, "optimal: got"},
		{"polygon json -", "polygon --format json --ops +-", "-format json -bug minus", "wrong answer", 2, "want"},
		{"polygon json goal min", "polygon --format json --rules goal=min", "-format json -goal min -bug goal", "wrong answer", 2, "want"},
		{"polygon json plan", "polygon --format json", "-format json -bug plan", "wrong answer", 3, "in the plan, move"},
		{"coins seed greedy", "coins", "-game coins -bug greedy", "wrong answer", 4, "is not optimal: it loses"},
		{"coins seed n = 1", "coins", "-game coins -bug n1", "wrong answer", 1, "the first player's total (of the moves L) is 0"},
		{"coins seed totals under score=rest", "coins --rules score=rest", "-game coins -score rest -bug totals", "wrong answer", 3, "the first player's total (of the moves"},
		{"coins deque int32", "coins --format deque --values 1..2000000000", "-game coins -format deque -bug int32", "wrong answer", 4, "X − Y is"},
		{"coins deque n = 1", "coins --format deque", "-game coins -format deque -bug n1", "wrong answer", 1, "X − Y is 0"},
		{"coins json greedy", "coins --format json", "-game coins -format json -bug greedy", "wrong answer", 4, "is not optimal"},
		{"coins json totals under score=rest", "coins --format json --rules score=rest", "-game coins -format json -score rest -bug totals", "wrong answer", 3, "(the first player's total of the moves)"},
		{"lifeline seed zero", "lifeline", "-game lifeline -bug zero", "wrong answer", 1, "the answer (the best points) is 0"},
		{"lifeline seed unreachable", "lifeline", "-game lifeline -bug unreach", "wrong answer", 3, "the best points"},
		{"lifeline seed n = 1", "lifeline", "-game lifeline -bug n1", "wrong answer", 1, "the best points"},
		{"lifeline seed suicide=false", "lifeline --rules suicide=false --max-n 5 --count 300", "-game lifeline -suicide=false -bug suicide", "wrong answer", 5, "the best points"},
		{"lifeline json tie", "lifeline --format json", "-game lifeline -format json -bug tie", "wrong answer", 2, "moves should list every best vertex"},
		{"lifeline json unreachable", "lifeline --format json", "-game lifeline -format json -bug unreach", "wrong answer", 3, "best is"},
		{"coins interactive greedy", "coins --interactive", "-game coins-play -bug greedy", "wrong answer", 4, "loses"},
		{"polygon interactive plan", "polygon --interactive", "-game polygon-play -bug greedy", "wrong answer", 3, "loses"},
		{"lifeline interactive first vertex", "lifeline --interactive", "-game lifeline-play -bug greedy", "wrong answer", 4, "loses"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := strings.Fields(tc.args)
			if !strings.Contains(tc.args, "--count") {
				args = append(args, "--count", "100")
			}
			code, out, stderr := judgeRun(t, args, append([]string{jp}, strings.Fields(tc.prog)...)...)
			if code != 1 || !strings.Contains(out, "): "+tc.kind+"\n") || !strings.Contains(out, tc.kind+": ") {
				t.Fatalf("exit %d, want a %s:\n%s%s", code, tc.kind, out, stderr)
			}
			m := failingSize.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no smallest failing input:\n%s", out)
			}
			if n, _ := strconv.Atoi(m[1]); n > tc.maxSize {
				t.Errorf("smallest failing input of %d, want at most %d:\n%s", n, tc.maxSize, out)
			}
			wants := []string{tc.why, "saved in ", "regenerate the failing instance (before shrinking): gamelab judge "}
			if strings.Contains(tc.args, "--interactive") {
				wants = append(wants, "the game (the program ", "(the program): ")
			} else {
				wants = append(wants, "\nexpected:\n", "\nreceived:\n", "\nre-run: ", "re-run without the file: printf '%s\\n' ")
			}
			for _, want := range wants {
				if !strings.Contains(out, want) {
					t.Errorf("the report lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// TestJudgePassesEveryRightProgram: gamelab's own batch commands and the
// independent solvers pass in every format, under the rules and
// operators the formats allow, whichever way they break ties.
func TestJudgePassesEveryRightProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a program thousands of times")
	}
	self, jp := gamelabBinary(t), judgeProg.Argv(t)[0]
	for _, tc := range []struct{ args, prog string }{
		{"polygon", self + " polygon"},
		{"polygon --format ioi", self + " polygon --format ioi"},
		{"polygon --format json --rules goal=min", self + " polygon --format json --rules goal=min"},
		{"coins --format deque --values -1000000..1000000", self + " coins --format deque"},
		{"coins --format json --rules take=2M", self + " coins --format json --rules take=2M"},
		{"lifeline --format json --rules capture=others-first", self + " lifeline --format json --rules capture=others-first"},
		{"polygon", jp},
		{"polygon --rules goal=min", jp + " -goal min -tie last"},
		{"polygon --format ioi", jp + " -format ioi -tie last"},
		{"polygon --format json", jp + " -format json -tie last"},
		{"polygon --format json --rules goal=min --values -30..30", jp + " -format json -goal min"},
		{"coins", jp + " -game coins"},
		{"coins", jp + " -game coins -tie R"},
		{"coins --rules score=rest", jp + " -game coins -score rest -tie R"},
		{"coins --format json --rules score=rest --values -50..50", jp + " -game coins -format json -score rest"},
		{"coins --format json --rules score=rest", jp + " -game coins -format json -score rest -tie R"},
		{"coins --format json --rules take=3,ends=left", jp + " -game coins -format json -take 3 -ends left"},
		{"coins --format deque --rules take=2", jp + " -game coins -format deque -take 2 -tie R"},
		{"lifeline", jp + " -game lifeline"},
		{"lifeline --format json --rules suicide=false", jp + " -game lifeline -format json -suicide=false"},
		{"lifeline --format json --rules capture=others-first,grid=square --values 1..9", jp + " -game lifeline -format json -capture others-first -grid square"},
		{"coins --interactive", jp + " -game coins-play"},
		{"coins --interactive --rules take=2", jp + " -game coins-play -take 2 -tie R"},
		{"polygon --interactive --rules goal=min", jp + " -game polygon-play -goal min -tie last"},
		{"lifeline --interactive --rules suicide=false", jp + " -game lifeline-play -suicide=false"},
	} {
		code, out, stderr := judgeRun(t, append(strings.Fields(tc.args), "--count", "40"), strings.Fields(tc.prog)...)
		if code != 0 || !regexp.MustCompile(`: 40 of 40 instances passed, sizes \d+ to \d+ `).MatchString(out) {
			t.Errorf("%s -- %s: exit %d:\n%s%s", tc.args, tc.prog, code, out, stderr)
		}
	}
}

// TestJudgeDrawsEveryRuleAndOperator: the instances the judge runs have
// - edges and goal min when asked (and by default in the formats that
// write -), unreachable Life Line boards, and a legal move for the
// player under suicide=false; --verbose and --save show them.
func TestJudgeDrawsEveryRuleAndOperator(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "input.txt")
	cat := filepath.Join(dir, "cat.sh")
	// A program that keeps the first input it is given and answers wrong.
	os.WriteFile(cat, []byte("#!/bin/sh\ntest -e "+dir+"/all.txt || cat > "+dir+"/all.txt\necho x\n"), 0o755)
	for _, tc := range []struct {
		args string
		want *regexp.Regexp
	}{
		{"polygon --count 1 --min-n 30 --max-n 30", regexp.MustCompile(`- `)},
		{"polygon --format ioi --ops +*- --count 1 --min-n 30 --max-n 30", regexp.MustCompile(`- -?\d`)},
		{"polygon --format ioi --count 1 --min-n 30 --max-n 30", regexp.MustCompile(`^30\n([tx] -?\d+ ?)+\n$`)},
	} {
		os.Remove(save)
		code, out, _ := judgeRun(t, append(strings.Fields(tc.args), "--save", save, "--shrink-time", "1ms"), cat)
		got, _ := os.ReadFile(filepath.Join(dir, "all.txt"))
		os.Remove(filepath.Join(dir, "all.txt"))
		if code != 1 || !tc.want.Match(got) {
			t.Errorf("%s: exit %d, input %q:\n%s", tc.args, code, got, out)
		}
	}
	// Life Line: some boards are unreachable (gamelab's batch warns of
	// each), and every player has a move under suicide=false (else the
	// batch says there is none and exits 1, which the judge calls a crash).
	self := gamelabBinary(t)
	keep := filepath.Join(dir, "keep.sh")
	os.WriteFile(keep, []byte("#!/bin/sh\nexec "+self+" lifeline --rules suicide=false 2>>"+dir+"/warnings.txt\n"), 0o755)
	code, out, _ := judgeRun(t, []string{"lifeline", "--rules", "suicide=false", "--count", "60"}, keep)
	warnings, _ := os.ReadFile(filepath.Join(dir, "warnings.txt"))
	if n := strings.Count(string(warnings), "unreachable board"); code != 0 || n < 5 {
		t.Errorf("exit %d, %d of 60 boards unreachable, want some:\n%s%s", code, n, out, warnings)
	}
}

// TestJudgeResultsDoNotDependOnJobs: a failure found with --jobs 1 and
// with --jobs 3 is the same instance, shrunk to the same input.
func TestJudgeResultsDoNotDependOnJobs(t *testing.T) {
	jp := judgeProg.Argv(t)[0]
	var reports []string
	for _, jobs := range []string{"1", "3"} {
		code, out, _ := judgeRun(t, []string{"coins", "--count", "60", "--jobs", jobs}, jp, "-game", "coins", "-bug", "greedy")
		if code != 1 {
			t.Fatalf("--jobs %s: exit %d:\n%s", jobs, code, out)
		}
		report := out[:strings.Index(out, "\nreceived:")]
		reports = append(reports, report)
	}
	if reports[0] != reports[1] {
		t.Errorf("--jobs 1 and 3 differ:\n%s\n---\n%s", reports[0], reports[1])
	}
}

// TestJudgeGenAndAgainst: --gen draws the instances from an expression of
// #n and #seed (shrunk within no bounds but --values'), and --against says
// which of two programs is wrong.
func TestJudgeGenAndAgainst(t *testing.T) {
	jp := judgeProg.Argv(t)[0]
	code, out, stderr := judgeRun(t, []string{"coins", "--count", "30", "--gen", "randcoins(#n, #seed, {values: -5..5})"}, jp, "-game", "coins", "-bug", "greedy")
	if code != 1 || !regexp.MustCompile(`smallest failing input \(\d coins[^\n]*\n-`).MatchString(out) ||
		!strings.Contains(out, "--gen 'randcoins(#n, #seed, {values: -5..5})' --seed ") {
		t.Errorf("--gen: exit %d:\n%s%s", code, out, stderr)
	}
	for _, tc := range []struct{ gen, want string }{
		{"randcoins(#n, #seed, {take: 2})", "--gen gave a row under take=2, not the rules judged (the defaults)"},
		{"randpolygon(#n, #seed)", "--gen must give a row of coins, not a polygon"},
		{"randcoins(#n", `--gen "randcoins(#n": `},
	} {
		code, out, stderr := judgeRun(t, []string{"coins", "--count", "3", "--gen", tc.gen}, jp, "-game", "coins")
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "goroutine") {
			t.Errorf("--gen %s: exit %d, stderr %q, want %q\n%s", tc.gen, code, stderr, tc.want, out)
		}
	}
	code, out, _ = judgeRun(t, []string{"coins", "--count", "40", "--against", jp + " -game coins -bug greedy"}, jp, "-game", "coins")
	if code != 1 || !strings.Contains(out, ": "+jp+" -game coins -bug greedy: wrong answer\n") || !strings.Contains(out, jp+" -game coins on it: accepted") {
		t.Errorf("--against: exit %d:\n%s", code, out)
	}
}

// TestJudgeUsage: mistakes on the command line are usage errors (exit 2)
// that say what is wrong, before any instance.
func TestJudgeUsage(t *testing.T) {
	for _, tc := range []struct {
		args string
		want string
	}{
		{"judge", "name the game first: gamelab judge polygon|coins|lifeline [flags] -- PROGRAM"},
		{"judge chess -- x", `no game "chess" to judge; the games are polygon, coins or lifeline`},
		{"judge coin -- x", `no game "coin" to judge (did you mean coins?)`},
		{"judge coins", "give the program after --"},
		{"judge coins --format ioi -- x", `unknown format "ioi"`},
		{"judge coins --values 9..1 -- x", "is empty"},
		{"judge coins --values a..b -- x", "a range of integers"},
		{"judge lifeline --values 0..12 -- x", "--values 0..12: a board's values are within 1..9"},
		{"judge coins --rules take=0 -- x", "--rules"},
		{"judge coins --count 0 -- x", "--count must be 1 to"},
		{"judge coins --ops +- -- x", "--ops: coins has no operators"},
		{"judge polygon --ops +/ -- x", `--ops "+/": the operators are +, *, -`},
		{"judge coins --interactive --format deque -- x", "--interactive has a protocol of its own"},
		{"judge coins --max-n 9223372036854775807 -- x", "--max-n 9223372036854775807: the largest row gamelab judges has 1073741824 coins"},
		{"judge polygon --min-n 9223372036854775807 -- x", "--min-n 9223372036854775807: the largest ring gamelab judges has 1048576 vertices"},
		{"judge lifeline --min-n 70000 -- x", "--min-n 70000: the largest board gamelab judges has 65535 rows"},
		{"judge lifeline --rules suicide=false --max-n 1 -- x", "--max-n 1: the smallest board with a move under --rules suicide=false has 2 rows"},
		{"judge polygon --max-n 100000 -- x", "--max-n 100000: a ring of 100000 vertices needs about"},
		{"judge coins --time abc -- x", `--time "abc" is not a valid duration`},
		{"judge coins --timeout 1s -- x", "no flag --timeout (did you mean --time?)"},
		{"judge coins --wall 1s --time 2s -- x", "--wall 1s is less than --time 2s"},
		{"judge coins --memory lots -- x", `--memory "lots" is not a size`},
		{"judge coins --jobs -1 -- x", "--jobs must be 1 to 256"},
		{"judge coins --gen 'randcoins(5, 1)' -- x", "uses neither #n (the size) nor #seed"},
		{"judge coins --format -- x", "--format needs a value"},
		{"judge coins --time 1000000h -- x", "--time may be at most 24h"},
		{"judge coins --min-n -5 -- x", "--min-n -5: the smallest row with a move has 1 coin"},
		{"judge coins --count 99999999999999999999 -- x", `--count "99999999999999999999" is not a valid number`},
	} {
		var o, e bytes.Buffer
		args := strings.Fields(strings.ReplaceAll(tc.args, "'", ""))
		if code := run(args, strings.NewReader(""), &o, &e); code != 2 || !strings.Contains(e.String(), tc.want) || strings.Contains(e.String(), "Usage of") {
			t.Errorf("%s: exit %d, stderr %q, want %q", tc.args, code, e.String(), tc.want)
		}
	}
}

// TestJudgeIsStrict: a JSON answer is one object of JSON numbers, with the
// instance's n: quoted numbers, a wrong n, trailing text, a list and a
// missing field are wrong answers that say so in the user's words; unknown
// fields are allowed, however deeply they nest.
func TestJudgeIsStrict(t *testing.T) {
	dir := t.TempDir()
	good := `{"n":1,"scores":[0],"best":0,"optimal":[1],"first":1,"merges":[]}`
	deep := strings.Repeat("[", 20000) + strings.Repeat("]", 20000)
	for _, tc := range []struct{ answer, want string }{
		{good, ""},
		{`{"extra":` + deep + `,` + good[1:], ""},
		{`{"n":1,"scores":[0],"best":"0","optimal":[1],"first":1,"merges":[]}`, `"best" should be a JSON number, got the string "0"`},
		{`{"n":7,"scores":[0],"best":0,"optimal":[1],"first":1,"merges":[]}`, "n is 7, want 1"},
		{good + ` trailing`, `the answer goes on after its JSON object: "trailing"`},
		{`[1,2]`, `the answer is not one JSON object: it starts with "[1,2]"`},
		{`{"n":1,"scores":[0],"best":0,"optimal":[1]}`, `the answer has no "first"`},
		{`{"n":1,"scores":` + deep + `,"best":0}`, `"scores"'s item 1 should be a number, got a list`},
		{`{"n":1,"scores":[0],"best":0,"optimal":` + deep + `}`, `"optimal"'s item 1 should be a number, got a list`},
		{`{"n":1,"best":`, "the answer is not one complete JSON object"},
	} {
		prog := filepath.Join(dir, "p.sh")
		os.WriteFile(prog, []byte("#!/bin/sh\ncat >/dev/null\ncat <<'EOF'\n"+tc.answer+"\nEOF\n"), 0o755)
		code, out, _ := judgeRun(t, []string{"polygon", "--format", "json", "--max-n", "1", "--values", "0..0", "--count", "2"}, prog)
		if tc.want == "" && code != 0 || tc.want != "" && (code != 1 || !strings.Contains(out, tc.want)) || strings.Contains(out, "Go value") {
			t.Errorf("%.80s: exit %d, want %q:\n%.2000s", tc.answer, code, tc.want, out)
		}
	}
}

// judgeWords runs the judge on a shell program and returns the report.
func judgeWords(t *testing.T, args []string, body string) (int, string, string) {
	t.Helper()
	prog := filepath.Join(t.TempDir(), "prog.sh")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return judgeRun(t, args, prog)
}

// TestJudgeTimesAndMemory: CPU time is the limit (a sleeping program is
// stopped by the wall-time guard, saying so), a program slow but right is
// "too slow" with its size and time, never wrong, and --memory fails a
// program whose peak resident memory passes it.
func TestJudgeTimesAndMemory(t *testing.T) {
	jp := judgeProg.Argv(t)[0]
	for _, tc := range []struct {
		args, prog, want string
	}{
		{"--time 200ms --wall 2s", "-bug sleep", "too slow: no answer after 2.000 s of wall time, the guard of --wall, with 0.0"},
		{"--time 200ms --wall 60s", "-bug spin", "too slow: it used more than 0.300 s of CPU time on 4 vertices, past the limit of 0.200 s, and was stopped"},
		{"--time 300ms --wall 60s", "-bug slow", "too slow: it took 0.3"},
		{"--time 300ms --wall 60s", "-bug slow", "of CPU time on 4 vertices, over the limit of 0.300 s (its answer was right)"},
	} {
		code, out, _ := judgeRun(t, append([]string{"polygon", "--count", "10"}, strings.Fields(tc.args)...), append([]string{jp}, strings.Fields(tc.prog)...)...)
		if code != 1 || !strings.Contains(out, tc.want) || !strings.Contains(out, "(4 vertices, not shrunk: each try would take the time limit)") {
			t.Errorf("%s %s: exit %d, want %q:\n%s", tc.args, tc.prog, code, tc.want, out)
		}
	}
	code, out, _ := judgeWords(t, []string{"coins", "--count", "2", "--memory", "64MB"},
		`exec python3 -c 'import sys, time; sys.stdin.read(); x = bytearray(200 << 20); time.sleep(0.5); print(1)'`)
	if _, err := exec.LookPath("python3"); err == nil && (code != 1 || !strings.Contains(out, "too much memory: its resident memory passed 64 MB (--memory)")) {
		t.Errorf("--memory: exit %d:\n%s", code, out)
	}
	code, out, _ = judgeRun(t, []string{"coins", "--count", "3", "--verbose"}, jp, "-game", "coins")
	if code != 0 || !regexp.MustCompile(`instance 3 \(seed 3, \d+ coins\): accepted, \d\.\d{3} s of CPU, (≤ )?[\d.]+ MB of memory`).MatchString(out) ||
		!strings.Contains(out, "slowest: ") {
		t.Errorf("--verbose: exit %d:\n%s", code, out)
	}
}

// TestJudgeReplayWorksForEveryInput: the printf line of the report writes
// the input exactly, whatever it holds: lines that start with -, quotes,
// % and backslashes.
func TestJudgeReplayWorksForEveryInput(t *testing.T) {
	code, out, _ := judgeWords(t, []string{"coins", "--format", "deque", "--values", "-99..-1", "--count", "3", "--shrink-time", "1ms"}, "cat >/dev/null; echo 1")
	line := regexp.MustCompile(`re-run without the file: (.*) \| .*prog\.sh\n`).FindStringSubmatch(out)
	if code != 1 || line == nil {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	got, err := exec.Command("sh", "-c", line[1]).Output()
	saved := regexp.MustCompile(`saved in (.*)\n`).FindStringSubmatch(out)
	want, _ := os.ReadFile(saved[1])
	if err != nil || !bytes.Equal(got, want) || !bytes.Contains(want, []byte("\n-")) {
		t.Errorf("%s gives %q (%v), the input is %q", line[1], got, err, want)
	}
}
