package lifeline

import (
	"fmt"
	"strconv"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// PlayersFor reads play's order of play, [4, 2]: players take turns in that
// order and the person moves for each.
func (b *Board) PlayersFor(who any) (games.Position, []string, error) {
	if who == nil {
		return nil, nil, builtin.ArgError("play", 2, "players", "is missing: give the order of play, e.g. play(b, [4, 2])")
	}
	l, ok := kit.AsList(who)
	if !ok || len(l) == 0 {
		return nil, nil, builtin.ArgError("play", 2, "players", "must be a list of players 1..9, e.g. [4, 2], got %s", kit.Format(who))
	}
	var order []string
	for _, p := range l {
		v, msg := kit.ToInt(p)
		if msg != "" || v < 1 || v > 9 {
			return nil, nil, builtin.ArgError("play", 2, "players", "must hold players 1..9, got %s", kit.Format(p))
		}
		order = append(order, strconv.Itoa(v))
	}
	c := *b
	c.order, c.mover = order, ""
	return &c, order, nil
}

// Prompt asks the mover for a vertex.
func (b *Board) Prompt(mover string) string {
	return fmt.Sprintf("player %s: row and position, e.g. 3 2 (? hint, u undo, q quit): ", mover)
}

// ParseTyped reads the row and position the person typed: "3 2", "(3,2)".
func (b *Board) ParseTyped(line, mover string) (games.Move, error) {
	fields := kit.Fields(line)
	if len(fields) != 2 {
		return nil, fmt.Errorf("a move is a row and a position, e.g. 3 2")
	}
	r, err1 := strconv.Atoi(fields[0])
	p, err2 := strconv.Atoi(fields[1])
	pl, err3 := strconv.Atoi(mover)
	if err1 != nil || err2 != nil || err3 != nil {
		return nil, fmt.Errorf("a move is a row and a position, e.g. 3 2")
	}
	return stone{r, p, pl}, nil
}
