package gameio_test

import (
	"strings"
	"testing"

	"gamelab/gameio"
)

// The original program's output, byte for byte (the two ASCII lines included).
func TestPolygonSeedCases(t *testing.T) {
	out, errs, code := runBatch(gameio.SolvePolygons, gameio.Seed, readCase(t, "polygon_seed.in"))
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
		out, errs, code := runBatch(gameio.SolvePolygons, gameio.IOI, in)
		if code != 0 || out != want {
			t.Errorf("polygon%s: exit %d, stderr %q, got %q, want %q", k, code, errs, out, want)
		}
	}
}

func TestPolygonJSON(t *testing.T) {
	out, _, code := runBatch(gameio.SolvePolygons, gameio.JSON, "5\n* -5 + -2 * -8 * -5 + 8\n1\n+ 123456789012345678901234567890\n")
	want := `{"n":5,"scores":[168,480,488,488,120],"best":488,"optimal":[3,4],"first":3,"merges":[2,1,5,4]}` + "\n" +
		`{"n":1,"scores":[123456789012345678901234567890],"best":123456789012345678901234567890,"optimal":[1],"first":1,"merges":[]}` + "\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d\n got %s\nwant %s", code, out, want)
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
	out, errs, code := runBatch(gameio.SolvePolygons, gameio.JSON, in)
	if code == 0 {
		t.Errorf("exit 0 on bad input")
	}
	if got := strings.Count(out, "\n"); got != 2 || !strings.Contains(out, `"best":-1`) || !strings.Contains(out, `"best":6`) {
		t.Errorf("answers for the good instances missing:\n%s", out)
	}
	for _, want := range []string{
		`instance 2, line 4: token 3 "y": unknown operator (want + * t x)`,
		`instance 3, line 5: want the number of vertices n ≥ 1, got "x"`,
		`instance 4, line 6: n = 2 wants 4 tokens (op v pairs), lines 6-7 hold 6`,
		`instance 5, line 8: want the number of vertices n ≥ 1, got "0"`,
		`instance 7, line 12: n = 3 wants 6 tokens (op v pairs), input ended after 4`,
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}
