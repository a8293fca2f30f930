package polygon_test

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/kernel/games/gamestest"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/polygon"
)

func TestExplainPolygonPlan(t *testing.T) {
	p := gamestest.Must(t, "polygon", seedPolygon)
	e := gamestest.Must(t, "explain", gamestest.Must(t, "solve", p)).(*kit.Explanation)
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
	if err := gamestest.WellFormed(e.SVG()); err != nil || !strings.Contains(e.SVG(), "× edge 1 · min") {
		t.Errorf("picture: %v\n%s", err, e.SVG())
	}
	// explain(p) solves first; a chain result explains its own plan.
	if got := gamestest.Must(t, "explain", p).(*kit.Explanation).Text(); got != text {
		t.Errorf("explain(p) differs from explain(solve(p))")
	}
	c := gamestest.Must(t, "after", p, []any{3, 2})
	if got := gamestest.Must(t, "explain", gamestest.Must(t, "solve", c)).(*kit.Explanation).Text(); !strings.Contains(got, "488 = -8 * -61  (edge 4, values 1..4)") {
		t.Errorf("chain:\n%s", got)
	}
}

// Every merge node's value is its parts' values joined by its operator,
// and the root is the best score, under every operator and goal (read from
// json, which writes each node's line and its parts).
func TestExplainTreesAreConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 5))
	for trial := range 60 {
		ops := []string{"+*", "+-*"}[trial%2]
		p := randPoly(r, 2+r.IntN(10), ops)
		if trial%3 == 0 {
			p = gamestest.Must(t, "with", p, map[string]any{"goal": "min"}).(*polygon.Polygon)
		}
		res := gamestest.Must(t, "solve", p).(*polygon.Result)
		var tree struct{ Root *jsonNode }
		if err := json.Unmarshal([]byte(gamestest.Must(t, "json", gamestest.Must(t, "explain", res)).(string)), &tree); err != nil {
			t.Fatal(err)
		}
		value := func(nd *jsonNode) string { return strings.Fields(nd.Text)[0] }
		if value(tree.Root) != gamestest.MustBig(t, res.Best).String() {
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

// explain(p, depth) is the polygon's game tree (it was refused: "takes 1
// argument"), written for a game of one player: the moves name their edge
// and the nodes what is left, with no mover "1". The ★ marks agree with
// the solve: the optimal first edges, and after one, the chain's.
func TestExplainPolygonTree(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 9))
	for range 20 {
		p := randPoly(r, 3+r.IntN(4), "+-*")
		res := gamestest.Must(t, "solve", p).(*polygon.Result)
		text := gamestest.Must(t, "explain", p, 2).(*kit.Explanation).Text()
		if !strings.HasPrefix(text, "the next 2 moves\nthe ring of "+strconv.Itoa(p.N)+" values: best score "+gamestest.MustBig(t, res.Best).String()+"\n") ||
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
		after := gamestest.Must(t, "explain", gamestest.Must(t, "after", p, res.First), 1).(*kit.Explanation).Text()
		if !strings.HasPrefix(after, "the next 1 move after edge "+strconv.Itoa(res.First)+"\n"+strconv.Itoa(p.N)+" values left: ") {
			t.Fatalf("%s after edge %d:\n%s", p, res.First, after)
		}
	}
}

// seedPolygon is the IOI 1998 statement's polygon.
const seedPolygon = "* -5 + -2 * -8 * -5 + 8"

// jsonNode is a node of an explanation as json writes it.
type jsonNode struct {
	Text string      `json:"text"`
	Kids []*jsonNode `json:"kids"`
}

// mergeText reads a plan node's text: "v = l op r  (edge e, …)", or a
// leaf's "v  v3".
var mergeText = regexp.MustCompile(`^(-?\d+) = (-?\d+) ([-+*]) (-?\d+)  \(edge \d+`)
