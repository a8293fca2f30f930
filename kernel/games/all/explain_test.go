package all_test

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
	"gamelab/kernel/games/tools"
)

func TestExplainPolygonPlan(t *testing.T) {
	p := must(t, "polygon", seedPolygon)
	e := must(t, "explain", must(t, "solve", p)).(*kit.Explanation)
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
	if got := must(t, "explain", p).(*kit.Explanation).Text(); got != text {
		t.Errorf("explain(p) differs from explain(solve(p))")
	}
	c := must(t, "after", p, []any{3, 2})
	if got := must(t, "explain", must(t, "solve", c)).(*kit.Explanation).Text(); !strings.Contains(got, "488 = -8 * -61  (edge 4, values 1..4)") {
		t.Errorf("chain:\n%s", got)
	}
}

// jsonNode is a node of an explanation as json writes it.
type jsonNode struct {
	Text string      `json:"text"`
	Kids []*jsonNode `json:"kids"`
}

// mergeText reads a plan node's text: "v = l op r  (edge e, …)", or a
// leaf's "v  v3".
var mergeText = regexp.MustCompile(`^(-?\d+) = (-?\d+) ([-+*]) (-?\d+)  \(edge \d+`)

// Every merge node's value is its parts' values joined by its operator,
// and the root is the best score, under every operator and goal (read from
// json, which writes each node's line and its parts).
func TestExplainTreesAreConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 5))
	for trial := range 60 {
		ops := []string{"+*", "+-*"}[trial%2]
		p := randPoly(r, 2+r.IntN(10), ops)
		if trial%3 == 0 {
			p = must(t, "with", p, map[string]any{"goal": "min"}).(*polygon.Polygon)
		}
		res := must(t, "solve", p).(*polygon.Result)
		var tree struct{ Root *jsonNode }
		if err := json.Unmarshal([]byte(must(t, "json", must(t, "explain", res)).(string)), &tree); err != nil {
			t.Fatal(err)
		}
		value := func(nd *jsonNode) string { return strings.Fields(nd.Text)[0] }
		if value(tree.Root) != mustBig(t, res.Best).String() {
			t.Fatalf("%s: root %s, best %v", p, tree.Root.Text, res.Best)
		}
		merges := 0
		var walk func(nd *jsonNode)
		walk = func(nd *jsonNode) {
			if len(nd.Kids) == 0 {
				return
			}
			merges++
			m := mergeText.FindStringSubmatch(nd.Text)
			if m == nil || len(nd.Kids) != 2 || m[2] != value(nd.Kids[0]) || m[4] != value(nd.Kids[1]) {
				t.Fatalf("%s: node %q, parts %q %q", p, nd.Text, nd.Kids[0].Text, nd.Kids[len(nd.Kids)-1].Text)
			}
			l, _ := new(big.Int).SetString(m[2], 10)
			rt, _ := new(big.Int).SetString(m[4], 10)
			if applyOp(m[3][0], l, rt).String() != m[1] {
				t.Fatalf("%s: node %q", p, nd.Text)
			}
			walk(nd.Kids[0])
			walk(nd.Kids[1])
		}
		walk(tree.Root)
		if merges != p.N-1 {
			t.Fatalf("%s: %d merges in the tree", p, merges)
		}
	}
}

func TestExplainCoins(t *testing.T) {
	c := must(t, "coins", "10 80 90 30")
	e := must(t, "explain", c).(*kit.Explanation)
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
		a := must(t, "analyze", c, line).(*tools.Analysis)
		star := strings.Contains(text, "\n├─ ★ A "+line+" (") || strings.Contains(text, "\n└─ ★ A "+line+" (")
		if opt := len(a.Moves[0]["best"].([]any)) > 0 && a.Moves[0]["loss"] == 0; opt != star {
			t.Errorf("move %s: ★ %v, optimal %v", line, star, opt)
		}
	}
	if n := strings.Count(must(t, "explain", c, 1).(*kit.Explanation).Text(), "\n"); n != 1+3+1 {
		t.Errorf("depth 1: %d lines", n)
	}
	if _, err := call(t, "explain", c, 7); err == nil || !strings.Contains(err.Error(), "argument 2 (depth) must be 1..6, got 7") {
		t.Errorf("depth 7: %v", err)
	}
	// Issue 18: explain takes any game value or position (the game tree),
	// so its first parameter is x.
	if _, err := call(t, "explain", 3); err == nil || !strings.Contains(err.Error(), "argument 1 (x) must be a polygon, polygon result") {
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

// TestExplainBoard: explain(solve(b, player)) is the tree of the player's
// stones, the best vertex starred; a board with nobody to move is an
// error that says how to name the player, not "the game is over".
func TestExplainBoard(t *testing.T) {
	b := must(t, "board", 4, "2  2 3  1 0 4  1 1 4 0")
	got := must(t, "explain", must(t, "solve", b, 4)).(*kit.Explanation).Text()
	for _, want := range []string{"\nplayer 4 to move: best points 6", "★ stone 4 at (3,2) (6) → player 4's points 6, optimal", "└─ stone 4 at (4,4) (0) → player 4's points 0, loses 6"} {
		if !strings.Contains(got, want) {
			t.Errorf("explain(solve(b, 4)) has no %q:\n%s", want, got)
		}
	}
	for _, args := range [][]any{{b}, {b, 4}} {
		if _, err := call(t, "explain", args...); err == nil || !strings.Contains(err.Error(), "has no player to move: explain(solve(x, player))") {
			t.Errorf("explain%v: %v", args, err)
		}
	}
}

// explain(p, depth) is the polygon's game tree (it was refused: "takes 1
// argument"), written for a game of one player: the moves name their edge
// and the nodes what is left, with no mover "1". The ★ marks agree with
// the solve: the optimal first edges, and after one, the chain's.
func TestExplainPolygonTree(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 9))
	for range 20 {
		p := randPoly(r, 3+r.IntN(4), "+-*")
		res := must(t, "solve", p).(*polygon.Result)
		text := must(t, "explain", p, 2).(*kit.Explanation).Text()
		if !strings.HasPrefix(text, "the next 2 moves\nthe ring of "+strconv.Itoa(p.N)+" values: best score "+mustBig(t, res.Best).String()+"\n") ||
			strings.Contains(text, "1's") || strings.Contains(text, "1 to move") {
			t.Fatalf("%s:\n%s", p, text)
		}
		for e := 1; e <= p.N; e++ {
			first := regexp.MustCompile(`(?m)^[├└]─ (★ )?edge ` + strconv.Itoa(e) + ` → score `).FindStringSubmatch(text)
			optimal := slices.Contains(res.Optimal, e)
			if first == nil || (first[1] != "") != optimal {
				t.Fatalf("%s: edge %d optimal %v, tree:\n%s", p, e, optimal, text)
			}
		}
		after := must(t, "explain", must(t, "after", p, res.First), 1).(*kit.Explanation).Text()
		if !strings.HasPrefix(after, "the next 1 move after edge "+strconv.Itoa(res.First)+"\n"+strconv.Itoa(p.N)+" values left: ") {
			t.Fatalf("%s after edge %d:\n%s", p, res.First, after)
		}
	}
}
