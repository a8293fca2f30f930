package lifeline

import (
	"fmt"
	"strconv"

	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// What strategies and matches need of a board: an order of play for the
// players a match names, and a strategy's answer read as the mover's
// stone.

// ForPlayers is b with players taking turns in that order (match's
// players), as play(b, players) has them.
func (b *Board) ForPlayers(players []string) (games.Position, error) {
	order := make([]string, len(players))
	for i, p := range players {
		v, err := strconv.Atoi(p)
		if err != nil || v < 1 || v > 9 {
			return nil, fmt.Errorf("the players of Life Line are stones 1..9, not %s", p)
		}
		order[i] = strconv.Itoa(v)
	}
	c := *b
	c.order, c.mover = order, ""
	return &c, nil
}

// ParseChoice reads a strategy's answer: the vertex [row, position] for
// the mover's stone, or a whole move [row, position, player].
func (b *Board) ParseChoice(x any) (games.Move, error) {
	if l, ok := kit.AsList(x); ok && len(l) == 2 {
		pl, _ := strconv.Atoi(b.Mover())
		x = []any{l[0], l[1], pl}
	}
	m, err := parseMove(x)
	if err != nil {
		return nil, fmt.Errorf("is not a vertex [row, position]: %s", kit.Format(x))
	}
	return m, nil
}

// MatchTurns is how many turns a match from b plays: one for each empty
// vertex, since captures free vertices again and play need not end.
func (b *Board) MatchTurns() int {
	n := 0
	for _, c := range b.b.Cells {
		if c == 0 {
			n++
		}
	}
	return n
}
