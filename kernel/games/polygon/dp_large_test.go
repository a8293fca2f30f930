package polygon_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/display"
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
)

// text(d) and json(d) of a polygon's table past MaxGridCells, ring and
// chain, are its cells: every cell's min/max in the text, its extremes
// and splits in the JSON.
func TestLargePolygonDPTextAndJSONAreItsCells(t *testing.T) {
	n := display.MaxGridCells + 3
	p := gamestest.Must(t, "randpolygon", n, 4)
	chain := gamestest.Must(t, "after", p, []any{2})
	for _, x := range []any{p, chain} {
		d := gamestest.Must(t, "dp", x).(*polygon.DP)
		rows := gamestest.TableRows(t, gamestest.Must(t, "text", d).(string))
		var js struct {
			Cells []struct {
				Start, Length, MinAt, MaxAt int
				Min, Max                    json.Number
			}
		}
		if err := json.Unmarshal([]byte(gamestest.Must(t, "json", d).(string)), &js); err != nil {
			t.Fatal(err)
		}
		if want := d.N * d.N; d.Ring && len(js.Cells) != want || !d.Ring && len(js.Cells) != d.N*(d.N+1)/2 {
			t.Fatalf("%d cells of a %d-vertex table (ring %v)", len(js.Cells), d.N, d.Ring)
		}
		for _, jc := range js.Cells {
			c := gamestest.Must(t, "at", d, jc.Start, jc.Length).(*polygon.Cell)
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
