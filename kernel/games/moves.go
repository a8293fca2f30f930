package games

import (
	"gamelab/kernel/builtin"
	"strings"
)

// Starter is an instance whose positions part-way are of another type
// (a row of coins, a polygon ring): the instance as a position before any
// move, which after(x, "") gives.
type Starter interface {
	Started() Position
}

// Describe names a move for a message: its Describe, else its String.
func Describe(m Move) string {
	if d, ok := m.(Describer); ok {
		return d.Describe()
	}
	return m.String()
}

// ParseMoves reads items, a line's moves as a list, each with parse: the
// error of a bad one names it, argument k of fn.
func ParseMoves(fn string, k int, items []any, parse func(any) (Move, error)) ([]Move, error) {
	out := make([]Move, len(items))
	for t, item := range items {
		m, err := parse(item)
		if err != nil {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d that %s", t+1, err.Error())
		}
		out[t] = m
	}
	return out, nil
}

// LineText writes a line of moves as the game writes one: coin moves run
// together ("LR2"), others separated by commas ("3, 2").
func LineText(g *Game, line []Move) string {
	parts := make([]string, len(line))
	for i, m := range line {
		parts[i] = m.String()
	}
	return strings.Join(parts, g.LineSep)
}
