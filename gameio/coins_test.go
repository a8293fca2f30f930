package gameio_test

import (
	"path/filepath"
	"strings"
	"testing"

	"gamelab/gameio"
)

func TestCoinsSeedSample(t *testing.T) {
	out, errs, code := runBatch(gameio.SolveCoins, gameio.Seed, readCase(t, "coins_sample.in"))
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
		out, errs, code := runBatch(gameio.SolveCoins, gameio.Deque, input)
		if out != want || errs != "" || code != 0 {
			t.Errorf("%s: got %q (stderr %q, exit %d), want %q", name, out, errs, code, want)
		}
		all, allWant = all+input, allWant+want
	}
	// All five in one input: instances follow each other.
	if out, errs, code := runBatch(gameio.SolveCoins, gameio.Deque, all); out != allWant || code != 0 {
		t.Errorf("concatenated samples: got %q (stderr %q, exit %d), want %q", out, errs, code, allWant)
	}
}

func TestCoinsFormats(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		format   gameio.Format
		out      string
	}{
		{"json", "10 80 90 30\n", gameio.JSON,
			`{"n":4,"best":110,"second":100,"diff":10,"moves":"RRRL"}` + "\n"},
		{"json big", "9000000000000000000 9000000000000000000 9000000000000000000\r\n", gameio.JSON,
			`{"n":3,"best":18000000000000000000,"second":9000000000000000000,"diff":9000000000000000000,"moves":"RRL"}` + "\n"},
		{"seed several rows, blank lines skipped, no final newline", "\n10 80 90 30\n \t\n-5\n10 100 10", gameio.Seed,
			"110 RRRL\n-5 L\n20 RRL\n"}, // a tie for A: R; then B leaves A the 10
		{"seed beyond int64", "9223372036854775807 9223372036854775807 1\n", gameio.Seed,
			"9223372036854775808 RRL\n"},
		{"deque on one line", "4 10 80 90 30", gameio.Deque, "10\n"},
		{"empty input", "", gameio.Seed, ""},
	} {
		out, errs, code := runBatch(gameio.SolveCoins, tc.format, tc.in)
		if out != tc.out || errs != "" || code != 0 {
			t.Errorf("%s: got %q (stderr %q, exit %d), want %q", tc.name, out, errs, code, tc.out)
		}
	}
}

func TestCoinsBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		format   gameio.Format
		out      string
		errs     []string // lines expected on stderr
		code     int
	}{
		{"bad row among good ones", "10 80 90 30\n1 x 3\n\n5 5\n", gameio.Seed, "110 RRRL\n5 RL\n",
			[]string{`gamelab coins: line 2: token 2 "x" at column 3: not an integer`}, 1},
		{"json too", "1.5\n7\n", gameio.JSON, `{"n":1,"best":7,"second":0,"diff":7,"moves":"L"}` + "\n",
			[]string{`gamelab coins: line 1: token 1 "1.5" at column 1: not an integer`}, 1},
		{"deque bad coin, next instance still read", "2\n1 y\n1\n7\n", gameio.Deque, "7\n",
			[]string{`gamelab coins: line 2: instance 1: coin 2 "y": not an integer`}, 1},
		{"deque truncated", "3\n1 2\n", gameio.Deque, "",
			[]string{`gamelab coins: line 2: instance 1 (N = 3 on line 1): input ends after 2 coins`}, 1},
		{"deque bad N", "1\n5\n0\n4\n", gameio.Deque, "5\n",
			[]string{`gamelab coins: line 3: instance 2: N = "0" is not a positive integer; the rest of the input is skipped`}, 1},
	} {
		out, errs, code := runBatch(gameio.SolveCoins, tc.format, tc.in)
		if out != tc.out || code != tc.code || errs != strings.Join(tc.errs, "\n")+"\n" {
			t.Errorf("%s: got %q, stderr %q, exit %d; want %q, stderr %q, exit %d",
				tc.name, out, errs, code, tc.out, tc.errs, tc.code)
		}
	}
}
