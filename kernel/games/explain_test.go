package games

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"gamelab/kernel/display"
)

func TestExplainPolygonPlan(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	e := must(t, "explain", must(t, "solve", p)).(*Explanation)
	text := e.Text()
	for _, s := range []string{
		"488 = -8 * -61  (edge 4, v3..v2)  — multiplies the minimum of its right part: negative × negative",
		"-61 = -5 + -56  (edge 5, v4..v2)  ↓ the minimum of its part (its maximum is -17)",
		"└─ -2  v2", "2 parts are taken at their minimum",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("explain lacks %q:\n%s", s, text)
		}
	}
	if err := wellFormed(e.SVG()); err != nil || !strings.Contains(e.SVG(), "× edge 1 · min") {
		t.Errorf("picture: %v\n%s", err, e.SVG())
	}
	// explain(p) solves first; a chain result explains its own plan.
	if got := must(t, "explain", p).(*Explanation).Text(); got != text {
		t.Errorf("explain(p) differs from explain(solve(p))")
	}
	c := must(t, "after", p, []any{3, 2})
	if got := must(t, "explain", must(t, "solve", c)).(*Explanation).Text(); !strings.Contains(got, "488 = -8 * -61  (edge 4, values 1..4)") {
		t.Errorf("chain:\n%s", got)
	}
}

// Every merge node's value is its parts' values joined by its operator,
// the root is the best score, and a node is marked min exactly when it is
// its part's minimum and not its maximum.
func TestExplainTreesAreConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 5))
	for range 40 {
		p := randPoly(r, 2+r.IntN(10))
		res := must(t, "solve", p).(*PolygonResult)
		e := must(t, "explain", res).(*Explanation)
		root := e.tree.Root
		if root.Value != mustBig(t, res.Best).String() {
			t.Fatalf("%s: root %s, best %v", p, root.Value, res.Best)
		}
		var walk func(nd *displayNode)
		walk = func(nd *displayNode) {
			if len(nd.Kids) == 0 {
				return
			}
			l, _ := new(big.Int).SetString(nd.Kids[0].Value, 10)
			rt, _ := new(big.Int).SetString(nd.Kids[1].Value, 10)
			op := byte('+')
			if strings.HasPrefix(nd.Sub, "×") {
				op = '*'
			}
			if applyOp(op, l, rt).String() != nd.Value {
				t.Fatalf("%s: node %s = %s %c %s", p, nd.Value, l, op, rt)
			}
			walk(nd.Kids[0])
			walk(nd.Kids[1])
		}
		walk(root)
	}
}

type displayNode = display.TreeNode

func TestExplainCoins(t *testing.T) {
	c := must(t, "coins", "10 80 90 30")
	e := must(t, "explain", c).(*Explanation)
	text := e.Text()
	if lines := strings.Count(text, "\n"); lines != 1+15+1 {
		t.Errorf("%d lines, want a caption, 15 nodes and a note:\n%s", lines, text)
	}
	for _, s := range []string{"A to move, coins 1..4: best margin 10", "├─ A L (10) → A's margin -10, loses 20; B to move, coins 2..4: best margin 20",
		"└─ ★ A R (30) → A's margin 10, optimal"} {
		if !strings.Contains(text, s) {
			t.Errorf("lacks %q:\n%s", s, text)
		}
	}
	// The ★ marks agree with analyze's best moves.
	for _, line := range []string{"L", "R"} {
		a := must(t, "analyze", c, line).(*Analysis)
		star := strings.Contains(text, "\n├─ ★ A "+line+" (") || strings.Contains(text, "\n└─ ★ A "+line+" (")
		if opt := len(a.turns[0].best) > 0 && a.turns[0].loss.Sign() == 0; opt != star {
			t.Errorf("move %s: ★ %v, optimal %v", line, star, opt)
		}
	}
	if n := strings.Count(must(t, "explain", c, 1).(*Explanation).Text(), "\n"); n != 1+3+1 {
		t.Errorf("depth 1: %d lines", n)
	}
	if _, err := call(t, "explain", c, 7); err == nil || !strings.Contains(err.Error(), "argument 2 (depth) must be 1..6, got 7") {
		t.Errorf("depth 7: %v", err)
	}
	if _, err := call(t, "explain", 3); err == nil || !strings.Contains(err.Error(), "argument 1 (result) must be a polygon result") {
		t.Errorf("explain(3): %v", err)
	}
	if err := wellFormed(e.SVG()); err != nil {
		t.Error(err)
	}
}

func TestExplainAndPlotJSON(t *testing.T) {
	c := must(t, "coins", "10 80 90 30")
	if j := must(t, "json", must(t, "explain", c, 1)).(string); !strings.Contains(j, `"kids":[{"text":"A L (10) → A's margin -10, loses 20`) {
		t.Errorf("explain json %s", j)
	}
	if j := must(t, "json", must(t, "plot", must(t, "analyze", c, "LR"))).(string); j != `{"x":["1","2","end"],"y":[10,-10,-10],"marks":[2]}` {
		t.Errorf("plot json %s", j)
	}
}
