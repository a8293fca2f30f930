package coins

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/coins"
)

// state is where a row's game stands: the coins left are
// row.row[at.Lo:at.Hi], the moves that led there are h (nil before any
// move).
type state struct {
	row *row0
	at  solver.Position
	h   *games.History
}

func (s state) rules() solver.Rules { return solverRules(s.row.rules) }

// mover is "A" or "B".
func (s state) mover() string { return players[s.h.Len()%2] }

// players are the movers in turn.
var players = [2]string{"A", "B"}

func (s state) left() []*big.Int { return s.row.row[s.at.Lo:s.at.Hi] }

// legal is every move of the position, in the game's order.
func (s state) legal() []games.Move {
	ms := s.rules().Moves(s.at)
	out := make([]games.Move, len(ms))
	for i, m := range ms {
		out[i] = boxed(m)
	}
	return out
}

// boxedMoves are the moves of up to 8 coins from either end as
// games.Moves, made once: a match lists the moves of every position.
var boxedMoves = func() (out [2][9]games.Move) {
	for c := 1; c <= 8; c++ {
		out[0][c] = move{solver.Move{Side: 'L', Count: c}}
		out[1][c] = move{solver.Move{Side: 'R', Count: c}}
	}
	return out
}()

// boxed is m as a games.Move.
func boxed(m solver.Move) games.Move {
	switch {
	case m.Count < 1 || m.Count > 8:
		return move{m}
	case m.Side == 'L':
		return boxedMoves[0][m.Count]
	case m.Side == 'R':
		return boxedMoves[1][m.Count]
	}
	return move{m}
}

// play makes m, or says why the rules forbid it.
func (s state) play(gm games.Move) (state, error) {
	m, ok := gm.(move)
	if !ok {
		return s, fmt.Errorf("%s is not a coins move", gm)
	}
	r := s.rules()
	if err := r.Check(s.at, m.m); err != nil {
		return s, fmt.Errorf("%s %w", m.m, err) // the solver's reasons are predicates of the move
	}
	m.m = r.Canonical(s.at, m.m)
	gain := r.Gain(s.row.row, s.at, m.m)
	next := state{row: s.row, at: r.Next(s.at, m.m), h: s.h.Extend(s.row.start, s.mover(), m, gain)}
	return next, nil
}

// value is the position as a game value: the row's own value before any
// move.
func (s state) value() *Coins {
	if s.h == nil && s.at == s.row.start.st.at {
		return s.row.start // the row before any move is one value
	}
	return s.view()
}

// view makes the value of s. The row's values, its map of its rules and
// the history's text are shared, not copied (values are never changed in
// place): a line of 100000 moves makes its positions in linear time.
func (s state) view() *Coins {
	turn := ""
	if s.at.Left() > 0 {
		turn = s.mover()
	}
	m := 0
	if s.rules().TwoM() {
		m = max(s.at.M, 1)
	}
	c := &Coins{N: s.at.Left(), Values: s.row.vals[s.at.Lo:s.at.Hi:s.at.Hi], A: kit.Number(s.h.Total("A")),
		B: kit.Number(s.h.Total("B")), Turn: turn, Moves: s.h.Line(), M: m, RuleMap: s.row.rmap, Coins: s.row.start, st: s}
	if c.Coins == nil {
		c.Coins = c // the row before any move is its own row
	}
	return c
}

// edited is s with the row changed by edit (which keeps its length), the
// moves made replayed on it.
func (s state) edited(edit func(row []*big.Int) []*big.Int) *Coins {
	next := newRow(edit(slices.Clone(s.row.row)), s.row.rules).start.st
	if s.h == nil {
		next.at = s.at // a DP cell's position keeps its own M
		return next.value()
	}
	for _, m := range s.h.Moves {
		next, _ = next.play(m) // legal on the old row, so on this one: moves depend on the count of coins only
	}
	return next.value()
}

// game is the solver's game from this position on.
func (s state) game() solver.Game {
	return solver.Game{Coins: s.left(), Rules: s.rules(), M: s.at.M}
}

// move is one coins move: "L", "R", "L2", "R3".
type move struct{ m solver.Move }

func (m move) String() string   { return m.m.String() }
func (m move) Value() any       { return m.m.String() }
func (m move) Describe() string { return strconv.Quote(m.m.String()) }

// parseMove reads one move, a string "L" or "r2".
func parseMove(x any) (games.Move, error) {
	s, ok := x.(string)
	if !ok {
		return nil, fmt.Errorf("is %s, not a move like \"L\" or \"R2\"", kit.TypeName(x))
	}
	m, err := solver.ParseMove(s)
	if err != nil {
		return nil, err
	}
	return move{m}, nil
}

// parseLine reads a line: "LRL2" (white space and commas ignored) or a
// list of moves ["L", "R2"].
func parseLine(fn string, k int, x any) ([]games.Move, error) {
	if s, ok := x.(string); ok {
		line, err := solver.ParseLine(s)
		var me *solver.MoveError
		if errors.As(err, &me) {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d (%q) that %s", me.Index, me.Text, me.Why)
		} else if err != nil {
			return nil, builtin.ArgError(fn, k, "moves", "has %s", err.Error())
		}
		out := make([]games.Move, len(line))
		for i, m := range line {
			out[i] = move{m}
		}
		return out, nil
	}
	l, ok := kit.AsList(x)
	if !ok {
		return nil, kit.BadType(fn, k, "moves", `a string of moves like "LRL" or a list of them`, x)
	}
	return games.ParseMoves(fn, k, l, parseMove)
}

// The games.Position methods.

func (c *Coins) Mover() string { return c.Turn }
func (c *Coins) Legal() []games.Move {
	if c.legal == nil {
		c.legal = c.st.legal()
	}
	return c.legal
}
func (c *Coins) Terminal() *big.Int                  { return new(big.Int) }
func (c *Coins) Minimizes() bool                     { return false }
func (c *Coins) History() *games.History             { return c.st.h }
func (c *Coins) ParseMove(x any) (games.Move, error) { return parseMove(x) }
func (c *Coins) ParseLine(fn string, k int, x any) ([]games.Move, error) {
	return parseLine(fn, k, x)
}

func (c *Coins) Play(m games.Move) (games.Position, error) {
	next, err := c.st.play(m)
	if err != nil {
		return nil, err
	}
	return next.value(), nil
}

// Step is what move m earns at c: the coins taken (or, under score
// "rest", the coins left after it), against the other player's margin.
func (c *Coins) Step(m games.Move) games.Step { return c.st.step(m) }

func (s state) step(m games.Move) games.Step {
	r := s.rules()
	mv := r.Canonical(s.at, m.(move).m)
	return games.Step{Reward: r.Gain(s.row.row, s.at, mv), Carry: games.CarryNegated}
}

// Key names the position for the exhaustive search: the coins left and M
// (the mover does not change the value).
func (c *Coins) Key() string {
	return fmt.Sprintf("%d:%d:%d", c.st.at.Lo, c.st.at.Hi, c.st.at.M)
}

// Where says where the game stands, for a game tree.
func (c *Coins) Where() (string, string) {
	s := c.st
	if s.at.Left() == 0 {
		return "no coins left", ""
	}
	coins := fmt.Sprintf("coins %d..%d", s.at.Lo+1, s.at.Hi)
	if s.rules().TwoM() {
		coins += fmt.Sprintf(", M %d", max(s.at.M, 1))
	}
	return fmt.Sprintf("%s to move, %s", s.mover(), coins), coins
}

// summary is the position in a line: totals, whose turn, the coins left.
func (c *Coins) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "A %s, B %s after %s", c.st.h.Total("A"), c.st.h.Total("B"), kit.Count(c.st.h.Len(), "move", "moves"))
	if c.Turn == "" {
		b.WriteString("; no coins left")
	} else {
		fmt.Fprintf(&b, "; %s to move on coins %d..%d", c.Turn, c.st.at.Lo+1, c.st.at.Hi)
	}
	return b.String()
}
