package coins

import (
	"fmt"
	"strings"

	"gamelab/kernel/builtin"
	"gamelab/kernel/games"
	"gamelab/kernel/games/kit"
)

// PlayersFor reads play's second argument: "A" (the default: the optimum
// plays B), "B" or "both".
func (c *Coins) PlayersFor(who any) (games.Position, []string, error) {
	humans, err := humansFor(who)
	return c, humans, err
}

func humansFor(who any) ([]string, error) {
	if who == nil {
		return []string{"A"}, nil
	}
	s, _ := who.(string)
	switch strings.ToUpper(s) {
	case "A", "B":
		return []string{strings.ToUpper(s)}, nil
	case "BOTH":
		return []string{"A", "B"}, nil
	}
	return nil, builtin.ArgError("play", 2, "players", `must be "A", "B" or "both", got %s`, kit.Format(who))
}

// Prompt asks the mover for a move.
func (c *Coins) Prompt(mover string) string { return prompt(c.st, mover) }

func prompt(s state, mover string) string {
	const keys = "? hint, u undo, q quit"
	if s.row.rules.IsDefault() {
		return fmt.Sprintf("%s to move, L or R (%s): ", mover, keys)
	}
	legal := s.legal()
	names := make([]string, len(legal))
	for i, m := range legal {
		names[i] = m.String()
	}
	return fmt.Sprintf("%s to move, %s (%s): ", mover, kit.OrList(names), keys)
}

// ParseTyped reads a move the person typed: L, R, L2, r3.
func (c *Coins) ParseTyped(line, mover string) (games.Move, error) { return parseTyped(line) }

func parseTyped(line string) (games.Move, error) {
	s := strings.TrimSpace(line)
	m, err := parseMove(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not a move: L takes the left coin, R the right one (L2, R3 take more where the rules allow)", s)
	}
	return m, nil
}
