package gameio

import (
	"fmt"
	"io"
	"time"

	"gamelab/internal/progress"
)

// Batch is a batch run's settings beyond the dialect: SolvePolygons and
// SolveCoins are Batch{Format: f}.Polygons and .Coins.
type Batch struct {
	Format Format
	// Progress, when set, receives a line of progress for each instance
	// that runs over a second ("instance 3: 42% done, about 12 s left"),
	// redrawn in place with a carriage return and erased when the instance
	// is answered: meant for a terminal (`--progress`).
	Progress io.Writer

	now func() time.Time // the meters' clock: time.Now, or a test's
}

// meter is the progress meter of instance num: one that shows nothing
// without Progress.
func (b Batch) meter(num int) *progress.Meter {
	if b.Progress == nil {
		return progress.New(nil)
	}
	m := progress.New(func(line string) {
		if line == "" {
			fmt.Fprint(b.Progress, "\r\x1b[K")
			return
		}
		fmt.Fprintf(b.Progress, "\r\x1b[Kinstance %d: %s", num, line)
	})
	if b.now != nil {
		m.Now = b.now
	}
	return m
}

// Lifelines is SolveLifelines with b's settings. A Life Line turn is linear
// in the board (1.1 million vertices in about a tenth of a second), so it
// never runs long enough to show progress.
func (b Batch) Lifelines(in io.Reader, out, errw io.Writer) int {
	return SolveLifelines(b.Format, in, out, errw)
}
