package printer

// Tables: rows under named columns, aligned in a terminal and an HTML
// table in Jupyter. A sweep, map(-3..3, ({v: #, best: …})), returns a list
// of maps with the same keys; shown as one long line it could not be read,
// so it shows as a table, and table(x) makes one on purpose.

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
)

// Table is a table value: Columns names the columns, Rows holds the cells
// row by row (nil for a cell a row lacks).
type Table struct {
	Columns []string `expr:"columns"`
	Rows    [][]any  `expr:"rows"`
	// see says how to get every row when a long table is shown cut.
	see string
}

func (t *Table) TypeName() string { return "table" }

// A long table shows its first and last TableEdgeRows rows when it has
// more than MaxTableRows: a sweep of 10000 values is a page of numbers
// nobody reads whole on a screen.
const (
	MaxTableRows  = 40
	TableEdgeRows = 10
)

// Summary is the table in one line: its size and its columns, "3 rows of
// n, sq".
func (t *Table) Summary() string {
	rows := fmt.Sprintf("%d rows", len(t.Rows))
	if len(t.Rows) == 1 {
		rows = "1 row"
	}
	if len(t.Columns) == 0 {
		return "a table of " + rows
	}
	return "a table of " + rows + ": " + strings.Join(t.Columns, ", ")
}

// Text is the table with aligned columns: numbers to the right, the rest to
// the left, a rule under the header.
func (t *Table) Text() string {
	rows, cut := t.shownRows()
	cells := make([][]string, len(rows))
	width := make([]int, len(t.Columns))
	numeric := make([]bool, len(t.Columns))
	for j, c := range t.Columns {
		width[j] = len([]rune(c))
		numeric[j] = true
	}
	for i, r := range rows {
		cells[i] = make([]string, len(t.Columns))
		for j := range t.Columns {
			var v any
			if r != nil && j < len(r) {
				v = r[j]
			}
			cells[i][j] = cellText(v)
			width[j] = max(width[j], len([]rune(cells[i][j])))
			if v != nil && !isNumber(v) {
				numeric[j] = false
			}
		}
	}
	var b strings.Builder
	line := func(texts []string) {
		var parts []string
		for j, s := range texts {
			pad := strings.Repeat(" ", width[j]-len([]rune(s)))
			if numeric[j] {
				parts = append(parts, pad+s)
			} else {
				parts = append(parts, s+pad)
			}
		}
		b.WriteString(strings.TrimRight(strings.Join(parts, "  "), " ") + "\n")
	}
	line(t.Columns)
	rule := make([]string, len(width))
	for j, w := range width {
		rule[j] = strings.Repeat("─", w)
	}
	b.WriteString(strings.Join(rule, "  ") + "\n")
	for i, r := range cells {
		if cut && i == TableEdgeRows {
			b.WriteString("…\n")
		}
		line(r)
	}
	if cut {
		fmt.Fprintf(&b, "(%d of %d rows shown; %s)\n", len(rows), len(t.Rows), t.see)
	}
	return b.String()
}

// HTML is the table as Jupyter shows it: a header and a row per row,
// numbers aligned right.
func (t *Table) HTML() string {
	rows, cut := t.shownRows()
	var b strings.Builder
	b.WriteString("<table>\n<thead><tr>")
	for _, c := range t.Columns {
		b.WriteString("<th>" + display.Escape(c) + "</th>")
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for i, r := range rows {
		if cut && i == TableEdgeRows {
			fmt.Fprintf(&b, "<tr><td colspan=\"%d\">…</td></tr>\n", len(t.Columns))
		}
		b.WriteString("<tr>")
		for j := range t.Columns {
			var v any
			if j < len(r) {
				v = r[j]
			}
			align := ""
			if isNumber(v) {
				align = ` style="text-align: right"`
			}
			b.WriteString("<td" + align + ">" + display.Escape(cellText(v)) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>")
	if cut {
		fmt.Fprintf(&b, "\n<p>%d of %d rows shown; %s</p>", len(rows), len(t.Rows), display.Escape(t.see))
	}
	return b.String()
}

// shownRows is the rows a screen shows: all, or the first and last
// TableEdgeRows of a long table (cut).
func (t *Table) shownRows() (rows [][]any, cut bool) {
	if len(t.Rows) <= MaxTableRows {
		return t.Rows, false
	}
	return slices.Concat(t.Rows[:TableEdgeRows], t.Rows[len(t.Rows)-TableEdgeRows:]), true
}

// cellText is a value as a table cell shows it, on one line: a string as
// it is, nil empty, a game value by its kind, anything else as a result.
func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return strings.ReplaceAll(x, "\n", " ")
	case builtin.Inline:
		return x.Inline()
	case builtin.Value:
		return "<" + builtin.TypeName(v) + ">"
	}
	return strings.ReplaceAll(Text(v), "\n", " ")
}

// Sweep is the table a sweep's result shows as: a list of maps with the
// same keys, which a map literal of the session wrote (map(-3..3, ({v1: #,
// best: …}))); written says in which order, ok false when no literal
// wrote those keys. A list of such maps that no literal made ([a.loss,
// a.totals]: two maps of a game's, which mean different things) is no
// sweep, nor is any other value: ok is false. name is the variable the
// list is shown by, "" for none.
func Sweep(v any, name string, written func(keys []string) ([]string, bool)) (*Table, bool) {
	items, ok := v.([]any)
	if !ok || len(items) == 0 {
		return nil, false
	}
	first, ok := items[0].(map[string]any)
	if !ok || len(first) == 0 {
		return nil, false
	}
	keys := slices.Sorted(maps.Keys(first))
	for _, it := range items[1:] {
		m, ok := it.(map[string]any)
		if !ok || len(m) != len(keys) {
			return nil, false
		}
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				return nil, false
			}
		}
	}
	order, ok := written(keys)
	if !ok {
		return nil, false
	}
	if name == "" {
		name = "x"
	}
	t, _ := TableOf(items, fmt.Sprintf("print(%[1]s) or json(%[1]s) gives them all", name), func([]string) []string { return order })
	return t, true
}

// TableOf makes a table of a list of maps (a column per key any map has,
// in the order order puts them) or of a list of lists (columns numbered
// from 1); "" is what is wrong with items otherwise. see says how to get
// every row when the table is shown cut.
func TableOf(items []any, see string, order func(keys []string) []string) (*Table, string) {
	t := &Table{see: see}
	if len(items) == 0 {
		return t, ""
	}
	if _, isMap := items[0].(map[string]any); isMap {
		seen := map[string]bool{}
		for i, it := range items {
			m, ok := it.(map[string]any)
			if !ok {
				return nil, fmt.Sprintf("mixes maps and other values: item %d is %s", i+1, KindPhrase(it))
			}
			for k := range m {
				if !seen[k] {
					seen[k] = true
					t.Columns = append(t.Columns, k)
				}
			}
		}
		t.Columns = order(t.Columns)
		for _, it := range items {
			m := it.(map[string]any)
			row := make([]any, len(t.Columns))
			for j, c := range t.Columns {
				row[j] = m[c]
			}
			t.Rows = append(t.Rows, row)
		}
		return t, ""
	}
	n := 0
	for i, it := range items {
		row, ok := builtin.AsList(it)
		if !ok {
			return nil, fmt.Sprintf("must be a list of maps or of lists: item %d is %s", i+1, KindPhrase(it))
		}
		t.Rows = append(t.Rows, row)
		n = max(n, len(row))
	}
	for j := range n {
		t.Columns = append(t.Columns, strconv.Itoa(j+1))
	}
	return t, ""
}

// isNumber says whether v is a number of any kind: a table aligns a column
// of numbers to the right.
func isNumber(v any) bool {
	switch v.(type) {
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, *big.Int, float32, float64:
		return true
	}
	return false
}
