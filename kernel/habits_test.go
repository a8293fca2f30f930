package kernel

import (
	"regexp"
	"testing"
)

// TestTime: time(x) is x, and the wall time goes to the error stream.
func TestTime(t *testing.T) {
	s := newTestSession()
	out := run(t, s, "r = time(sum(1..1000))\nr")
	if out.Err != nil || resultText(out) != "500500" {
		t.Fatalf("time(x) = %s, %v", resultText(out), out.Err)
	}
	if !regexp.MustCompile(`^wall time: [0-9.]+ (s|ms|µs|ns)\n$`).MatchString(out.Stderr) {
		t.Errorf("stderr %q", out.Stderr)
	}
	if out.Stdout != "" {
		t.Errorf("stdout %q", out.Stdout)
	}
	// In a pipe, and with a failing argument (no time then: the cell failed).
	if out := run(t, s, "[3, 1] | sort() | time()"); resultText(out) != "[1, 3]" || out.Stderr == "" {
		t.Errorf("piped: %s %q %v", resultText(out), out.Stderr, out.Err)
	}
	if out := run(t, s, "time(nope)"); out.Err == nil || out.Err.Kind != "NameError" {
		t.Errorf("time(nope): %v", out.Err)
	}
}

// TestSemicolons: ";" separates statements on one line, except inside
// brackets and strings, and after let, whose ";" is expr's.
func TestSemicolons(t *testing.T) {
	for _, tc := range []struct{ cell, want string }{
		{"x = 2; x * 21", "42"},
		{"x = 2; y = 3; [x, y]", "[2, 3]"},
		{"let y = 3; y * y", "9"},
		{"a = 1; let z = 2; z + a", "3"},
		{`s = "a;b"; s`, `"a;b"`},
		{"map(1..3, {let q = #; q * 2})", "[2, 4, 6]"},
		{"x = [1,\n 2]; len(x)", "2"},
		{"x = 1;", "<none>"},
		{"1; ; 2", "2"},
		{"x = 5 # a comment; not a statement", "<none>"},
	} {
		out := run(t, newTestSession(), tc.cell)
		if out.Err != nil || resultText(out) != tc.want {
			t.Errorf("%q = %s, %v; want %s", tc.cell, resultText(out), out.Err, tc.want)
		}
	}
	// An error names the column in the line as typed, and stops the rest.
	s := newTestSession()
	out := run(t, s, "x = 1; nope; x = 5")
	if out.Err == nil || out.Err.Line != 1 || out.Err.Column != 8 {
		t.Fatalf("error %v", out.Err)
	}
	if out := run(t, s, "x"); resultText(out) != "1" {
		t.Errorf("x = %s after the failed statement", resultText(out))
	}
}
