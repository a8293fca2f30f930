package polygon

import (
	"context"
	"fmt"
	"io"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/solvers/coins"
)


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
