package coins_test

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
	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
)

// text(d) of a table past MaxGridCells (made cell by cell as it is
// written) has every cell's numbers, and json(d) (its cells made as they
// are written, margins and optimal moves read without every move's value)
// every cell's margin and moves: both as at(d, …) has them, under every
// rule.
func TestLargeCoinsDPTextAndJSONAreItsCells(t *testing.T) {
	n := display.MaxGridCells + 6
	r := rand.New(rand.NewPCG(29, 3))
	for _, v := range laws.Variants() {
		for _, wide := range []bool{false, true} {
			values := make([]any, n)
			for i := range values {
				values[i] = r.IntN(40) - 5
				if wide && i%7 == 0 {
					values[i] = new(big.Int).Lsh(big.NewInt(int64(r.IntN(40)+1)), 70) // past int64: math/big cells
				}
			}
			d := gamestest.Must(t, "dp", gamestest.Must(t, "coins", values, v.Rules)).(*coins.DP)
			twoM := v.Rules["take"] == "2M"
			cellArgs := func(from, to, m int) []any {
				if twoM {
					return []any{d, from, to, m}
				}
				return []any{d, from, to}
			}
			rows := gamestest.TableRows(t, gamestest.Must(t, "text", d).(string))
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
			if err := json.Unmarshal([]byte(gamestest.Must(t, "json", d).(string)), &js); err != nil {
				t.Fatal(err)
			}
			cells := 0
			for _, jc := range js.Cells {
				c := gamestest.Must(t, "at", cellArgs(jc.From, jc.To, jc.M)...).(*coins.Cell)
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
			if want := gamestest.Must(t, "at", cellArgs(1, n, d.Plan[0][len(d.Plan[0])-1])...).(*coins.Cell); cells == 0 || kit.FormatValue(want.Margin) != kit.FormatValue(d.Value) {
				t.Fatalf("%s: %d cells, the top %v, the value %v", v, cells, want.Margin, d.Value)
			}
		}
	}
}
