package tools

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/display"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
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
		Returns: []any{&kit.Explanation{}},
		Fn:      fnExplain,
	})
}

// maxExplainDepth bounds the depth of a game tree, maxTreeNodes its size:
// a tree of more nodes than a screen shows is no explanation.
const (
	maxExplainDepth = 6
	maxTreeNodes    = 2000
)

func fnExplain(env *builtin.Env, args ...any) (any, error) {
	x, err := kit.FirstArg("explain", "explain(solve(p)) or explain(x, depth)", args)
	if err != nil {
		return nil, err
	}
	if e, ok := x.(games.Explainable); ok {
		return e.Explain(env, args)
	}
	p, ok := x.(games.Position)
	if !ok {
		return nil, kit.BadType("explain", 1, "x", kindsOf("explain", func(x any) bool { return is[games.Explainable](x) || is[games.Position](x) }), x)
	}
	return ExplainTree(env, p, args)
}

// ExplainTree is explain(p, depth): the game tree of the next depth moves
// (default 3).
func ExplainTree(env *builtin.Env, p games.Position, args []any) (*kit.Explanation, error) {
	depth := 3
	if err := kit.Unpack("explain", args, "x", new(any), "depth?", kit.Between(&depth, 1, maxExplainDepth)); err != nil {
		return nil, err
	}
	if _, ok := p.(games.FreeTurns); ok && p.Mover() == "" {
		// A board's moves name their player: no tree until one is named.
		return nil, builtin.ArgError("explain", 1, "x", "has no player to move: explain(solve(%s, player)) shows a player's moves", "x")
	}
	return GameTree(env, p, depth)
}

// GameTree is the tree of the next depth moves from p: each node a
// position with its mover's value, each edge a move with what it keeps
// after it and what it loses, ★ on the optimal ones.
func GameTree(env *builtin.Env, p games.Position, depth int) (*kit.Explanation, error) {
	g := p.Game()
	nodes := 0
	solved := games.NewEvaluator(env)
	var build func(p games.Position, d int) (*display.TreeNode, error)
	build = func(p games.Position, d int) (*display.TreeNode, error) {
		if nodes++; nodes > maxTreeNodes {
			return nil, fmt.Errorf("the tree of %d moves has more than %d nodes; explain(x, %d) or less shows it", depth, maxTreeNodes, max(depth-1, 1))
		}
		where, short := situation(p)
		nd := &display.TreeNode{Text: where, Value: "end", Sub: ""}
		if games.Over(p) {
			return nd, nil
		}
		ev, err := solved.Eval(p)
		if err != nil {
			return nil, err
		}
		// A one-player game (the polygon's) names no mover: "edge 2 →
		// score 20", not "1 2 → 1's score 20"; Life Line's movers are
		// numbers, "player 3".
		solo := g.Turns == games.Solo
		who := moverName(g, p.Mover())
		whose := who + "'s "
		nd.Text += fmt.Sprintf(": best %s %s", g.Words.Value, ev.Value)
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
			edge := who + " " + m.String()
			if solo || g.Turns == games.Free { // "edge 2", "stone 3 at (2,2)": the move names its player
				edge = games.Describe(m)
			}
			if st.Reward != nil {
				edge += fmt.Sprintf(" (%s)", st.Reward)
			}
			nextValue := next.Terminal()
			if !games.Over(next) && st.Carry != games.CarryNone {
				nev, err := solved.Eval(next)
				switch {
				case errors.Is(err, games.ErrNoEnd): // a puzzle's dead end: no value, no subtree
					nd.Kids = append(nd.Kids, &display.TreeNode{Edge: edge, Text: "→ no line of play ends from there", Value: "none"})
					continue
				case err != nil:
					return nil, err
				}
				nextValue = nev.Value
			}
			after := games.AfterValue(st, nextValue)
			kid, err := build(next, d-1)
			if err != nil {
				return nil, err
			}
			kid.Edge = edge
			verdict := fmt.Sprintf("loses %s", games.Loss(p, ev.Value, after))
			if after.Cmp(ev.Value) == 0 {
				kid.Mark |= display.MarkBest
				kid.Edge = "★ " + kid.Edge
				verdict = "optimal"
			}
			kid.Text = fmt.Sprintf("→ %s%s %s, %s; %s", whose, g.Words.Value, after, verdict, kid.Text)
			nd.Kids = append(nd.Kids, kid)
		}
		return nd, nil
	}
	root, err := build(p, depth)
	if err != nil {
		return nil, fmt.Errorf("explain: %w", err)
	}
	caption := fmt.Sprintf("the next %s", kit.Count(depth, "move", "moves"))
	if h := p.History(); h.Len() > 0 {
		line := games.LineText(g, h.Moves)
		if g.Turns == games.Solo { // "after edge 1, edge 3": a one-player game's moves are numbers
			parts := make([]string, len(h.Moves))
			for i, m := range h.Moves {
				parts[i] = games.Describe(m)
			}
			line = strings.Join(parts, ", ")
		}
		caption += " after " + line
		if len(h.Totals) > 0 || g.Scoring == games.PerMove {
			caption += fmt.Sprintf(" (%s so far)", totalsText(g, h))
		}
	}
	tree := display.Tree{Caption: caption, Root: root, Notes: []string{g.Words.ValueDoc + "; ★ an optimal move"}}
	return kit.NewExplanation(tree), nil
}

// situation is where p stands, for a game tree's node.
func situation(p games.Position) (line, short string) {
	if s, ok := p.(games.Situated); ok {
		return s.Where()
	}
	if games.Over(p) {
		return "the game is over", ""
	}
	return moverName(p.Game(), p.Mover()) + " to move", ""
}

// moverName is a mover as a sentence names them: "A", or "player 3" in a
// game whose players are numbers.
func moverName(g *games.Game, mover string) string {
	if g.Turns == games.Free && mover != "" && strings.Trim(mover, "0123456789") == "" {
		return "player " + mover
	}
	return mover
}

// totalsText is each player's total so far, "A 10, B 30".
func totalsText(g *games.Game, h *games.History) string {
	players := slices.Clone(g.Players)
	for _, p := range kit.SortedKeys(h.Totals) {
		if !slices.Contains(players, p) {
			players = append(players, p)
		}
	}
	parts := make([]string, len(players))
	for i, p := range players {
		parts[i] = strings.TrimLeft(g.Words.Player+" "+p+" "+h.Total(p).String(), " ")
	}
	return strings.Join(parts, ", ")
}
