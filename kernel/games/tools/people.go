package tools

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// playerOf is how play asks p's mover for a move: the game's own Player,
// or the generic one any game gets from its Position alone.
func playerOf(p games.Position) games.Player {
	if pl, ok := p.(games.Player); ok {
		return pl
	}
	return anyPlayer{p}
}

// anyPlayer plays a game that says nothing of play: the person moves for
// the first player (a solo game's one player) unless play names others,
// the prompt lists the legal moves, and what is typed is a legal move's
// text, or a number or list of numbers its ParseMove reads.
type anyPlayer struct{ p games.Position }

// maxPromptMoves is how many legal moves a prompt lists.
const maxPromptMoves = 12

func (a anyPlayer) PlayersFor(who any) (games.Position, []string, error) {
	g := a.p.Game()
	if g.Turns == games.Free || len(g.Players) == 0 {
		return nil, nil, builtin.ArgError("play", 1, "x", "is of %s, whose moves name their player: its package says how play asks for them", g.Title)
	}
	if who == nil {
		return a.p, g.Players[:1], nil
	}
	var names []string
	switch w := who.(type) {
	case string:
		names = []string{w}
		if w == "both" || w == "all" {
			names = g.Players
		}
	default:
		list, ok := kit.AsList(who)
		if !ok {
			return nil, nil, kit.BadType("play", 2, "players", "a player or a list of players", who)
		}
		for _, x := range list {
			s, ok := x.(string)
			if !ok {
				return nil, nil, kit.BadType("play", 2, "players", "a list of players' names", who)
			}
			names = append(names, s)
		}
	}
	for _, n := range names {
		if !slices.Contains(g.Players, n) {
			quoted := make([]string, len(g.Players))
			for i, p := range g.Players {
				quoted[i] = strconv.Quote(p)
			}
			return nil, nil, builtin.ArgError("play", 2, "players", `names %q, who does not play %s: its players are %s (or "all")`, n, g.Title, kit.OrList(quoted))
		}
	}
	return a.p, names, nil
}

func (a anyPlayer) Prompt(mover string) string {
	legal := a.p.Legal()
	shown := legal[:min(len(legal), maxPromptMoves)]
	names := make([]string, len(shown))
	for i, m := range shown {
		names[i] = m.String()
	}
	list := strings.Join(names, ", ")
	if len(legal) > len(shown) {
		list += fmt.Sprintf(", … (%d in all)", len(legal))
	}
	return fmt.Sprintf("%s to move: %s (? hint, u undo, q quit): ", mover, list)
}

func (a anyPlayer) ParseTyped(line, _ string) (games.Move, error) {
	text := strings.TrimSpace(line)
	for _, m := range a.p.Legal() {
		if strings.EqualFold(m.String(), text) {
			return m, nil
		}
	}
	fields := kit.Fields(text)
	var x any = text
	switch len(fields) {
	case 1:
		x = kit.Atoi(fields[0])
	case 0:
	default:
		list := make([]any, len(fields))
		for i, f := range fields {
			list[i] = kit.Atoi(f)
		}
		x = list
	}
	m, err := a.p.ParseMove(x)
	if err != nil {
		return nil, fmt.Errorf("%q is not a move here: %v", text, err)
	}
	return m, nil
}
