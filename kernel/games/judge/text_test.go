//go:build !js

package judge

import (
	"os/exec"
	"strings"
	"testing"
)

func TestExpressionWritesTheSizeAndSeed(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"randcoins(#n, #seed)", "randcoins(5, 18446744073709551615)"},
		{"randcoins(#n+1, #seed, {values: -#n..#n})", "randcoins(5+1, 18446744073709551615, {values: -5..5})"},
		{`coins([#n, 1]) // "#n"`, `coins([5, 1]) // "#n"`},
		{`f("#seed", '#n', ` + "`#n`" + `, #nope, #seedy, #)`, `f("#seed", '#n', ` + "`#n`" + `, #nope, #seedy, #)`},
		{`map(1..#n, #)`, `map(1..5, #)`},
	} {
		if got := Expression(tc.in, 5, ^uint64(0)); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.in, got, tc.want)
		}
	}
	if err := CheckGen("randcoins(5, 1)"); err == nil || !strings.Contains(err.Error(), "neither #n") {
		t.Errorf("CheckGen without #n or #seed: %v", err)
	}
}

func TestSafeShowsWhatAProgramWroteEscaped(t *testing.T) {
	for in, want := range map[string]string{
		"plain\n\tline":         "plain\n\tline",
		"crlf\r\nend":           "crlf\nend",
		"\x1b[2J\x07bell\r":     `\x1b[2J\x07bell\x0d`,
		"\xff\xfe é ∑":          `\xff\xfe é ∑`,
		"\u202eevil\u200b\x7f":  `\u202eevil\u200b\x7f`,
		"\xe2\x82":              `\xe2\x82`,
		strings.Repeat("ab", 3): "ababab",
	} {
		if got := Safe([]byte(in)); got != want {
			t.Errorf("Safe(%q) = %q, want %q", in, got, want)
		}
	}
}

// The printf line of a report writes the input back exactly, whatever it
// holds: a line that starts with -, quotes, % and backslashes.
func TestPrintfReplayIsExact(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	input := "-5 -3\n-- x\n'quoted' \"twice\" 100% \\n \\\\ $HOME `x`\n\n-e\n"
	line := printfCommand([]byte(input))
	got, err := exec.Command("sh", "-c", line).Output()
	if err != nil || string(got) != input {
		t.Errorf("%s gives %q (%v), want %q", line, got, err, input)
	}
}

// A JSON answer of any depth is read: what nests too deep to read is
// skipped and named by its depth, never "not valid JSON".
func TestAnswerJSONReadsAnyDepth(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	m, err := AnswerJSON([]byte(`{"n":1,"x":` + deep + `,"best":12345678901234567890123}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := JSONWords(m["x"]); !strings.HasPrefix(got, "a list") {
		t.Errorf("x is %s", got)
	}
	if best, err := JSONNumber(m, "best"); err != nil || best != "12345678901234567890123" {
		t.Errorf("best is %q, %v", best, err)
	}
	if _, err := AnswerJSON([]byte(`{"n":1,"x":` + deep[:150000] + `}`)); err == nil || strings.Contains(err.Error(), "depth") {
		t.Errorf("an unfinished deep answer: %v", err)
	}
}

// A report shows at most the first lines of an output, each cut, and says
// how much there was, or that the program was stopped for it.
func TestHeadCutsLinesAndSaysSo(t *testing.T) {
	long := strings.Repeat("7", 5000)
	if got := string(head([]byte("a\n"+long+"\nb\n"), 30, 8000, false)); !strings.Contains(got, "… (5001 bytes on this line)") || !strings.Contains(got, "b\n… (5005 bytes in all)\n") {
		t.Errorf("head of a long line: %q", got)
	}
	if got := string(head([]byte("y\ny\n"), 1, 100, true)); got != "y\n… (cut: the program wrote more than 1 MB and was stopped)\n" {
		t.Errorf("head of a cut output: %q", got)
	}
	if got := string(head([]byte("é"+strings.Repeat("é", 300)), 30, 201, false)); !strings.HasPrefix(got, "éé") || strings.Contains(got, "\xc3\n") {
		t.Errorf("head cut in a character: %q", got)
	}
}
