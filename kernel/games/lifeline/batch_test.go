package lifeline_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
)

func TestLifelineSeedSample(t *testing.T) {
	in, want := gamestest.ReadCase(t, "lifeline_sample.in"), gamestest.ReadCase(t, "lifeline_sample.out")
	for _, input := range []string{in, strings.ReplaceAll(in, "\n", "\r\n")} {
		out, errs, code := gamestest.RunBatch(t, "lifeline", "seed", "", input)
		if code != 0 || errs != "" {
			t.Errorf("exit %d, stderr %q", code, errs)
		}
		if out != want {
			t.Errorf("output\n%s\nwant (lifeline_sample.out)\n%s", out, want)
		}
	}
}

func TestLifelineJSON(t *testing.T) {
	out, errs, code := gamestest.RunBatch(t, "lifeline", "json", "", gamestest.ReadCase(t, "lifeline_sample.in"))
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
	bests := strings.Fields(gamestest.ReadCase(t, "lifeline_sample.out"))
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
	out, errs, code = gamestest.RunBatch(t, "lifeline", "json", "grid=square,capture=others-first", "2 4\n1 0\n4 4\n0 0\n")
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
			out, errs, code := gamestest.RunBatch(t, "lifeline", "seed", "", tc.input)
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
	_, errs, code := gamestest.RunBatch(t, "lifeline", "seed", "", input)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(errs, "warning:"); n != 4 || !strings.Contains(errs, "warning: and 1 more such groups") {
		t.Errorf("want 3 groups named and 1 more counted, got:\n%s", errs)
	}
}

func FuzzLifelineBatch(f *testing.F) {
	seeds := append(gamestest.SeedFiles(f, "lifeline_sample.in"), "4 4\n 2\n 2 3\n 1 0 4\n1 1 4 0\n0 0\n", "1 1\n0\n0 0\n")
	gamestest.FuzzBatch(f, "lifeline", "capture=others-first,suicide=false", seeds)
}
