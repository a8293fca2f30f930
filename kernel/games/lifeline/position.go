package lifeline

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"

	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
	solver "gamelab/solvers/lifeline"
)

// stone is one Life Line move: player's stone at (r, p).
type stone struct{ r, p, player int }

func (s stone) String() string   { return fmt.Sprintf("(%d,%d)", s.r, s.p) }
func (s stone) Value() any       { return []int{s.r, s.p} }
func (s stone) Player() string   { return strconv.Itoa(s.player) }
func (s stone) Describe() string { return fmt.Sprintf("stone %d at (%d,%d)", s.player, s.r, s.p) }

// parseMove reads one move: [row, position, player].
func parseMove(x any) (games.Move, error) {
	m, ok := kit.AsList(x)
	if !ok || len(m) != 3 {
		return nil, fmt.Errorf("is not [row, position, player]: %s", kit.Format(x))
	}
	var v [3]int
	for i, y := range m {
		n, msg := kit.ToInt(y)
		if msg != "" {
			return nil, fmt.Errorf("whose %s %s", []string{"row", "position", "player"}[i], msg)
		}
		v[i] = n
	}
	return stone{v[0], v[1], v[2]}, nil
}

// ParseMove reads one move [row, position, player].
func (b *Board) ParseMove(x any) (games.Move, error) { return parseMove(x) }

// ParseLine reads a line of moves: a list of [row, position, player], or
// one of them.
func (b *Board) ParseLine(fn string, k int, x any) ([]games.Move, error) {
	l, ok := kit.AsList(x)
	if !ok {
		return nil, kit.BadType(fn, k, "moves", "a list of moves [row, position, player]", x)
	}
	if len(l) > 0 {
		if _, single := kit.AsList(l[0]); !single {
			l = []any{l} // one move, [3, 2, 4]
		}
	}
	return games.ParseMoves(fn, k, l, parseMove)
}

// Mover is the stone to move: the next in play's order, or the one the
// last WithMover set; "" when no order is set (each move names its player).
func (b *Board) Mover() string {
	if len(b.order) > 0 {
		return b.order[b.h.Len()%len(b.order)]
	}
	return b.mover
}

// WithMover is b with player to move, for a move that names its player.
func (b *Board) WithMover(player string) (games.Position, error) {
	if len(b.order) > 0 {
		return nil, fmt.Errorf("it is player %s's turn, not %s's", b.Mover(), player)
	}
	pl, err := strconv.Atoi(player)
	if err != nil || pl < 1 || pl > 9 {
		return nil, fmt.Errorf("players are 1..9, got %s", player)
	}
	c := *b
	c.mover = player
	return &c, nil
}

// Legal lists the empty vertices the mover may play, in reading order.
func (b *Board) Legal() []games.Move {
	pl, err := strconv.Atoi(b.Mover())
	if err != nil {
		return nil
	}
	var out []games.Move
	var legal []bool
	if b.rules.Get("suicide") == false {
		res, err := solverRules(b.rules).Solve(nonCancel, b.b, pl)
		if err == nil {
			legal = make([]bool, len(b.b.Cells))
			for i, bad := range res.Illegal {
				legal[i] = !bad
			}
		} else {
			return nil
		}
	}
	for i, c := range b.b.Cells {
		if c == 0 && (legal == nil || legal[i]) {
			r, p := b.b.Coord(i)
			out = append(out, stone{r, p, pl})
		}
	}
	return out
}

// place puts m on the board under the rules, saying in the game's words
// why it is illegal.
func (b *Board) place(m stone) (*solver.Move, error) {
	switch {
	case m.player < 1 || m.player > 9:
		return nil, fmt.Errorf("players are 1..9, got %d", m.player)
	case !b.b.Contains(m.r, m.p):
		return nil, fmt.Errorf("(%d,%d) is not on the board (%s)", m.r, m.p, b.shape())
	case b.b.At(m.r, m.p) != 0:
		return nil, fmt.Errorf("(%d,%d) is occupied by stone %d", m.r, m.p, b.b.At(m.r, m.p))
	}
	mv, err := solverRules(b.rules).Place(nonCancel, b.b, m.player, m.r, m.p)
	var ill *solver.IllegalMoveError
	if errors.As(err, &ill) {
		return nil, fmt.Errorf("a stone there would remove %s of player %d's own, and the rules forbid it (suicide: false)",
			kit.Count(ill.Own, "stone", "stones"), m.player)
	}
	return mv, err
}

// shape says which vertices the board has, for messages.
func (b *Board) shape() string {
	if b.b.Grid == solver.Square {
		return fmt.Sprintf("rows and positions 1..%d", b.N)
	}
	return fmt.Sprintf("rows 1..%d, row r has positions 1..r", b.N)
}

// Play places the stone m and removes what the rules remove.
func (b *Board) Play(gm games.Move) (games.Position, error) {
	m, ok := gm.(stone)
	if !ok {
		return nil, fmt.Errorf("%s is not a Life Line move", gm)
	}
	if mover := b.Mover(); mover != "" && mover != m.Player() {
		return nil, fmt.Errorf("it is player %s's turn, not %d's", mover, m.player)
	}
	mv, err := b.place(m)
	if err != nil {
		return nil, err
	}
	next := newBoard(mv.After, b.rules)
	next.h = b.h.Extend(b.start(), m.Player(), m, big.NewInt(int64(mv.Points)))
	next.order = b.order
	next.Moves = append(slices.Clone(b.Moves), []int{m.r, m.p, m.player})
	next.Turns = append(slices.Clone(b.Turns), map[string]any{"move": []int{m.r, m.p, m.player}, "points": mv.Points,
		"removed": stones(mv.RemovedStones)})
	return next, nil
}

// start is the board before the line of moves b is after.
func (b *Board) start() games.Position {
	if b.h != nil {
		return b.h.Start
	}
	return b
}

// Step is the move's points for its mover; each turn is scored on its own.
func (b *Board) Step(gm games.Move) games.Step {
	mv, err := b.place(gm.(stone))
	if err != nil {
		return games.Step{Reward: new(big.Int)}
	}
	return games.Step{Reward: big.NewInt(int64(mv.Points))}
}

func (b *Board) Terminal() *big.Int      { return new(big.Int) }
func (b *Board) Minimizes() bool         { return false }
func (b *Board) History() *games.History { return b.h }

// Key names the position for the exhaustive search.
func (b *Board) Key() string { return b.Mover() + ":" + string(b.b.Cells) }
