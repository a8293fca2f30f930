package polygon_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gamelab/kernel"
	"gamelab/kernel/sessiontest"
)

// position(d, i, j) numbers a cell's edges as every position does, by
// their original numbers, sub-chains too (they were renumbered 2..j while
// whole-ring cells kept the ring's numbers): the cell's chain is the ring's
// v(i)..v(i+j-1) with the edges between them, its solve's plan merges
// those edges and reaches the cell's extreme, and the same holds for the
// cells of a chain's table.
func TestPositionKeepsOriginalEdgeNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 5))
	s := kernel.NewSession()
	for trial := range 40 {
		n := 2 + r.IntN(6)
		var b strings.Builder
		for range n {
			fmt.Fprintf(&b, "%c %d ", "+*-"[r.IntN(3)], r.IntN(11)-5)
		}
		goal := []string{"max", "min"}[r.IntN(2)]
		sessiontest.Result(t, s, fmt.Sprintf("p = polygon(%q, {goal: %q})", strings.TrimSpace(b.String()), goal))
		// From the ring, and from a chain after a first move and a merge.
		for _, from := range []string{"p", fmt.Sprintf("after(p, [%d])", 1+r.IntN(n))} {
			sessiontest.Result(t, s, "x = "+from+"; d = dp(x)")
			m := sessiontest.Int(t, s, "d.n")
			ring := from == "p"
			for i := 1; i <= m; i++ {
				for j := 1; j <= m && (ring || i+j-1 <= m); j++ {
					sessiontest.Result(t, s, fmt.Sprintf("c = position(d, %d, %d)", i, j))
					// The edges of the cell: the ring's from v(i) on, or the chain's.
					var want []string
					for k := 1; k < j; k++ {
						if ring {
							want = append(want, fmt.Sprint((i-1+k)%n+1))
						} else {
							want = append(want, sessiontest.Result(t, s, fmt.Sprintf("x.edges[%d]", i-1+k)))
						}
					}
					if got := sessiontest.Result(t, s, "c.edges"); got != "["+strings.Join(want, ", ")+"]" {
						t.Fatalf("trial %d, %s: position(d, %d, %d).edges = %s, want [%s]", trial, from, i, j, got, strings.Join(want, ", "))
					}
					ext := map[string]string{"max": "max", "min": "min"}[goal]
					check := fmt.Sprintf("[solve(c).best == at(d, %d, %d).%s, c.polygon == p, c.values == x.values[%d:%d] || %v]", i, j, ext, i, i+j-1, ring)
					if j > 1 {
						check = fmt.Sprintf("[solve(c).best == at(d, %d, %d).%s, c.polygon == p, after(c, solve(c).merges).values == [solve(c).best]]", i, j, ext)
					}
					if got := sessiontest.Result(t, s, check); got != "[true, true, true]" {
						t.Fatalf("trial %d, %s, cell %d, %d: [best, polygon, plan] = %s (%s)", trial, from, i, j, got, sessiontest.Result(t, s, "c"))
					}
				}
			}
		}
	}
}
