package all_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gamelab/gameio"
	"gamelab/kernel/games"
	_ "gamelab/kernel/games/all"
)

// runBatch runs game's batch in format (rules as --rules takes them) on
// input and returns what it wrote and its status, as the batch command does.
func runBatch(t testing.TB, game, format, rules, input string) (stdout, stderr string, code int) {
	t.Helper()
	g := games.Lookup(game)
	f, err := g.Format(format)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Default().ParseText(rules)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code = gameio.Batch{Game: g.Name, Unit: g.Batch.Unit}.Run(context.Background(), f.Read(strings.NewReader(input), r), &out, &errb)
	return out.String(), errb.String(), code
}

// readCase reads a reference case from testdata: inputs and outputs of the
// original programs and contests, compared byte for byte.
func readCase(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("reference case: %v", err)
	}
	return string(b)
}

// The original program's output, byte for byte (the two ASCII lines included).
func TestPolygonSeedCases(t *testing.T) {
	out, errs, code := runBatch(t, "polygon", "seed", "", readCase(t, "polygon_seed.in"))
	if want := readCase(t, "polygon_seed.out"); code != 0 || out != want {
		t.Fatalf("exit %d, stderr %q\n got:\n%s\nwant:\n%s", code, errs, out, want)
	}
}

// IOI 1998 data (CRLF in and out). polygon3 ("t 0 x 1 t -2") has no
// published answer; by hand: deleting edge 1 leaves 0*1+-2, best 0*(1+-2) = 0;
// edge 2 leaves 1+-2+0 = -1; edge 3 leaves -2+0*1 = -2 either way. So "0", "1".
func TestPolygonIOICases(t *testing.T) {
	for _, k := range []string{"1", "2", "3", "4", "5"} {
		in := readCase(t, "ioi98_polygon/polygon"+k+".in")
		want := "0\r\n1\r\n"
		if k != "3" {
			want = readCase(t, "ioi98_polygon/polygon"+k+".out")
		}
		out, errs, code := runBatch(t, "polygon", "ioi", "", in)
		if code != 0 || out != want {
			t.Errorf("polygon%s: exit %d, stderr %q, got %q, want %q", k, code, errs, out, want)
		}
	}
}

func TestPolygonJSON(t *testing.T) {
	out, _, code := runBatch(t, "polygon", "json", "", "5\n* -5 + -2 * -8 * -5 + 8\n1\n+ 123456789012345678901234567890\n")
	want := `{"n":5,"scores":[168,480,488,488,120],"best":488,"optimal":[3,4],"first":3,"merges":[2,1,5,4]}` + "\n" +
		`{"n":1,"scores":[123456789012345678901234567890],"best":123456789012345678901234567890,"optimal":[1],"first":1,"merges":[]}` + "\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d\n got %s\nwant %s", code, out, want)
	}
	// Under a variant, in every dialect: the goal and '-' (v2 − v3 …), and
	// "rules" last in the JSON.
	out, errs, code := runBatch(t, "polygon", "json", "goal=min", "3\n- 2 + 3 * -4\n")
	if code != 0 || !strings.HasSuffix(out, `,"rules":{"goal":"min"}}`+"\n") {
		t.Errorf("goal=min: exit %d (%s) %s", code, errs, out)
	}
	if out, _, _ := runBatch(t, "polygon", "ioi", "goal=min", "3\n- 2 + 3 * -4\n"); out == "" || strings.Contains(out, "rules") {
		t.Errorf("goal=min in the ioi dialect: %q", out)
	}
}

// Bad instances are reported with their number and line; the good ones are
// still answered, and the exit status says something failed.
func TestPolygonBadInput(t *testing.T) {
	in := "2\n+ 3 * -4\n" + // 1: fine
		"3\n+ 1 y 2 * 3\n" + // 2: unknown operator on line 4
		"x\n" + // 3: no count
		"2\n+ 1 * 2 + 3\n" + // 4: too many tokens
		"0\n" + // 5: n = 0
		"2\n+ 1\n* 5\n" + // 6: fine, tokens over two lines
		"3\n+ 1 * 2\n" // 7: input ends early
	out, errs, code := runBatch(t, "polygon", "json", "", in)
	if code == 0 {
		t.Errorf("exit 0 on bad input")
	}
	if got := strings.Count(out, "\n"); got != 2 || !strings.Contains(out, `"best":-1`) || !strings.Contains(out, `"best":6`) {
		t.Errorf("answers for the good instances missing:\n%s", out)
	}
	for _, want := range []string{
		`gamelab polygon: instance 2 (line 4, column 5): token 3 "y": unknown operator`,
		`gamelab polygon: instance 3 (line 5, column 1): want the number of vertices n ≥ 1, got "x"`,
		`gamelab polygon: instance 4 (line 6): n = 2 wants 4 tokens (op v pairs), lines 6-7 hold 6`,
		`gamelab polygon: instance 5 (line 8, column 1): want the number of vertices n ≥ 1, got "0"`,
		`gamelab polygon: instance 7 (line 12): n = 3 wants 6 tokens (op v pairs), input ended after 4`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}

// A bad vertex count is one error: the lines of its ring that follow (up
// to the next line that starts with a count) are not reported as more bad
// counts. A count past int64 is called too large.
func TestPolygonBadCountIsOneError(t *testing.T) {
	in := "x\n* 1 + 2\n+ 3\n" + // 1: no count, and its ring's two lines
		"2\n+ 1 * 2\n" + // 2: fine
		"99999999999999999999\n- 1\n" + // 3: too large
		"1\n+ 5\n" // 4: fine
	out, errs, code := runBatch(t, "polygon", "ioi", "", in)
	want := "gamelab polygon: instance 1 (line 1, column 1): want the number of vertices n ≥ 1, got \"x\"\n" +
		"gamelab polygon: instance 3 (line 6, column 1): the number of vertices 99999999999999999999 is too large\n"
	if code != 1 || out != "3\r\n2\r\n5\r\n1\r\n" || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant:\n%s", code, out, errs, want)
	}
}

func TestCoinsSeedSample(t *testing.T) {
	out, errs, code := runBatch(t, "coins", "seed", "", readCase(t, "coins_sample.in"))
	if want := readCase(t, "coins_sample.out"); out != want || errs != "" || code != 0 {
		t.Errorf("got %q (stderr %q, exit %d), want %q", out, errs, code, want)
	}
}

func TestCoinsDequeSamples(t *testing.T) {
	ins, err := filepath.Glob(filepath.Join("testdata", "atcoder_dp_l", "*.in"))
	if err != nil || len(ins) != 5 {
		t.Fatalf("found %d AtCoder samples (%v)", len(ins), err)
	}
	var all, allWant string
	for _, in := range ins {
		name := strings.TrimPrefix(in, "testdata/")
		input, want := readCase(t, name), readCase(t, strings.TrimSuffix(name, ".in")+".out")
		out, errs, code := runBatch(t, "coins", "deque", "", input)
		if out != want || errs != "" || code != 0 {
			t.Errorf("%s: got %q (stderr %q, exit %d), want %q", name, out, errs, code, want)
		}
		all, allWant = all+input, allWant+want
	}
	// All five in one input: instances follow each other.
	if out, errs, code := runBatch(t, "coins", "deque", "", all); out != allWant || code != 0 {
		t.Errorf("concatenated samples: got %q (stderr %q, exit %d), want %q", out, errs, code, allWant)
	}
}

func TestCoinsFormats(t *testing.T) {
	for _, tc := range []struct {
		name, in      string
		format, rules string
		out           string
	}{
		{"json", "10 80 90 30\n", "json", "",
			`{"n":4,"best":110,"second":100,"diff":10,"moves":"RRRL"}` + "\n"},
		{"json big", "9000000000000000000 9000000000000000000 9000000000000000000\r\n", "json", "",
			`{"n":3,"best":18000000000000000000,"second":9000000000000000000,"diff":9000000000000000000,"moves":"RRL"}` + "\n"},
		{"seed several rows, blank lines skipped, no final newline", "\n10 80 90 30\n \t\n-5\n10 100 10", "seed", "",
			"110 RRRL\n-5 L\n20 RRL\n"}, // a tie for A: R; then B leaves A the 10
		{"seed beyond int64", "9223372036854775807 9223372036854775807 1\n", "seed", "",
			"9223372036854775808 RRL\n"},
		{"deque on one line", "4 10 80 90 30", "deque", "", "10\n"},
		{"empty input", "", "seed", "", ""},
		// Stone Game III: take 1..3 from the left; the first player loses 1.
		{"json under rules", "1 2 3 7\n", "json", "take=3,ends=left",
			`{"n":4,"best":6,"second":7,"diff":-1,"moves":"L3L","rules":{"ends":"left","take":3}}` + "\n"},
		// Stone Game VII: each move scores the coins left; margin 6.
		{"deque under rules", "5\n5 3 1 4 2\n", "deque", "score=rest", "6\n"},
	} {
		out, errs, code := runBatch(t, "coins", tc.format, tc.rules, tc.in)
		if out != tc.out || errs != "" || code != 0 {
			t.Errorf("%s: got %q (stderr %q, exit %d), want %q", tc.name, out, errs, code, tc.out)
		}
	}
}

func TestCoinsBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		format   string
		out      string
		errs     []string // lines expected on stderr
		code     int
	}{
		{"bad row among good ones", "10 80 90 30\n1 x 3\n\n5 5\n", "seed", "110 RRRL\n5 RL\n",
			[]string{`gamelab coins: instance 2 (line 2, column 3): token 2 "x": not an integer`}, 1},
		{"json too", "1.5\n7\n", "json", `{"n":1,"best":7,"second":0,"diff":7,"moves":"L"}` + "\n",
			[]string{`gamelab coins: instance 1 (line 1, column 1): token 1 "1.5": not an integer`}, 1},
		{"deque bad coin, next instance still read", "2\n1 y\n1\n7\n", "deque", "7\n",
			[]string{`gamelab coins: instance 1 (line 2, column 3): coin 2 "y": not an integer`}, 1},
		{"deque truncated", "3\n1 2\n", "deque", "",
			[]string{`gamelab coins: instance 1 (line 1): the count N = 3, but the input ends after 2 coins`}, 1},
		{"deque bad N", "1\n5\n0\n4\n", "deque", "5\n",
			[]string{`gamelab coins: instance 2 (line 3, column 1): the count N = "0" is not a positive integer; the rest of the input is skipped`}, 1},
	} {
		out, errs, code := runBatch(t, "coins", tc.format, "", tc.in)
		if out != tc.out || code != tc.code || errs != strings.Join(tc.errs, "\n")+"\n" {
			t.Errorf("%s: got %q, stderr %q, exit %d; want %q, stderr %q, exit %d",
				tc.name, out, errs, code, tc.out, tc.errs, tc.code)
		}
	}
}

func TestLifelineSeedSample(t *testing.T) {
	in, want := readCase(t, "lifeline_sample.in"), readCase(t, "lifeline_sample.out")
	for _, input := range []string{in, strings.ReplaceAll(in, "\n", "\r\n")} {
		out, errs, code := runBatch(t, "lifeline", "seed", "", input)
		if code != 0 || errs != "" {
			t.Errorf("exit %d, stderr %q", code, errs)
		}
		if out != want {
			t.Errorf("output\n%s\nwant (lifeline_sample.out)\n%s", out, want)
		}
	}
}

func TestLifelineJSON(t *testing.T) {
	out, errs, code := runBatch(t, "lifeline", "json", "", readCase(t, "lifeline_sample.in"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d answers, want 12:\n%s", len(lines), out)
	}
	if want := `{"n":4,"player":4,"best":6,"moves":[[3,2]]}`; lines[0] != want {
		t.Errorf("first answer %s, want %s", lines[0], want)
	}
	if want := `{"n":4,"player":2,"best":8,"moves":[[4,4]]}`; lines[4] != want {
		t.Errorf("fifth answer %s, want %s", lines[4], want)
	}
	bests := strings.Fields(readCase(t, "lifeline_sample.out"))
	for i, l := range lines {
		var v struct {
			N, Player, Best int
			Moves           [][2]int
		}
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("answer %d is not JSON: %v\n%s", i+1, err, l)
		}
		if strconv.Itoa(v.Best) != bests[i] || v.N < 4 || v.Player < 1 || len(v.Moves) == 0 {
			t.Errorf("answer %d: %+v, want best %s", i+1, v, bests[i])
		}
	}
	// The empty size-5 board: every one of its 15 vertices is best.
	if !strings.HasPrefix(lines[10], `{"n":5,"player":9,"best":0,"moves":[[1,1],[2,1],[2,2],[3,1],`) {
		t.Errorf("empty board: %s", lines[10])
	}
	// A square board under Go's capture order: the 4 on (1,2) is taken
	// with the 1 on (1,1) it walls in, not removed with it.
	out, errs, code = runBatch(t, "lifeline", "json", "grid=square,capture=others-first", "2 4\n1 0\n4 4\n0 0\n")
	if code != 0 || out != `{"n":2,"player":4,"best":1,"moves":[[1,2]],"rules":{"capture":"others-first","grid":"square"}}`+"\n" {
		t.Errorf("square, others first: exit %d (%s) %s", code, errs, out)
	}
}

func TestBatchLifelineErrors(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		code        int
		out, err    string
	}{
		{"no move, others answered", "3 1\n1\n0 2\n3 0 5\n3 1\n1\n2 2\n3 4 5\n4 4\n2\n2 3\n1 0 4\n1 1 4 0\n0 0\n",
			1, "1\n6\n", "gamelab lifeline: dataset 2 (line 5): the board has no empty vertex, so there is no move\n"},
		{"cell out of range", "3 1\n1\n0 12\n3 4 5\n3 2\n0\n0 0\n0 0 0\n0 0\n",
			1, "0\n", "gamelab lifeline: dataset 1 (line 3, column 3): cell \"12\" outside 0..9 (row 2, position 2)\n"},
		{"cell not a number", "3 1\n1 x 0 3 4 5\n",
			1, "", "gamelab lifeline: dataset 1 (line 2, column 3): cell \"x\" is not a number 0..9 (row 2, position 1)\n"},
		{"bad player", "3 10\n1 0 2 3 0 5\n3 1\n1 0 2 3 0 5\n",
			1, "1\n", "gamelab lifeline: dataset 1 (line 1, column 3): player \"10\" is not a number 1..9\n"},
		{"bad size", "4 4\n2 2 3 1 0 4 1 1 4 0\n-3 1\n1 1 1\n",
			1, "6\n", "gamelab lifeline: dataset 2 (line 3, column 1): board size \"-3\" is not a number 1..65535; the rest of the input is not read\n"},
		{"short board", "4 4\n2 2 3\n1 0 4\n",
			1, "", "gamelab lifeline: dataset 1 (line 1): the input ends after 6 of the board's 10 cells\n"},
		{"header cut", "4 4\n2 2 3 1 0 4 1 1 4 0\n5",
			1, "6\n", "gamelab lifeline: dataset 2 (line 3): the input ends after the board size \"5\"; want N C, then the board\n"},
		{"no end marker", "1 3\n0", 0, "-1\n", ""},
		{"text after end marker", "1 3\n0\n0 0\ngarbage", 0, "-1\n", ""},
		{"empty input", "", 0, "", ""},
		{"unreachable warning", "4 1\n0\n7 7\n5 7 7\n5 5 7 7\n0 0\n",
			0, "5\n", "gamelab lifeline: dataset 1 (line 1): warning: unreachable board: the group of 3 stones 5 at (3,1) (4,1) (4,2) touches no empty vertex; it counts for no move\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runBatch(t, "lifeline", "seed", "", tc.input)
			if code != tc.code || out != tc.out || errs != tc.err {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant exit %d, stdout %q, stderr %q", code, out, errs, tc.code, tc.out, tc.err)
			}
		})
	}
}

func TestLifelineManyUnreachable(t *testing.T) {
	// Under the 1s around the empty apex, four groups of 2s and 3s wall
	// each other in: {(3,1),(4,2)}, {(3,2),(4,3)}, {(3,3),(4,4)}, {(4,1)}.
	input := "4 9\n0\n1 1\n2 3 2\n3 2 3 2\n0 0\n"
	_, errs, code := runBatch(t, "lifeline", "seed", "", input)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(errs, "warning:"); n != 4 || !strings.Contains(errs, "warning: and 1 more such groups") {
		t.Errorf("want 3 groups named and 1 more counted, got:\n%s", errs)
	}
}
