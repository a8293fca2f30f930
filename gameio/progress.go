package gameio

import (
	"fmt"

	"gamelab/internal/progress"
)

// meter is the progress meter of instance num: one that shows nothing
// without Progress.
func (b Batch) meter(num int, unit string) *progress.Meter {
	if b.Progress == nil {
		return progress.New(nil)
	}
	m := progress.New(func(line string) {
		if line == "" {
			fmt.Fprint(b.Progress, "\r\x1b[K")
			return
		}
		fmt.Fprintf(b.Progress, "\r\x1b[K%s %d: %s", unit, num, line)
	})
	if b.now != nil {
		m.Now = b.now
	}
	return m
}
