package polygon_test

import (
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
)

// The original program's output, byte for byte (the two ASCII lines included).
func TestPolygonSeedCases(t *testing.T) {
	out, errs, code := gamestest.RunBatch(t, "polygon", "seed", "", gamestest.ReadCase(t, "polygon_seed.in"))
	if want := gamestest.ReadCase(t, "polygon_seed.out"); code != 0 || out != want {
		t.Fatalf("exit %d, stderr %q\n got:\n%s\nwant:\n%s", code, errs, out, want)
	}
}

// IOI 1998 data (CRLF in and out). polygon3 ("t 0 x 1 t -2") has no
// published answer; by hand: deleting edge 1 leaves 0*1+-2, best 0*(1+-2) = 0;
// edge 2 leaves 1+-2+0 = -1; edge 3 leaves -2+0*1 = -2 either way. So "0", "1".
func TestPolygonIOICases(t *testing.T) {
	for _, k := range []string{"1", "2", "3", "4", "5"} {
		in := gamestest.ReadCase(t, "ioi98_polygon/polygon"+k+".in")
		want := "0\r\n1\r\n"
		if k != "3" {
			want = gamestest.ReadCase(t, "ioi98_polygon/polygon"+k+".out")
		}
		out, errs, code := gamestest.RunBatch(t, "polygon", "ioi", "", in)
		if code != 0 || out != want {
			t.Errorf("polygon%s: exit %d, stderr %q, got %q, want %q", k, code, errs, out, want)
		}
	}
}

func TestPolygonJSON(t *testing.T) {
	out, _, code := gamestest.RunBatch(t, "polygon", "json", "", "5\n* -5 + -2 * -8 * -5 + 8\n1\n+ 123456789012345678901234567890\n")
	want := `{"n":5,"scores":[168,480,488,488,120],"best":488,"optimal":[3,4],"first":3,"merges":[2,1,5,4]}` + "\n" +
		`{"n":1,"scores":[123456789012345678901234567890],"best":123456789012345678901234567890,"optimal":[1],"first":1,"merges":[]}` + "\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d\n got %s\nwant %s", code, out, want)
	}
	// Under a variant, in every dialect: the goal and '-' (v2 − v3 …), and
	// "rules" last in the JSON.
	out, errs, code := gamestest.RunBatch(t, "polygon", "json", "goal=min", "3\n- 2 + 3 * -4\n")
	if code != 0 || !strings.HasSuffix(out, `,"rules":{"goal":"min"}}`+"\n") {
		t.Errorf("goal=min: exit %d (%s) %s", code, errs, out)
	}
	if out, _, _ := gamestest.RunBatch(t, "polygon", "ioi", "goal=min", "3\n- 2 + 3 * -4\n"); out == "" || strings.Contains(out, "rules") {
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
	out, errs, code := gamestest.RunBatch(t, "polygon", "json", "", in)
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
	out, errs, code := gamestest.RunBatch(t, "polygon", "ioi", "", in)
	want := "gamelab polygon: instance 1 (line 1, column 1): want the number of vertices n ≥ 1, got \"x\"\n" +
		"gamelab polygon: instance 3 (line 6, column 1): the number of vertices 99999999999999999999 is too large\n"
	if code != 1 || out != "3\r\n2\r\n5\r\n1\r\n" || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant:\n%s", code, out, errs, want)
	}
}

func FuzzPolygonBatch(f *testing.F) {
	seeds := append(gamestest.SeedFiles(f, "polygon_seed.in"), gamestest.SeedFiles(f, "ioi98_polygon/*.in")...)
	seeds = append(seeds, "1\n+ 5\n", "3\nx -1 t 2 * 3", "2\n+ 1", "0\n", strings.Repeat("5\n", 3), "3\n- 1 - -2 * 3\n")
	gamestest.FuzzBatch(f, "polygon", "goal=min", seeds)
}
