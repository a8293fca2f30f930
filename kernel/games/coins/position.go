package coins

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/coins"
)

// Position is coins in a row after some turns (after(c, moves)): the coins
// left, the totals so far, whose turn it is and, under take "2M", the
// current M. It is immutable like Coins.
type Position struct {
	N       int            `expr:"n"`      // coins left
	Values  []any          `expr:"values"` // the coins left, left to right
	A       any            `expr:"a"`      // A's score so far
	B       any            `expr:"b"`      // B's score so far
	Turn    string         `expr:"turn"`   // "A" or "B" to move; "" when no coin is left
	Moves   string         `expr:"moves"`  // the moves made: "LRL2"
	M       int            `expr:"m"`      // the current M under take "2M"; 0 under other rules
	RuleMap map[string]any `expr:"rules"`
	Coins   *Coins         `expr:"coins"` // the whole row

	st    state
	legal []games.Move // the moves, listed at the first ask (a match asks them often)
}

func (c *Position) TypeName() string { return "coins position" }

// state is a position of a row: the coins left are row[at.Lo:at.Hi].
type state struct {
	coins *Coins
	at    solver.Position
	h     *games.History
}

// start is the row's position before any move.
func start(c *Coins) state {
	return state{coins: c, at: solverRules(c.rules).Start(c.N, 0)}
}

func (s state) rules() solver.Rules { return solverRules(s.coins.rules) }

// mover is "A" or "B".
func (s state) mover() string { return players[s.h.Len()%2] }

// players are the movers in turn.
var players = [2]string{"A", "B"}

func (s state) left() []*big.Int { return s.coins.row[s.at.Lo:s.at.Hi] }

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
	gain := r.Gain(s.coins.row, s.at, m.m)
	next := state{coins: s.coins, at: r.Next(s.at, m.m), h: s.h.Extend(s.coins, s.mover(), m, gain)}
	return next, nil
}

// value is the position as a game value: always a Position, so that
// after(c, "") has a turn and totals like any other.
func (s state) value() *Position {
	turn := ""
	if s.at.Left() > 0 {
		turn = s.mover()
	}
	m := 0
	if s.rules().TwoM() {
		m = max(s.at.M, 1)
	}
	// The row's values, its map of its rules and the history's text are
	// shared, not copied (values are never changed in place): a line of
	// 100000 moves makes its positions in linear time.
	values := s.coins.Values[s.at.Lo:s.at.Hi:s.at.Hi]
	return &Position{N: s.at.Left(), Values: values, A: kit.Number(s.h.Total("A")),
		B: kit.Number(s.h.Total("B")), Turn: turn, Moves: s.h.Line(), M: m,
		RuleMap: s.coins.RuleMap, Coins: s.coins, st: s}
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

// The games.Position methods, for a position part-way and for a row (its
// start).

func (c *Position) Game() *games.Game  { return Game }
func (c *Position) Rules() games.Rules { return c.st.coins.rules }
func (c *Position) Mover() string      { return c.Turn }
func (c *Position) Legal() []games.Move {
	if c.legal == nil {
		c.legal = c.st.legal()
	}
	return c.legal
}
func (c *Position) Terminal() *big.Int                  { return new(big.Int) }
func (c *Position) Minimizes() bool                     { return false }
func (c *Position) History() *games.History             { return c.st.h }
func (c *Position) ParseMove(x any) (games.Move, error) { return parseMove(x) }
func (c *Position) ParseLine(fn string, k int, x any) ([]games.Move, error) {
	return parseLine(fn, k, x)
}

func (c *Position) Play(m games.Move) (games.Position, error) {
	next, err := c.st.play(m)
	if err != nil {
		return nil, err
	}
	return next.value(), nil
}

func (c *Position) Step(m games.Move) games.Step { return step(c.st, m) }

// step is what move m earns at s: the coins taken (or, under score
// "rest", the coins left after it), against the other player's margin.
func step(s state, m games.Move) games.Step {
	r := s.rules()
	mv := r.Canonical(s.at, m.(move).m)
	return games.Step{Reward: r.Gain(s.coins.row, s.at, mv), Carry: -1}
}

// Key names the position for the exhaustive search: the coins left, M
// and the rules (the mover does not change the value).
func (c *Position) Key() string {
	return fmt.Sprintf("%d:%d:%d", c.st.at.Lo, c.st.at.Hi, c.st.at.M)
}

func (c *Coins) Mover() string                       { return "A" }
func (c *Coins) Legal() []games.Move                 { return start(c).legal() }
func (c *Coins) Terminal() *big.Int                  { return new(big.Int) }
func (c *Coins) Minimizes() bool                     { return false }
func (c *Coins) History() *games.History             { return nil }
func (c *Coins) ParseMove(x any) (games.Move, error) { return parseMove(x) }
func (c *Coins) ParseLine(fn string, k int, x any) ([]games.Move, error) {
	return parseLine(fn, k, x)
}
func (c *Coins) Step(m games.Move) games.Step { return step(start(c), m) }
func (c *Coins) Key() string                  { return fmt.Sprintf("0:%d:0", c.N) }

func (c *Coins) Play(m games.Move) (games.Position, error) {
	next, err := start(c).play(m)
	if err != nil {
		return nil, err
	}
	return next.value(), nil
}

// Started is c as a position with no move made, for after(c, "").
func (c *Coins) Started() games.Position { return start(c).value() }

// Where says where the game stands, for a game tree.
func (c *Position) Where() (string, string) { return where(c.st) }
func (c *Coins) Where() (string, string)    { return where(start(c)) }

func where(s state) (string, string) {
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
func (c *Position) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "A %s, B %s after %s", c.st.h.Total("A"), c.st.h.Total("B"), kit.Count(c.st.h.Len(), "move", "moves"))
	if c.Turn == "" {
		b.WriteString("; no coins left")
	} else {
		fmt.Fprintf(&b, "; %s to move on coins %d..%d", c.Turn, c.st.at.Lo+1, c.st.at.Hi)
	}
	return b.String()
}
