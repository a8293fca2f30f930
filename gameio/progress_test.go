package gameio

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestBatchProgress: with Progress, an instance that runs long shows its
// progress on that writer, named by its number, and erases it when it is
// answered; the answers are the same as without. The clock is the test's,
// a second further at every look, so "long" needs no real time.
func TestBatchProgress(t *testing.T) {
	ring := "40\n" + strings.Repeat("* -3 + 2 ", 20) + "\n"
	row := strings.Repeat("7 1 9 ", 100) + "\n"
	for _, tc := range []struct {
		name  string
		input string
		run   func(Batch, *bytes.Buffer, *bytes.Buffer) int
	}{
		{"polygon", "1\n+ 5\n" + ring, func(b Batch, out, errw *bytes.Buffer) int {
			return b.Polygons(strings.NewReader("1\n+ 5\n"+ring), out, errw)
		}},
		{"coins", "3\n" + row, func(b Batch, out, errw *bytes.Buffer) int {
			return b.Coins(strings.NewReader("3\n"+row), out, errw)
		}},
	} {
		var plain, plainErr bytes.Buffer
		if tc.run(Batch{Format: JSON}, &plain, &plainErr) != 0 {
			t.Fatalf("%s: %s", tc.name, plainErr.String())
		}
		clock := time.Unix(0, 0)
		tick := func() time.Time { clock = clock.Add(time.Second); return clock }
		var out, errw, prog bytes.Buffer
		if tc.run(Batch{Format: JSON, Progress: &prog, now: tick}, &out, &errw) != 0 || out.String() != plain.String() {
			t.Errorf("%s: with progress %q (%s), without %q", tc.name, out.String(), errw.String(), plain.String())
		}
		p := prog.String()
		if !strings.Contains(p, "\r\x1b[Kinstance 2: ") || !strings.Contains(p, "% done, about ") || !strings.HasSuffix(p, "\r\x1b[K") {
			t.Errorf("%s: progress %q", tc.name, p)
		}
		if strings.Contains(p, "instance 1:") {
			t.Errorf("%s: the one-vertex instance showed progress: %q", tc.name, p)
		}
	}
}
