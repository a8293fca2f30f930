package display

import (
	"math"
	"os"
	"strings"
	"testing"
)

// TestRender writes pictures to $DISPLAY_OUT for a person to look at.
func TestRender(t *testing.T) {
	dir := os.Getenv("DISPLAY_OUT")
	if dir == "" {
		t.Skip("set DISPLAY_OUT to a directory to write the pictures")
	}
	big := make([]string, 120)
	ops := make([]byte, 120)
	for i := range big {
		big[i] = strings.Repeat("7", i%15+1)
		ops[i] = "+*"[i%2]
	}
	pics := map[string]interface {
		Text() string
		SVG() string
	}{
		"ring5":   Ring{Values: []string{"-5", "-2", "-8", "-5", "8"}, Ops: []byte("*+**+"), First: 3, Optimal: []int{3, 4}, Caption: "polygon <seed> & co"},
		"ring1":   Ring{Values: []string{"7"}, Ops: []byte("+"), First: 1, Optimal: []int{1}},
		"ring2":   Ring{Values: []string{"3", "123456789012345678901234567890"}, Ops: []byte("+*"), First: 2, Optimal: []int{1, 2}},
		"ring120": Ring{Values: big, Ops: ops, First: 7, Optimal: []int{7, 9, 30}},
		"row4":    Row{Coins: []string{"10", "80", "90", "30"}, Moves: "RRRL", Caption: "coins & <row>"},
		"row1":    Row{Coins: []string{"-7"}, Moves: "L"},
		"rowbad":  Row{Coins: []string{"1", "2"}, Moves: "LX"},
		"row40":   Row{Coins: big[:40], Moves: strings.Repeat("LR", 20)},
		"tri4":    Triangle{N: 4, Cells: []uint8{2, 2, 3, 1, 0, 4, 1, 1, 4, 0}, Player: 4, Best: [][2]int{{3, 2}}, Caption: "Life Line <4>"},
		"tri4h":   Triangle{N: 4, Cells: []uint8{2, 2, 3, 1, 0, 4, 1, 1, 4, 0}, Player: 4, Best: [][2]int{{3, 2}}, Heat: []int{0, 0, 0, 0, 6, 0, 0, 0, 0, -1}},
		"tri4m":   Triangle{N: 4, Cells: []uint8{2, 2, 3, 1, 4, 4, 1, 1, 4, 0}, Player: 4, Placed: [2]int{3, 2}, Removed: []bool{true, true, true, true, false, false, true, true, false, false}},
		"tri1":    Triangle{N: 1, Cells: []uint8{0}, Player: 1, Best: [][2]int{{1, 1}}, Heat: []int{-1}},
		"tri30":   bigBoard(30),
		"bars":    Bars{Labels: []string{"-3", "-2", "-1", "0", "1", "2", "3"}, Values: []float64{488, 300, -120, 0, 40.5, math.NaN(), 150}, Caption: "best <for> v1"},
		"bars60":  Bars{Values: make([]float64, 60), Labels: []string{"a long label", "b"}},
		"ring20":  Ring{Values: big[:20], Ops: ops[:20], First: 1, Optimal: []int{1, 2}},
	}
	for name, p := range pics {
		os.WriteFile(dir+"/"+name+".svg", []byte(p.SVG()), 0o644)
		os.WriteFile(dir+"/"+name+".txt", []byte(p.Text()), 0o644)
	}
}

func bigBoard(n int) Triangle {
	t := Triangle{N: n, Player: 3, Best: [][2]int{{n / 2, n / 4}}}
	for i := 0; i < n*(n+1)/2; i++ {
		t.Cells = append(t.Cells, uint8(i*7%11%10))
		t.Heat = append(t.Heat, i%23-11)
		t.Removed = append(t.Removed, i%17 == 3)
	}
	return t
}
