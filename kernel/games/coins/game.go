// Package coins is coins in a row as the command language plays it: the
// row and its positions part-way (one type, Coins), their rules (take k or
// "2M", ends, score), the result of solving them, their trace, DP table and
// pictures, the builtins that make and change them, and the batch
// dialects. The DP itself is gamelab/solvers/coins; the tools written once
// over every game (package games/tools) play it through games.Position.
package coins

import (
	"fmt"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/coins"
)

// Game is coins in a row. Package all registers it.
var Game = &games.Game{
	Name:    "coins",
	Title:   "coins in a row",
	Heading: "Coins in a row (AtCoder DP Deque)",
	Rules: "A row of n integers of any sign. Players A (first) and B alternate; each takes the leftmost (L) or the " +
		"rightmost (R) coin, and each maximises their own total. solve gives A's total, B's total, A - B and one " +
		"optimal move sequence: a player takes L only when it is strictly better, so 10 80 90 30 gives A 110 " +
		"with moves RRRL.",
	Options: []*games.Option{
		{Name: "take", Default: 1, Values: `an integer k ≥ 1 or "2M"`,
			Doc:   `each turn the mover takes 1..k coins from one end; "2M" (LeetCode 1140): X coins, 1 ≤ X ≤ 2M, then M = max(M, X), M starting at 1`,
			Parse: parseTake},
		{Name: "ends", Default: "both", Values: `"both" or "left"`,
			Doc: `which end a move may take coins from: either, or only the left (LeetCode's Stone Games II and III)`, Parse: games.OneOf("both", "left")},
		{Name: "score", Default: "taken", Values: `"taken" or "rest"`,
			Doc: `what a move scores for its mover: the coins taken, or the sum of the coins left after the move (LeetCode 1690)`, Parse: games.OneOf("taken", "rest")},
	},
	Turns:   games.InTurn,
	Players: []string{"A", "B"},
	Scoring: games.PerMove,
	Words: games.Words{
		Value:       "margin",
		ValueDoc:    "margin: the mover's total minus the other's over the coins left, with best play",
		Hint:        "the mover's best margin",
		Reply:       "takes",
		PlotCaption: "A's final margin along the line (A − B with best play from each point)",
		PlotY:       "A − B guaranteed",
		Variant:     func(r games.Rules) string { return describe(solverRules(r)) },
		Variants:    explain,
	},
	Help: games.Help{
		At:      "Coins: coin i of a row, or of the coins left in a position.",
		SetV:    "Coins: coin i (of those left, in a position: the moves made kept).",
		Insert:  "Coins: insert(c, i, v) puts coin v at position i.",
		Remove:  "Coins: removes coin i; at least one must remain.",
		Rotate:  "coins: the first k coins move to the end;",
		Reverse: "coins: the row right to left;",
		Solve: `Coins give best (A's total), second (B's), diff, moves (one optimal line: L/R per turn, L2 ` +
			`or R3 for more coins), optimal (every optimal first move) and, for a position, played (the moves ` +
			`already made) with the totals counted from the start.`,
		After: `Coins: moves "L"/"R" (and "L2", "R3" where the rules take more) as a string ("LRL2") or a ` +
			`list, giving the coins left, the totals a and b so far, whose turn it is and M under take "2M".`,
		DP: `Coins: every interval of coins from..to that can be left (under take "2M", with each M that can ` +
			`occur there: at(d, from, to, M)), the mover's best margin and every optimal move; d.plan lists ` +
			`[from, to] for the cells the solve's line passes. dp(after(c, moves)) is the table of the coins left, ` +
			`numbered from 1, from the position's M.`,
		Play: `Coins: play(c) you are A and the optimum plays B, play(c, "B") you are B, play(c, "both") you ` +
			`move for both.`,
	},
	Values: []builtin.Typed{&Coins{}, &Result{}, &Trace{}, &DP{}, &Cell{}},
}

// parseTake reads take: a whole number of coins k ≥ 1, or "2M".
func parseTake(v any) (any, error) {
	if s, ok := v.(string); ok && strings.EqualFold(strings.TrimSpace(s), "2M") {
		return "2M", nil
	}
	if k, msg := kit.ToInt(v); msg == "" && k >= 1 {
		return k, nil
	}
	return nil, fmt.Errorf(`must be %s, got %s`, `an integer k ≥ 1 or "2M"`, kit.Format(quoted(v)))
}

func quoted(v any) any {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return v
}

// solverRules is r as the solver takes it.
func solverRules(r games.Rules) solver.Rules {
	var sr solver.Rules
	switch t := r.Get("take").(type) {
	case int:
		sr.Take = t
	case string:
		sr.Take = solver.TakeTwoM
	}
	if r.Get("ends") == "left" {
		sr.Ends = solver.LeftEnd
	}
	if r.Get("score") == "rest" {
		sr.Score = solver.ScoreRest
	}
	return sr
}

// describe says how rules r differ from the default game, for a result's
// text: "take 1..3 from the left".
func describe(r solver.Rules) string {
	take := "take 1"
	switch {
	case r.TwoM():
		take = "take 1..2M"
	case r.Take > 1:
		take = fmt.Sprintf("take 1..%d", r.Take)
	}
	s := take + " from either end"
	if r.Ends == solver.LeftEnd {
		s = take + " from the left"
	}
	if r.Score == solver.ScoreRest {
		s += ", scoring the coins left after the move"
	}
	return s
}

// explain states the variants of r in words, for rules(x).
func explain(r games.Rules) string {
	sr := solverRules(r)
	var parts []string
	switch {
	case sr.TwoM():
		parts = append(parts, "a move takes X coins, 1 ≤ X ≤ 2M, and then M becomes max(M, X); M starts at 1 (LeetCode 1140).")
	case sr.Take > 1:
		parts = append(parts, fmt.Sprintf("a move takes 1 to %d coins from one end (L2 takes two from the left, R3 three from the right).", sr.Take))
	}
	if sr.Ends == solver.LeftEnd {
		parts = append(parts, "Coins are taken from the left end only.")
	}
	if sr.Score == solver.ScoreRest {
		parts = append(parts, "A move scores the sum of the coins left after it, not the coins taken (LeetCode 1690).")
	}
	parts = append(parts, "Each player still maximises their own score; the value of a position is the mover's margin.")
	return strings.Join(parts, " ")
}

// What a row of coins and its results can do, checked by the compiler: a
// method whose signature drifts from its capability's is an error here,
// not a value the tools silently stop finding.
var (
	_ games.Position    = (*Coins)(nil)
	_ games.Solver      = (*Coins)(nil)
	_ games.LineScorer  = (*Coins)(nil)
	_ games.Oracled     = (*Coins)(nil)
	_ games.Keyed       = (*Coins)(nil)
	_ games.Solvable    = (*Coins)(nil)
	_ games.Traceable   = (*Coins)(nil)
	_ games.Tabled      = (*Coins)(nil)
	_ games.Reader      = (*Coins)(nil)
	_ games.Editor      = (*Coins)(nil)
	_ games.Resizer     = (*Coins)(nil)
	_ games.Player      = (*Coins)(nil)
	_ games.LineParser  = (*Coins)(nil)
	_ games.Situated    = (*Coins)(nil)
	_ games.Shrinkable  = (*Coins)(nil)
	_ games.Enumerable  = (*Coins)(nil)
	_ games.Resulter    = (*Coins)(nil)
	_ games.Describer   = move{}
	_ games.Traceable   = (*Result)(nil)
	_ games.Explainable = (*Result)(nil)
	_ games.Resulter    = (*Result)(nil)
	_ games.Reader      = (*DP)(nil)
	_ games.Positioner  = (*DP)(nil)
	_ games.Traceable   = (*DP)(nil)
	_ games.Resulter    = (*DP)(nil)
)

// Results are what solve, trace and dp give for a row or a position, for
// completion.
func (c *Coins) Results() games.Results {
	return games.Results{Solve: &Result{}, Trace: &Trace{}, DP: &DP{}}
}

// Results are what trace gives for a result, for completion.
func (r *Result) Results() games.Results { return games.Results{Trace: &Trace{}} }

// Results are what position gives for a cell of the table, and trace for
// the table, for completion.
func (d *DP) Results() games.Results { return games.Results{Position: &Coins{}, Trace: &Filling{}} }
