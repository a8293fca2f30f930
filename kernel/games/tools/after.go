package tools

import (
	"errors"
	"fmt"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

func init() {
	registerTool(&tool{same: true, help: func(h *games.Help) string { return h.After }, result: func(r games.Results) any { return r.After }, Builtin: &builtin.Builtin{
		Name:      "after",
		Signature: `after(x, moves)`,
		Doc: `The position after moves, a game value like any other: shown, solved, analyzed, and ` +
			`edited (ch[i] = v or setv(ch, i, v), counting from 1). Its moves, players and totals so far ` +
			`are kept (json has them as "moves"), and analyze or solve of it go on from there. An illegal ` +
			`move is an error that says why.`,
		Example: `after(polygon("* -5 + -2 * -8 * -5 + 8"), [3, 2])`,
		Fn:      fnAfter,
	}})
}

func fnAfter(env *builtin.Env, args ...any) (any, error) {
	var x, moves any
	if err := kit.Unpack("after", args, "x", &x, "moves", &moves); err != nil {
		return nil, err
	}
	p, ok := x.(games.Position)
	if !ok {
		return nil, kit.BadType("after", 1, "x", kindsOf("after", is[games.Position]), x)
	}
	line, err := ParseLine(p, "after", 2, moves)
	if err != nil {
		return nil, err
	}
	for _, w := range warnings(p) {
		env.Warning(w)
	}
	end, _, err := PlayLine(p, "after", 2, line)
	return end, err
}

// ParseLine reads a line of moves for position p, argument k of fn: with
// the game's own reader, or as a list of moves (or one move) read by
// ParseMove.
func ParseLine(p games.Position, fn string, k int, x any) ([]games.Move, error) {
	if lp, ok := p.(games.LineParser); ok {
		return lp.ParseLine(fn, k, x)
	}
	items, ok := kit.AsList(x)
	if !ok {
		items = []any{x}
	}
	out := make([]games.Move, len(items))
	for t, item := range items {
		m, err := p.ParseMove(item)
		if err != nil {
			return nil, builtin.ArgError(fn, k, "moves", "has move %d that %s", t+1, err.Error())
		}
		out[t] = m
	}
	if len(items) > 1 && !isLegal(p, out[0]) {
		if whole, err := p.ParseMove(x); err == nil && isLegal(p, whole) {
			// [1, 1] of Nim's moves: two moves 1, or the move [1, 1]
			return nil, Illegal(fn, k, 1, out[0], fmt.Sprintf("%s is not a move here, but %s is: a move that is a list goes in the list of moves, as in [%s]",
				out[0], whole, whole))
		}
	}
	return out, nil
}

// isLegal says m is one of p's legal moves (by its text).
func isLegal(p games.Position, m games.Move) bool {
	for _, l := range p.Legal() {
		if l.String() == m.String() {
			return true
		}
	}
	return false
}

// PlayLine plays line from p and returns the end and every position on
// the way (positions[0] is p). A move a position refuses is the error of
// Illegal, naming the move by its number in the line.
func PlayLine(p games.Position, fn string, k int, line []games.Move) (end games.Position, positions []games.Position, err error) {
	return PlayLineIn(nil, p, fn, k, line)
}

// PlayLineIn is PlayLine checking the cell of env (nil: none) as it goes:
// a line of 100000 moves stops at an interrupt.
func PlayLineIn(env *builtin.Env, p games.Position, fn string, k int, line []games.Move) (end games.Position, positions []games.Position, err error) {
	positions = []games.Position{p}
	for t, m := range line {
		if env != nil && env.Meter != nil {
			env.Meter.Tick() // a move takes microseconds: a look every 1024
		}
		if pos, err := forMover(p, m); err == nil {
			p = pos
		} else {
			return nil, nil, Illegal(fn, k, t+1, m, err.Error())
		}
		next, err := p.Play(m)
		if err != nil {
			return nil, nil, Illegal(fn, k, t+1, m, err.Error())
		}
		positions[len(positions)-1] = p
		positions = append(positions, next)
		p = next
	}
	return p, positions, nil
}

// Played is the last move of the line that led to pos as its game
// recorded it: its own spelling of the move, which the tools write
// (coins write a move that takes every coin left from the left, "L2"
// however it was typed). pos is after at least one move.
func Played(pos games.Position) games.Move {
	h := pos.History()
	return h.Moves[len(h.Moves)-1]
}

// forMover is p with the player move m names to move, for games without
// an order of play (Life Line); p itself for every other move.
func forMover(p games.Position, m games.Move) (games.Position, error) {
	mo, ok := m.(games.MoverOf)
	if !ok || mo.Player() == p.Mover() {
		return p, nil
	}
	ms, ok := p.(games.FreeTurns)
	if !ok {
		return nil, fmt.Errorf("it is %s's turn, not %s's", p.Mover(), mo.Player())
	}
	return ms.WithMover(mo.Player())
}

// Illegal is the error for move t of a line that its position refuses:
// the move in the game's words, and why.
func Illegal(fn string, k, t int, m games.Move, why string) error {
	e := builtin.ArgError(fn, k, "moves", "has an illegal move %d (%s): %s", t, games.Describe(m), why)
	e.Kind = builtin.GameError
	e.Err = errors.New(why) // play tells the person just why
	return e
}

// warnings are what p says of itself when a line starts from it.
func warnings(p games.Position) []string {
	if w, ok := p.(games.Warner); ok {
		return w.Warnings()
	}
	return nil
}
