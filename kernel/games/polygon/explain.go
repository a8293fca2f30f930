package polygon

import (
	"fmt"
	"math/big"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games/kit"
	"gamelab/kernel/games/tools"
	solver "gamelab/solvers/polygon"
)

// planNode is one merge of a plan (or a leaf): chain positions i..j, split
// after position s, and the value the plan gives the part.
type planNode struct {
	i, j, s int
	op      byte
	kids    [2]*planNode
	value   *big.Int
}

// Explain is explain(solve(p)): the ring's plan as a tree.
func (r *Result) Explain(env *builtin.Env, args []any) (any, error) {
	if err := kit.Unpack("explain", args, "result", new(any)); err != nil {
		return nil, err
	}
	s, _ := r.Polygon.st.play(edge(r.First))
	caption := fmt.Sprintf("best %s: delete edge %d, then merge as the tree shows", r.res.Best, r.First)
	if r.N == 1 {
		caption = fmt.Sprintf("best %s: one vertex, no move (its value is the score)", r.res.Best)
	}
	return explainPlan(env, s, r.Merges, caption)
}

// Explain is explain(p): the plan of the ring's solve as a tree; with a
// depth, explain(p, depth), the game tree of the first moves (a chain's:
// always its game tree).
func (p *Polygon) Explain(env *builtin.Env, args []any) (any, error) {
	if len(args) > 1 || p.isChain() {
		return tools.ExplainTree(env, p, args)
	}
	if err := kit.Unpack("explain", args, "result", new(any)); err != nil {
		return nil, err
	}
	r, err := solveRing(env, "explain", p)
	if err != nil {
		return nil, err
	}
	return r.Explain(env, args)
}

// Explain is explain(solve(chain)): the chain's plan as a tree.
func (r *ChainResult) Explain(env *builtin.Env, args []any) (any, error) {
	if err := kit.Unpack("explain", args, "result", new(any)); err != nil {
		return nil, err
	}
	return explainPlan(env, r.Chain.st, r.Merges, fmt.Sprintf("best %s from here", r.res.Best))
}

// explainPlan draws the plan merges (original edge numbers) over the
// chain s as a tree, marking each part the plan takes at the extreme its
// goal does not want (the minimum, under goal max), which is why the DP
// keeps both.
func explainPlan(env *builtin.Env, s state, merges []int, caption string) (*kit.Explanation, error) {
	opts, room := options(env, s.ring)
	opts.KeepTable = true
	res, err := solver.SolveChain(env.Ctx, s.chain(), opts)
	if err != nil {
		return nil, solverErr("explain", err, room, "a chain")
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
	ops := s.ops()
	for _, e := range merges {
		if err := env.Ctx.Err(); err != nil {
			return nil, err
		}
		k := at[e]
		a, b := find(k-1), find(k)
		l, rt := node[a], node[b]
		nd := &planNode{i: l.i, j: rt.j, s: k - 1, op: ops[k-1], kids: [2]*planNode{l, rt},
			value: applyOp(ops[k-1], l.value, rt.value)}
		parent[b], node[a] = a, nd
	}
	return explainTree(s, res.Table, node[find(0)], caption)
}

// explainTree draws a plan over the chain s, marking each part the plan
// takes at the extreme its goal does not want, read from the DP's table.
func explainTree(s state, table *solver.Table, root *planNode, caption string) (*kit.Explanation, error) {
	n := s.ring.N
	first := s.firstVertex()
	maxGoal := !s.ring.Minimizes()
	other, otherMark, wanted := "minimum", "↓", "maximum"
	if !maxGoal {
		other, otherMark, wanted = "maximum", "↑", "minimum"
	}
	// vertex names the original vertex at chain position k, while no merge
	// has happened yet; after merges the leaves are merged values.
	fresh := first > 0 // no merge yet: the leaves are the ring's vertices
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
	cell := func(nd *planNode) solver.Cell {
		c, err := table.Cell(nd.i+1, nd.j-nd.i+1)
		if err != nil {
			panic("polygon: the plan's part is not in its table: " + err.Error())
		}
		return c
	}
	// atOther says the plan takes part nd at the extreme the goal does not want.
	atOther := func(nd *planNode) bool {
		if nd.i == nd.j {
			return false
		}
		c := cell(nd)
		ext := c.Min
		if !maxGoal {
			ext = c.Max
		}
		return nd.value.Cmp(ext) == 0 && c.Min.Cmp(c.Max) != 0
	}
	marked := 0
	var build func(nd *planNode) *display.TreeNode
	build = func(nd *planNode) *display.TreeNode {
		if nd.i == nd.j {
			return &display.TreeNode{Text: fmt.Sprintf("%s  %s", nd.value, vertex(nd.i)), Value: nd.value.String(), Sub: vertex(nd.i)}
		}
		l, r := nd.kids[0], nd.kids[1]
		e := s.edges[nd.s]
		t := &display.TreeNode{
			Text:  fmt.Sprintf("%s = %s %c %s  (edge %d, %s)", nd.value, l.value, nd.op, r.value, e, part(nd)),
			Value: nd.value.String(), Sub: fmt.Sprintf("%s edge %d", opName(nd.op), e),
		}
		if atOther(nd) {
			marked++
			c := cell(nd)
			want := c.Max
			if !maxGoal {
				want = c.Min
			}
			t.Mark |= display.MarkMin
			t.Sub += " · " + other[:3]
			t.Text += fmt.Sprintf("  %s the %s of its part (its %s is %s)", otherMark, other, wanted, want)
		}
		if why := otherWhy(nd.op, atOther(l), atOther(r), l.value, r.value, other); why != "" {
			t.Text += "  — " + why
		}
		t.Kids = []*display.TreeNode{build(l), build(r)}
		return t
	}
	tree := display.Tree{Caption: caption, Root: build(root)}
	switch {
	case marked > 0 && maxGoal:
		tree.Notes = append(tree.Notes, fmt.Sprintf("↓ min: %s, to be multiplied by a negative: why the DP keeps the minimum of every part as well as its maximum",
			kit.Count(marked, "part is taken at its minimum", "parts are taken at their minimum")))
	case marked > 0:
		tree.Notes = append(tree.Notes, fmt.Sprintf("↑ max: %s, to be multiplied by a negative or subtracted: why the DP keeps the maximum of every part as well as its minimum",
			kit.Count(marked, "part is taken at its maximum", "parts are taken at their maximum")))
	case maxGoal:
		tree.Notes = append(tree.Notes, "every part is taken at its maximum")
	default:
		tree.Notes = append(tree.Notes, "every part is taken at its minimum")
	}
	return kit.NewExplanation(tree), nil
}

// otherWhy says why a merge takes a part at the extreme its goal does not
// want: a product of a negative, or (for '-') the part subtracted.
func otherWhy(op byte, left, right bool, l, r *big.Int, other string) string {
	if !left && !right {
		return ""
	}
	which := "the " + other + " of its left part"
	switch {
	case left && right:
		if other == "minimum" {
			which = "the minima of both parts"
		} else {
			which = "the maxima of both parts"
		}
	case right:
		which = "the " + other + " of its right part"
	}
	switch op {
	case '*':
		if l.Sign() < 0 && r.Sign() < 0 {
			return "multiplies " + which + ": negative × negative"
		}
		return "multiplies " + which
	case '-':
		if right && !left {
			return "subtracts " + which
		}
		return "subtracts with " + which
	}
	return ""
}

func opName(op byte) string {
	switch op {
	case '*':
		return "×"
	case '-':
		return "−"
	}
	return "+"
}
