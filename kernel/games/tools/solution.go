package tools

import (
	"fmt"
	"io"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// Solution is solve(x) of a game without a result of its own (one that is
// not games.Solvable): what the mover can guarantee from x, every optimal
// move there, and one optimal line played to the end, each of its moves
// the game's choice (the first optimal one in the game's order, unless
// its solver says otherwise), with the outcome that line reaches.
type Solution struct {
	Game    string         `expr:"game"`    // the game's name
	Mover   any            `expr:"mover"`   // the player to move at x; nil when the game is over
	Value   any            `expr:"value"`   // what the mover can guarantee from x (Words.Value)
	Optimal []any          `expr:"optimal"` // every optimal move at x, in the game's order
	Line    []any          `expr:"line"`    // one optimal line from x to the end
	Played  []any          `expr:"played"`  // the moves made before x
	Totals  map[string]any `expr:"totals"`  // a game that scores its moves: each player's total at the line's end
	Score   any            `expr:"score"`   // a game scored at its end: the end's value
	Start   any            `expr:"start"`   // x
	End     any            `expr:"end"`     // the position the line ends in

	game  *games.Game
	line  []games.Move
	trace *Trace
}

func (s *Solution) TypeName() string { return "solution" }

// solution solves p and plays its line out.
func solution(env *builtin.Env, fn string, p games.Position) (*Solution, error) {
	t, err := optimalLine(env, fn, p)
	if err != nil {
		return nil, err
	}
	g := p.Game()
	s := &Solution{Game: g.Name, Optimal: []any{}, Line: []any{}, Played: []any{}, Start: p, End: t.End,
		game: g, line: t.line, trace: t}
	if h := p.History(); h != nil {
		for _, m := range h.Moves {
			s.Played = append(s.Played, m.Value())
		}
	}
	for _, m := range t.line {
		s.Line = append(s.Line, m.Value())
	}
	end := t.End.(games.Position)
	if t.first != nil {
		s.Mover, s.Value = playerValue(p.Mover()), kit.Number(t.first.Value)
		for _, m := range t.first.Best {
			s.Optimal = append(s.Optimal, m.Value())
		}
	} else {
		s.Value = kit.Number(p.Terminal())
	}
	if g.Scoring == games.AtEnd {
		s.Score = kit.Number(end.Terminal())
	} else {
		s.Totals = map[string]any{}
		for _, pl := range g.Players {
			s.Totals[pl] = kit.Number(end.History().Total(pl))
		}
		if h := end.History(); h != nil {
			for pl, v := range h.Totals {
				s.Totals[pl] = kit.Number(v)
			}
		}
	}
	return s, nil
}

// Text is the value and its mover, the optimal moves, the line and what
// it reaches.
func (s *Solution) Text() string { return kit.WholeText(s) }

func (s *Solution) ShownAs(name string) string { return kit.ShownAs(s, name) }

func (s *Solution) WriteText(w io.Writer, full bool) error {
	return s.WriteView(w, kit.View{Full: full})
}

func (s *Solution) WriteView(w io.Writer, v kit.View) error {
	var b strings.Builder
	if s.Mover == nil {
		fmt.Fprintf(&b, "the game is over: %s %s\n", s.game.Words.Value, v.Value(s.Value))
	} else {
		fmt.Fprintf(&b, "%s %s for %v, to move\n", s.game.Words.Value, v.Value(s.Value), s.Mover)
		best := v.List(len(s.Optimal), ", ", func(i int) string { return kit.FormatValue(s.Optimal[i]) }, "optimal")
		fmt.Fprintf(&b, "optimal: %s\n", best)
		fmt.Fprintf(&b, "line: %s\n", v.List(len(s.line), s.game.Words.LineSep, func(i int) string { return s.line[i].String() }, "line"))
	}
	if s.Score != nil {
		fmt.Fprintf(&b, "score: %s%s\n", v.Value(s.Score), s.scoreFor())
	} else if len(s.Totals) > 0 {
		keys := kit.SortedKeys(s.Totals)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strings.TrimLeft(s.game.Words.Player+" "+k+" "+v.Value(s.Totals[k]), " ")
		}
		fmt.Fprintf(&b, "totals: %s\n", strings.Join(parts, ", "))
	}
	if r := s.Start.(games.Position).Rules(); !r.IsDefault() {
		fmt.Fprintf(&b, "rules: %s\n", r.Describe())
	}
	return kit.WriteString(w, b.String())
}

// scoreFor says whose the score of a game of two players is: the player
// who would move at the end (the value part's mover), the other one than
// the line's last mover.
func (s *Solution) scoreFor() string {
	g := s.game
	if g.Turns != games.InTurn || len(g.Players) != 2 {
		return ""
	}
	h := s.End.(games.Position).History()
	if h.Len() == 0 {
		return ""
	}
	last := h.Players[h.Len()-1]
	for _, p := range g.Players {
		if p != last {
			return " for " + p + ", who would move next"
		}
	}
	return ""
}

// JSONValue is the game, the value, the optimal moves, the line and its
// outcome, numbers exact.
func (s *Solution) JSONValue() any {
	return struct {
		Game    string         `json:"game"`
		Mover   any            `json:"mover,omitempty"`
		Value   any            `json:"value"`
		Optimal []any          `json:"optimal"`
		Line    []any          `json:"line"`
		Played  []any          `json:"played,omitempty"`
		Totals  map[string]any `json:"totals,omitempty"`
		Score   any            `json:"score,omitempty"`
	}{s.Game, s.Mover, s.Value, s.Optimal, s.Line, s.Played, s.Totals, s.Score}
}

// Trace is trace(solve(x)): the solution's line, without solving again.
func (s *Solution) Trace(env *builtin.Env, fn string, args []any) (any, error) {
	if err := kit.Unpack(fn, args, "result", new(any)); err != nil {
		return nil, err
	}
	return s.trace, nil
}

// Explain is explain(solve(x)): the game tree from x.
func (s *Solution) Explain(env *builtin.Env, args []any) (any, error) {
	return ExplainTree(env, s.Start.(games.Position), args)
}

// Results are what trace gives for a solution, for completion.
func (s *Solution) Results() games.Results { return games.Results{Trace: &Trace{}} }

var (
	_ games.Traceable   = (*Solution)(nil)
	_ games.Explainable = (*Solution)(nil)
	_ games.Resulter    = (*Solution)(nil)
	_ kit.Viewer        = (*Solution)(nil)
)
