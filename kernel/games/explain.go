package games

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
)

func init() {
	register(&builtin.Builtin{
		Name:      "explain",
		Signature: `explain(result) / explain(x, depth)`,
		Doc: `Why the optimum is what it is. explain(x, depth) is the game tree of the next depth ` +
			`moves from x (a game value or a position from after; default 3, at most 6), each node a ` +
			`position with what its mover can guarantee, each edge a move with what it keeps and loses, ` +
			`every optimal move marked ★. Text in the REPL (an indented tree), a picture in Jupyter.`,
		Example: `explain(coins([10, 80, 90, 30]), 2)`,
		Returns: []any{&Explanation{}},
		Fn:      fnExplain,
	})
}

// Explanation is explain(…): a tree with what its marks mean.
type Explanation struct {
	tree display.Tree
}

// NewExplanation is the explanation that draws tree.
func NewExplanation(tree display.Tree) *Explanation { return &Explanation{tree: tree} }

func (e *Explanation) TypeName() string { return "explanation" }

// maxExplainDepth bounds the depth of a game tree, maxTreeNodes its size:
// a tree of more nodes than a screen shows is no explanation.
const (
	maxExplainDepth = 6
	maxTreeNodes    = 2000
)

func fnExplain(env *builtin.Env, args ...any) (any, error) {
	x, err := FirstArg("explain", "explain(solve(p)) or explain(x, depth)", args)
	if err != nil {
		return nil, err
	}
	if e, ok := x.(Explainable); ok {
		return e.Explain(env, args)
	}
	p, ok := x.(Position)
	if !ok {
		return nil, BadType("explain", 1, "x", kindsFor("explain"), x)
	}
	return ExplainTree(env, p, args)
}

// ExplainTree is explain(p, depth): the game tree of the next depth moves
// (default 3).
func ExplainTree(env *builtin.Env, p Position, args []any) (*Explanation, error) {
	depth := 3
	if err := Unpack("explain", args, "x", new(any), "depth?", Between(&depth, 1, maxExplainDepth)); err != nil {
		return nil, err
	}
	if _, ok := p.(MoverSetter); ok && p.Mover() == "" {
		// A board's moves name their player: no tree until one is named.
		return nil, builtin.ArgError("explain", 1, "x", "has no player to move: explain(solve(%s, player)) shows a player's moves", "x")
	}
	return GameTree(env, p, depth)
}

// Situated is a position that says where the game stands, for the nodes of
// a game tree: a line ("A to move, coins 1..4") and a short form for the
// picture ("coins 1..4"). Without it a node says whose move it is.
type Situated interface {
	Where() (line, short string)
}

// GameTree is the tree of the next depth moves from p: each node a
// position with its mover's value, each edge a move with what it keeps
// after it and what it loses, ★ on the optimal ones.
func GameTree(env *builtin.Env, p Position, depth int) (*Explanation, error) {
	g := p.Game()
	nodes := 0
	var build func(p Position, d int) (*display.TreeNode, error)
	build = func(p Position, d int) (*display.TreeNode, error) {
		if nodes++; nodes > maxTreeNodes {
			return nil, fmt.Errorf("the tree of %d moves has more than %d nodes; explain(x, %d) or less shows it", depth, maxTreeNodes, max(depth-1, 1))
		}
		where, short := situation(p)
		nd := &display.TreeNode{Text: where, Value: "end", Sub: ""}
		if Over(p) {
			return nd, nil
		}
		ev, err := Evaluate(env, p)
		if err != nil {
			return nil, err
		}
		// A one-player game (the polygon's) names no mover: "edge 2 →
		// score 20", not "1 2 → 1's score 20"; Life Line's movers are
		// numbers, "player 3".
		solo := len(g.Players) == 1
		who := moverName(g, p.Mover())
		whose := who + "'s "
		nd.Text += fmt.Sprintf(": best %s %s", g.ValueWord, ev.Value)
		nd.Value = fmt.Sprintf("%s: %s", p.Mover(), ev.Value)
		if solo {
			whose, nd.Value = "", ev.Value.String()
		}
		nd.Sub = short
		if d == 0 {
			return nd, nil
		}
		for _, m := range p.Legal() {
			next, err := p.Play(m)
			if err != nil {
				return nil, err
			}
			st := p.Step(m)
			nextValue := next.Terminal()
			if !Over(next) && st.Carry != 0 {
				nev, err := Evaluate(env, next)
				if err != nil {
					return nil, err
				}
				nextValue = nev.Value
			}
			after := afterValue(st, nextValue)
			kid, err := build(next, d-1)
			if err != nil {
				return nil, err
			}
			kid.Edge = who + " " + m.String()
			if solo || len(g.Players) == 0 { // "edge 2", "stone 3 at (2,2)": the move names its player
				kid.Edge = Describe(m)
			}
			if st.Reward != nil {
				kid.Edge += fmt.Sprintf(" (%s)", st.Reward)
			}
			verdict := fmt.Sprintf("loses %s", lossOf(p, ev.Value, after))
			if after.Cmp(ev.Value) == 0 {
				kid.Mark |= display.MarkBest
				kid.Edge = "★ " + kid.Edge
				verdict = "optimal"
			}
			kid.Text = fmt.Sprintf("→ %s%s %s, %s; %s", whose, g.ValueWord, after, verdict, kid.Text)
			nd.Kids = append(nd.Kids, kid)
		}
		return nd, nil
	}
	root, err := build(p, depth)
	if err != nil {
		return nil, fmt.Errorf("explain: %w", err)
	}
	caption := fmt.Sprintf("the next %s", Count(depth, "move", "moves"))
	if h := p.History(); h.Len() > 0 {
		line := LineText(g, h.Moves)
		if len(g.Players) == 1 { // "after edge 1, edge 3": a one-player game's moves are numbers
			parts := make([]string, len(h.Moves))
			for i, m := range h.Moves {
				parts[i] = Describe(m)
			}
			line = strings.Join(parts, ", ")
		}
		caption += " after " + line
		if len(h.Totals) > 0 || g.Unfinished == "" {
			caption += fmt.Sprintf(" (%s so far)", totalsText(g, h))
		}
	}
	tree := display.Tree{Caption: caption, Root: root, Notes: []string{g.ValueDoc + "; ★ an optimal move"}}
	return &Explanation{tree: tree}, nil
}

// situation is where p stands, for a game tree's node.
func situation(p Position) (line, short string) {
	if s, ok := p.(Situated); ok {
		return s.Where()
	}
	if Over(p) {
		return "the game is over", ""
	}
	return moverName(p.Game(), p.Mover()) + " to move", ""
}

// moverName is a mover as a sentence names them: "A", or "player 3" in a
// game whose players are numbers.
func moverName(g *Game, mover string) string {
	if len(g.Players) == 0 && mover != "" && strings.Trim(mover, "0123456789") == "" {
		return "player " + mover
	}
	return mover
}

// LineText writes a line of moves as the game writes one: coin moves run
// together ("LR2"), others separated by commas ("3, 2").
func LineText(g *Game, line []Move) string {
	parts := make([]string, len(line))
	for i, m := range line {
		parts[i] = m.String()
	}
	return strings.Join(parts, g.LineSep)
}

// totalsText is each player's total so far, "A 10, B 30".
func totalsText(g *Game, h *History) string {
	players := slices.Clone(g.Players)
	for _, p := range SortedKeys(h.Totals) {
		if !slices.Contains(players, p) {
			players = append(players, p)
		}
	}
	parts := make([]string, len(players))
	for i, p := range players {
		parts[i] = strings.TrimLeft(g.PlayerWord+" "+p+" "+h.Total(p).String(), " ")
	}
	return strings.Join(parts, ", ")
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
	return MakeCard(e.tree.Caption, []string{e.tree.Root.Text}, why, `text(x) or save(x, "x.txt") shows the whole tree`)
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
