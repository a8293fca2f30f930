package gamestest

import (
	"strconv"
	"strings"
	"testing"
)

// TableRows reads a DP table's whole text (a caption, a header of columns,
// a row per row label, notes) into its rows: label → the cells' texts by
// column label. A cell's text holds no two spaces in a row.
func TableRows(t *testing.T, text string) map[string]map[string]string {
	t.Helper()
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	header := lines[1]
	rows := map[string]map[string]string{}
	// each column's text ends where its label ends: the columns are right
	// aligned under their labels
	var ends []int
	var labels []string
	for i := 0; i < len(header); {
		j := i
		for j < len(header) && header[j] != ' ' {
			j++
		}
		if i > 0 { // the corner
			ends, labels = append(ends, j), append(labels, header[i:j])
		}
		for i = j; i < len(header) && header[i] == ' '; i++ {
		}
	}
	for _, line := range lines[2:] {
		label, _, _ := strings.Cut(line, " ")
		if _, err := strconv.Atoi(label); err != nil {
			break // the notes
		}
		row := map[string]string{}
		start := len(label)
		for c, end := range ends {
			if end > len(line) {
				break
			}
			row[labels[c]] = strings.TrimSpace(line[start:end])
			start = end
		}
		rows[label] = row
	}
	return rows
}
