package main

import (
	"bytes"
	"gamelab/kernel/games"
	"os"
	"strings"
	"testing"
)

// The batch commands' flags reach gameio: the formats are gameio's tests'
// business, here only that each flag picks its dialect.
func TestBatchFlags(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		in       string
		code     int
		out, err string
	}{
		{[]string{"polygon"}, "1\n+ 7\n", 0, "|7|\n |\ni=1 7\nfirstDelEdge=1\nBestScore=7\n", ""},
		{[]string{"polygon", "--format", "ioi"}, "1\n+ 7\n", 0, "7\r\n1\r\n", ""},
		{[]string{"polygon", "-format=json"}, "1\n+ 7\n", 0, `{"n":1,"scores":[7],"best":7,"optimal":[1],"first":1,"merges":[]}` + "\n", ""},
		{[]string{"coins"}, "10 80 90 30\n", 0, "110 RRRL\n", ""},
		{[]string{"coins", "--format", "deque"}, "4 10 80 90 30", 0, "10\n", ""},
		{[]string{"coins", "--format=json"}, "10 80 90 30\n", 0, `{"n":4,"best":110,"second":100,"diff":10,"moves":"RRRL"}` + "\n", ""},
		{[]string{"lifeline"}, "1 3\n0\n0 0\n", 0, "-1\n", ""},
		{[]string{"lifeline", "--format", "json"}, "1 3\n0\n0 0\n", 0, `{"n":1,"player":3,"best":-1,"moves":[[1,1]]}` + "\n", ""},
		{[]string{"coins", "--format", "ioi"}, "1\n", 2, "", "gamelab coins: unknown --format \"ioi\" (want seed, deque or json)\n"},
		{[]string{"lifeline", "--format", "xml"}, "", 2, "", "gamelab lifeline: unknown --format \"xml\" (want seed or json)\n"},
		{[]string{"polygon", "rings.txt"}, "", 2, "", "gamelab polygon: unexpected argument \"rings.txt\" (input comes from standard input)\n"},
		// --rules, in every format.
		{[]string{"coins", "--rules", "take=3,ends=left"}, "1 2 3 7\n", 0, "6 L3L\n", ""},
		{[]string{"coins", "--rules=score=rest", "--format", "deque"}, "5 5 3 1 4 2", 0, "6\n", ""},
		{[]string{"polygon", "--rules", "goal=min", "--format", "ioi"}, "2\n- 3 * 4\n", 0, "1\r\n2\r\n", ""}, // edge 2 deleted leaves v2 − v1 = 1
		{[]string{"lifeline", "--rules", "grid=square", "--format", "json"}, "1 3\n0\n0 0\n", 0, `{"n":1,"player":3,"best":-1,"moves":[[1,1]],"rules":{"grid":"square"}}` + "\n", ""},
		{[]string{"coins", "--rules", "tkae=3"}, "1\n", 2, "", "gamelab coins: --rules names tkae, no rule of coins in a row (did you mean take?); its rules are take, ends and score\n"},
		{[]string{"coins", "--rules", "goal=min"}, "1\n", 2, "", "gamelab coins: --rules names goal, a rule of the polygon game, not of coins in a row (whose rules are take, ends and score)\n"},
		{[]string{"coins", "--rules", "take=0"}, "1\n", 2, "", "gamelab coins: --rules gives take 0, but take must be an integer k ≥ 1 or \"2M\"\n"},
		{[]string{"coins", "--rules", "take=2,take=3"}, "1\n", 2, "", "gamelab coins: --rules gives take twice; give each rule once\n"},
		// a byte order mark, as some editors save a file, is not a token
		{[]string{"polygon", "--format", "ioi"}, "\ufeff1\n+ 7\n", 0, "7\r\n1\r\n", ""},
		{[]string{"coins"}, "\ufeff10 80 90 30\n", 0, "110 RRRL\n", ""},
		{[]string{"coins", "--format", "deque"}, "\ufeff4 10 80 90 30", 0, "10\n", ""},
		{[]string{"lifeline"}, "\ufeff1 3\n0\n0 0\n", 0, "-1\n", ""},
		{[]string{"coins"}, "1 \ufeff2\n", 1, "", "gamelab coins: instance 1 (line 1, column 3): token 2 \"\\ufeff2\": not an integer\n"}, // only at the start
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, strings.NewReader(tc.in), &out, &errb)
		if code != tc.code || out.String() != tc.out || errb.String() != tc.err {
			t.Errorf("%v: exit %d, stdout %q, stderr %q\nwant exit %d, stdout %q, stderr %q",
				tc.args, code, out.String(), errb.String(), tc.code, tc.out, tc.err)
		}
	}
}

// Each batch command's help names its dialects and points to the examples.
func TestBatchHelp(t *testing.T) {
	if _, err := os.Stat("../../docs/formats.md"); err != nil {
		t.Errorf("the help points to docs/formats.md: %v", err)
	}
	for _, name := range games.NameList() {
		c := app.Lookup(name)
		var out, errb bytes.Buffer
		if code := run([]string{"help", c.Name}, strings.NewReader(""), &out, &errb); code != 0 {
			t.Fatalf("help %s: exit %d, %s", c.Name, code, errb.String())
		}
		if !strings.HasPrefix(out.String(), "gamelab "+c.Name+": "+c.Summary+"\n\nusage: gamelab "+c.Name+" ") {
			t.Errorf("help %s does not start with what it is, then its usage:\n%s", c.Name, out.String())
		}
		wants := []string{"docs/formats.md"}
		for _, f := range games.Lookup(name).Formats {
			wants = append(wants, f.Name)
		}
		for _, want := range wants {
			if !strings.Contains(out.String(), want) {
				t.Errorf("help %s lacks %q:\n%s", c.Name, want, out.String())
			}
		}
	}
}

// json(x) of a result in a session prints what --format json prints for the
// same instance: both come from gameio.
func TestJSONSameInSessionAndBatch(t *testing.T) {
	for _, tc := range []struct{ session, batch, in string }{
		{`solve(polygon("* -5 + -2 * -8 * -5 + 8"))`, "polygon", "5\n* -5 + -2 * -8 * -5 + 8\n"},
		{`solve(polygon("+ 123456789012345678901234567890"))`, "polygon", "1\n+ 123456789012345678901234567890\n"},
		{`solve(coins([9000000000000000000, 9000000000000000000, 1]))`, "coins", "9000000000000000000 9000000000000000000 1\n"},
		{`solve(board(4, "2  2 3  1 0 4  1 1 4 0"), 4)`, "lifeline", "4 4\n2 2 3 1 0 4 1 1 4 0\n"},
		{`trace(board(4, "2  2 3  1 0 4  1 1 4 0"), 4)`, "lifeline", "4 4\n2 2 3 1 0 4 1 1 4 0\n"},
	} {
		var session, batch, errb bytes.Buffer
		if code := run([]string{"-c", "print(json(" + tc.session + "))"}, strings.NewReader(""), &session, &errb); code != 0 {
			t.Fatalf("%s: exit %d, %s", tc.session, code, errb.String())
		}
		if code := run([]string{tc.batch, "--format", "json"}, strings.NewReader(tc.in), &batch, &errb); code != 0 {
			t.Fatalf("%s: exit %d, %s", tc.batch, code, errb.String())
		}
		if session.String() != batch.String() {
			t.Errorf("json(%s) = %s\n--format json gives %s", tc.session, session.String(), batch.String())
		}
	}
}
