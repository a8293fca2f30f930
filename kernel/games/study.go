package games

import "gamelab/kernel/builtin"

// The builtins for exploring a game rather than solving it: a position
// part-way (after), a line of play scored move by move (analyze), why the
// optimum is what it is (explain) and playing against it (play). They are
// registered here, after solve, trace and heat, so help lists them together.
func init() {
	register(&builtin.Builtin{
		Name:      "after",
		Signature: `after(x, moves)`,
		Doc: `The position after moves, a game value like any other: shown, solved, analyzed, and ` +
			`edited (ch[i] = v or setv(ch, i, v), counting from 1). ` +
			`Polygon: moves are edge numbers in the original numbering, the first deletes an edge and ` +
			`each later one merges the two values it joins (as solve(p).merges lists them), giving a ` +
			`chain: its values, edges, ops and moves; solve of a chain gives the best final score, every ` +
			`optimal next merge and a plan. Coins: moves "L"/"R" as a string ("LR") or list, giving the ` +
			`coins left, the totals a and b so far and whose turn it is; solve plays on from there. ` +
			`Board: moves [row, position, player], each placing a stone and removing every group left ` +
			`without an empty neighbour (docs/rules.md). An illegal move is an error that says why.`,
		Example:    `after(polygon("* -5 + -2 * -8 * -5 + 8"), [3, 2])`,
		Returns:    []any{&PolygonChain{}, &CoinsPosition{}, &Board{}},
		ReturnsFor: returnsByGame(&PolygonChain{}, &CoinsPosition{}, &Board{}),
		Fn:         fnAfter,
	})
	register(&builtin.Builtin{
		Name:      "analyze",
		Signature: `analyze(x, moves)`,
		Doc: `Scores a line of play from x (a game value or a position from after) move by move. ` +
			`moves are as after takes them. The record's moves list each turn's turn, player (coins ` +
			`"A"/"B", Life Line the stone, polygon 1), move, best (every optimal move there, sorted), ` +
			`value (what the mover could guarantee before the move: coins the mover's margin over the ` +
			`coins left, polygon the best final score reachable, Life Line the best points this turn), ` +
			`after (the same once the move is made; Life Line the move's points) and loss = value − after ` +
			`(0 exactly for an optimal move). loss sums it per player (coins {"A", "B"}, Life Line by ` +
			`stone, polygon one number); totals (coins, Life Line) or score (polygon, once one value is ` +
			`left) is the outcome; start and end are the positions before and after the line. ` +
			`plot(r) draws the value along the line.`,
		Example: `analyze(coins([10, 80, 90, 30]), "LRLR").loss`,
		Returns: []any{&Analysis{}},
		Fn:      fnAnalyze,
	})
	register(&builtin.Builtin{
		Name:      "explain",
		Signature: `explain(result) / explain(coins, depth)`,
		Doc: `Why the optimum is what it is. explain(solve(p)) draws a polygon's optimal plan as an ` +
			`expression tree: each merge a node with its operator, edge and exact value, the vertices as ` +
			`leaves; a part the optimum takes at its minimum rather than its maximum (to multiply it by ` +
			`another negative) is marked, which is why the DP keeps minima (docs/rules.md). solve of a ` +
			`chain explains the same way. explain(c, depth) is the coins game tree of the next depth ` +
			`moves (default 3, at most 6; c a row or a position from after), each node with the mover's ` +
			`best margin, every optimal move marked ★. Text in the REPL (an indented tree), a picture in Jupyter.`,
		Example: `explain(solve(polygon("* -5 + -2 * -8 * -5 + 8")))`,
		Returns: []any{&Explanation{}},
		Fn:      fnExplain,
	})
	register(&builtin.Builtin{
		Name:      "play",
		Signature: `play(x) / play(coins, "A" | "B" | "both") / play(board, players)`,
		Doc: `Play a game against the optimum, or explore it by hand. Coins: play(c) you are A and ` +
			`the optimum plays B, play(c, "B") you are B, play(c, "both") you move for both (moves L or R). ` +
			`Polygon: you make every move (an edge number: the first deletes it, each later one merges ` +
			`it). Life Line: play(b, [4, 2]) players take turns in that order and you move for each ` +
			`(row and position, e.g. 3 2). Each turn shows the position and asks for a move, then says ` +
			`how good it was (its loss and the optimal moves). ? shows the optimal moves, u takes back ` +
			`your last move (and the reply), q stops; Ctrl-D (or Ctrl-C at the prompt) stops too. ` +
			`Returns the analyze record of the moves made (r = play(c); r.loss; plot(r)). Needs a person ` +
			`to answer: in a script or piped input, or where Jupyter does not allow input, it is an error ` +
			`(analyze(x, moves) scores a line instead).`,
		Example: `play(coins([10, 80, 90, 30]))`,
		Returns: []any{&Analysis{}},
		Fn:      fnPlay,
	})
}

// withPositions extends a ReturnsFor by game to the positions after makes:
// forChain for a polygon chain, forCoins for a coins position.
func withPositions(byGame func(first any) []any, forChain, forCoins any) func(first any) []any {
	return func(first any) []any {
		switch first.(type) {
		case *PolygonChain:
			return []any{forChain}
		case *CoinsPosition:
			return []any{forCoins}
		}
		return byGame(first)
	}
}
