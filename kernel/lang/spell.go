package lang

// A misspelt name's nearest known one, as starlark-go's internal/spell finds
// it: a few lines of edit distance.

import "strings"

// Nearest returns the candidate closest to name by edit distance, if it is
// close enough to be a likely misspelling; "" otherwise.
func Nearest(name string, candidates []string) string {
	best, bestD := "", 1+len([]rune(name))/3
	for _, c := range candidates {
		if c == name || strings.HasPrefix(c, "$") || strings.HasPrefix(c, "__") {
			continue
		}
		// d < len(name): a one-letter name is no misspelling of another.
		if d := editDistance(name, c); d <= bestD && d < len([]rune(name)) && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each cost 1.
func editDistance(a, b string) int {
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
