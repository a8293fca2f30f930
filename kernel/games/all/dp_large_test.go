package all_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/display"
	"gamelab/kernel/games/coins"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
)

// textRows reads a DP table's whole text (a caption, a header of columns,
// a row per row label, notes) into its rows: label → the cells' texts by
// column label. A cell's text holds no two spaces in a row.
func textRows(t *testing.T, text string) map[string]map[string]string {
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

// text(d) of a table past MaxGridCells (made cell by cell as it is
// written) has every cell's numbers, and json(d) (its cells made as they
// are written, margins and optimal moves read without every move's value)
// every cell's margin and moves: both as at(d, …) has them, under every
// rule.
func TestLargeCoinsDPTextAndJSONAreItsCells(t *testing.T) {
	n := display.MaxGridCells + 6
	r := rand.New(rand.NewPCG(29, 3))
	for _, v := range variants() {
		if v.game != "coins" {
			continue
		}
		for _, wide := range []bool{false, true} {
			values := make([]any, n)
			for i := range values {
				values[i] = r.IntN(40) - 5
				if wide && i%7 == 0 {
					values[i] = new(big.Int).Lsh(big.NewInt(int64(r.IntN(40)+1)), 70) // past int64: math/big cells
				}
			}
			d := must(t, "dp", must(t, "coins", values, v.rules)).(*coins.DP)
			twoM := v.rules["take"] == "2M"
			cellArgs := func(from, to, m int) []any {
				if twoM {
					return []any{d, from, to, m}
				}
				return []any{d, from, to}
			}
			rows := textRows(t, must(t, "text", d).(string))
			plan := map[string]bool{}
			for _, pc := range d.Plan {
				plan[fmt.Sprint(pc)] = true
			}
			var js struct {
				Cells []struct {
					From, To, M int
					Margin      json.Number
					Best        []string
				}
			}
			if err := json.Unmarshal([]byte(must(t, "json", d).(string)), &js); err != nil {
				t.Fatal(err)
			}
			cells := 0
			for _, jc := range js.Cells {
				c := must(t, "at", cellArgs(jc.From, jc.To, jc.M)...).(*coins.Cell)
				if jc.Margin.String() != kit.FormatValue(c.Margin) || !slices.Equal(jc.Best, c.Best) {
					t.Fatalf("%s: json's cell %+v, at's %v %v", v, jc, c.Margin, c.Best)
				}
				want := kit.FormatValue(c.Margin)
				key := fmt.Sprint([]int{jc.From, jc.To})
				if twoM {
					want = fmt.Sprintf("%d:%s", jc.M, want)
					key = fmt.Sprint([]int{jc.From, jc.To, jc.M})
				}
				if plan[key] {
					want = "[" + want + "]"
				}
				text := rows[strconv.Itoa(jc.From)][strconv.Itoa(jc.To)]
				if !slices.Contains(strings.Fields(text), want) {
					t.Fatalf("%s: cell %d..%d M %d is %q in the text, at's %s", v, jc.From, jc.To, jc.M, text, want)
				}
				cells++
			}
			if want := must(t, "at", cellArgs(1, n, d.Plan[0][len(d.Plan[0])-1])...).(*coins.Cell); cells == 0 || kit.FormatValue(want.Margin) != kit.FormatValue(d.Value) {
				t.Fatalf("%s: %d cells, the top %v, the value %v", v, cells, want.Margin, d.Value)
			}
		}
	}
}

// The same of a polygon's table, ring and chain: every cell's min/max in
// the text, its extremes and splits in the JSON.
func TestLargePolygonDPTextAndJSONAreItsCells(t *testing.T) {
	n := display.MaxGridCells + 3
	p := must(t, "randpolygon", n, 4)
	chain := must(t, "after", p, []any{2})
	for _, x := range []any{p, chain} {
		d := must(t, "dp", x).(*polygon.DP)
		rows := textRows(t, must(t, "text", d).(string))
		var js struct {
			Cells []struct {
				Start, Length, MinAt, MaxAt int
				Min, Max                    json.Number
			}
		}
		if err := json.Unmarshal([]byte(must(t, "json", d).(string)), &js); err != nil {
			t.Fatal(err)
		}
		if want := d.N * d.N; d.Ring && len(js.Cells) != want || !d.Ring && len(js.Cells) != d.N*(d.N+1)/2 {
			t.Fatalf("%d cells of a %d-vertex table (ring %v)", len(js.Cells), d.N, d.Ring)
		}
		for _, jc := range js.Cells {
			c := must(t, "at", d, jc.Start, jc.Length).(*polygon.Cell)
			if jc.Min.String() != kit.FormatValue(c.Min) || jc.Max.String() != kit.FormatValue(c.Max) || jc.MinAt != c.MinAt || jc.MaxAt != c.MaxAt {
				t.Fatalf("json's cell %+v, at's %v %v %d %d", jc, c.Min, c.Max, c.MinAt, c.MaxAt)
			}
			text := strings.Trim(strings.ReplaceAll(rows[strconv.Itoa(jc.Start)][strconv.Itoa(jc.Length)], "[", ""), "]")
			text = strings.ReplaceAll(text, "]", "")
			want := kit.FormatValue(c.Min) + "/" + kit.FormatValue(c.Max)
			if jc.Length == 1 {
				want = kit.FormatValue(c.Min)
			}
			if text != want {
				t.Fatalf("cell %d, %d is %q in the text, at's %s", jc.Start, jc.Length, text, want)
			}
		}
	}
}
