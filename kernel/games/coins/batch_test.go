package coins_test

import (
	"path/filepath"
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
)

func TestCoinsSeedSample(t *testing.T) {
	out, errs, code := gamestest.RunBatch(t, "coins", "seed", "", gamestest.ReadCase(t, "coins_sample.in"))
	if want := gamestest.ReadCase(t, "coins_sample.out"); out != want || errs != "" || code != 0 {
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
		input, want := gamestest.ReadCase(t, name), gamestest.ReadCase(t, strings.TrimSuffix(name, ".in")+".out")
		out, errs, code := gamestest.RunBatch(t, "coins", "deque", "", input)
		if out != want || errs != "" || code != 0 {
			t.Errorf("%s: got %q (stderr %q, exit %d), want %q", name, out, errs, code, want)
		}
		all, allWant = all+input, allWant+want
	}
	// All five in one input: instances follow each other.
	if out, errs, code := gamestest.RunBatch(t, "coins", "deque", "", all); out != allWant || code != 0 {
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
		out, errs, code := gamestest.RunBatch(t, "coins", tc.format, tc.rules, tc.in)
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
		out, errs, code := gamestest.RunBatch(t, "coins", tc.format, "", tc.in)
		if out != tc.out || code != tc.code || errs != strings.Join(tc.errs, "\n")+"\n" {
			t.Errorf("%s: got %q, stderr %q, exit %d; want %q, stderr %q, exit %d",
				tc.name, out, errs, code, tc.out, tc.errs, tc.code)
		}
	}
}

func FuzzCoinsBatch(f *testing.F) {
	seeds := append(gamestest.SeedFiles(f, "coins_sample.in"), gamestest.SeedFiles(f, "atcoder_dp_l/*.in")...)
	seeds = append(seeds, "10 80 90 30\n", "\n\n-5\n", "3\n1 2\n3")
	gamestest.FuzzBatch(f, "coins", "take=2M,ends=left,score=rest", seeds)
}
