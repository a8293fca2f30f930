package tools

import (
	"fmt"
	"math/big"
	"slices"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	register(&builtin.Builtin{
		Name:      "match",
		Signature: `match(x, s) / match(x, sA, sB) / match(x, {A: sA, B: sB})`,
		Doc: `Plays x to the end with strategies (optimal, greedy, random(seed), skill(p, seed), strategy({…})) ` +
			`and returns the line's analyze record: each move's value, after and loss, loss per player, the ` +
			`totals or score. One strategy plays every move (the polygon's one player); two play A and B in ` +
			`turn; a map gives each player theirs (Life Line: {4: greedy, 2: optimal}, the stones taking turns ` +
			`in increasing order, one turn for each empty vertex of the board: captures free vertices again, so ` +
			`play need not end by itself; under suicide: false the match also ends, there and then, when the stone ` +
			`to move has no legal vertex, the others keeping their turns unplayed). Every player named is in the ` +
			`totals and the losses, 0 for one who never got a turn, as in a tournament's rows.`,
		Example: `match(coins([10, 80, 90, 30]), greedy, optimal).loss`,
		Returns: []any{&Analysis{}},
		Fn:      fnMatch,
	})
}

// Sides says which strategy plays for whom: All for every mover, else
// By[player]; Players is the order of play it implies (nil: the game's).
type Sides struct {
	All     *Strategy
	By      map[string]*Strategy
	Players []string
}

// solver evaluates the positions of one match: with the oracle of its
// start where it has one, else each with Evaluate.
type solver struct {
	env    *builtin.Env
	start  games.Position
	solved *games.Evaluator // the positions the oracle does not hold
	asked  bool
	oracle games.Oracle
	seen   map[games.Position]*games.Eval // what the oracle said, for the line's score
}

// eval is pos solved.
func (s *solver) eval(pos games.Position) (*games.Eval, error) {
	if ev := s.seen[pos]; ev != nil {
		return ev, nil
	}
	if !s.asked {
		s.asked = true
		if o, ok := s.start.(games.Oracled); ok {
			var err error
			if s.oracle, err = o.Oracle(s.env); err != nil {
				return nil, err
			}
		}
	}
	if s.oracle != nil {
		if ev, ok := s.oracle(pos); ok {
			if s.seen == nil {
				s.seen = map[games.Position]*games.Eval{}
			}
			s.seen[pos] = ev
			return ev, nil
		}
	}
	if games.Over(pos) {
		return &games.Eval{Value: pos.Terminal()}, nil
	}
	if s.solved == nil {
		s.solved = games.NewEvaluator(s.env)
	}
	return s.solved.Eval(pos)
}

// line is the Eval of every position of a line (as scoreLine's): from the
// oracle when there is one, else in one pass where the game can.
//
// With the oracle, a position after an optimal move is not solved again:
// value = Reward + Carry · value(next) for an optimal move, so the next
// position's value follows from this one's when Carry is ±1. Only that
// Value is then known (Best is nil), which is all a line's score needs;
// the position after it is solved again (or was, for a strategy).
//
// steps are the Steps of the line's moves.
func (s *solver) line(positions []games.Position, line []games.Move, steps []games.Step) ([]*games.Eval, error) {
	if !s.asked || s.oracle == nil {
		return scoreLine(s.env, s.start, positions, line)
	}
	evals := make([]*games.Eval, len(positions))
	for i, pos := range positions {
		if evals[i] == nil {
			ev, err := s.eval(pos)
			if err != nil {
				return nil, err
			}
			evals[i] = ev
		}
		if i == len(line) {
			break
		}
		m := line[i]
		if st := steps[i]; st.Carry != games.CarryNone && evals[i].Best != nil && optimalIn(evals[i].Best, m) {
			v := new(big.Int).Set(evals[i].Value)
			if st.Reward != nil {
				v.Sub(v, st.Reward)
			}
			if st.Carry < 0 {
				v.Neg(v)
			}
			evals[i+1] = &games.Eval{Value: v}
		}
	}
	return evals, nil
}

// optimalIn says m is one of best.
func optimalIn(best []games.Move, m games.Move) bool {
	for _, b := range best {
		if b.String() == m.String() {
			return true
		}
	}
	return false
}

// maxMatchMoves bounds a match, as the generic trace is bounded.
const maxMatchMoves = maxTraceMoves

func fnMatch(env *builtin.Env, args ...any) (any, error) {
	if len(args) < 2 || len(args) > 3 {
		return nil, builtin.Errorf("", "match: takes 2 or 3 arguments (x, strategies…), got %d", len(args))
	}
	p, ok := args[0].(games.Position)
	if !ok {
		return nil, kit.BadType("match", 1, "x", kindsOf("match", is[games.Position]), args[0])
	}
	var sides *Sides
	var err error
	if len(args) == 3 {
		sides, err = pairSides(p.Game(), args[1], args[2])
	} else {
		sides, err = ReadSides("match", 2, p.Game(), args[1])
	}
	if err != nil {
		return nil, err
	}
	for _, w := range warnings(p) {
		env.Warning(w)
	}
	return Match(env, "match", p, sides)
}

// pairSides is match(x, sA, sB): the game's two players in turn.
func pairSides(g *games.Game, a, b any) (*Sides, error) {
	if len(g.Players) != 2 {
		return nil, builtin.Errorf("", "match: %s has no two players in turn; give one strategy, or a map of players to strategies", g.Title)
	}
	sa, ok := a.(*Strategy)
	if !ok {
		return nil, kit.BadType("match", 2, "sA", "a strategy (optimal, greedy, random(seed), …)", a)
	}
	sb, ok := b.(*Strategy)
	if !ok {
		return nil, kit.BadType("match", 3, "sB", "a strategy (optimal, greedy, random(seed), …)", b)
	}
	return &Sides{By: map[string]*Strategy{g.Players[0]: sa, g.Players[1]: sb}}, nil
}

// ReadSides reads argument k of fn: one strategy for every mover, or a map
// of players to strategies ({A: greedy, B: optimal}; Life Line's stones
// {4: greedy, 2: optimal}, who then move in increasing order).
func ReadSides(fn string, k int, g *games.Game, x any) (*Sides, error) {
	if s, ok := x.(*Strategy); ok {
		return &Sides{All: s}, nil
	}
	m, ok := x.(map[string]any)
	if !ok || len(m) == 0 {
		return nil, kit.BadType(fn, k, "strategies", "a strategy (optimal, greedy, random(seed), …) or a map of players to strategies like {A: greedy, B: optimal}", x)
	}
	sides := &Sides{By: map[string]*Strategy{}}
	for _, player := range kit.SortedKeys(m) {
		s, ok := m[player].(*Strategy)
		if !ok {
			return nil, builtin.ArgError(fn, k, "strategies", "gives %s %s, which is no strategy (optimal, greedy, random(seed), …)", player, kit.TypeName(m[player]))
		}
		if g.Turns != games.Free && !slices.Contains(g.Players, player) {
			return nil, builtin.ArgError(fn, k, "strategies", "names %s, who does not play %s (its players are %s)", player, g.Title, kit.OrList(g.Players))
		}
		sides.By[player] = s
	}
	for _, player := range g.Players {
		if sides.By[player] == nil {
			return nil, builtin.ArgError(fn, k, "strategies", "gives no strategy for %s", player)
		}
	}
	if g.Turns == games.Free {
		sides.Players = numericOrder(kit.SortedKeys(m))
	}
	return sides, nil
}

// numericOrder sorts players named by numbers by their value: shorter
// numbers first, then as text.
func numericOrder(players []string) []string {
	less := func(a, b string) bool { return len(a) < len(b) || len(a) == len(b) && a < b }
	for i := 1; i < len(players); i++ { // a few stones: an insertion sort
		for j := i; j > 0 && less(players[j], players[j-1]); j-- {
			players[j], players[j-1] = players[j-1], players[j]
		}
	}
	return players
}

// Match plays x to its end with sides and scores the line (analyze's
// record).
func Match(env *builtin.Env, fn string, x games.Position, sides *Sides) (*Analysis, error) {
	positions, line, _, err := playMatch(env, fn, x, sides)
	if err != nil {
		return nil, err
	}
	a, err := Analyze(env, fn, positions[0], line)
	if err != nil {
		return nil, err
	}
	a.listPlayers(sides.Players)
	return a, nil
}

// playMatch plays x on with sides to the end: the line, and the positions
// on the way (positions[t] the one move t is made from, the first with the
// order of play the sides give, the last where the line ends), and the
// solver that solved them.
func playMatch(env *builtin.Env, fn string, x games.Position, sides *Sides) ([]games.Position, []games.Move, *solver, error) {
	start := x
	if sides.Players != nil {
		s, ok := x.(games.FreeTurns)
		if !ok {
			return nil, nil, nil, builtin.Errorf("", "%s: %s has a fixed order of play; name its players %s", fn, x.Game().Title, kit.OrList(x.Game().Players))
		}
		var err error
		if start, err = s.ForPlayers(sides.Players); err != nil {
			return nil, nil, nil, builtin.Errorf("", "%s: %v", fn, err)
		}
	}
	movers := map[string]*mover{}
	moverFor := func(player string) (*mover, error) {
		if mv := movers[player]; mv != nil {
			return mv, nil
		}
		s := sides.All
		if s == nil {
			s = sides.By[player]
		}
		if s == nil {
			return nil, builtin.Errorf("", "%s: no strategy plays for %s", fn, player)
		}
		movers[player] = newMover(s, len(movers))
		return movers[player], nil
	}
	if _, ok := start.(games.FreeTurns); ok && start.Mover() == "" {
		return nil, nil, nil, builtin.Errorf("", "%s: nobody is to move on this %s; give the players, as in %s(b, {4: greedy, 2: optimal})", fn, kit.TypeName(start), fn)
	}
	turns := -1 // no end but the game's
	if e, ok := start.(games.FreeTurns); ok {
		turns = e.MatchTurns()
	}
	// Each position of the line is kept: about what the instance holds.
	positionBytes := int64(128)
	if s, ok := start.(games.Sized); ok {
		positionBytes = s.Bytes()
	} else if s, ok := start.(games.Shrinkable); ok {
		positionBytes += 16 * int64(s.Parts())
	}
	var line []games.Move
	positions := []games.Position{start}
	sv := &solver{env: env, start: start}
	for pos := start; !games.Over(pos) && len(line) != turns; {
		if len(line) == maxMatchMoves {
			return nil, nil, nil, builtin.Errorf("", "%s: the game goes on past %d moves", fn, maxMatchMoves)
		}
		if err := env.Ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
		if err := env.Reserve(positionBytes); err != nil {
			return nil, nil, nil, err
		}
		if s, ok := pos.(games.Stuck); ok {
			switch stuck, err := s.Stuck(env); {
			case err != nil:
				return nil, nil, nil, err
			case stuck:
				return nil, nil, nil, builtin.Errorf(builtin.GameError, "%s: after %s the line is at %s, from which no line of play ends",
					fn, kit.Count(len(line), "move", "moves"), inline(pos))
			}
		}
		mv, err := moverFor(pos.Mover())
		if err != nil {
			return nil, nil, nil, err
		}
		m, err := mv.choose(env, sv, pos)
		if err != nil {
			if env.Ctx.Err() != nil || isStop(err) {
				return nil, nil, nil, err
			}
			return nil, nil, nil, builtin.Errorf("", "%s: %v", fn, err)
		}
		next, err := pos.Play(m)
		if err != nil { // a strategy of the engine's own plays legal moves only
			return nil, nil, nil, fmt.Errorf("%s: %s at %s: %v", fn, games.Describe(m), where(pos), err)
		}
		line = append(line, Played(next))
		positions = append(positions, next)
		pos = next
	}
	return positions, line, sv, nil
}
