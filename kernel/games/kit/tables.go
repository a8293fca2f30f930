package kit

import (
	"fmt"
	"strings"
)

// SolverError keeps a solver's error (and its type, for errors.Is/As: the
// kernel reports an interrupted solve from context.Canceled) under the name
// of the builtin.
func SolverError(fn string, err error) error { return fmt.Errorf("%s: %w", fn, err) }

// Trace tables of more than maxTraceRows rows show their first traceHead
// and last traceTail rows.
const maxTraceRows, traceHead, traceTail = 200, 20, 10

// TraceRows calls row for each row of a table of n rows, or, when the
// table is too long and full is false, for the first and last few with gap
// between them; it returns how many rows it left out.
func TraceRows(n int, full bool, row func(i int), gap func(skipped int)) int {
	if full || n <= maxTraceRows {
		for i := range n {
			row(i)
		}
		return 0
	}
	for i := range traceHead {
		row(i)
	}
	gap(n - traceHead - traceTail)
	for i := n - traceTail; i < n; i++ {
		row(i)
	}
	return n - traceHead - traceTail
}

// TrimLines drops the trailing blanks tabwriter leaves on each line.
func TrimLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}
