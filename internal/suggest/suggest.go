// Package suggest finds what a user probably meant by a misspelt name: the
// "did you mean" of every error about an unknown name, field or rule.
package suggest

import "strings"

// Nearest returns the candidate closest to name by edit distance, if it is
// close enough to be a likely misspelling; "" otherwise. Candidates starting
// with "$" or "__" (the engine's own) are never suggested.
func Nearest(name string, candidates []string) string {
	best, bestD := "", 1+len([]rune(name))/3
	for _, c := range candidates {
		if c == name || strings.HasPrefix(c, "$") || strings.HasPrefix(c, "__") {
			continue
		}
		// d < len(name): a one-letter name is no misspelling of another;
		// alike: "history" is 3 edits from "bitor" but no misspelling of it.
		if d := Distance(name, c); d <= bestD && d < len([]rune(name)) && alike(name, c) && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// alike says a and b share most of their letters in order, as Python's
// difflib asks of a close match: twice their longest common subsequence is
// at least 0.7 of their lengths together (tkae/take 0.75, plygn/polygon
// 0.83, history/bitor 0.67).
func alike(a, b string) bool {
	x, y := []rune(a), []rune(b)
	prev, cur := make([]int, len(y)+1), make([]int, len(y)+1)
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			if x[i-1] == y[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	return 20*prev[len(y)] >= 7*(len(x)+len(y))
}

// Distance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each cost 1.
func Distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
