package games

import (
	"context"
	"fmt"
	"io"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/solvers/coins"
)

// Explanation is explain(…): a tree with what its marks mean.
type Explanation struct {
	tree display.Tree
}

func (e *Explanation) TypeName() string { return "explanation" }

// maxExplainDepth bounds a coins game tree: 2^6 = 64 leaves.
const maxExplainDepth = 6

func fnExplain(env *builtin.Env, args ...any) (any, error) {
	x, err := FirstArg("explain", "explain(solve(p)) or explain(coins, depth)", args)
	if err != nil {
		return nil, err
	}
	switch v := x.(type) {
	case *Coins, *CoinsPosition, *CoinsResult:
		depth := 3
		if err := Unpack("explain", args, "c", new(any), "depth?", Between(&depth, 1, maxExplainDepth)); err != nil {
			return nil, err
		}
		s, ok := coinsStartOf(v)
		if !ok {
			s = coinsStart(v.(*CoinsResult).Coins)
		}
		return explainCoins(env.Ctx, s, depth)
	case *Polygon:
		if err := Unpack("explain", args, "result", new(any)); err != nil {
			return nil, err
		}
		r, err := solveArgs("explain", env, args)
		if err != nil {
			return nil, err
		}
		return explainPlan(env.Ctx, r.(*PolygonResult))
	case *PolygonResult:
		if err := Unpack("explain", args, "result", new(any)); err != nil {
			return nil, err
		}
		return explainPlan(env.Ctx, v)
	case *ChainResult:
		if err := Unpack("explain", args, "result", new(any)); err != nil {
			return nil, err
		}
		return explainTree(v.Chain.pos, v.dp, v.plan, fmt.Sprintf("best %s from here", v.dp.best())), nil
	}
	return nil, BadType("explain", 1, "result", "a polygon result (solve(p)), a chain result or coins", x)
}

// explainPlan explains the solver's plan of a ring: the chain its first
// move leaves, merged as its merges say.
func explainPlan(ctx context.Context, r *PolygonResult) (*Explanation, error) {
	s, _ := ringPos(r.Polygon).play(r.First)
	dp, err := solveChain(ctx, s.vals, s.ops())
	if err != nil {
		return nil, fmt.Errorf("explain: %w", err)
	}
	// Rebuild the plan's tree from its merges: each joins the parts on the
	// two sides of its edge, found by union-find over chain positions.
	n := len(s.vals)
	at := map[int]int{} // edge -> the chain position right of it
	for k, e := range s.edges {
		at[e] = k + 1
	}
	parent := make([]int, n)
	node := make([]*planNode, n)
	for k := range n {
		parent[k] = k
		node[k] = &planNode{i: k, j: k, value: s.vals[k]}
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range r.Merges {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		k := at[e]
		a, b := find(k-1), find(k)
		l, rt := node[a], node[b]
		nd := &planNode{i: l.i, j: rt.j, s: k - 1, op: s.ops()[k-1], kids: [2]*planNode{l, rt},
			value: applyOp(s.ops()[k-1], l.value, rt.value)}
		parent[b], node[a] = a, nd
	}
	root := node[find(0)]
	root.hi = true
	return explainTree(s, dp, root, fmt.Sprintf("best %s: delete edge %d, then merge as the tree shows", r.res.Best, r.First)), nil
}

// explainTree draws a plan over the chain s, marking each part the plan
// takes at its minimum (with the DP's tables dp).
func explainTree(s polyPos, dp *chainDP, root *planNode, caption string) *Explanation {
	n := s.poly.N
	first := 1
	if len(s.moves) > 0 {
		first = s.moves[0]
	}
	// vertex names the original vertex at chain position k, while no merge
	// has happened yet; after merges the leaves are merged values.
	fresh := len(s.moves) == 1 // no merge yet: the leaves are the ring's vertices
	vertex := func(k int) string {
		if fresh {
			return fmt.Sprintf("v%d", (first-1+k)%n+1)
		}
		return fmt.Sprintf("value %d", k+1)
	}
	part := func(nd *planNode) string {
		if fresh {
			return vertex(nd.i) + ".." + vertex(nd.j)
		}
		return fmt.Sprintf("values %d..%d", nd.i+1, nd.j+1)
	}
	atMin := func(nd *planNode) bool {
		lo, hi := dp.lo[nd.i][nd.j-nd.i], dp.hi[nd.i][nd.j-nd.i]
		return nd.i != nd.j && nd.value.Cmp(lo) == 0 && lo.Cmp(hi) != 0
	}
	mins := 0
	var build func(nd *planNode) *display.TreeNode
	build = func(nd *planNode) *display.TreeNode {
		if nd.i == nd.j {
			return &display.TreeNode{Text: fmt.Sprintf("%s  %s", nd.value, vertex(nd.i)), Value: nd.value.String(), Sub: vertex(nd.i)}
		}
		l, r := nd.kids[0], nd.kids[1]
		edge := s.edges[nd.s]
		t := &display.TreeNode{
			Text:  fmt.Sprintf("%s = %s %c %s  (edge %d, %s)", nd.value, l.value, nd.op, r.value, edge, part(nd)),
			Value: nd.value.String(), Sub: fmt.Sprintf("%s edge %d", opName(nd.op), edge),
		}
		if atMin(nd) {
			mins++
			t.Mark |= display.MarkMin
			t.Sub += " · min"
			t.Text += fmt.Sprintf("  ↓ the minimum of its part (its maximum is %s)", dp.hi[nd.i][nd.j-nd.i])
		}
		if nd.op == '*' && (atMin(l) || atMin(r)) {
			t.Text += "  — " + minProduct(atMin(l), atMin(r), l.value, r.value)
		}
		t.Kids = []*display.TreeNode{build(l), build(r)}
		return t
	}
	tree := display.Tree{Caption: caption, Root: build(root)}
	if mins > 0 {
		tree.Notes = append(tree.Notes, fmt.Sprintf("↓ min: %s, to be multiplied by a negative: why the DP keeps the minimum of every part as well as its maximum",
			Count(mins, "part is taken at its minimum", "parts are taken at their minimum")))
	} else {
		tree.Notes = append(tree.Notes, "every part is taken at its maximum")
	}
	return &Explanation{tree: tree}
}

// minProduct says which parts of a product the optimum takes at their
// minimum, and why that pays.
func minProduct(left, right bool, l, r *big.Int) string {
	which := "the minimum of its left part"
	switch {
	case left && right:
		which = "the minima of both parts"
	case right:
		which = "the minimum of its right part"
	}
	if l.Sign() < 0 && r.Sign() < 0 {
		return "multiplies " + which + ": negative × negative"
	}
	return "multiplies " + which
}

func opName(op byte) string {
	if op == '*' {
		return "×"
	}
	return "+"
}

// explainCoins is the game tree of the next depth moves from s: each node
// a position with the mover's best margin, each edge a move, ★ on the
// optimal ones.
func explainCoins(ctx context.Context, s coinsPos, depth int) (*Explanation, error) {
	memo := map[[2]int]*big.Int{}
	margin := func(lo, hi int) (*big.Int, error) {
		if lo == hi {
			return new(big.Int), nil
		}
		if v, ok := memo[[2]int{lo, hi}]; ok {
			return v, nil
		}
		v, err := coins.SolveValue(ctx, s.coins.row[lo:hi])
		if err != nil {
			return nil, err
		}
		memo[[2]int{lo, hi}] = v
		return v, nil
	}
	row := s.coins.row
	describe := func(p coinsPos) (string, string) {
		if p.lo == p.hi {
			return "no coins left", ""
		}
		return fmt.Sprintf("%s to move, coins %d..%d", playerName(p.mover()), p.lo+1, p.hi), ""
	}
	var build func(p coinsPos, d int) (*display.TreeNode, error)
	build = func(p coinsPos, d int) (*display.TreeNode, error) {
		m, err := margin(p.lo, p.hi)
		if err != nil {
			return nil, err
		}
		where, _ := describe(p)
		nd := &display.TreeNode{Text: where, Value: "end", Sub: ""}
		if p.lo < p.hi {
			nd.Text += fmt.Sprintf(": best margin %s", m)
			nd.Value = fmt.Sprintf("%s: %s", playerName(p.mover()), m)
			nd.Sub = fmt.Sprintf("coins %d..%d", p.lo+1, p.hi)
		}
		if d == 0 || p.lo == p.hi {
			return nd, nil
		}
		sides := []string{"L", "R"}
		if p.hi-p.lo == 1 {
			sides = sides[:1] // one coin: L and R take the same
		}
		for _, side := range sides {
			next, _ := p.play(side)
			coin := row[p.lo]
			if side == "R" {
				coin = row[p.hi-1]
			}
			rest, err := margin(next.lo, next.hi)
			if err != nil {
				return nil, err
			}
			after := new(big.Int).Sub(coin, rest)
			kid, err := build(next, d-1)
			if err != nil {
				return nil, err
			}
			kid.Edge = fmt.Sprintf("%s %s (%s)", playerName(p.mover()), side, coin)
			verdict := fmt.Sprintf("loses %s", new(big.Int).Sub(m, after))
			if after.Cmp(m) == 0 {
				kid.Mark |= display.MarkBest
				kid.Edge = "★ " + kid.Edge
				verdict = "optimal"
			}
			kid.Text = fmt.Sprintf("→ %s's margin %s, %s; %s", playerName(p.mover()), after, verdict, kid.Text)
			nd.Kids = append(nd.Kids, kid)
		}
		return nd, nil
	}
	root, err := build(s, depth)
	if err != nil {
		return nil, fmt.Errorf("explain: %w", err)
	}
	caption := fmt.Sprintf("the next %s", Count(depth, "move", "moves"))
	if s.moves != "" {
		caption += fmt.Sprintf(" after %s (A %s, B %s so far)", s.moves, s.total[0], s.total[1])
	}
	tree := display.Tree{Caption: caption, Root: root, Notes: []string{
		"margin: the mover's total minus the other's over the coins left, with best play; ★ an optimal move",
	}}
	return &Explanation{tree: tree}, nil
}

// Text is the indented tree.
func (e *Explanation) Text() string { return TextOf(e, false) }

// SVG draws the tree (a card when too large to read).
func (e *Explanation) SVG() string { return SVGOf(e, false) }

func (e *Explanation) WriteText(w io.Writer, full bool) error {
	return DrawText(w, e.tree, full, e.card, fmt.Sprintf("more than %d leaves", 4*display.MaxTreeLeaves))
}

func (e *Explanation) WriteSVG(w io.Writer, full bool) error {
	return DrawSVG(w, e.tree, full, e.card, fmt.Sprintf("more than %d leaves", display.MaxTreeLeaves))
}

func (e *Explanation) card(why string) display.Card {
	return card(e.tree.Caption, []string{e.tree.Root.Text}, why, `text(x) or save(x, "x.txt") shows the whole tree`)
}

// JSONValue is the tree as nested objects: each node's line and its kids.
func (e *Explanation) JSONValue() any {
	type node struct {
		Text string  `json:"text"`
		Kids []*node `json:"kids,omitempty"`
	}
	var conv func(n *display.TreeNode) *node
	conv = func(n *display.TreeNode) *node {
		out := &node{Text: n.Text}
		if n.Edge != "" {
			out.Text = n.Edge + " " + n.Text
		}
		for _, k := range n.Kids {
			out.Kids = append(out.Kids, conv(k))
		}
		return out
	}
	return struct {
		Caption string `json:"caption"`
		Root    *node  `json:"root"`
	}{e.tree.Caption, conv(e.tree.Root)}
}
