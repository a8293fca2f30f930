package script

import (
	"io"
	"regexp"
	"strings"
)

// A transcript records a session, not the machine it ran on. The one line
// a statement writes that measures the run itself, time(x)'s wall time on
// the error stream ("wall time: 394 ms"), is written in a transcript in
// its shape, "wall time: …": so a golden that `gamelab test --update`
// wrote replays on any machine at any load, and a notebook's saved
// "wall time" matches its replay's. The solve's warning before a long
// solve needs no such rule: it is the cost model's estimate, the same on
// every machine. Every other line is compared byte for byte.

// wallTime is the line time(x) writes (lang's roughDuration).
var wallTime = regexp.MustCompile(`^wall time: [0-9][0-9.]* (s|ms|µs|ns)$`)

// wallTimeShape is how a transcript writes it.
const wallTimeShape = "wall time: …"

// shapeLines is text with each line of time(x)'s form written in its
// shape.
func shapeLines(text string) string {
	if !strings.Contains(text, "wall time: ") {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if body, nl := strings.CutSuffix(l, "\n"); wallTime.MatchString(body) {
			lines[i] = wallTimeShape
			if nl {
				lines[i] += "\n"
			}
		}
	}
	return strings.Join(lines, "")
}

// shaped is the error stream of a statement being transcribed: what is
// written to it goes to w with its measurements in their shape. A write
// is shaped on its own: time(x) writes its line in one.
type shaped struct{ w io.Writer }

func (s shaped) Write(p []byte) (int, error) {
	if _, err := io.WriteString(s.w, shapeLines(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
